/**
 * Filter candidates of a draft revision (spec 01 Build with AI rule 9): for each data tile, the
 * parameters its source declares (what a page filter can set, the only thing `bind_filter`
 * accepts) and the columns the settled preview of this very revision proved the source returns.
 * Columns count only from the source's own run at the revision the draft binds: a repaired run
 * or a run of another revision proves nothing. The tile's stored bindings come along, so an
 * author sees what is bound and what is not; sampled values are never part of this answer.
 */
import type { Manifest } from '../../compiler/types.js';
import { readEvidence } from './evidence-store.js';
import { catalogSources } from './source-catalog.js';
import type { AppBuildDraft, CatalogSource } from './types.js';

export interface TileFilterCandidates {
  pageId: string;
  tileId: string;
  sourceId: string;
  /** Declared parameters of the source as the catalog holds it now. */
  parameters: CatalogSource['parameters'];
  /** Columns the settled preview of this revision returned (empty before one settled). */
  columns: string[];
  /** Filter id -> the parameter it sets on this tile. */
  bound: Record<string, string>;
}

/** Proven columns per `<page>/<tile>`, from the evidence of this revision only. */
function provenColumns(root: string, draft: AppBuildDraft): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const evidence = readEvidence(root, draft.id);
  if (evidence === undefined || evidence.revision !== draft.revision) return out;
  for (const t of evidence.tiles) {
    const source = draft.sources.find((s) => s.id === t.sourceId);
    if (t.ok && t.repaired !== true && source?.revision === t.sourceRevision) out.set(`${t.pageId}/${t.tileId}`, [...t.columns]);
  }
  return out;
}

/** The candidates of every data tile of `draft`, in page and tile order. */
export function filterCandidates(root: string, draft: AppBuildDraft, manifest: Manifest): TileFilterCandidates[] {
  const catalog = new Map(catalogSources(manifest, { includeDeprecated: true }).map((s) => [s.id, s]));
  const columns = provenColumns(root, draft);
  const out: TileFilterCandidates[] = [];
  for (const page of draft.pages)
    for (const tile of page.tiles) {
      if (tile.sourceId === undefined) continue;
      const bound: Record<string, string> = {};
      for (const f of page.filters) if (f.bindings[tile.id] !== undefined) bound[f.id] = f.bindings[tile.id]!;
      const parameters = catalog.get(tile.sourceId)?.parameters ?? [];
      out.push({ pageId: page.id, tileId: tile.id, sourceId: tile.sourceId, parameters, columns: columns.get(`${page.id}/${tile.id}`) ?? [], bound });
    }
  return out;
}
