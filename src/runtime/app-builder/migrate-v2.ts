/**
 * Version 2 App build drafts (spec 01 Versioning) migrate lazily, the first time they are read:
 * a legacy tile named its source by path and fingerprint (the query fingerprint, or the content
 * sha). It is bound only when exactly one catalog source at that path has that fingerprint.
 * None (missing) or more than one (ambiguous) leaves the tile unbound with an open review task
 * that names the legacy identity, so the gap stays visible and blocks publication.
 */
import type { CatalogSource, DraftPage, DraftSource, DraftTile, ReviewTask } from './types.js';

export interface LegacyTile {
  id: string;
  title?: string;
  kind?: string;
  text?: string;
  source?: { path: string; fingerprint: string };
}

export interface LegacyDraft {
  version: 2;
  id?: string;
  title?: string;
  pages?: Array<{ id: string; title?: string; tiles?: LegacyTile[]; filters?: Array<{ id: string; bindings: Record<string, string> }> }>;
}

export interface Migrated {
  title: string;
  sources: DraftSource[];
  pages: DraftPage[];
  reviewTasks: ReviewTask[];
}

export function isLegacyDraft(value: unknown): value is LegacyDraft {
  return typeof value === 'object' && value !== null && (value as { version?: unknown }).version === 2;
}

export function draftSourceOf(s: CatalogSource): DraftSource {
  return { id: s.id, blockId: s.blockId, path: s.path, lifecycle: s.lifecycle, revision: s.revision, fingerprint: s.fingerprint };
}

function unresolved(page: string, tile: LegacyTile, matches: readonly CatalogSource[]): ReviewTask {
  const legacy = tile.source!;
  const ambiguous = matches.length > 1;
  return {
    id: `migrate_${page}_${tile.id}`,
    kind: ambiguous ? 'ambiguous_source' : 'missing_source',
    status: 'open',
    page,
    tile: tile.id,
    message: ambiguous
      ? `The version 2 source ${legacy.path} (${legacy.fingerprint}) matches ${matches.length} sources; choose one.`
      : `The version 2 source ${legacy.path} (${legacy.fingerprint}) is not in the project now.`,
    legacy: { ...legacy, ...(ambiguous ? { candidates: matches.map((m) => m.id) } : {}) },
  };
}

/** The tiles of a legacy page, bound where the legacy identity resolves uniquely. */
function migratePage(page: NonNullable<LegacyDraft['pages']>[number], catalog: readonly CatalogSource[], into: Migrated): DraftPage {
  const tiles: DraftTile[] = [];
  for (const tile of page.tiles ?? []) {
    const out: DraftTile = { id: tile.id, title: tile.title ?? tile.id, kind: tile.kind ?? (tile.source ? 'table' : 'text') };
    if (tile.text !== undefined) out.text = tile.text;
    const legacy = tile.source;
    if (legacy !== undefined) {
      const matches = catalog.filter((s) => s.path === legacy.path && (s.fingerprint === legacy.fingerprint || s.revision === legacy.fingerprint));
      if (matches.length === 1) {
        const only = matches[0]!;
        out.sourceId = only.id;
        if (!into.sources.some((s) => s.id === only.id)) into.sources.push(draftSourceOf(only));
      } else into.reviewTasks.push(unresolved(page.id, tile, matches));
    }
    tiles.push(out);
  }
  return { id: page.id, title: page.title ?? page.id, tiles, filters: (page.filters ?? []).map((f) => ({ id: f.id, bindings: { ...f.bindings } })) };
}

/** The version 3 content of a version 2 draft, against the catalog as it is now. */
export function migrateV2(legacy: LegacyDraft, catalog: readonly CatalogSource[]): Migrated {
  const into: Migrated = { title: legacy.title ?? 'Untitled App', sources: [], pages: [], reviewTasks: [] };
  into.pages = (legacy.pages ?? []).map((p) => migratePage(p, catalog, into));
  return into;
}
