/**
 * What a block can take from a question, read once from its compiled form: which parameter is
 * its row limit, which date parameters open and close its period, which string parameters
 * filter which field, which fields it breaks down by (so a value of that field is one of its
 * rows), and which values and period its own SQL fixes. Read from declarations and the query
 * text only; nothing here runs SQL.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import { limitParamOf } from '../rules/parameter-policy.js';
import { iso } from './period-kit.js';
import { findPeriod } from './periods.js';
import { groupKeys } from './result-columns.js';
import { hasRelativeDate, rowScope } from './row-scope.js';
import { type SqlWindow, sqlWindow } from './sql-window.js';
import { END_PARAM_NAMES, START_PARAM_NAMES } from './vocabulary.js';
import { type YearParam, yearParamOf } from './year-param.js';

export interface BlockFacts {
  limitParam?: CompiledParam;
  /** `LIMIT 10` written as a literal. */
  fixedLimit?: number;
  startParam?: CompiledParam;
  /** A parameter taking a year, not a date (`entry_year`, `academic_year = "2025/26"`): year-param.ts. */
  yearParam?: YearParam;
  endParam?: CompiledParam;
  /**
   * How the block compares its period bounds: an inclusive end takes the last day itself
   * (`<= ${end_date}`, BETWEEN), an exclusive one the day after (`< ${until}`); likewise an
   * exclusive start (`> ${since}`) takes the day before. Declared in `parameterPolicy { end_date
   * = { bound = "inclusive" } }`, else read from the SQL, else the half-open default.
   */
  endInclusive: boolean;
  startExclusive: boolean;
  /** A period the SQL fixes with date literals when no date parameter is used (spec rule 2). */
  fixedPeriod?: { start?: string; end?: string };
  /** A window the SQL fixes relative to the day it runs (`date('now', '-30 days')`), when no date parameter is used. */
  window?: SqlWindow;
  /** Fields the result has one row per value of (a value of them needs no filter). */
  breakdownFields: ReadonlySet<string>;
  /** Fields a value of which keeps whole result rows: the breakdown, and the shown columns of a longer GROUP BY. */
  rowFields: ReadonlySet<string>;
  /** Lower-cased string literals of the query, wherever they stand: words the block uses. */
  literals: ReadonlySet<string>;
  /**
   * The literals that keep only rows of one value (`status = 'completed'`, `line IN ('motor')`),
   * outside any CASE expression: `CASE WHEN line IN ('motor', 'fleet') ...` computes a column and
   * keeps every row, and a list of several values keeps more than one.
   */
  fixedLiterals: ReadonlySet<string>;
  /** One row per day/week/month/...: a period without an end still shows the asked rows. */
  timeSeries: boolean;
  /** The result column holding each row's period (`week_start`, `month`), for a time series. */
  timeColumn?: string;
  /** The calendar unit one row of a time series covers (from its grain or its period column); days when unsure. */
  timeUnit?: TimeUnit;
  /** Lower-cased words of the block's name, singular and plural: never filter values (spec, asking by name, rule 4). */
  nameWords: ReadonlySet<string>;
}

const nextDay = (d: string): string => iso(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

/** `>= '2024-01-01' ... < '2025-01-01'` and `BETWEEN 'a' AND 'b'` as a half-open range. */
function fixedPeriodOf(query: string): { start?: string; end?: string } | undefined {
  const out: { start?: string; end?: string } = {};
  for (const m of query.matchAll(/\bbetween\s+'(\d{4}-\d{2}-\d{2})'\s+and\s+'(\d{4}-\d{2}-\d{2})'/gi)) {
    out.start = m[1];
    out.end = nextDay(m[2] ?? '');
  }
  for (const m of query.matchAll(/(>=|<=|>|<)\s*'(\d{4}-\d{2}-\d{2})'/g)) {
    const d = m[2] ?? '';
    if (m[1] === '>=') out.start = d;
    else if (m[1] === '>') out.start = nextDay(d);
    else if (m[1] === '<') out.end = d;
    else out.end = nextDay(d);
  }
  return out.start === undefined && out.end === undefined ? undefined : out;
}

const GROUP_END = /^(?:order\s+by|having|limit|window|union|intersect|except|qualify)\b/i;

/** The items of the GROUP BY list starting at `from`: split at top-level commas, up to a closing clause or parenthesis. */
function groupItems(query: string, from: number): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = from;
  let i = from;
  for (; i < query.length; i++) {
    const c = query[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) break;
    else if (c === ',' && depth === 0) {
      items.push(query.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && /\s/.test(c ?? '') && GROUP_END.test(query.slice(i + 1))) break;
  }
  items.push(query.slice(start, i));
  return items.map((x) => x.trim()).filter(Boolean);
}

/**
 * Fields of a single-expression GROUP BY and the chart's category axis: the result's breakdown.
 * With `kept`, also each plain column of a longer GROUP BY that the result shows (`GROUP BY month,
 * method`): a row per method in each month, so keeping one method's rows equals filtering on it
 * first, though the result is no breakdown by method alone.
 */
function breakdownFieldsOf(block: CompiledBlock, kept = false): Set<string> {
  const out = new Set<string>();
  const shown = new Set((block.outputs ?? []).map((o) => o.toLowerCase()));
  for (const m of block.query.matchAll(/\bgroup\s+by\s+/gi)) {
    const items = groupItems(block.query, m.index + m[0].length);
    for (const item of items) {
      const plain = /^(?:\w+\.)?(\w+)$/.exec(item)?.[1]?.toLowerCase();
      if (plain === undefined || /^\d+$/.test(plain)) continue;
      if (items.length === 1 || (kept && shown.has(plain))) out.add(plain);
    }
  }
  const vis = block.visualization ?? {};
  for (const key of ['x', 'label']) {
    const v = vis[key];
    if (typeof v === 'string') out.add(v.toLowerCase());
  }
  return out;
}

const TIME_GRAINS = /^(day|date|week|month|quarter|year)s?$/i;

/** A calendar unit one row of a time series covers. */
export type TimeUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The unit of a time series' rows: the declared grain, else the unit its period column names, else days (the finest, so counts never fall short). */
function timeUnitOf(block: CompiledBlock, column: string | undefined): TimeUnit {
  const word = (typeof block.grain === 'string' && TIME_GRAINS.test(block.grain) ? block.grain : (column ?? '')).toLowerCase();
  const unit = /(week|month|quarter|year)/.exec(word)?.[1];
  return (unit ?? 'day') as TimeUnit;
}
/** A column naming a calendar unit its rows are: "week_start", "order_date", not "day_part". */
const timeAxis = (name: string): boolean => unitNamesRows(name, /^(?:date|day|week|month|quarter|year)$/i);

/** Words after a unit that still name its rows: week_start, month_ending, period_no. */
const UNIT_TAIL = /^(?:start|starting|end|ending|begin|beginning|commencing|date|no|number|num|label|name|key|id)$/i;

/**
 * Whether a column's unit word names its rows: "order_month", "week_start", "report_date", "hour_of_day"
 * (an hour), but not "day_part" (a part of a day), the "day" of "hour_of_day" or "first_hour" (one hour of each row).
 */
export function unitNamesRows(name: string, unit: RegExp): boolean {
  const ws = name.toLowerCase().split('_');
  // "hour_of_day", "days_before_departure": the unit before a preposition is what each row is (an hour, a number of days).
  const tailNames = (rest: readonly string[]): boolean => UNIT_PREPOSITION.test(rest[0] ?? '') || rest.every((t) => UNIT_TAIL.test(t));
  return ws.some((w, i) => unit.test(w) && !ONE_OF_THEM.test(ws[i - 1] ?? '') && tailNames(ws.slice(i + 1)));
}

/** Words after a unit that say what it is counted or placed against: "hour_of_day", "days_before_departure", "days_to_close". */
const UNIT_PREPOSITION = /^(?:of|before|after|since|until|to|from|in|per|ago|left|remaining|late|early|overdue|open|outstanding)$/i;

/** Words before a unit that pick one unit out of a row rather than naming the rows: "hour_of_day", "first_hour", "peak_day". */
const ONE_OF_THEM = /^(?:of|first|last|peak|busiest|earliest|latest|opening|closing|best|worst)$/;

/** Declared grain of a calendar unit, or a chart whose x axis is a calendar column. */
function isTimeSeries(block: CompiledBlock): boolean {
  if (typeof block.grain === 'string' && (TIME_GRAINS.test(block.grain) || calendarNamed(block, block.grain))) return true;
  const x = block.visualization?.['x'];
  return typeof x === 'string' && (timeAxis(x) || calendarNamed(block, x));
}

/** A place in a cycle ("weekday", "day_of_week", "hour_of_day"): its rows repeat every week or day, no run of time. */
const CYCLE = /(?:^|_)(?:weekdays?|dow|day_of_(?:the_)?week|day_of_month|hour(?:_of_day)?|month_of_year)(?:_|$)/i;

/** A column its owner declares a calendar unit by a synonym (`period` with synonyms "month", "reporting period"), not a place in a cycle. */
function calendarNamed(block: CompiledBlock, column: string): boolean {
  return !CYCLE.test(column) && (block.columns?.[column]?.synonyms ?? []).some((s) => TIME_GRAINS.test(s.trim()));
}

/** The result column of a time series' period: the chart's x axis, else the first grouping key that names a calendar unit. */
function timeColumnOf(block: CompiledBlock): string | undefined {
  if (!isTimeSeries(block)) return undefined;
  const x = block.visualization?.['x'];
  if (typeof x === 'string' && (timeAxis(x) || calendarNamed(block, x))) return x.toLowerCase();
  return (groupKeys(block.query, block.dialect) ?? []).find((k) => timeAxis(k));
}

function dateParam(block: CompiledBlock, names: ReadonlySet<string>): CompiledParam | undefined {
  return block.params.find((p) => p.type === 'date' && names.has(p.name.toLowerCase()));
}

/**
 * `as_of`, `as_at`, `snapshot_date`: a block's one date parameter, with no start beside it, that its
 * SQL compares rows against (`started_on <= ${as_of}`) is the day the rows are counted on, an end.
 */
function asOfParam(block: CompiledBlock): CompiledParam | undefined {
  const dates = block.params.filter((p) => p.type === 'date' && block.paramsUsed.includes(p.name));
  const only = dates.length === 1 ? dates[0] : undefined;
  return only !== undefined && comparisonsOf(block.query, only.name).size > 0 ? only : undefined;
}

/** The bound a block's owner declared for a parameter (`parameterPolicy { p = { bound = "inclusive" } }`). */
function declaredBound(block: CompiledBlock, param: string): 'inclusive' | 'exclusive' | undefined {
  const policy = block.parameterPolicy?.[param];
  const v = policy !== null && typeof policy === 'object' && !Array.isArray(policy) ? policy['bound'] : undefined;
  return v === 'inclusive' || v === 'exclusive' ? v : undefined;
}

/** How the query compares a date parameter: `<=` or BETWEEN's upper end read as `<=`, `<`, `>=`, `>`. */
/**
 * Calls the parameter sits in on the compared side, outermost first: `<= substr(${end_date}, 1, 7)`,
 * `< date_trunc('month', ${until})`, `>= date(${since})` compare the parameter all the same.
 */
const WRAPPED = String.raw`(?:[\w.]+\s*\(\s*(?:'[^']*'\s*,\s*)?)*`;

function comparisonsOf(query: string, param: string): Set<string> {
  const name = String.raw`\$\{\s*${param}\s*\}`;
  const out = new Set<string>();
  for (const m of query.matchAll(new RegExp(String.raw`(<=|>=|<|>)\s*` + WRAPPED + name, 'g'))) out.add(m[1] ?? '');
  // `${p} <= col` compares the other way round.
  const flip: Record<string, string> = { '<=': '>=', '>=': '<=', '<': '>', '>': '<' };
  for (const m of query.matchAll(new RegExp(name + String.raw`\s*(<=|>=|<|>)`, 'g'))) out.add(flip[m[1] ?? ''] ?? '');
  // `day = ${day}`: the rows of that one day, as an inclusive end takes it.
  if (new RegExp(String.raw`(?<![<>!=])=\s*` + WRAPPED + name + '|' + name + String.raw`\s*=(?!=)`).test(query)) out.add('=');
  if (new RegExp(String.raw`\bbetween\s+[^;]*?\band\s+` + name, 'i').test(query)) out.add('<=');
  if (new RegExp(String.raw`\bbetween\s+` + name + String.raw`\s+and\b`, 'i').test(query)) out.add('>=');
  return out;
}

function endInclusiveOf(block: CompiledBlock, end: CompiledParam | undefined): boolean {
  if (end === undefined) return false;
  const declared = declaredBound(block, end.name);
  if (declared !== undefined) return declared === 'inclusive';
  const seen = comparisonsOf(block.query, end.name);
  return (seen.has('<=') || seen.has('=')) && !seen.has('<');
}

function startExclusiveOf(block: CompiledBlock, start: CompiledParam | undefined): boolean {
  if (start === undefined) return false;
  const declared = declaredBound(block, start.name);
  if (declared !== undefined) return declared === 'exclusive';
  const seen = comparisonsOf(block.query, start.name);
  return seen.has('>') && !seen.has('>=');
}

/**
 * A window the block's own name or description declares ("on_the_books_next_30_days", "scores of
 * the last 30 days") when its SQL computes it in a way that cannot be read (from the data's own
 * latest day, say).
 */
function declaredWindow(block: CompiledBlock, rows: string): SqlWindow | undefined {
  // The description's window counts only where the rows are bounded by date arithmetic; a window
  // of one column ("connections made in the last 90 days") does not bound the result.
  const texts = [block.name.replace(/_/g, ' '), ...(hasRelativeDate(rows) ? [block.description ?? ''] : [])];
  for (const text of texts) {
    const relative = findPeriod(text, '2000-01-01T00:00:00Z')?.relative;
    if (relative !== undefined) return relative;
  }
  return undefined;
}

/** The SQL without its CASE ... END spans (innermost first): what is left compares rows, not bands of a computed column. */
export function withoutCases(sql: string): string {
  let out = sql;
  for (let i = 0; i < 8; i++) {
    const next = out.replace(/\bCASE\b(?:(?!\bCASE\b)[\s\S])*?\bEND\b/gi, ' ');
    if (next === out) break;
    out = next;
  }
  return out;
}

function fixedLiteralsOf(sql: string): Set<string> {
  const rest = withoutCases(sql);
  const out = new Set<string>();
  for (const m of rest.matchAll(/(?<![<>!])=\s*'([^']*)'|\bIN\s*\(\s*'([^']*)'\s*\)/gi)) out.add((m[1] ?? m[2] ?? '').toLowerCase());
  return out;
}

/**
 * The LIMIT of the result itself: one outside every bracket. A LIMIT inside a subquery ("the rate
 * it replaced", `(SELECT ... ORDER BY ... LIMIT 1)`) picks one value per row, not the result's rows.
 */
function outerLimit(sql: string): RegExpExecArray | undefined {
  for (const m of sql.matchAll(/\blimit\s+(\d+)\b/gi)) {
    const before = sql.slice(0, m.index).replace(/'(?:[^']|'')*'/g, '');
    const depth = (before.match(/\(/g)?.length ?? 0) - (before.match(/\)/g)?.length ?? 0);
    if (depth <= 0) return m as RegExpExecArray;
  }
  return undefined;
}

const cache = new WeakMap<CompiledBlock, BlockFacts>();

/** Facts of one block, cached per compiled block object. */
export function blockFacts(block: CompiledBlock): BlockFacts {
  const hit = cache.get(block);
  if (hit !== undefined) return hit;
  const usesDateParam = block.params.some((p) => p.type === 'date' && block.paramsUsed.includes(p.name));
  const fixedLimit = outerLimit(block.query);
  const rows = rowScope(block.query);
  const fixedPeriod = usesDateParam ? undefined : fixedPeriodOf(rows);
  const window = usesDateParam ? undefined : (sqlWindow(rows) ?? declaredWindow(block, rows));
  const limitParam = limitParamOf(block);
  const startParam = dateParam(block, START_PARAM_NAMES);
  const endParam = dateParam(block, END_PARAM_NAMES) ?? (startParam === undefined ? asOfParam(block) : undefined);
  const yearParam = yearParamOf(block);
  const facts: BlockFacts = {
    ...(yearParam ? { yearParam } : {}),
    ...(limitParam ? { limitParam } : {}),
    ...(fixedLimit ? { fixedLimit: Number(fixedLimit[1]) } : {}),
    ...(startParam ? { startParam } : {}),
    ...(endParam ? { endParam } : {}),
    ...(fixedPeriod ? { fixedPeriod } : {}),
    ...(window ? { window } : {}),
    endInclusive: endInclusiveOf(block, endParam),
    startExclusive: startExclusiveOf(block, startParam),
    breakdownFields: breakdownFieldsOf(block),
    rowFields: breakdownFieldsOf(block, true),
    timeSeries: isTimeSeries(block),
    ...(timeColumnOf(block) !== undefined ? { timeColumn: timeColumnOf(block), timeUnit: timeUnitOf(block, timeColumnOf(block)) } : {}),
    literals: new Set([...block.query.matchAll(/'([^']*)'/g)].map((m) => (m[1] ?? '').toLowerCase())),
    fixedLiterals: fixedLiteralsOf(block.query),
    // In both numbers: "completed the most mortgages" of top_branches_by_mortgage_completions.
    nameWords: new Set(
      block.name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .flatMap((w) => [w, `${w}s`, `${w}es`, ...(w.endsWith('y') ? [`${w.slice(0, -1)}ies`] : [])]),
    ),
  };
  cache.set(block, facts);
  return facts;
}

/** The string parameter that filters a field: same name, or `<field>_x` / `x_<field>`. */
export function paramForField(block: CompiledBlock, field: string): CompiledParam | undefined {
  const strings = block.params.filter((p) => p.type === 'string');
  return strings.find((p) => p.name === field) ?? strings.find((p) => p.name.startsWith(`${field}_`) || p.name.endsWith(`_${field}`));
}

/** `since (date, default 2024-01-01)`: how a refusal lists what the block accepts. */
export function describeParam(p: CompiledParam): string {
  const dflt = p.default === undefined || p.default === null ? (p.required ? 'required' : 'optional') : `default ${String(p.default)}`;
  return `${p.name} (${p.type}, ${dflt})`;
}

/**
 * The result columns a block's chart names (its axes, series, labels), never the kind of chart:
 * chart = "bar" names no column, and as a routing word it would read "book with arrears rate" as
 * the initials of one.
 */
export function chartFields(block: CompiledBlock): string[] {
  return Object.entries(block.visualization ?? {})
    .filter(([key, v]) => key !== 'chart' && key !== 'type' && typeof v === 'string')
    .map(([, v]) => v as string);
}
