/**
 * A named preview resolved by the server (spec 01 App Autopilot rules 5 and 7): the browser
 * names only a preview id and a page and tile of the saved draft; the settled evidence kept for
 * the build must be of that very preview, of the draft's newest revision and the catalog snapshot
 * it was made against, and its run of the tile must be of the source revision the draft binds
 * and the project holds now. Anything else is stale (a preview of another generation) or missing;
 * neither is ever evidence.
 */
import type { Manifest } from '../../compiler/types.js';
import { type AppBuildDraft, catalogSnapshot, readEvidence } from '../app-builder/index.js';
import { pinOf } from './dataset-contract.js';

export interface TileTarget {
  pageId?: string;
  tileId?: string;
  previewId?: string;
}

export interface ResolvedEvidence {
  status: 'current' | 'stale' | 'missing';
  previewId?: string;
  tile?: { pageId: string; tileId: string; sourceId: string; ok: boolean; rowCount: number; columns: string[]; error?: string; reviewRequired: boolean };
}

export function resolveEvidence(root: string, draft: AppBuildDraft, manifest: Manifest, target: TileTarget): ResolvedEvidence {
  if (target.previewId === undefined || target.tileId === undefined) return { status: 'missing' };
  const kept = readEvidence(root, draft.id);
  if (kept === undefined) return { status: 'missing' };
  const stale = { status: 'stale' as const, previewId: target.previewId };
  if (kept.previewId !== target.previewId || kept.revision !== draft.revision || kept.snapshot !== catalogSnapshot(manifest)) return stale;
  const t = kept.tiles.find((e) => e.tileId === target.tileId && (target.pageId === undefined || e.pageId === target.pageId));
  if (t === undefined) return { status: 'missing', previewId: target.previewId };
  const bound = draft.sources.find((s) => s.id === t.sourceId);
  if (bound === undefined || bound.revision !== t.sourceRevision || pinOf(manifest, t.sourceId)?.revision !== t.sourceRevision || t.repaired === true)
    return stale;
  const { pageId, tileId, sourceId, ok, rowCount, columns, reviewRequired } = t;
  return {
    status: 'current',
    previewId: target.previewId,
    tile: { pageId, tileId, sourceId, ok, rowCount, columns, reviewRequired, ...(t.error ? { error: t.error } : {}) },
  };
}
