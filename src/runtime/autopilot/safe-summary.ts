/**
 * The bounded governed summary of one tile's result (spec 01 App Autopilot rules 5-6): what the
 * model may be told of a result, never its rows. Always: the columns, the row count and whether
 * the result is complete. For a current, small, complete chart result whose grouping axis is not
 * personal data, also the groups with the selected measures. A subtotal only where the block
 * declares the measure additive on that axis (`additive = true`, or a list naming the axis), the
 * axis is not declared `nonAdditive`, the figure is not an average, a distinct count or a ratio
 * (measure-kinds.ts), the result is complete and the query is not limited; a limited query is
 * described as the set of groups it displays. When values may not reach the model, the summary
 * is the columns, the row count and the filter names only (spec 02 "Privacy boundary" 3).
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { isLimited, type MeasureKind, measureKinds } from './measure-kinds.js';

/** Most groups a summary lists: more is not a small result. */
export const SUMMARY_GROUPS_MAX = 24;
/** Most measures a summary selects. */
export const SUMMARY_MEASURES_MAX = 4;

export interface ResultFacts {
  ok: boolean;
  columns: string[];
  rows: ReadonlyArray<Record<string, unknown>>;
  rowCount: number;
  truncated: boolean;
}

export interface SafeSummary {
  columns: string[];
  rowCount: number;
  complete: boolean;
  filters: string[];
  /** How the groups are to be read (a limited query: only the displayed set). */
  scope?: string;
  axis?: string;
  measures?: string[];
  groups?: Array<Record<string, string | number | null>>;
  subtotals?: Record<string, number>;
  /** Each selected measure that has no subtotal, and why. */
  noSubtotal?: Record<string, string>;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function axisOf(block: CompiledBlock, facts: ResultFacts, groupBy: string | undefined): string | undefined {
  const declared = groupBy ?? (typeof block.visualization?.['x'] === 'string' ? (block.visualization['x'] as string) : undefined);
  if (declared !== undefined && facts.columns.includes(declared)) return declared;
  return facts.columns.find((c) => facts.rows.some((r) => typeof r[c] === 'string'));
}

function measuresOf(block: CompiledBlock, facts: ResultFacts, axis: string): string[] {
  const numeric = facts.columns.filter((c) => c !== axis && facts.rows.length > 0 && facts.rows.every((r) => r[c] === null || isNumber(r[c])));
  const safe = numeric.filter((c) => block.columns?.[c]?.sensitive === undefined);
  return safe.slice(0, SUMMARY_MEASURES_MAX);
}

const KIND_WORDS: Record<Exclude<MeasureKind, 'other'>, string> = {
  average: 'an average: adding averages gives no total',
  distinct_count: 'a distinct count: the groups may share members',
  ratio: 'a ratio: adding ratios gives no total',
};

/** Why `measure` gets no subtotal along `axis`, or undefined when it may. */
function whyNoSubtotal(block: CompiledBlock, measure: string, axis: string, kind: MeasureKind, limited: boolean, complete: boolean): string | undefined {
  if (!complete) return 'the result is not complete';
  if (limited) return 'the query is limited: its groups are the displayed set, not the whole';
  if (kind !== 'other') return KIND_WORDS[kind];
  const additive = block.columns?.[measure]?.additive;
  if (additive !== true && !(Array.isArray(additive) && additive.includes(axis))) return `it is not declared additive along ${axis}`;
  if (block.columns?.[axis]?.nonAdditive === true) return `${axis} is declared nonAdditive`;
  return undefined;
}

function subtotalsOf(
  block: CompiledBlock,
  facts: ResultFacts,
  axis: string,
  measures: readonly string[],
  complete: boolean,
): Pick<SafeSummary, 'subtotals' | 'noSubtotal'> {
  const kinds = measureKinds(block.query);
  const limited = isLimited(block.query);
  const subtotals: Record<string, number> = {};
  const noSubtotal: Record<string, string> = {};
  for (const m of measures) {
    const why = whyNoSubtotal(block, m, axis, kinds[m] ?? 'other', limited, complete);
    if (why !== undefined) noSubtotal[m] = why;
    // Summed in the order shown, rounded to the places the figures carry.
    else subtotals[m] = Number(facts.rows.reduce((n, r) => n + (isNumber(r[m]) ? r[m] : 0), 0).toFixed(6));
  }
  return { ...(Object.keys(subtotals).length > 0 ? { subtotals } : {}), ...(Object.keys(noSubtotal).length > 0 ? { noSubtotal } : {}) };
}

export interface SummaryInput {
  block: CompiledBlock;
  facts: ResultFacts;
  /** The tile's own grouping, when it has one. */
  groupBy?: string;
  filters: string[];
  /** False when values may not reach the model (or are withheld from the person). */
  valuesAllowed: boolean;
}

/** The summary of one tile's settled result. */
export function safeSummary(input: SummaryInput): SafeSummary {
  const { block, facts } = input;
  const complete = facts.ok && !facts.truncated;
  const base: SafeSummary = { columns: [...facts.columns], rowCount: facts.rowCount, complete, filters: [...input.filters] };
  const axis = axisOf(block, facts, input.groupBy);
  const small = facts.rowCount <= SUMMARY_GROUPS_MAX && facts.rows.length === facts.rowCount;
  if (!input.valuesAllowed || !complete || !small || axis === undefined || block.columns?.[axis]?.sensitive !== undefined) return base;
  const measures = measuresOf(block, facts, axis);
  const groups = facts.rows.map((r) => Object.fromEntries([axis, ...measures].map((c) => [c, (r[c] ?? null) as string | number | null])));
  const limited = isLimited(block.query);
  const scope = limited ? `the ${facts.rowCount} groups the limited query displays, not every ${axis}` : `every ${axis}`;
  return { ...base, scope, axis, measures, groups, ...subtotalsOf(block, facts, axis, measures, complete) };
}
