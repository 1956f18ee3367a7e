/**
 * One data tile of an App page run on its own, as the person asking (spec 03 `POST
 * /api/apps/:app/dashboards/:page/export`): a block tile runs its block with the page's variables
 * bound as the page run binds them, a live answer tile runs its answer's SQL; both through the
 * one query path, so the same row rules apply as on screen. The page's tiles are read as its
 * file holds them now, as the page run reads them.
 */
import type { CompiledBlock, CompiledTile, Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { Executor } from '../../warehouse/types.js';
import { type BlockRun, runBlock } from '../blocks/run-block.js';
import { readPageDocument } from './page-answers.js';
import { boundValues, runAnswerTile } from './page-run.js';

export interface TileRunInput {
  asker: Asker;
  appId: string;
  pageId: string;
  tileId: string;
  /** Page filter values by filter id, bound as the page run binds them. */
  variables?: Record<string, string | number | boolean>;
  runs?: RunStore;
}

/** What running one tile gave: no such page, no such data tile, or the tile's run. */
export type OneTileRun = { kind: 'no-page' } | { kind: 'no-tile' } | { kind: 'ran'; tile: CompiledTile; run: BlockRun & { figuresWithheld?: true } };

/** Runs one data tile (a block or live answer tile) of the page. */
export async function runOneTile(root: string, manifest: Manifest, executor: Executor, at: TileRunInput): Promise<OneTileRun> {
  const app = Object.hasOwn(manifest.apps ?? {}, at.appId) ? manifest.apps[at.appId] : undefined;
  const compiled = app?.pages.find((p) => p.id === at.pageId);
  if (compiled === undefined) return { kind: 'no-page' };
  const page = { ...compiled, tiles: readPageDocument(root, manifest, at.appId, at.pageId)?.tiles ?? compiled.tiles };
  const tile = page.tiles.find((t) => t.id === at.tileId);
  const source = tile?.source;
  if (tile === undefined || source === undefined) return { kind: 'no-tile' };
  if (source.kind === 'answer') return { kind: 'ran', tile, run: await runAnswerTile(source.id, at.runs, executor, at.asker) };
  if (source.kind !== 'block' || !Object.hasOwn(manifest.blocks, source.id)) return { kind: 'no-tile' };
  const block = manifest.blocks[source.id] as CompiledBlock;
  return { kind: 'ran', tile, run: await runBlock(executor, at.asker, block, boundValues(page, tile.id, at.variables ?? {})) };
}
