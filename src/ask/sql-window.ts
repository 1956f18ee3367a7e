/**
 * A period a block's SQL fixes relative to the day it runs ("the last 30 days", "the next 30
 * days"), read from the date arithmetic engines write: SQLite `date('now', '-30 days')`,
 * PostgreSQL and DuckDB `CURRENT_DATE - INTERVAL '30 days'` or `now() - interval '30 day'`, MySQL
 * and BigQuery `DATE_SUB(CURDATE(), INTERVAL 30 DAY)`, Snowflake `DATEADD(day, -30,
 * CURRENT_DATE())`, ClickHouse `today() - 30`. A block fixed to a window answers a question about
 * that window, as its example says, and no other period.
 */

export interface SqlWindow {
  /** How many units, and which way from today: `past` ends today, `next` starts today. */
  n: number;
  unit: 'day' | 'week' | 'month' | 'year';
  direction: 'past' | 'next';
}

const UNIT: Readonly<Record<string, SqlWindow['unit']>> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
};
const NOW = String.raw`(?:current_date(?:\(\))?|curdate\(\)|now\(\)|today\(\)|current_timestamp(?:\(\))?|getdate\(\)|sysdate\(\))`;

const FORMS: ReadonlyArray<{ re: RegExp; read: (m: RegExpMatchArray) => SqlWindow | undefined }> = [
  // date('now', '-30 days'), datetime('now', '+7 day')
  { re: /\b(?:date|datetime)\(\s*'now'\s*,\s*'([+-])\s*(\d+)\s+([a-z]+)'\s*\)/gi, read: (m) => win(m[2], m[3], m[1] === '+') },
  // CURRENT_DATE - INTERVAL '30 days' / + interval '30' day / - interval 30 day
  {
    re: new RegExp(String.raw`${NOW}\s*([+-])\s*interval\s*'?\s*(\d+)\s*([a-z]*)'?\s*([a-z]*)`, 'gi'),
    read: (m) => win(m[2], m[3] || m[4], m[1] === '+'),
  },
  // DATE_SUB(CURDATE(), INTERVAL 30 DAY), DATE_ADD(...)
  {
    re: new RegExp(String.raw`\bdate_(sub|add)\(\s*${NOW}\s*,\s*interval\s+(\d+)\s+([a-z]+)\s*\)`, 'gi'),
    read: (m) => win(m[2], m[3], (m[1] ?? '').toLowerCase() === 'add'),
  },
  // DATEADD(day, -30, CURRENT_DATE())
  { re: new RegExp(String.raw`\bdateadd\(\s*([a-z]+)\s*,\s*([+-]?)\s*(\d+)\s*,\s*${NOW}\s*\)`, 'gi'), read: (m) => win(m[3], m[1], m[2] !== '-') },
  // today() - 30, CURRENT_DATE - 30
  { re: new RegExp(String.raw`${NOW}\s*([+-])\s*(\d+)\b(?!\s*(?:day|week|month|year))`, 'gi'), read: (m) => win(m[2], 'day', m[1] === '+') },
];

function win(n: string | undefined, unit: string | undefined, next: boolean): SqlWindow | undefined {
  const u = UNIT[(unit ?? '').toLowerCase()];
  const k = Number(n);
  return u === undefined || !Number.isInteger(k) || k <= 0 ? undefined : { n: k, unit: u, direction: next ? 'next' : 'past' };
}

/** The one relative window the query fixes, or undefined when it fixes none (or several kinds). */
export function sqlWindow(query: string): SqlWindow | undefined {
  const found: SqlWindow[] = [];
  for (const form of FORMS)
    for (const m of query.matchAll(form.re)) {
      const w = form.read(m);
      if (w !== undefined) found.push(w);
    }
  const first = found[0];
  return first !== undefined && found.every((w) => w.n === first.n && w.unit === first.unit && w.direction === first.direction) ? first : undefined;
}
