/**
 * The documents kg_search looks through: blocks, metrics, dashboards (App pages), their tiles,
 * and Apps, each with a kind, an id, a title and a few facts to show, and fields weighted like
 * the router's (a name or title counts most; descriptions, tile text and domains least). Built
 * once per tool context from the manifest and the semantic model.
 */

import { FIELD_WEIGHTS } from '../../ask/route-index.js';
import type { CompiledApp, CompiledPage, CompiledTile, Manifest } from '../../compiler/types.js';
import { type Catalog, trustOf } from './catalog.js';
import { semanticModel } from './semantic-model.js';
import { buildTextIndex, type TextDoc, type TextIndex } from './text-index.js';

export type KgKind = 'block' | 'metric' | 'dashboard' | 'tile' | 'app';

export interface KgEntry extends TextDoc {
  kind: KgKind;
  id: string;
  title: string;
  facts: Record<string, unknown>;
}

export interface KnowledgeGraph {
  entries: readonly KgEntry[];
  index: TextIndex;
}

const W = FIELD_WEIGHTS;

function blockEntries(catalog: Catalog): KgEntry[] {
  return catalog.index.blocks.map((b) => ({
    kind: 'block',
    id: b.id,
    title: b.name,
    facts: { domain: b.domain, status: b.status, trust: trustOf(catalog, b).label, contract: b.contract?.raw ?? null },
    fields: [
      [b.name, W.name],
      [b.examples.map((e) => e.question).join(' '), W.example],
      [b.tags.join(' '), W.tag],
      [b.outputs.join(' '), W.output],
      [b.description ?? '', W.description],
      [b.domain, W.domain],
    ],
  }));
}

function metricEntries(catalog: Catalog): KgEntry[] {
  return semanticModel(catalog).metrics.map((m) => ({
    kind: 'metric',
    id: m.name,
    title: m.name,
    facts: { domains: m.domains, blocks: m.uses.map((u) => u.block) },
    fields: [
      [m.name, W.name],
      [m.uses.map((u) => u.block).join(' '), W.description],
      [m.domains.join(' '), W.domain],
    ],
  }));
}

/** Tile text is kept by the compiler as written, outside the typed tile fields. */
const tileText = (tile: object): string => (typeof (tile as { text?: unknown }).text === 'string' ? (tile as { text: string }).text : '');

/** An App's own entry: its title and id, its pages' titles, its owner. */
function appEntry(app: CompiledApp): KgEntry {
  const pageTitles = app.pages.map((p) => p.title ?? p.id).join(' ');
  return {
    kind: 'app',
    id: app.id,
    title: app.title ?? app.id,
    facts: { lifecycle: app.lifecycle ?? null, owner: app.owner ?? null, pages: app.pages.map((p) => p.id) },
    fields: [
      [`${app.title ?? ''} ${app.id}`, W.name],
      [pageTitles, W.output],
      [app.owner ?? '', W.domain],
    ],
  };
}

/** A dashboard's entry (an App page): its title and id, its tiles' titles, sources and text, its App. */
function pageEntry(app: CompiledApp, page: CompiledPage): KgEntry {
  const tiles = page.tiles.map((t) => `${t.title ?? ''} ${t.source?.id ?? ''}`).join(' ');
  return {
    kind: 'dashboard',
    id: `${app.id}/${page.id}`,
    title: page.title ?? page.id,
    facts: { app: app.id, tiles: page.tiles.map((t) => t.id) },
    fields: [
      [`${page.title ?? ''} ${page.id}`, W.name],
      [tiles, W.output],
      [page.tiles.map(tileText).join(' '), W.description],
      [app.title ?? app.id, W.domain],
    ],
  };
}

/** A tile's entry: its title and id, its source, its text, its page. */
function tileEntry(app: CompiledApp, page: CompiledPage, tile: CompiledTile): KgEntry {
  return {
    kind: 'tile',
    id: `${app.id}/${page.id}/${tile.id}`,
    title: tile.title ?? tile.id,
    facts: { app: app.id, page: page.id, tileKind: tile.kind, source: tile.source?.id ?? null },
    fields: [
      [`${tile.title ?? ''} ${tile.id}`, W.name],
      [tile.source?.id ?? '', W.output],
      [tileText(tile), W.description],
      [page.title ?? page.id, W.domain],
    ],
  };
}

/** Each App (in id order), then each of its pages followed by that page's tiles. */
function appEntries(manifest: Manifest): KgEntry[] {
  const out: KgEntry[] = [];
  for (const app of Object.values(manifest.apps).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    out.push(appEntry(app));
    for (const page of app.pages) {
      out.push(pageEntry(app, page));
      for (const tile of page.tiles) out.push(tileEntry(app, page, tile));
    }
  }
  return out;
}

const cache = new WeakMap<Catalog, KnowledgeGraph>();

export function knowledgeGraph(manifest: Manifest, catalog: Catalog): KnowledgeGraph {
  const hit = cache.get(catalog);
  if (hit !== undefined) return hit;
  const entries = [...blockEntries(catalog), ...metricEntries(catalog), ...appEntries(manifest)];
  const graph = { entries, index: buildTextIndex(entries) };
  cache.set(catalog, graph);
  return graph;
}
