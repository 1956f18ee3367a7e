/**
 * Searching the source catalog (spec 01 Build with AI, rules 1-2; Limits: pages of 50 by
 * default, at most 100). Words are matched against a source's name, description, domain,
 * tags, fields, parameters (the filters it takes), grain and visualization capabilities; every
 * word must be found. Facets narrow by `domain:`, `lifecycle:` or `tag:`. The cursor is the
 * offset of the next page, opaque to callers. Every source is listed whatever its lifecycle,
 * labelled; `addable` says whether this build may add it: under `governed_only` only certified
 * sources, under `include_review_required` any listed one (for a local preview; publication
 * still refuses it).
 */
import type { CatalogSource, TrustMode } from './types.js';

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

export interface SourceSearch {
  query?: string;
  /** `domain:<d>`, `lifecycle:<l>` or `tag:<t>`, each optional; several separated by commas. */
  facet?: string;
  cursor?: string;
  limit?: number;
}

export type ListedSource = CatalogSource & { addable: boolean; addDisabledReason?: string };

export interface SourcePage {
  sources: ListedSource[];
  total: number;
  nextCursor?: string;
}

/** Whether `source` may be added to a build in `mode`, and why not. */
export function addability(source: Pick<CatalogSource, 'lifecycle' | 'label'>, mode: TrustMode): { addable: boolean; reason?: string } {
  if (source.lifecycle === 'certified') return { addable: true };
  if (mode === 'include_review_required') return { addable: true };
  return { addable: false, reason: `${source.label} source: governed_only builds add certified sources only.` };
}

/** Words of `text`: identifiers whole (`top_n`) and, for the text searched, their parts too (`top`, `n`). */
function words(text: string, withParts = false): string[] {
  const whole = text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter((w) => w !== '');
  return withParts ? [...whole, ...whole.flatMap((w) => (w.includes('_') ? w.split('_').filter((p) => p !== '') : []))] : whole;
}

/** The words a source is found by. */
export function searchText(source: CatalogSource): string[] {
  const parts = [
    source.name,
    source.description ?? '',
    source.domain,
    ...source.tags,
    ...source.fields,
    ...source.parameters.map((p) => p.name),
    source.grain === undefined ? '' : JSON.stringify(source.grain),
    ...source.visualizations,
  ];
  return words(parts.join(' '), true);
}

function matchesFacets(source: CatalogSource, facet: string | undefined): boolean {
  for (const part of (facet ?? '').split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [key, value = ''] = part.split(':', 2) as [string, string?];
    if (key === 'domain' && source.domain !== value) return false;
    if (key === 'lifecycle' && source.lifecycle !== value) return false;
    if (key === 'tag' && !source.tags.includes(value)) return false;
  }
  return true;
}

/** How well `source` matches the query words (0: not at all); an exact word counts more than a prefix. */
function score(source: CatalogSource, query: readonly string[]): number {
  if (query.length === 0) return 1;
  const have = searchText(source);
  let total = 0;
  for (const q of query) {
    // A prefix counts from three letters: `n` of `top_n` must not find every word starting with n.
    const best = have.includes(q) ? 2 : q.length >= 3 && have.some((w) => w.startsWith(q)) ? 1 : 0;
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const n = Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** One page of the sources matching `search`, best first (ties by id). */
export function searchSources(sources: readonly CatalogSource[], search: SourceSearch, mode: TrustMode): SourcePage {
  const query = words(search.query ?? '');
  const found = sources
    .filter((s) => matchesFacets(s, search.facet))
    .map((s) => ({ s, score: score(s, query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || (a.s.id < b.s.id ? -1 : 1));
  const limit = Math.min(Math.max(search.limit ?? PAGE_DEFAULT, 1), PAGE_MAX);
  const start = offsetOf(search.cursor);
  const page = found.slice(start, start + limit).map(({ s }) => {
    const add = addability(s, mode);
    return { ...s, addable: add.addable, ...(add.reason !== undefined ? { addDisabledReason: add.reason } : {}) };
  });
  const next = start + limit < found.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
  return { sources: page, total: found.length, ...(next !== undefined ? { nextCursor: next } : {}) };
}
