/**
 * Metrics and dimensions of the project, read from the blocks Tier 1 may serve (certified, no
 * review-required marking, contract resolved); drafts and blocks in review are not governed
 * definitions yet. The heuristic, per block:
 *
 * - its output columns come from the outermost SELECT (select-columns.ts), else its declared
 *   `outputs`;
 * - a DIMENSION is an output the block groups by (GROUP BY item, by name, position or
 *   expression; a grouping key it does not output is left out), its chart's category axis (`visualization.x` / `label`), or a declared
 *   parameter that filters rows (every parameter but a row limit such as `top_n`);
 * - a METRIC is any other output computed by an aggregate (SUM, COUNT, AVG, MIN, MAX, ...)
 *   whose name does not read as a point in time (`last_order_at` is MAX() of a date, not a
 *   measure), or, when the SELECT could not be read, a declared output whose name reads as a
 *   measure (revenue, orders, count, amount, rate, pct, share, units, value, ...).
 *
 * Entries are merged by name across blocks, so `revenue` lists every block that computes it.
 */

import { blockFacts } from '../../ask/block-facts.js';
import { termSet } from '../../ask/tokens.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { LIMIT_PARAM_NAMES } from '../../rules/parameter-policy.js';
import type { Catalog } from './catalog.js';
import { readSelect, type SelectShape } from './select-columns.js';

export interface MetricUse {
  block: string;
  /** The aggregate it is computed with, when the SELECT says. */
  aggregate: string | null;
  grain: string | null;
}

export interface DimensionUse {
  block: string;
  /** group: the block has one row per value; axis: the chart's category; filter: a parameter. */
  role: 'group' | 'axis' | 'filter';
  /** Parameter type, for a filter. */
  type?: string;
}

export interface SemanticEntry<U> {
  name: string;
  domains: string[];
  uses: U[];
}

/** A column name that reads as a measure. */
export const MEASURE_NAME =
  /(^|_)(revenue|orders|count|amount|total|sum|avg|average|rate|pct|percent|share|units|quantity|qty|value|spend|price|margin|cost|ltv|aov|customers|sessions)(_|$)/;

/** A point in time (`last_order_at`, `first_day`), even when MAX() computes it, is not a measure. */
const TIME_NAME = /(_at|_date|_time|_day)$|^(date|day|week|month|quarter|year|week_start|month_start)$/;

function grainOf(block: CompiledBlock): string | null {
  return typeof block.grain === 'string' ? block.grain : null;
}

function dimensionsOf(block: CompiledBlock, shape: SelectShape): Array<[string, DimensionUse]> {
  // A grouping key the block does not output (`GROUP BY p.id` beside `p.name`) is not one of its dimensions.
  const outputs = new Set(shape.columns.map((c) => c.name));
  const grouped = shape.columns.length === 0 ? shape.groupBy : shape.groupBy.filter((g) => outputs.has(g));
  const out: Array<[string, DimensionUse]> = grouped.map((name) => [name, { block: block.id, role: 'group' }]);
  for (const key of ['x', 'label']) {
    const axis = block.visualization?.[key];
    if (typeof axis === 'string' && !grouped.includes(axis.toLowerCase())) out.push([axis.toLowerCase(), { block: block.id, role: 'axis' }]);
  }
  const limit = blockFacts(block).limitParam?.name;
  for (const p of block.params) {
    if (p.name === limit || LIMIT_PARAM_NAMES.has(p.name.toLowerCase())) continue;
    out.push([p.name.toLowerCase(), { block: block.id, role: 'filter', type: p.type }]);
  }
  return out;
}

function metricsOf(block: CompiledBlock, shape: SelectShape, dimensions: ReadonlySet<string>): Array<[string, MetricUse]> {
  const grain = grainOf(block);
  if (shape.columns.length === 0) {
    return block.outputs
      .filter((o) => !dimensions.has(o.toLowerCase()) && MEASURE_NAME.test(o.toLowerCase()))
      .map((o) => [o.toLowerCase(), { block: block.id, aggregate: null, grain }]);
  }
  return shape.columns
    .filter((c) => c.aggregate !== undefined && !dimensions.has(c.name) && !TIME_NAME.test(c.name))
    .map((c) => [c.name, { block: block.id, aggregate: c.aggregate ?? null, grain }]);
}

function merge<U>(rows: Array<[string, U, string]>): Array<SemanticEntry<U>> {
  const byName = new Map<string, { domains: Set<string>; uses: U[] }>();
  for (const [name, use, domain] of rows) {
    const entry = byName.get(name) ?? { domains: new Set<string>(), uses: [] };
    entry.domains.add(domain);
    entry.uses.push(use);
    byName.set(name, entry);
  }
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, e]) => ({ name, domains: [...e.domains].sort(), uses: e.uses }));
}

export interface SemanticModel {
  metrics: Array<SemanticEntry<MetricUse>>;
  dimensions: Array<SemanticEntry<DimensionUse>>;
}

const cache = new WeakMap<Catalog, SemanticModel>();

/** The model over the catalog's servable blocks, built once per catalog. */
export function semanticModel(catalog: Catalog): SemanticModel {
  const hit = cache.get(catalog);
  if (hit !== undefined) return hit;
  const metricRows: Array<[string, MetricUse, string]> = [];
  const dimensionRows: Array<[string, DimensionUse, string]> = [];
  for (const block of catalog.index.blocks) {
    if (catalog.gate(block) !== undefined) continue;
    const shape = readSelect(block.query);
    const dims = dimensionsOf(block, shape);
    const grouped = new Set(dims.filter(([, d]) => d.role !== 'filter').map(([n]) => n));
    for (const [name, use] of dims) dimensionRows.push([name, use, block.domain]);
    for (const [name, use] of metricsOf(block, shape, grouped)) metricRows.push([name, use, block.domain]);
  }
  const model = { metrics: merge(metricRows), dimensions: merge(dimensionRows) };
  cache.set(catalog, model);
  return model;
}

/** Filter of list_metrics and list_dimensions: domain, and words folded as Ask folds them ("revenues" finds `revenue`). */
export interface SemanticFilter {
  domain?: string | undefined;
  query?: string | undefined;
}

export function filterEntries<U>(entries: ReadonlyArray<SemanticEntry<U>>, filter: SemanticFilter): Array<SemanticEntry<U>> {
  const wanted = filter.query === undefined ? undefined : termSet(filter.query);
  return entries.filter((e) => {
    if (filter.domain !== undefined && !e.domains.includes(filter.domain)) return false;
    if (wanted === undefined || wanted.size === 0) return true;
    const have = termSet(e.name);
    return [...wanted].some((t) => have.has(t));
  });
}
