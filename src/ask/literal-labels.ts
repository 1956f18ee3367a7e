/**
 * "FY26", "P9 FY26", "Q3 FY26" of a block whose parameters list those very labels as their values
 * (financial_year: FY25, FY26; period: P1 to P12): the owners' own labels, bound as written. The
 * question names the block's rows in the block's own words, so no calendar has to say which days
 * they are: a label a block lists is that block's, whatever calendar the words also name.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { policyValues } from '../rules/parameter-policy.js';
import { daysBetween, type PeriodAsk } from './period-kit.js';
import { monthNumber } from './vocabulary.js';

/**
 * A part of a year by itself ("Q1", "H2", "P9", "W23", "September"): never one of the block's own
 * words around its labels, even where its description explains the year's parts ("Q1 = July to
 * September"): a part the block lists no value for asks for less than the labelled year.
 */
const YEAR_PART = /^(?:[qh]\d|p\d{1,2}|wk?\d{1,2})$/i;

/** Words around labels that name no other period ("P9 of FY26", "at the end of P9 FY26"). */
const JOINERS: ReadonlySet<string> = new Set(['of', 'in', 'for', 'at', 'the', 'end']);

/**
 * The parameters the period's words are listed values of, one word each, or undefined when some
 * word is none. Besides the labels only joining words, and the block's own words for what its
 * labels give ("year to date through P9 FY26" of a block "year to date ... through the period
 * through_period"): a block that does not say "year to date" gives no P9 for it.
 */
export function literalLabels(block: CompiledBlock, period: PeriodAsk): Record<string, string> | undefined {
  const own = new Set(`${block.name} ${block.description ?? ''}`.toLowerCase().split(/[^a-z0-9]+/));
  const words = period.text.split(/[\s,]+/).filter((w) => w !== '' && !JOINERS.has(w.toLowerCase()));
  // Parts of a year that make less than the whole ("Q1 FY27", not "each quarter of 2025-26, Q1 to Q4").
  const part = period.start !== undefined && period.end !== undefined && daysBetween(period.start, period.end) < 360;
  const labels = words.filter(
    (w) =>
      !own.has(w.toLowerCase()) ||
      (part && (YEAR_PART.test(w) || monthNumber(w) !== undefined)) ||
      block.params.some((p) => listed(block, p.name, w) !== undefined),
  );
  if (labels.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const word of labels) {
    const param = block.params.find((p) => p.type === 'string' && out[p.name] === undefined && listed(block, p.name, word) !== undefined);
    const value = param === undefined ? undefined : listed(block, param.name, word);
    if (param === undefined || value === undefined) return undefined;
    out[param.name] = value;
  }
  return out;
}

/**
 * The labels a calendar gave the period ("last period": FY26 and P9), each bound to a parameter
 * listing one of its spellings, or undefined unless every label finds one.
 */
export function calendarLabels(block: CompiledBlock, period: PeriodAsk): Record<string, string> | undefined {
  if (period.labels === undefined || period.labels.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const spellings of period.labels) {
    const found = block.params
      .filter((p) => p.type === 'string' && out[p.name] === undefined)
      .flatMap((p) => spellings.map((w) => [p.name, listed(block, p.name, w)] as const))
      .find(([, v]) => v !== undefined);
    if (found === undefined || found[1] === undefined) return undefined;
    out[found[0]] = found[1];
  }
  return out;
}

/** The listed value of the parameter written as `word` (any case), if it lists one. */
function listed(block: CompiledBlock, param: string, word: string): string | undefined {
  return policyValues(block, param)?.find((v) => v.toLowerCase() === word.toLowerCase());
}
