/**
 * Binding a question's asks to one block's declared parameters (spec, asking for a block by
 * name, rules 1-4). A top-N goes to the limit parameter, a period to the start/end date
 * parameters, a filter value to the string parameter of its field. What the block cannot take
 * comes back as `unmet`, each worded in the block's terms, so the router can refuse a named block
 * or pass over a ranked one. Pure: `now` is an argument, never the clock.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import { numericRange, policyProblem, rangeText } from '../rules/parameter-policy.js';
import { type BlockFacts, blockFacts, paramForField, type TimeUnit } from './block-facts.js';
import { calendarLabels, literalLabels } from './literal-labels.js';
import { everyValueOf } from './one-value-default.js';
import { daysBetween, iso, type PeriodAsk } from './period-kit.js';
import { type FilterAsk, type QuestionAsks, readAsks } from './question-asks.js';
import type { SqlWindow } from './sql-window.js';
import type { ParamValue } from './types.js';
import { buildValueLexicon, type ValueLexicon } from './value-lexicon.js';
import { closestValues, matchValue } from './value-match.js';
import { bindYear, namesFinancialYear } from './year-param.js';

export interface Unmet {
  kind: 'filter' | 'period' | 'limit' | 'limit-range' | 'required' | 'coverage' | 'value' | 'default';
  /** A sentence in the block's terms, e.g. "finance.weekly_revenue does not accept a filter on state (asked: CA)." */
  message: string;
}

export interface Binding {
  /** Values taken from the question, by parameter name. */
  params: Record<string, ParamValue>;
  unmet: Unmet[];
  /**
   * The rows of a time series the asked period keeps, when the block takes its start but not its
   * end: "last week" of a weekly series is that one row, not every week since.
   */
  within?: { column: string; start?: string; end: string };
  /** Rows kept by a value of a field the block breaks its result down by ("revenue at AMS01" of a per-hotel block): one entry per field. */
  keep?: Array<{ column: string; values: string[] }>;
}

function todayPlusOne(now: Date | string | undefined): string | undefined {
  if (now === undefined) return undefined;
  const t = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(t)) return undefined;
  return iso(Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), new Date(t).getUTCDate() + 1));
}

/** Why a top-N cannot be bound to the limit parameter under the block's one policy, or undefined when it can. */
function limitProblem(block: CompiledBlock, param: CompiledParam, n: number, text: string): string | undefined {
  if (policyProblem(block, param, n) === undefined) return undefined;
  return `${block.id} takes a top-N ${rangeText(numericRange(block, param))} (its ${param.name}); "${text}" asks for ${n}.`;
}

function bindLimit(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, out: Binding): void {
  const limit = asks.limit;
  if (limit === undefined) return;
  const p = facts.limitParam;
  const problem = p === undefined ? undefined : limitProblem(block, p, limit.n, limit.text);
  if (problem !== undefined) out.unmet.push({ kind: 'limit-range', message: problem });
  else if (p !== undefined) out.params[p.name] = limit.n;
  else if (facts.fixedLimit === limit.n) return;
  else if (facts.fixedLimit !== undefined) {
    out.unmet.push({ kind: 'limit', message: `${block.id} always returns at most ${facts.fixedLimit} rows; it has no limit parameter for "${limit.text}".` });
  } else {
    out.unmet.push({ kind: 'limit', message: `${block.id} does not take a row limit ("${limit.text}"); it returns every row.` });
  }
}

const windowText = (w: SqlWindow): string => `the ${w.direction === 'past' ? 'last' : 'next'} ${w.n} ${w.unit}${w.n === 1 ? '' : 's'}`;

/** A block whose SQL fixes a window relative to today answers for that window and no other period. */
function bindWindow(block: CompiledBlock, window: SqlWindow, period: PeriodAsk, fail: (message: string) => void): void {
  const r = period.relative;
  if (r !== undefined && r.n === window.n && r.unit === window.unit && r.direction === window.direction) return;
  fail(`${block.id} always covers ${windowText(window)}; it cannot answer for "${period.text}".`);
}

/** The day before an ISO day: a half-open end as the last day an inclusive bound takes. */
function dayBefore(d: string): string {
  return iso(Date.parse(`${d}T00:00:00Z`) - 86_400_000);
}

/** Whether a declared end (absent: required) stops before today: an inclusive end must reach today, an exclusive one tomorrow. */
function cutsShort(declared: unknown, tomorrow: string, inclusive: boolean): boolean {
  if (typeof declared !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(declared)) return true;
  return declared.slice(0, 10) < (inclusive ? dayBefore(tomorrow) : tomorrow);
}

function periodText(start?: string, end?: string): string {
  if (start !== undefined && end !== undefined) return `from ${start} up to ${end} (exclusive)`;
  return start !== undefined ? `from ${start}` : `up to ${end ?? '?'} (exclusive)`;
}

/** Why the asked period names no one date range any block could take, if it does not. */
function unreadablePeriod(block: CompiledBlock, period: NonNullable<QuestionAsks['period']>): string | undefined {
  if (period.needsNow && period.start === undefined && period.end === undefined) return `"${period.text}" needs the current date, which was not given.`;
  if (period.several === true) return `"${period.text}" are several periods; ${block.id} answers for one date range at a time.`;
  if (period.undeclared === 'week') return `"${period.text}" is a week, and this project's owners declare weeks starting on different days; ask for its dates.`;
  if (period.undeclared === 'days')
    return `"${period.text}" does not say for certain which days it means; write them as 2026-04-01 to 2026-04-07 or 1 to 7 April 2026.`;
  if (period.undeclared !== undefined)
    return `"${period.text}" is a ${period.undeclared} of the organisation's own calendar, and this project's owners do not declare it; ask for its months or dates.`;
  return undefined;
}

/**
 * "what'll video ad revenue be in Q1 2027": a period wholly after today has no figures yet, unless
 * the block reads days ahead: its start date's default is today or later (bookings on the books).
 * An end date's default past today says only that the year has not ended.
 */
function notYet(block: CompiledBlock, facts: BlockFacts, period: PeriodAsk, now: Date | string | undefined): string | undefined {
  // A window its SQL fixes relative to today ("on the books, next 30 days") says itself what lies ahead.
  if (facts.window !== undefined) return undefined;
  const tomorrow = todayPlusOne(now);
  // "the next 7 days" starts today but asks what is to come, which no day up to today holds.
  const ahead = period.start !== undefined && (period.start >= (tomorrow ?? '') || period.relative?.direction === 'next');
  if (tomorrow === undefined || !ahead) return undefined;
  const from = facts.startParam?.default;
  if (typeof from === 'string' && from >= dayBefore(tomorrow)) return undefined;
  return `"${period.text}" has not happened yet; ${block.id} gives figures for days up to today.`;
}

/**
 * "PEP in FY26" of a block with a row per financial year, labelled as its owners write them: the
 * row of that label, in the spellings a label may take ("FY26", "FY2026", "2025/26").
 */
function financialYearRows(facts: BlockFacts, period: PeriodAsk): { column: string; values: string[] } | undefined {
  const column = facts.timeColumn;
  const label = period.fiscalLabel;
  if (column === undefined || label === undefined || !namesFinancialYear(column)) return undefined;
  const [yy, first] = [String(label % 100).padStart(2, '0'), label - 1];
  const split = [`${first}/${yy}`, `${first}-${yy}`, `${first}/${label}`, `${first}-${label}`];
  return { column, values: [`FY${yy}`, `FY${label}`, `FY ${yy}`, `FY ${label}`, ...split, ...split.map((s) => `FY${s}`)] };
}

/** A period asked of a block with no date parameter: its SQL's window or fixed period, else none. */
function bindUndated(block: CompiledBlock, facts: BlockFacts, period: PeriodAsk, out: Binding, fail: (message: string) => void): void {
  const years = financialYearRows(facts, period);
  if (years !== undefined) {
    out.keep = [...(out.keep ?? []), years];
    return;
  }
  const window = facts.window;
  if (window !== undefined) return bindWindow(block, window, period, fail);
  const fixed = facts.fixedPeriod;
  if (fixed !== undefined && fixed.start === period.start && fixed.end === period.end) return; // rule 2
  if (fixed !== undefined) return fail(`${block.id} is fixed to the period ${periodText(fixed.start, fixed.end)}; it cannot answer for "${period.text}".`);
  return fail(`${block.id} does not take a period ("${period.text}"); it always covers all of its data.`);
}

/** A period settled before any calendar is read: the block's own labels as written, or no one date range at all. */
function settledFirst(block: CompiledBlock, period: PeriodAsk, out: Binding, fail: (message: string) => void): boolean {
  const labels = literalLabels(block, period) ?? calendarLabels(block, period);
  if (labels !== undefined) Object.assign(out.params, labels);
  const unreadable = labels === undefined ? unreadablePeriod(block, period) : undefined;
  if (unreadable !== undefined) fail(unreadable);
  return labels !== undefined || unreadable !== undefined;
}

/**
 * "weeks from 5 October until 2 November" of a block with a row per week: the "until" day starts
 * a week, whole weeks after the start, so the weeks stop before it rather than one day into the next.
 */
function weeksUntil(facts: BlockFacts, period: PeriodAsk): string | undefined {
  const said = period.untilDay;
  if (said === undefined || facts.timeUnit !== 'week' || period.start === undefined || period.end === undefined) return undefined;
  const weeks = daysBetween(period.start, said);
  return daysBetween(said, period.end) === 1 && weeks > 0 && weeks % 7 === 0 ? said : undefined;
}

/** Why the asked period's days depend on which year it is of, which neither the question nor the block says. */
function yearUnsaid(block: CompiledBlock, period: PeriodAsk): string | undefined {
  if (period.bareFiscal === true)
    return `"${period.text}" may be of the calendar year or of the financial year its owners declare, and ${block.id} takes dates; say which (with the year, or "financial year to date").`;
  if (period.splitYear !== undefined && period.fiscal !== true)
    return `"${period.text}" runs across two calendar years from a start ${block.id} does not declare; ask for its months or dates.`;
  return undefined;
}

function bindPeriod(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, now: Date | string | undefined, out: Binding): void {
  const period = asks.period;
  if (period === undefined) return;
  const { start } = period;
  const end = weeksUntil(facts, period) ?? period.end;
  const fail = (message: string): void => void out.unmet.push({ kind: 'period', message });
  if (settledFirst(block, period, out, fail)) return;
  const { startParam, endParam, yearParam } = facts;
  if (yearParam !== undefined && ((startParam === undefined && endParam === undefined) || period.splitYear !== undefined)) {
    const bound = bindYear(block, yearParam, period);
    if ('value' in bound) out.params[yearParam.param.name] = bound.value;
    else out.unmet.push(bound);
    return;
  }
  const unsaid = yearUnsaid(block, period);
  if (unsaid !== undefined) return fail(unsaid);
  // A point in time is an as-of day: only a block taking an end date and no start date reads one.
  if (period.point === true && (startParam !== undefined || endParam === undefined))
    return fail(`"${period.text}" asks for a point in time; ${block.id} ${startParam !== undefined ? 'counts over a date range' : 'takes no as-of date'}.`);
  const ahead = notYet(block, facts, period, now);
  if (ahead !== undefined) return fail(ahead);
  if (startParam === undefined && endParam === undefined) return bindUndated(block, facts, period, out, fail);
  // "on 1 October 2026", "at the end of 2025" of a block counted on one day: that day.
  if (startParam === undefined && endParam !== undefined && start !== undefined && end !== undefined && daysBetween(start, end) === 1) {
    out.params[endParam.name] = facts.endInclusive ? start : end;
    return;
  }
  if (start !== undefined) {
    if (startParam === undefined) return fail(`${block.id} takes only an end date (${endParam?.name}); it cannot start at ${start}.`);
    out.params[startParam.name] = facts.startExclusive ? dayBefore(start) : start;
  }
  const tomorrow = todayPlusOne(now);
  if (end !== undefined) {
    // A period that runs past today needs no end: the data stops at today anyway.
    const endsInFuture = tomorrow !== undefined && end >= tomorrow;
    if (endParam !== undefined) out.params[endParam.name] = facts.endInclusive ? dayBefore(end) : end;
    // A block with one row per day/week/month shows the asked period's rows without an end: only those are kept.
    else if (!endsInFuture && !(facts.timeSeries && start !== undefined && facts.timeColumn !== undefined))
      return fail(`${block.id} takes a start date (${startParam?.name}) but no end date; it cannot stop at ${end}.`);
    else if (!endsInFuture && facts.timeColumn !== undefined) out.within = { column: facts.timeColumn, ...(start !== undefined ? { start } : {}), end };
  } else if (endParam !== undefined && tomorrow !== undefined && cutsShort(endParam.default, tomorrow, facts.endInclusive)) {
    // An open period ("since March 2025") runs to now, so the declared default end must not cut
    // it; a default at or after today already lets it run to now and stays the owner's.
    out.params[endParam.name] = facts.endInclusive ? dayBefore(tomorrow) : tomorrow;
  }
}

/** Rows of `unit` a series needs to reach from `start` to `until`, one more for a row that starts before `start`. */
function rowsToReach(start: string, until: string, unit: TimeUnit): number {
  const days = Math.max(0, daysBetween(start, until));
  const months = (y: string): number => Number(y.slice(0, 4)) * 12 + Number(y.slice(5, 7)) - 1;
  const span = months(until) - months(start);
  const count = { day: days, week: Math.ceil(days / 7), month: span, quarter: Math.ceil(span / 3), year: Math.ceil(span / 12) }[unit];
  return count + 1;
}

/**
 * A time series with a row limit keeps its most recent rows, so a closed period kept from it
 * ("weekly revenue in March 2025") must reach back to its start: the limit is raised to reach it
 * (within the block's policy), else the block cannot answer for that period. An open period
 * ("since March 2025") keeps the owner's default: the latest rows since then, as declared. An
 * asked top-N is the person's own.
 */
function bindReach(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, now: Date | string | undefined, out: Binding): void {
  const { limitParam: p, timeUnit } = facts;
  const until = todayPlusOne(now);
  const start = out.within?.start;
  if (asks.limit !== undefined || start === undefined || until === undefined || timeUnit === undefined) return;
  const needed = rowsToReach(start, until, timeUnit);
  const fixed = facts.fixedLimit;
  if (p === undefined && fixed !== undefined && fixed < needed)
    out.unmet.push({ kind: 'period', message: `${block.id} gives only its ${fixed} most recent ${timeUnit}s; "${asks.period?.text}" reaches back ${needed}.` });
  if (p === undefined) return;
  if (typeof p.default === 'number' && p.default >= needed) return;
  if (policyProblem(block, p, needed) === undefined) {
    out.params[p.name] = needed;
    return;
  }
  const most = numericRange(block, p).max ?? p.default;
  out.unmet.push({
    kind: 'period',
    message: `${block.id} gives at most the ${most} most recent ${timeUnit}s (its ${p.name}); "${asks.period?.text}" reaches back ${needed}.`,
  });
}

/** Whether a time series lists its latest period first (`ORDER BY week_start DESC`, `ORDER BY 1 DESC`). */
function latestFirst(block: CompiledBlock, facts: BlockFacts): boolean {
  const m = /\border\s+by\s+(?:\w+\.)?(\w+)\s+desc\b/i.exec(block.query);
  const first = m?.[1]?.toLowerCase();
  return first !== undefined && (first === '1' || first === facts.timeColumn?.toLowerCase());
}

/**
 * "weekly revenue, last 8 weeks": counted in the series' own unit, the most recent N periods of a
 * latest-first series with a row limit are its N rows (the limit takes N), not every period since
 * a date N units ago (a partial first one too), and N beyond the limit's policy is refused like
 * a top-N beyond it. Any other unit ("last 30 days" of a weekly series) is a period.
 */
function bindRecentRows(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, out: Binding): boolean {
  const r = asks.period?.relative;
  const p = facts.limitParam;
  if (r === undefined || r.direction !== 'past' || asks.limit !== undefined || p === undefined) return false;
  if (!facts.timeSeries || facts.timeUnit !== r.unit || !latestFirst(block, facts)) return false;
  // N rows the policy refuses are refused as a top-N would be: a date N units back would still
  // show only the default number of rows, fewer than were asked.
  const problem = policyProblem(block, p, r.n);
  if (problem !== undefined) out.unmet.push({ kind: 'limit-range', message: problem });
  else out.params[p.name] = r.n;
  return true;
}

/**
 * Binds a question's value to a string parameter in the spelling the field's known values have
 * (the data's, else the declared ones); a value outside a known set is not bound but explained.
 */
function bindValue(block: CompiledBlock, param: string, field: string, asked: string, lexicon: ValueLexicon | undefined, out: Binding): void {
  const known = lexicon?.closed(field) ?? (field === param ? undefined : lexicon?.closed(param));
  if (known === undefined || known.length === 0) {
    out.params[param] = asked;
    return;
  }
  const spelled = matchValue(asked, known);
  if (spelled !== undefined) {
    out.params[param] = spelled;
    return;
  }
  const near = closestValues(asked, known);
  const hint = near.length > 0 ? ` Closest: ${near.join(', ')}.` : ` It holds ${known.length} values, such as ${known.slice(0, 5).join(', ')}.`;
  out.unmet.push({ kind: 'value', message: `"${asked}" is not a ${field} value that ${block.id} knows.${hint}` });
}

function bindFilterField(
  block: CompiledBlock,
  facts: BlockFacts,
  field: string,
  values: FilterAsk[],
  lexicon: ValueLexicon | undefined,
  out: Binding,
  place: boolean,
): boolean {
  const distinct = [...new Set(values.map((v) => v.value))];
  const param = paramForField(block, field);
  if (param !== undefined && distinct.length === 1) {
    bindValue(block, param.name, field, distinct[0] ?? '', lexicon, out);
    return true;
  }
  if (facts.rowFields.has(field)) return keepRows(block, facts, field, distinct, lexicon, out, place);
  if (distinct.every((v) => facts.fixedLiterals.has(v.toLowerCase()))) return true;
  return false;
}

/**
 * "room revenue at AMS01" of a block with a row per hotel: the answer keeps the asked value's
 * rows. A row limit may have cut them, so a limited block answers only when its limit shows
 * every value the field holds: its default or the question's top-N, or the limit raised to that
 * count within the owner's policy ("where does Trent Valley rank" of the top 10 of 14 brokers).
 * A place in the ranking is asked of every row, so then no row is left out.
 */
function keepRows(
  block: CompiledBlock,
  facts: BlockFacts,
  field: string,
  values: string[],
  lexicon: ValueLexicon | undefined,
  out: Binding,
  place: boolean,
): boolean {
  const count = lexicon?.closed(field)?.length;
  const limited = facts.limitParam !== undefined || facts.fixedLimit !== undefined;
  // A field of a longer GROUP BY has many rows per value: a limit may cut some of each value's rows.
  const perValue = facts.breakdownFields.has(field) || grainField(block, facts, field);
  if (limited && !(perValue && (count !== undefined || place) && showsEvery(block, facts, count, out))) {
    out.unmet.push({
      kind: 'filter',
      message: `${block.id} gives only the first rows of its ranking by ${field}, so it cannot say it holds ${values.join(', ')}.`,
    });
    return true;
  }
  if (!place) out.keep = [...(out.keep ?? []), { column: field, values }];
  return true;
}

/** A column naming the entity itself (its code, name, id, number), not a group it falls in ("store_region"). */
const ENTITY_NAMES = /^_(?:code|name|id|key|no|number|ref)$/;

/**
 * Whether the owner's declared grain is the field's entity ("ward" of ward_code and ward_name; a
 * `by` list naming it), with no time column: the result has one row per value of it.
 */
function grainField(block: CompiledBlock, facts: BlockFacts, field: string): boolean {
  if (facts.timeColumn !== undefined) return false;
  const g = block.grain;
  if (typeof g === 'string') return field === g || (field.startsWith(g) && ENTITY_NAMES.test(field.slice(g.length)));
  const by = typeof g === 'object' && g !== null && !Array.isArray(g) ? (g as { by?: unknown }).by : undefined;
  return Array.isArray(by) && by.length === 1 && by[0] === field;
}

/**
 * Whether the block's limit shows `count` rows: its fixed limit, the bound or default top-N, or
 * the top-N raised to the policy's most. With the count unknown (a place asked of a ranking) the
 * top-N is raised to the policy's most: the whole ranking the owner allows is the answer.
 */
function showsEvery(block: CompiledBlock, facts: BlockFacts, count: number | undefined, out: Binding): boolean {
  const p = facts.limitParam;
  if (p === undefined) return facts.fixedLimit !== undefined && count !== undefined && count <= facts.fixedLimit;
  const bound = out.params[p.name];
  if (bound !== undefined) return typeof bound === 'number' && count !== undefined && count <= bound;
  if (typeof p.default === 'number' && count !== undefined && count <= p.default) return true;
  // The policy's most, not the count: a value added to the data since it was read still shows.
  const most = numericRange(block, p).max ?? count;
  if (most === undefined || (count ?? 0) > most || policyProblem(block, p, most) !== undefined) return false;
  out.params[p.name] = most;
  return true;
}

function bindFilters(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, lexicon: ValueLexicon | undefined, out: Binding): void {
  // Words of the block's own name are never filter values (rule 4).
  const filters = asks.filters.filter(
    (f) =>
      !f.text
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .every((w) => facts.nameWords.has(w)),
  );
  const byField = new Map<string, FilterAsk[]>();
  for (const f of filters) {
    if (f.loose) continue;
    // An ambiguous value belongs to the first of its fields this block knows, else the first.
    const field = f.fields.find((x) => paramForField(block, x) !== undefined || facts.rowFields.has(x)) ?? f.fields[0] ?? '';
    byField.set(field, [...(byField.get(field) ?? []), { ...f, value: f.spelled?.[field] ?? f.value }]);
  }
  for (const [field, values] of [...byField].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (bindFilterField(block, facts, field, values, lexicon, out, asks.place === true)) continue;
    const asked = [...new Set(values.map((v) => v.value))].join(', ');
    const message =
      field === ''
        ? `${block.id} takes no value like ${asked}.`
        : paramForField(block, field) !== undefined
          ? `${block.id} filters ${field} on one value at a time (asked: ${asked}).`
          : `${block.id} does not accept a filter on ${field} (asked: ${asked}).`;
    out.unmet.push({ kind: 'filter', message });
  }
  bindLoose(
    block,
    filters.filter((f) => f.loose),
    lexicon,
    out,
  );
}

/**
 * "across all hotels": a block that filters hotels on one value at a time (a parameter, bound to its
 * default when the question names none) cannot give every hotel together; one that breaks its
 * result down by hotel, or reads every hotel, can.
 */
function bindAll(block: CompiledBlock, facts: BlockFacts, asks: QuestionAsks, out: Binding): void {
  for (const all of asks.all ?? []) {
    const param = paramForField(block, all.field);
    if (param === undefined || param.name in out.params || facts.breakdownFields.has(all.field)) continue;
    // region_code = "all": a parameter with a value for every one of them gives them together.
    const every = everyValueOf(block, param);
    if (every !== undefined) {
      if (param.default !== every) out.params[param.name] = every;
      continue;
    }
    out.unmet.push({
      kind: 'filter',
      message: `${block.id} answers for one ${all.field} at a time (its ${param.name}); "${all.text}" asks for every one together.`,
    });
  }
}

/** A loose "in <word>" goes to the block's one unbound string parameter, if it has exactly one. */
function bindLoose(block: CompiledBlock, loose: FilterAsk[], lexicon: ValueLexicon | undefined, out: Binding): void {
  if (loose.length === 0) return;
  const free = block.params.filter((p) => p.type === 'string' && p.name !== 'state' && !(p.name in out.params));
  if (free.length === 1 && loose.length === 1) {
    const name = (free[0] as { name: string }).name;
    bindValue(block, name, name, (loose[0] as FilterAsk).value, lexicon, out);
    return;
  }
  const asked = loose.map((l) => `"${l.text}"`).join(', ');
  out.unmet.push({ kind: 'filter', message: `${block.id} has no parameter that could filter on ${asked}.` });
}

/**
 * Binds asks already read from a question to one block. With the lexicon, text values are bound
 * in the spelling of the field's known values, and a value outside them is explained.
 */
export function bindAsks(block: CompiledBlock, asks: QuestionAsks, now?: Date | string, lexicon?: ValueLexicon): Binding {
  const facts = blockFacts(block);
  const out: Binding = { params: {}, unmet: [] };
  bindLimit(block, facts, asks, out);
  // Dates keep whole days: "the last 3 hours" would be answered for whole days, or not at all.
  if (asks.subDay !== undefined)
    out.unmet.push({ kind: 'period', message: `${block.id} takes periods of whole days; "${asks.subDay.text}" is shorter than a day.` });
  if (!bindRecentRows(block, facts, asks, out)) {
    bindPeriod(block, facts, asks, now, out);
    bindReach(block, facts, asks, now, out);
  }
  bindFilters(block, facts, asks, lexicon, out);
  bindAll(block, facts, asks, out);
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
  return { ...bindAsks(block, asks, options.now, options.lexicon), asks };
}
