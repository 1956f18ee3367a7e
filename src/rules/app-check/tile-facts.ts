/**
 * Facts for one App, per tile: the tile as saved, its source block resolved as it is now,
 * and the source's run evidence. The rules engine reads these; nothing here does I/O.
 *
 * Filter bindings: a page filter is unbound for a tile when the tile's source could take it
 * (it declares a parameter the filter binds on another tile, or one named like the filter)
 * but the filter has no binding for the tile, or when the binding names a parameter the
 * source does not declare. A source that cannot take the filter needs no binding.
 */
import { posix } from 'node:path';
import type { CompiledApp, CompiledBlock, CompiledPage, CompiledTile } from '../../compiler/types.js';
import type { AppFacts, Facts, RunFacts, TileFacts } from '../facts.js';
import { type BlockGate, gateFacts } from '../gates/answer-gate.js';

/** What the App's local state says beyond its files (see the app-check runtime). */
export interface AppEvidence {
  /** Run evidence per source block id (each source runs once, with its defaults). */
  runs: ReadonlyMap<string, RunFacts>;
  /** An App draft revision exists that was not saved. */
  draftPending: boolean;
  /** Open review items per `<page>/<tile>`. */
  openReviews: ReadonlyMap<string, number>;
  contractsLoaded: boolean;
}

/** The key review items and results are filed under. */
export function tileKey(page: string, tile: string): string {
  return `${page}/${tile}`;
}

function parameterNames(block: CompiledBlock | undefined): Set<string> {
  return new Set((block?.params ?? []).map((p) => p.name));
}

/** Page filters the tile should be bound to and is not (see the module comment). */
export function unboundFilters(page: CompiledPage, tile: CompiledTile, block: CompiledBlock | undefined): string[] {
  if (tile.source === undefined || block === undefined) return [];
  const params = parameterNames(block);
  const out: string[] = [];
  for (const filter of page.filters) {
    const binding = filter.bindings[tile.id];
    if (binding !== undefined) {
      if (!params.has(binding)) out.push(filter.id);
      continue;
    }
    const names = new Set([filter.id, ...Object.values(filter.bindings)]);
    if ([...names].some((n) => params.has(n))) out.push(filter.id);
  }
  return out;
}

export function appFacts(app: CompiledApp, draftPending: boolean): AppFacts {
  const facts: AppFacts = { id: app.id, file: app.file, draftPending };
  if (app.owner !== undefined) facts.owner = app.owner;
  if (app.lifecycle !== undefined) facts.lifecycle = app.lifecycle;
  return facts;
}

/** The page document's project-relative path: `dashboard` is relative to the App's folder. */
export function pageFile(app: CompiledApp, page: CompiledPage): string {
  const folder = app.file.includes('/') ? app.file.slice(0, app.file.lastIndexOf('/') + 1) : '';
  return posix.normalize(`${folder}${page.dashboard}`);
}

function tileFacts(app: CompiledApp, page: CompiledPage, tile: CompiledTile, block: CompiledBlock | undefined, evidence: AppEvidence): TileFacts {
  const facts: TileFacts = {
    id: tile.id,
    kind: tile.kind,
    page: page.id,
    file: pageFile(app, page),
    unboundFilters: unboundFilters(page, tile, block),
    openReviews: evidence.openReviews.get(tileKey(page.id, tile.id)) ?? 0,
  };
  if (tile.title !== undefined) facts.title = tile.title;
  if (tile.source !== undefined) facts.source = { ...tile.source };
  const fromAnswer = tile.answer?.runId ?? (tile.source?.kind === 'answer' ? tile.source.id : undefined);
  if (fromAnswer !== undefined) facts.fromAnswer = fromAnswer;
  return facts;
}

export interface PageTileFacts {
  page: string;
  tile: CompiledTile;
  facts: Facts;
}

/**
 * Facts of every tile of every page, in page and tile order. `gate` is the answer gate of the
 * manifest the blocks come from: a tile's certified standing is the gate's decision, never the
 * block's declared status alone.
 */
export function appTileFacts(app: CompiledApp, blocks: Readonly<Record<string, CompiledBlock>>, evidence: AppEvidence, gate: BlockGate): PageTileFacts[] {
  const appLevel = appFacts(app, evidence.draftPending);
  const out: PageTileFacts[] = [];
  for (const page of app.pages) {
    for (const tile of page.tiles) {
      const block = tile.source?.kind !== 'block' ? undefined : blocks[tile.source.id];
      const facts: Facts = { app: appLevel, tile: tileFacts(app, page, tile, block, evidence), contractsLoaded: evidence.contractsLoaded };
      if (block !== undefined) {
        facts.block = block;
        facts.gate = gateFacts(gate(block));
      }
      const run = block === undefined ? undefined : evidence.runs.get(block.id);
      if (run !== undefined) facts.run = run;
      out.push({ page: page.id, tile, facts });
    }
  }
  return out;
}
