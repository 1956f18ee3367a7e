/**
 * Preview (spec 01 Build with AI rules 8-9; Limits: 4 concurrent components): every data tile
 * of a draft revision runs its source as the project holds it now, through the block runner of
 * the one query path, at most four at a time. Results come back in the draft's tile order, each
 * failure on its own (one tile failing never stops another). A failed draft or review source
 * gets the bounded same-target repair (repair.ts) when a repair context is given; results of
 * sources that are not certified, and every repaired result, stay review required. Filter candidates combine each source's declared parameters
 * with the columns its settled run proved it returns. The settled evidence is stored
 * (evidence-store.ts); rows never are.
 */
import { randomBytes } from 'node:crypto';
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { BlockRunner } from '../certify/types.js';
import { type TileEvidence, writeEvidence } from './evidence-store.js';
import { type RepairContext, repairModel, repairRun } from './repair.js';
import { blockOfSource } from './source-catalog.js';
import type { AppBuildDraft, DraftTile } from './types.js';

export const PREVIEW_CONCURRENCY = 4;

export interface PreviewComponent extends TileEvidence {
  /** Filters this tile can take: declared parameters, and columns the settled run returned. */
  filterCandidates: { parameters: string[]; columns: string[] };
}

export interface PreviewResult {
  build: string;
  /** A fresh id per preview: the only way a later request names this settled result. */
  previewId: string;
  revision: number;
  components: PreviewComponent[];
}

/** Runs `jobs` with at most `limit` in flight, results in job order. */
export async function inOrder<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const out = new Array<T>(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}

/** The component after its bounded same-target repair, when it failed and may be repaired. */
async function withRepair(c: PreviewComponent, block: CompiledBlock, certified: boolean, repair: RepairContext | undefined): Promise<PreviewComponent> {
  const provider = c.ok || repair === undefined ? undefined : await repairModel(repair, block, certified, c.error ?? '');
  if (repair === undefined || provider === undefined) return c;
  const repaired = await repairRun({ ...repair, provider }, block, c.error ?? '');
  const { error: _error, ...rest } = c;
  if (!repaired.ok) return { ...rest, error: repaired.error, repaired: true, reviewRequired: true };
  const filterCandidates = { parameters: c.filterCandidates.parameters, columns: repaired.columns };
  return { ...rest, ok: true, rowCount: repaired.rowCount, columns: repaired.columns, repaired: true, reviewRequired: true, filterCandidates };
}

async function component(draft: AppBuildDraft, pageId: string, tile: DraftTile, manifest: Manifest, runner: BlockRunner): Promise<PreviewComponent> {
  const source = draft.sources.find((s) => s.id === tile.sourceId);
  const block = tile.sourceId === undefined ? undefined : blockOfSource(manifest, tile.sourceId);
  const base = { pageId, tileId: tile.id, sourceId: tile.sourceId ?? '', reviewRequired: source?.lifecycle !== 'certified' };
  if (block === undefined) {
    const error = 'The source is not in the project now.';
    return { ...base, sourceRevision: '', ok: false, rowCount: 0, columns: [], error, filterCandidates: { parameters: [], columns: [] } };
  }
  const parameters = block.params.map((p) => p.name);
  try {
    const { run } = await runner.check(block);
    const facts = { ...base, sourceRevision: block.sourceSha256, ok: run.ok, rowCount: run.rowCount, columns: run.columns };
    return { ...facts, ...(run.error !== undefined ? { error: run.error } : {}), filterCandidates: { parameters, columns: run.ok ? run.columns : [] } };
  } catch {
    const error = 'The source could not be run.';
    return { ...base, sourceRevision: block.sourceSha256, ok: false, rowCount: 0, columns: [], error, filterCandidates: { parameters, columns: [] } };
  }
}

/** Previews every data tile of `draft`, stores the settled evidence and answers the components. */
export async function previewDraft(
  root: string,
  draft: AppBuildDraft,
  manifest: Manifest,
  runner: BlockRunner,
  repair?: RepairContext,
  now = new Date(),
): Promise<PreviewResult> {
  const run = async (pageId: string, tile: DraftTile) => {
    const c = await component(draft, pageId, tile, manifest, runner);
    const block = tile.sourceId === undefined ? undefined : blockOfSource(manifest, tile.sourceId);
    const certified = draft.sources.find((s) => s.id === tile.sourceId)?.lifecycle === 'certified';
    return block === undefined ? c : withRepair(c, block, certified, repair);
  };
  const jobs = draft.pages.flatMap((page) => page.tiles.filter((t) => t.sourceId !== undefined).map((t) => () => run(page.id, t)));
  const components = await inOrder(jobs, PREVIEW_CONCURRENCY);
  const tiles: TileEvidence[] = components.map(({ filterCandidates: _f, ...evidence }) => evidence);
  const previewId = `pv_${randomBytes(8).toString('hex')}`;
  writeEvidence(root, { build: draft.id, previewId, revision: draft.revision, snapshot: draft.snapshot, settledAt: now.toISOString(), tiles });
  return { build: draft.id, previewId, revision: draft.revision, components };
}
