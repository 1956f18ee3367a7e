/**
 * The block catalog the agent tools read. Ranking uses the Tier-1 router's own index (same
 * tokenisation, field weights and scoring) and trust uses the router's own gates, built once per
 * manifest: search_blocks ranks a block where Ask would, and every tool that says whether a block
 * may answer says exactly what query_via_block and Ask enforce. Views are the API's own (field
 * by field, so a new compiler field is not published until chosen) plus trust and contract; App
 * tiles are listed with the block they bind, and a tile bound at a revision other than the
 * block's current sourceSha256 is drift (DESIGN.md section 3), reported rather than judged.
 * Nothing here returns rows.
 */

import { gateRefusal, type RefusalCore } from '../../ask/refusals.js';
import { buildRouteIndex, type RouteIndex } from '../../ask/route-index.js';
import { routingTerms, scoreTerms } from '../../ask/route-score.js';
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import { type BlockGate, manifestGate } from '../../rules/gates/answer-gate.js';
import { blockDetail, blockSummary, type TrustView, trustFrom } from '../blocks/block-views.js';

export interface CatalogHit {
  block: CompiledBlock;
  /** 0..1, the router's score for the text. */
  score: number;
}

export interface Catalog {
  readonly index: RouteIndex;
  /** The block with this id, if the manifest holds it. */
  block(id: string): CompiledBlock | undefined;
  /** Why the answer gate does not let this block answer as certified, or undefined when it may. */
  gate(block: CompiledBlock): RefusalCore | undefined;
  /** Blocks matching free text, best first, ties by id; at most the router's shortlist. */
  search(text: string): CatalogHit[];
}

/** The catalog of `manifest`; `gate` is the project's answer gate (the built-in policy by default). */
export function createCatalog(manifest: Manifest, gate: BlockGate = manifestGate(manifest)): Catalog {
  const index = buildRouteIndex(Object.values(manifest.blocks));
  const scratch = new Float64Array(index.blocks.length);
  return {
    index,
    block: (id) => (Object.hasOwn(manifest.blocks, id) ? manifest.blocks[id] : undefined),
    // The gate keeps its decision per block; a draft written since start is judged on first ask.
    gate: (block) => gateRefusal(block, gate),
    search(text) {
      const ranked = scoreTerms(index, routingTerms(text, undefined), scratch);
      return ranked.map((r) => ({ block: index.blocks[r.doc] as CompiledBlock, score: r.score }));
    },
  };
}

export interface TileRef {
  app: string;
  page: string;
  tile: string;
  title: string | null;
  kind: string;
  /** The bound source id (`<domain>.<name>` for a block), absent for text tiles. */
  source: string | null;
  /** True when the bound revision is the block's current source hash; null when unknown. */
  revisionCurrent: boolean | null;
}

/** Every tile, in App, page and tile order as compiled (apps by id). */
export function allTiles(manifest: Manifest): TileRef[] {
  const out: TileRef[] = [];
  for (const app of Object.values(manifest.apps).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    for (const page of app.pages) {
      for (const tile of page.tiles) {
        const source = tile.source?.id ?? null;
        const block = source !== null && tile.source?.kind === 'block' && Object.hasOwn(manifest.blocks, source) ? manifest.blocks[source] : undefined;
        const revision = tile.source?.revision;
        const revisionCurrent = block === undefined || revision === undefined ? null : revision === block.sourceSha256;
        out.push({ app: app.id, page: page.id, tile: tile.id, title: tile.title ?? null, kind: tile.kind, source, revisionCurrent });
      }
    }
  }
  return out;
}

/** Tiles bound to the block with `id`. */
export function tilesBoundTo(manifest: Manifest, id: string): TileRef[] {
  return allTiles(manifest).filter((t) => t.source === id);
}

/** The trust of a block in the catalog: the answer gate's one decision (block-views.ts). */
export function trustOf(catalog: Catalog, block: CompiledBlock): TrustView {
  return trustFrom(block, catalog.gate(block));
}

function contractView(block: CompiledBlock): Record<string, unknown> | null {
  return block.contract ? { binding: block.contract.raw, id: block.contract.id, version: block.contract.version, status: block.contract.status } : null;
}

/** A search result: enough to choose a Tier-1 candidate. */
export function blockListing(catalog: Catalog, block: CompiledBlock): Record<string, unknown> {
  return {
    ...blockSummary(block, catalog.gate(block)),
    name: block.name,
    domain: block.domain,
    tags: block.tags,
    outputs: block.outputs,
    contract: contractView(block),
    trust: trustOf(catalog, block),
  };
}

/** get_block: the full view, its trust and contract. */
export function blockView(catalog: Catalog, block: CompiledBlock): Record<string, unknown> {
  return {
    ...blockDetail(block, catalog.gate(block)),
    grain: block.grain ?? null,
    pattern: block.pattern ?? null,
    contract: contractView(block),
    trust: trustOf(catalog, block),
    ...(block.askedTimes !== undefined ? { askedTimes: block.askedTimes } : {}),
  };
}
