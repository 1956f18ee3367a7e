/**
 * The readable diff of a proposal (spec 01 App Autopilot rule 3, issue 30 "the web app"): what
 * the operations would change in the saved draft, one line per page, tile, filter or interaction
 * added, removed or changed, computed from the draft before and after and never from words the
 * model wrote, so the review shows exactly what Apply writes.
 */
import type { DraftContent } from '../app-builder/index.js';

export interface DiffLine {
  change: 'added' | 'removed' | 'changed';
  /** Where: `page <id>` or `page <id> / tile <id>`. */
  at: string;
  what: string;
}

type Page = DraftContent['pages'][number];
type Tile = Page['tiles'][number];

const shown = (v: unknown): string => (v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));

const TILE_FIELDS: ReadonlyArray<[keyof Tile, string]> = [
  ['kind', 'visualization'],
  ['title', 'title'],
  ['groupBy', 'grouping'],
  ['navigateTo', 'navigation to page'],
  ['drill', 'detail drill'],
];

function tileLines(page: string, before: Tile, after: Tile): DiffLine[] {
  const at = `page ${page} / tile ${after.id}`;
  return TILE_FIELDS.filter(([k]) => shown(before[k]) !== shown(after[k])).map(([k, name]) => ({
    change: 'changed' as const,
    at,
    what: `${name}: ${shown(before[k])} -> ${shown(after[k])}`,
  }));
}

function pageLines(before: Page, after: Page): DiffLine[] {
  const at = `page ${after.id}`;
  const was = new Map(before.tiles.map((t) => [t.id, t]));
  const now = new Set(after.tiles.map((t) => t.id));
  const out: DiffLine[] = [];
  for (const t of before.tiles) if (!now.has(t.id)) out.push({ change: 'removed', at: `${at} / tile ${t.id}`, what: `${t.title} (${t.kind})` });
  for (const t of after.tiles) {
    const old = was.get(t.id);
    if (old === undefined) out.push({ change: 'added', at: `${at} / tile ${t.id}`, what: `${t.title} (${t.kind}${t.sourceId ? ` from ${t.sourceId}` : ''})` });
    else out.push(...tileLines(after.id, old, t));
  }
  const order = (p: Page) => p.tiles.filter((t) => was.has(t.id) && now.has(t.id)).map((t) => t.id);
  if (order(before).join() !== order(after).join())
    out.push({ change: 'changed', at, what: `tile order: ${order(before).join(', ')} -> ${order(after).join(', ')}` });
  if (shown(before.filters) !== shown(after.filters)) out.push({ change: 'changed', at, what: `filters: ${shown(before.filters)} -> ${shown(after.filters)}` });
  if (shown(before.crossFilters ?? []) !== shown(after.crossFilters ?? []))
    out.push({ change: 'changed', at, what: `cross-filters: ${shown(before.crossFilters ?? [])} -> ${shown(after.crossFilters ?? [])}` });
  return out;
}

/** What changes from `before` to `after`, page by page. */
export function draftDiff(before: DraftContent, after: DraftContent): DiffLine[] {
  const was = new Map(before.pages.map((p) => [p.id, p]));
  const now = new Set(after.pages.map((p) => p.id));
  const out: DiffLine[] = [];
  for (const p of before.pages) if (!now.has(p.id)) out.push({ change: 'removed', at: `page ${p.id}`, what: `${p.title} with ${p.tiles.length} tile(s)` });
  for (const p of after.pages) {
    const old = was.get(p.id);
    if (old === undefined) out.push({ change: 'added', at: `page ${p.id}`, what: `${p.title} with ${p.tiles.length} tile(s)` });
    else out.push(...pageLines(old, p));
  }
  return out;
}
