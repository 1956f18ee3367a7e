/**
 * Binding a question's asks to one block's declared parameters (spec, asking for a block by
 * name, rules 1-4). A top-N goes to the limit parameter, a period to the start/end date
 * parameters, a filter value to the string parameter of its field. What the block cannot take
 * comes back as `unmet`, each worded in the block's terms, so the router can refuse a named block
 * or pass over a ranked one. Pure: `now` is an argument, never the clock.
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { blockFacts, paramForField, type BlockFacts } from './block-facts.js';
import { iso } from './periods.js';
import { readAsks, type FilterAsk, type QuestionAsks } from './question-asks.js';
import type { ParamValue } from './types.js';
import { buildValueLexicon, type ValueLexicon } from './value-lexicon.js';

export interface Unmet {
  kind: 'filter' | 'period' | 'limit' | 'required' | 'coverage';
  /** A sentence in the block's terms, e.g. "finance.weekly_revenue does not accept a filter on state (asked: CA)." */
  message: string;
}

export interface Binding {
  /** Values taken from the question, by parameter name. */
  params: Record<string, ParamValue>;
  unmet: Unmet[];
}

function todayPlusOne(now: Date | string | undefined): string | undefined {
  if (now === undefined) return undefined;
  const t = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(t)) return undefined;
  return iso(Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), new Date(t).getUTCDate() + 1));
}

function bindLimit(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, out: Binding): void {
  const limit = asks.limit;
  if (limit === undefined) return;
  const p = facts.limitParam;
  if (p !== undefined) out.params[p.name] = limit.n;
  else if (facts.fixedLimit === limit.n) return;
  else if (facts.fixedLimit !== undefined) {
    out.unmet.push({ kind: 'limit', message: `${block.id} always returns at most ${facts.fixedLimit} rows; it has no limit parameter for "${limit.text}".` });
  } else {
    out.unmet.push({ kind: 'limit', message: `${block.id} does not take a row limit ("${limit.text}"); it returns every row.` });
  }
}

function periodText(start?: string, end?: string): string {
  if (start !== undefined && end !== undefined) return `from ${start} up to ${end} (exclusive)`;
  return start !== undefined ? `from ${start}` : `up to ${end ?? '?'} (exclusive)`;
}

function bindPeriod(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, now: Date | string | undefined, out: Binding): void {
  const period = asks.period;
  if (period === undefined) return;
  const { start, end } = period;
  const fail = (message: string): void => void out.unmet.push({ kind: 'period', message });
  if (period.needsNow && start === undefined && end === undefined) return fail(`"${period.text}" needs the current date, which was not given.`);
  const { startParam, endParam } = facts;
  if (startParam === undefined && endParam === undefined) {
    const fixed = facts.fixedPeriod;
    if (fixed !== undefined && fixed.start === start && fixed.end === end) return; // rule 2
    if (fixed !== undefined) return fail(`${block.id} is fixed to the period ${periodText(fixed.start, fixed.end)}; it cannot answer for "${period.text}".`);
    return fail(`${block.id} does not take a period ("${period.text}"); it always covers all of its data.`);
  }
  if (start !== undefined) {
    if (startParam === undefined) return fail(`${block.id} takes only an end date (${endParam?.name}); it cannot start at ${start}.`);
    out.params[startParam.name] = start;
  }
  const tomorrow = todayPlusOne(now);
  if (end !== undefined) {
    // A period that runs past today needs no end: the data stops at today anyway.
    const endsInFuture = tomorrow !== undefined && end >= tomorrow;
    if (endParam !== undefined) out.params[endParam.name] = end;
    // A block with one row per day/week/month shows the asked period's rows without an end.
    else if (!endsInFuture && !(facts.timeSeries && start !== undefined)) return fail(`${block.id} takes a start date (${startParam?.name}) but no end date; it cannot stop at ${end}.`);
  } else if (endParam !== undefined && tomorrow !== undefined) {
    // An open period ("since March 2025") runs to now, so the declared default end must not cut it.
    out.params[endParam.name] = tomorrow;
  }
}

function bindFilterField(block: CompiledBlock, facts: BlockFacts, field: string, values: FilterAsk[], out: Binding): boolean {
  const distinct = [...new Set(values.map((v) => v.value))];
  const param = paramForField(block, field);
  if (param !== undefined && distinct.length === 1) {
    out.params[param.name] = distinct[0] ?? '';
    return true;
  }
  if (facts.breakdownFields.has(field)) return true;
  if (distinct.every((v) => facts.literals.has(v.toLowerCase()))) return true;
  return false;
}

function bindFilters(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, out: Binding): void {
  // Words of the block's own name are never filter values (rule 4).
  const filters = asks.filters.filter((f) => !f.text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).every((w) => facts.nameWords.has(w)));
  const byField = new Map<string, FilterAsk[]>();
  for (const f of filters) {
    if (f.loose) continue;
    // An ambiguous value belongs to the first of its fields this block knows, else the first.
    const field = f.fields.find((x) => paramForField(block, x) !== undefined || facts.breakdownFields.has(x)) ?? f.fields[0] ?? '';
    byField.set(field, [...(byField.get(field) ?? []), f]);
  }
  for (const [field, values] of [...byField].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (bindFilterField(block, facts, field, values, out)) continue;
    const asked = [...new Set(values.map((v) => v.value))].join(', ');
    const message = paramForField(block, field) !== undefined
      ? `${block.id} filters ${field} on one value at a time (asked: ${asked}).`
      : `${block.id} does not accept a filter on ${field} (asked: ${asked}).`;
    out.unmet.push({ kind: 'filter', message });
  }
  bindLoose(block, facts, filters.filter((f) => f.loose), out);
}

/** A loose "in <word>" goes to the block's one unbound string parameter, if it has exactly one. */
function bindLoose(block: CompiledBlock, facts: BlockFacts, loose: FilterAsk[], out: Binding): void {
  if (loose.length === 0) return;
  const free = block.params.filter((p) => p.type === 'string' && p.name !== 'state' && !(p.name in out.params));
  if (free.length === 1 && loose.length === 1) {
    out.params[(free[0] ?? { name: '' }).name] = (loose[0] as FilterAsk).value;
    return;
  }
  const asked = loose.map((l) => `"${l.text}"`).join(', ');
  out.unmet.push({ kind: 'filter', message: `${block.id} has no parameter that could filter on ${asked}.` });
}

/** Binds asks already read from a question to one block. */
export function bindAsks(block: CompiledBlock, asks: QuestionAsks, now?: Date | string): Binding {
  const facts = blockFacts(block);
  const out: Binding = { params: {}, unmet: [] };
  bindLimit(block, facts, asks, out);
  bindPeriod(block, facts, asks, now, out);
  bindFilters(block, facts, asks, out);
  for (const p of block.params) {
    if (p.required && (p.default === undefined || p.default === null) && !(p.name in out.params)) {
      out.unmet.push({ kind: 'required', message: `${block.id} needs a value for ${p.name} (${p.type}), and the question gives none.` });
    }
  }
  return out;
}

export interface BindOptions {
  now?: Date | string;
  /** Known filter values; built from this block alone when omitted. */
  lexicon?: ValueLexicon;
  isKnown?: (word: string) => boolean;
  /** Character spans to leave alone (the words that named the block). */
  skip?: ReadonlyArray<[number, number]>;
}

/** Reads the question's asks and binds them to the block in one step. */
export function bindQuestion(block: CompiledBlock, question: string, options: BindOptions = {}): Binding & { asks: QuestionAsks } {
  const asks = readAsks(question, {
    lexicon: options.lexicon ?? buildValueLexicon([block]),
    isKnown: options.isKnown ?? (() => false),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.skip === undefined ? {} : { skip: options.skip }),
  });
  return { ...bindAsks(block, asks, options.now), asks };
}
