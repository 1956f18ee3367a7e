/**
 * Running an App page for the web app (spec 01 "Apps: one trust state per page"): each distinct
 * source block of the page's data tiles runs once through the one query path, four at a time,
 * each failure kept to its own tiles; the page's one trust value then comes from the same rules
 * `svc app check` asks (publication preflight and answer trust over the answer gate), so the
 * header badge, the `N of M tiles certified` line and every tile badge read one value.
 */

import { dirname } from 'node:path';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { CompiledBlock, CompiledPage, CompiledTile, Manifest } from '../../compiler/types.js';
import { figuresAtStake, reviewFiguresShown } from '../../hooks/answer-figures.js';
import type { HookFailureCode } from '../../hooks/codes.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { admittedBlocks, blockRelations } from '../../hooks/source-access.js';
import type { RunRecord, RunStore } from '../../hooks/stores/run-store.js';
import { checkApp, type TrustReport } from '../../rules/app-check/index.js';
import type { RunFacts } from '../../rules/facts.js';
import { manifestGate } from '../../rules/gates/answer-gate.js';
import { type Executor, StatementError } from '../../warehouse/types.js';
import { type BlockRun, type BlockRunErrorCode, runBlock } from '../blocks/run-block.js';
import { documentDiagnostics, policies } from '../certify/app-check.js';
import { readAppState } from '../certify/app-state.js';
import type { TileCode } from '../codes.js';
import { ANSWER_TEXT_PLACEHOLDER, readPageDocument } from './page-answers.js';

/** Statements a page run runs at once, block and live answer tiles together (spec 01 App AI rule 8). */
export const PAGE_CONCURRENCY = 4;
const ROWS = 200;

export interface TileRun {
  id: string;
  title?: string;
  kind: string;
  text?: string;
  placeholder?: true;
  source?: string;
  /** `block` or `answer` (a live answer tile). */
  sourceKind?: string;
  figuresWithheld?: true;
  ok?: boolean;
  columns?: string[];
  rows?: Array<Record<string, unknown>>;
  rowCount?: number;
  error?: { code: string; message: string };
  /** The source block's declared chart (`chart`, `x`, `y`...): a tile charts what Ask charts for the same block. */
  visualization?: Record<string, unknown>;
  /** The data tile's own trust label (Certified, Governed, Needs review, Blocked), from the same check as the page's. */
  trust?: string;
}

export interface PageRun {
  appId: string;
  pageId: string;
  title?: string;
  trust: TrustReport;
  /** The page's filter ids, in order. */
  filters: string[];
  tiles: TileRun[];
}

/** Runs work with at most a fixed number at once, shared by every kind of tile of one page run. */
type Limit = <R>(work: () => Promise<R>) => Promise<R>;

/** A limit of `size` at once; a finished work hands its place straight to the next waiting one. */
function pageLimit(size: number): Limit {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running < size) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next !== undefined) next();
      else running -= 1;
    }
  };
}

const factsOf = (run: BlockRun): RunFacts => ({
  ok: run.ok,
  columns: run.columns,
  rowCount: run.rowCount,
  ...(run.error !== undefined ? { error: run.error.code } : {}),
});

/** The page filters' values bound to `tileId`'s parameters (a filter without a binding for it is not). */
export function boundValues(page: CompiledPage, tileId: string, filters: Record<string, string | number | boolean>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const filter of page.filters) {
    const binding = filter.bindings[tileId];
    if (binding !== undefined && Object.hasOwn(filters, filter.id)) values[binding] = filters[filter.id];
  }
  return values;
}

/** A text tile's words; answer text only for a reader who keeps it (else the placeholder). */
function textOf(tile: CompiledTile, keeps: boolean): { text?: string; placeholder?: true } {
  if (tile.text === undefined) return {};
  return tile.answer === undefined || keeps ? { text: tile.text } : { text: ANSWER_TEXT_PLACEHOLDER, placeholder: true };
}

/** Runs each distinct (source, bound values) of the page's block tiles once; the run of each tile by id. */
async function runSources(
  page: CompiledPage,
  manifest: Manifest,
  executor: Executor,
  asker: Asker,
  filters: Record<string, string | number | boolean>,
  limit: Limit,
): Promise<Map<string, BlockRun>> {
  const calls = new Map<string, { block: CompiledBlock; values: Record<string, unknown> }>();
  const keyOf = new Map<string, string>();
  for (const tile of page.tiles) {
    if (tile.source?.kind !== 'block' || !Object.hasOwn(manifest.blocks, tile.source.id)) continue;
    const values = boundValues(page, tile.id, filters);
    const key = `${tile.source.id}\u0000${JSON.stringify(values)}`;
    calls.set(key, { block: manifest.blocks[tile.source.id] as CompiledBlock, values });
    keyOf.set(tile.id, key);
  }
  // The host's sourceAccess admits sources per reader: a refused tile fails alone (spec 03 P3).
  const admitted = await admittedBlocks(
    asker,
    manifest,
    blockRelations(executor, asker, (c) => executor.driverOf(c)),
  );
  const keys = [...calls.keys()];
  const ran = await Promise.all(
    keys.map((key) =>
      limit(() => {
        const c = calls.get(key)!;
        if (admitted !== undefined && !admitted.has(c.block.id)) return Promise.resolve(failedRun('SOURCE_REFUSED', 'This source is not open to you.'));
        return runBlock(executor, asker, c.block, c.values);
      }),
    ),
  );
  const byKey = new Map(keys.map((key, i) => [key, ran[i] as BlockRun]));
  return new Map([...keyOf].map(([tile, key]) => [tile, byKey.get(key) as BlockRun]));
}

const failedRun = (code: BlockRunErrorCode | TileCode | HookFailureCode, message: string): BlockRun => ({
  ok: false,
  columns: [],
  rows: [],
  rowCount: 0,
  truncated: false,
  durationMs: 0,
  error: { code: code as never, message },
});

/**
 * A live answer tile's run: the SQL of the Ask run it was added from, run as the person reading
 * the page (their row rules apply through the one query path). A needs-review answer's figures
 * stay withheld from a person the host withholds them from.
 */
export async function runAnswerTile(
  runId: string,
  runs: RunStore | undefined,
  executor: Executor,
  asker: Asker,
): Promise<BlockRun & { figuresWithheld?: true }> {
  let record: RunRecord | undefined;
  try {
    record = await runs?.get(runId);
  } catch {
    return failedRun('STORE_UNAVAILABLE', 'The answer this tile shows could not be read right now.');
  }
  if (record?.sql === undefined) return failedRun('ANSWER_UNAVAILABLE', 'The answer this tile shows is no longer kept, so it cannot run.');
  // A block's SQL runs only as that block, with its parameters bound: bind the tile to the block.
  if (record.sqlFrom === 'block') return failedRun('ANSWER_NOT_LIVE', 'This answer came from a certified block; bind the tile to that block instead.');
  try {
    const result = await executor.execute({ asker, sql: record.sql, params: [], origin: 'model' });
    const run: BlockRun = {
      ok: true,
      columns: result.columns,
      rows: result.rows,
      rowCount: result.rows.length,
      truncated: result.truncated,
      durationMs: result.durationMs,
    };
    if (figuresAtStake(record.trust) && !(await reviewFiguresShown(asker))) return { ...run, rows: [], figuresWithheld: true };
    return run;
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return failedRun(error.code, error.message);
  }
}

/** The runs of the page's live answer tiles, by tile id. */
async function runAnswers(
  page: CompiledPage,
  runs: RunStore | undefined,
  executor: Executor,
  asker: Asker,
  limit: Limit,
): Promise<Map<string, BlockRun & { figuresWithheld?: true }>> {
  const tiles = page.tiles.filter((t) => t.source?.kind === 'answer');
  const ran = await Promise.all(tiles.map((t) => limit(() => runAnswerTile(t.source?.id ?? '', runs, executor, asker))));
  return new Map(tiles.map((t, i) => [t.id, ran[i] as BlockRun]));
}

/** The tile as the page shows it, with its run. */
function tileRunOf(
  tile: CompiledTile,
  run: (BlockRun & { figuresWithheld?: true }) | undefined,
  keepsAnswerText: boolean,
  visualization: Record<string, unknown> | undefined,
): TileRun {
  return {
    id: tile.id,
    kind: tile.kind,
    ...(visualization !== undefined ? { visualization } : {}),
    ...(tile.title !== undefined ? { title: tile.title } : {}),
    ...textOf(tile, keepsAnswerText),
    ...(tile.source !== undefined ? { source: tile.source.id, sourceKind: tile.source.kind } : {}),
    ...(run !== undefined
      ? {
          ok: run.ok,
          columns: run.columns,
          rows: run.rows.slice(0, ROWS),
          rowCount: run.rowCount,
          ...(run.figuresWithheld === true ? { figuresWithheld: true as const } : {}),
          ...(run.error !== undefined ? { error: { code: run.error.code, message: run.error.message } } : {}),
        }
      : {}),
  };
}

/** Trust evidence per source block: a source with any failed run reads as failed (fail closed). */
function sourceEvidence(page: CompiledPage, byTile: Map<string, BlockRun>): Map<string, RunFacts> {
  const runs = new Map<string, BlockRun>();
  for (const tile of page.tiles) {
    const run = byTile.get(tile.id);
    if (tile.source?.kind !== 'block' || run === undefined) continue;
    if (!runs.has(tile.source.id) || !run.ok) runs.set(tile.source.id, run);
  }
  return new Map([...runs].map(([id, run]) => [id, factsOf(run)]));
}

export interface PageRunInput {
  /** The person reading the page: every tile runs as them (their row rules apply). */
  asker: Asker;
  appId: string;
  pageId: string;
  keepsAnswerText: boolean;
  filters?: Record<string, string | number | boolean>;
  /** Where live answer tiles find the runs they were added from. */
  runs?: RunStore;
}

/** The page's tiles run and its trust decided; undefined when the manifest has no such page. */
export async function runAppPage(root: string, config: SvcConfig, manifest: Manifest, executor: Executor, at: PageRunInput): Promise<PageRun | undefined> {
  const app = Object.hasOwn(manifest.apps ?? {}, at.appId) ? manifest.apps[at.appId] : undefined;
  const compiled = app?.pages.find((p) => p.id === at.pageId);
  if (app === undefined || compiled === undefined) return undefined;
  // The page's tiles as its file holds them now: a tile added a moment ago runs at once.
  const page: CompiledPage = { ...compiled, tiles: readPageDocument(root, manifest, at.appId, at.pageId)?.tiles ?? compiled.tiles };
  // One limit for the whole page: block tiles and live answer tiles share its places.
  const limit = pageLimit(PAGE_CONCURRENCY);
  const [sources, answers] = await Promise.all([
    runSources(page, manifest, executor, at.asker, at.filters ?? {}, limit),
    runAnswers(page, at.runs, executor, at.asker, limit),
  ]);
  const rules = policies(config.rules ?? []);
  const state = readAppState(root, app.id);
  const evidence = {
    runs: sourceEvidence(page, sources),
    draftPending: state.draftPending,
    openReviews: state.openReviews,
    contractsLoaded: manifest.contracts.loaded,
  };
  const checked = checkApp({
    app: { ...app, pages: [page] },
    blocks: manifest.blocks,
    evidence,
    documentDiagnostics: documentDiagnostics(manifest, dirname(app.file)),
    preflight: rules.preflight,
    trust: rules.trust,
    gate: manifestGate(manifest, rules.gate),
  });
  const declared = (tile: CompiledTile) =>
    tile.source?.kind === 'block' && Object.hasOwn(manifest.blocks, tile.source.id) ? manifest.blocks[tile.source.id]?.visualization : undefined;
  const trustOf = new Map(checked.tiles.map((t) => [t.tile, t.trust]));
  const tiles = page.tiles.map((tile) => {
    const run = tileRunOf(tile, sources.get(tile.id) ?? answers.get(tile.id), at.keepsAnswerText, declared(tile));
    const trust = trustOf.get(tile.id);
    return trust !== undefined ? { ...run, trust } : run;
  });
  return {
    appId: at.appId,
    pageId: at.pageId,
    ...(page.title !== undefined ? { title: page.title } : {}),
    trust: checked.pages[0]?.trust ?? checked.trust,
    filters: page.filters.map((f) => f.id),
    tiles,
  };
}
