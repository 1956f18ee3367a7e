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
import { ANSWER_TEXT_PLACEHOLDER } from './page-answers.js';
import { checkApp, type TrustReport } from '../../rules/app-check/index.js';
import type { RunFacts } from '../../rules/facts.js';
import { manifestGate } from '../../rules/gates/answer-gate.js';
import { runBlock, type BlockRun } from '../blocks/run-block.js';
import { readAppState } from '../certify/app-state.js';
import { documentDiagnostics, policies } from '../certify/app-check.js';
import type { Executor } from '../executor/types.js';

/** Sources run at once (spec 01 App AI rule 8). */
export const PAGE_CONCURRENCY = 4;
const ROWS = 200;

export interface TileRun {
  id: string;
  title?: string;
  kind: string;
  text?: string;
  placeholder?: true;
  source?: string;
  ok?: boolean;
  columns?: string[];
  rows?: Array<Record<string, unknown>>;
  rowCount?: number;
  error?: { code: string; message: string };
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

/** Runs `work` over `items` with at most `limit` at once; results keep the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const factsOf = (run: BlockRun): RunFacts => ({
  ok: run.ok,
  columns: run.columns,
  rowCount: run.rowCount,
  ...(run.error !== undefined ? { error: run.error.code } : {}),
});

/** The page filters' values bound to `tileId`'s parameters (a filter without a binding for it is not). */
function boundValues(page: CompiledPage, tileId: string, filters: Record<string, string | number | boolean>): Record<string, unknown> {
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

/** The page's tiles run and its trust decided; undefined when the manifest has no such page. */
export async function runAppPage(
  root: string,
  config: SvcConfig,
  manifest: Manifest,
  executor: Executor,
  at: { appId: string; pageId: string; keepsAnswerText: boolean; filters?: Record<string, string | number | boolean> },
): Promise<PageRun | undefined> {
  const { appId, pageId } = at;
  const app = Object.hasOwn(manifest.apps ?? {}, appId) ? manifest.apps[appId] : undefined;
  const page = app?.pages.find((p) => p.id === pageId);
  if (app === undefined || page === undefined) return undefined;
  const calls = new Map<string, { block: CompiledBlock; values: Record<string, unknown> }>();
  const keyOf = new Map<string, string>();
  for (const tile of page.tiles) {
    if (tile.source?.kind !== 'block' || !Object.hasOwn(manifest.blocks, tile.source.id)) continue;
    const values = boundValues(page, tile.id, at.filters ?? {});
    const key = `${tile.source.id}\u0000${JSON.stringify(values)}`;
    calls.set(key, { block: manifest.blocks[tile.source.id] as CompiledBlock, values });
    keyOf.set(tile.id, key);
  }
  const keys = [...calls.keys()];
  const ran = await inOrder(keys, PAGE_CONCURRENCY, (key) => {
    const c = calls.get(key)!;
    return runBlock(executor, c.block, c.values);
  });
  const byKey = new Map(keys.map((key, i) => [key, ran[i] as BlockRun]));
  // Trust evidence per source: a source with any failed run reads as failed (fail closed).
  const runs = new Map<string, BlockRun>();
  for (const [key, run] of byKey) {
    const id = key.slice(0, key.indexOf('\u0000'));
    if (!runs.has(id) || !run.ok) runs.set(id, run);
  }
  const rules = policies(config.rules ?? []);
  const state = readAppState(root, app.id);
  const onlyPage = { ...app, pages: [page] };
  const evidence = {
    runs: new Map([...runs].map(([id, run]) => [id, factsOf(run)])),
    draftPending: state.draftPending,
    openReviews: state.openReviews,
    contractsLoaded: manifest.contracts.loaded,
  };
  const checked = checkApp({
    app: onlyPage,
    blocks: manifest.blocks,
    evidence,
    documentDiagnostics: documentDiagnostics(manifest, dirname(app.file)),
    preflight: rules.preflight,
    trust: rules.trust,
    gate: manifestGate(manifest, rules.gate),
  });
  const tiles = page.tiles.map((tile): TileRun => {
    const key = keyOf.get(tile.id);
    const run = key !== undefined ? byKey.get(key) : undefined;
    return {
      id: tile.id,
      kind: tile.kind,
      ...(tile.title !== undefined ? { title: tile.title } : {}),
      ...textOf(tile, at.keepsAnswerText),
      ...(tile.source !== undefined ? { source: tile.source.id } : {}),
      ...(run !== undefined
        ? {
            ok: run.ok,
            columns: run.columns,
            rows: run.rows.slice(0, ROWS),
            rowCount: run.rowCount,
            ...(run.error !== undefined ? { error: { code: run.error.code, message: run.error.message } } : {}),
          }
        : {}),
    };
  });
  return {
    appId,
    pageId,
    ...(page.title !== undefined ? { title: page.title } : {}),
    trust: checked.pages[0]?.trust ?? checked.trust,
    filters: page.filters.map((f) => f.id),
    tiles,
  };
}
