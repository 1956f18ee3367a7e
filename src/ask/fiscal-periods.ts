/**
 * Financial-year phrases, read before the calendar's (periods.ts): "FY26", "fiscal 2024",
 * "2025/26", "H1 FY27", "Q3 FY2026", "this financial year", "last FY", "financial year to date".
 * Their days follow the project's declared financial year (financial-year.ts); where the owners
 * declare none, a phrase that can only mean a financial year binds no days (`undeclaredYear`), so
 * no block answers it with the calendar's. Where the owners describe current figures in their
 * financial year (a year not starting in January), a bare "H1", "Q2" or "YTD" is of that year too.
 */
import { type FinancialYear, SPLIT_YEAR } from './financial-year.js';
import { day, iso, type Part, RELATIVE_NEEDS_NOW, type Rule } from './period-kit.js';

/** The first day of the financial year labelled `label` (FY26, fiscal 2024). */
function labelStart(year: FinancialYear, label: number): number {
  if (year.startMonth === 1) return day(label, 1);
  return day(year.endYearNamed ? label - 1 : label, year.startMonth);
}

/** The first day of the financial year holding `t`. */
function currentStart(year: FinancialYear, t: number): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  return d.getUTCMonth() + 1 >= year.startMonth ? day(y, year.startMonth) : day(y - 1, year.startMonth);
}

const monthsOn = (t: number, n: number): number => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
};

/** The label of the financial year starting at `start` (FY26 = 2026 for April 2025 to March 2026). */
function labelOf(year: FinancialYear, start: number): number {
  const first = new Date(start).getUTCFullYear();
  return year.startMonth !== 1 && year.endYearNamed ? first + 1 : first;
}

/** A half (`h`) or quarter (`q`) `n` of the financial year starting at `start`; the whole year without one. */
function partRange(start: number, part: string | undefined, year?: FinancialYear): Part | undefined {
  if (part === undefined) return { start: iso(start), end: iso(monthsOn(start, 12)), ...(year !== undefined ? { fiscalLabel: labelOf(year, start) } : {}) };
  const months = part[0]?.toLowerCase() === 'h' ? 6 : 3;
  const n = Number(part.slice(1));
  if (n < 1 || n > 12 / months) return undefined;
  return { start: iso(monthsOn(start, (n - 1) * months)), end: iso(monthsOn(start, n * months)) };
}

const PART = '(h[12]|q[1-4])';
/** "FY26", "FY 2026", "fiscal 2024", "financial year 2026", with a half or quarter before or after. */
const LABEL = new RegExp(
  `\\b(?:${PART}\\s+(?:of\\s+)?)?(?:fy|financial\\s+year|fiscal\\s+year|fiscal)\\s*'?((?:19|20)\\d{2}|\\d{2})\\b(?!\\s*[/\\u2013-]\\s*\\d)(?:\\s+${PART}\\b)?`,
  'gi',
);
/** "2025/26", "FY 2025/26", "FY25/26", "financial year 2024-25": a year across two calendar years. */
const SPLIT = new RegExp(`(?<!\\b(?:ay|academic\\s+year|school\\s+year|season)\\s*)\\b${SPLIT_YEAR}\\b(?![/-]\\d)`, 'gi');
const RELATIVE = /\b(this|current|last|previous|prior|next)\s+(?:financial\s+year|fiscal\s+year|fy)\b(?![\s-]+to[\s-]+date)/gi;
/** "Q2 this FY", "H1 of last financial year", "this FY's Q3", "last FY Q4": a part of a year said relative to now. */
const RELATIVE_PART = new RegExp(
  `\\b${PART}\\s+(?:of\\s+)?(?:the\\s+)?(this|current|last|previous|prior|next)\\s+(?:financial\\s+year|fiscal\\s+year|fy)\\b|\\b(this|current|last|previous|prior|next)\\s+(?:financial\\s+year|fiscal\\s+year|fy)(?:'?s)?\\s+${PART}\\b`,
  'gi',
);
/** The financial year so far, said as one phrase or as "YTD" / "so far" beside this financial year ("YTD this FY", "this financial year so far"). */
const THIS_FY = '(?:this|current|the\\s+current)\\s+(?:financial\\s+year|fiscal\\s+year|fy)';
const TO_DATE = new RegExp(
  [
    '\\b(?:(?:this|current)\\s+)?(?:financial|fiscal)\\s+year[\\s-]+to[\\s-]+date\\b|\\bfytd\\b|\\b(?:fiscal|financial|fy)\\s+ytd\\b',
    `\\b(?:ytd|year[\\s-]+to[\\s-]+date|so\\s+far)\\s+(?:(?:for|in|of)\\s+)?(?:the\\s+)?${THIS_FY}\\b`,
    `\\b${THIS_FY}(?:'?s)?\\s+(?:ytd|so\\s+far|to\\s+date)\\b`,
  ].join('|'),
  'gi',
);
const YTD = /\b(?:(?:this|current)\s+)?year[\s-]+to[\s-]+date\b|\bytd\b/gi;
/** A bare half or quarter: not one of a year said beside it ("Q3 2025", "H1 last year", "Q2 FY26"). */
const BARE_PART = /\b(h[12]|q[1-4])\b(?![\s/'-]*(?:of\s+)?(?:(?:19|20)\d{2}|fy|financial|fiscal|last|this|previous|prior|next)\b)/gi;

/** A year as written in a label: two digits are this century's (26 is 2026). */
export const fullYear = (text: string): number => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** Months from the current financial year to the one "last", "next" or "this" says. */
const yearsShift = (word: string | undefined): number => ({ last: -12, previous: -12, prior: -12, next: 12 })[(word ?? '').toLowerCase()] ?? 0;

/** The rules for a project with the financial year `year`. */
function declaredRules(year: FinancialYear): Rule[] {
  const rules: Rule[] = [
    // Before the relative year: "YTD this financial year" is the year so far, not the whole year beside a calendar YTD.
    { pattern: TO_DATE, read: (_m, now) => toDate(year, now) },
    {
      pattern: LABEL,
      read: (m) => {
        const part = partRange(labelStart(year, fullYear(m[2] ?? '')), m[1] ?? m[3], year);
        return part?.fiscalLabel === undefined ? part : { ...part, labelSaid: true };
      },
    },
    {
      pattern: RELATIVE_PART,
      read: (m, now) => {
        if (now === undefined) return RELATIVE_NEEDS_NOW;
        return partRange(monthsOn(currentStart(year, now), yearsShift(m[2] ?? m[3])), m[1] ?? m[4]);
      },
    },
    {
      pattern: RELATIVE,
      read: (m, now) => (now === undefined ? RELATIVE_NEEDS_NOW : partRange(monthsOn(currentStart(year, now), yearsShift(m[1])), undefined, year)),
    },
  ];
  if (year.startMonth !== 1) rules.splice(1, 0, { pattern: SPLIT_PART, read: (m) => splitPart(year, m) }, { pattern: SPLIT, read: (m) => splitRange(year, m) });
  if (year.startMonth !== 1 && year.current) rules.push(...currentYearRules(year));
  return rules;
}

/** "Q2 2026/27", "H1 of FY2025/26", "2026/27 Q1": a half or quarter of a year across two calendar years. */
const SPLIT_PART = new RegExp(`\\b${PART}\\s+(?:of\\s+)?${SPLIT_YEAR}\\b(?![/-]\\d)|\\b${SPLIT_YEAR}\\s+${PART}\\b`, 'gi');

/** A half or quarter of the financial year "2026/27" names: its days, not the whole year's. */
function splitPart(year: FinancialYear, m: RegExpExecArray): Part | undefined {
  const [part, first, second] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[6], m[4], m[5]];
  const start = fullYear(first ?? '');
  const next = (second ?? '').length === 4 ? start + 1 : (start + 1) % 100;
  return Number(second) === next ? partRange(day(start, year.startMonth), part) : undefined;
}

/** "2025/26" as the financial year from the first of the two years (still a split year for a year parameter). */
function splitRange(year: FinancialYear, m: RegExpExecArray): Part | undefined {
  const first = fullYear(m[1] ?? '');
  const second = m[2] ?? '';
  if (Number(second) !== (second.length === 4 ? first + 1 : (first + 1) % 100)) return undefined;
  const range = partRange(day(first, year.startMonth), undefined, year);
  return range === undefined ? undefined : { ...range, splitYear: first, fiscal: true };
}

/**
 * The financial year so far: from its first day, open to now. It is that one year too, so a
 * parameter taking financial years binds the current one ("collection rate year to date").
 */
function toDate(year: FinancialYear, now: number | undefined): Part | typeof RELATIVE_NEEDS_NOW {
  if (now === undefined) return RELATIVE_NEEDS_NOW;
  const start = currentStart(year, now);
  return { start: iso(start), fiscalLabel: labelOf(year, start) };
}

/**
 * Bare halves, quarters and year-to-date in an organisation that speaks in its financial year:
 * that year's, for a parameter taking financial years; for dates the question leaves open which
 * year it means (`bareFiscal`), as people asking of one project were seen to mean either.
 */
function currentYearRules(year: FinancialYear): Rule[] {
  return [
    {
      pattern: YTD,
      read: (_m, now) => {
        const part = toDate(year, now);
        return part === RELATIVE_NEEDS_NOW ? part : { ...part, bareFiscal: true };
      },
    },
    {
      pattern: BARE_PART,
      read: (m, now) => {
        if (now === undefined) return RELATIVE_NEEDS_NOW;
        // The latest such part that has begun by now.
        const start = currentStart(year, now);
        const part = partRange(start, m[1]);
        if (part?.start === undefined) return undefined;
        const begun = Date.parse(`${part.start}T00:00:00Z`) <= now ? part : partRange(monthsOn(start, -12), m[1]);
        return begun === undefined ? undefined : { ...begun, bareFiscal: true };
      },
    },
  ];
}

/** Phrases that can only mean a financial year, in a project that declares none: no days to bind. */
const UNDECLARED_YEAR: Rule[] = [
  LABEL,
  RELATIVE_PART,
  RELATIVE,
  TO_DATE,
  /\b(?:fy|financial\s+year|fiscal\s+year)\s*'?(?:(?:19|20)?\d{2})\s*[/\u2013-]\s*\d{2,4}\b/gi,
].map((pattern) => ({ pattern, read: () => ({ undeclared: 'financial year' as const }) }));

/** "P8", "period 10": a numbered reporting period. */
const NUMBERED_PERIOD = /\b(?:p|period)\s*(\d{1,2})\b(?![.,]\d)/gi;
/** "last period", "this P&L period": the reporting period relative to now. */
const RELATIVE_PERIOD = /\b(last|previous|prior|this|current|next)\s+(?:reporting\s+|p&l\s+|accounting\s+|fiscal\s+|financial\s+)?period\b/gi;
/** Phrases naming a reporting period in words, in a project that declares none ("period 8", "last period"; a bare "P1" may be a priority). */
const UNDECLARED_PERIOD: Rule[] = [/\bperiod\s*\d{1,2}\b(?![.,]\d)/gi, RELATIVE_PERIOD].map((pattern) => ({
  pattern,
  read: () => ({ undeclared: 'period' as const }),
}));

/** Numbered and relative periods where the owners say periods are calendar months, counted from the financial year's first month. */
function monthPeriodRules(year: FinancialYear): Rule[] {
  const month = (t: number): Part => ({ start: iso(t), end: iso(monthsOn(t, 1)) });
  return [
    {
      pattern: NUMBERED_PERIOD,
      read: (m, now) => {
        const n = Number(m[1]);
        if (n < 1 || n > 12) return undefined;
        if (now === undefined) return RELATIVE_NEEDS_NOW;
        // The latest such period that has begun by now.
        const start = monthsOn(currentStart(year, now), n - 1);
        return month(start <= now ? start : monthsOn(start, -12));
      },
    },
    {
      pattern: RELATIVE_PERIOD,
      read: (m, now) => {
        if (now === undefined) return RELATIVE_NEEDS_NOW;
        const shift = { last: -1, previous: -1, prior: -1, next: 1 }[(m[1] ?? '').toLowerCase()] ?? 0;
        return month(monthsOn(now, shift));
      },
    },
  ];
}

const CALENDAR_YEAR: FinancialYear = { startMonth: 1, endYearNamed: false, current: true };

/**
 * The organisation's own calendar phrases to read before the calendar's: the declared financial
 * year's and month periods', or the refusing ones where the owners declare none.
 */
export function fiscalRules(year: FinancialYear | undefined, monthPeriods = false): readonly Rule[] {
  const years = year === undefined ? UNDECLARED_YEAR : declaredRules(year);
  const periods = monthPeriods ? monthPeriodRules(year ?? CALENDAR_YEAR) : UNDECLARED_PERIOD;
  return [...periods, ...years];
}
