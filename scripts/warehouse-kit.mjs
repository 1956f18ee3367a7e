/**
 * What the fixture warehouse generators draw their data with: one seeded random source, so a
 * seed fixes a whole warehouse, and the calendar dimension the weekly generators share. What
 * goes into each warehouse stays each generator's own (make-*-warehouse.mjs).
 */
import { headerIs, writeWarehouse } from './warehouse-file.mjs';

/** mulberry32: small, fast and good enough for fake data; the seed fixes every draw. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  // Weighted pick over [value, weight] pairs; weights need not sum to 1.
  const weighted = (pairs) => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of pairs) if ((r -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  };
  // Exponential draw with the given mean (lead, repair and payment times).
  const expo = (mean) => -Math.log(1 - next()) * mean;
  // Gaussian-ish noise from three uniforms, mean 0, roughly unit spread.
  const noise = () => (next() + next() + next() - 1.5) * 1.4;
  // Knuth's method: fine for the small means drawn here (tickets a day, appointments a clinic-day).
  const poisson = (mean) => {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = next();
    while (p > limit) {
      k++;
      p *= next();
    }
    return k;
  };
  return { next, int, pick, weighted, expo, noise, poisson };
}

const DOW = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The tables every weekly generator shares, as DDL: the date dimension fillCalendar writes, its
 * last column named `flag` (is_working_day, is_weekday, is_weekend), and the load watermark per
 * source system.
 */
export const calendarTables = (
  flag,
) => `CREATE TABLE calendar (day TEXT PRIMARY KEY, week_start TEXT NOT NULL, month TEXT NOT NULL, quarter TEXT NOT NULL, year INTEGER NOT NULL, weekday TEXT NOT NULL, ${flag} INTEGER NOT NULL);
CREATE TABLE etl_loads (source TEXT PRIMARY KEY, loaded_through TEXT NOT NULL);`;

/**
 * The date dimension `calendar(day, week_start, month, quarter, year, weekday, <flag>)`: every
 * day number from `first` to `last`, with its ISO week's Monday and labels. `day(n)` spells a day
 * number, `weekdayOf(n)` gives its weekday (0 = Monday), `flag(n, weekday)` the last column.
 */
export function fillCalendar(db, { first, last, day, weekdayOf, flag }) {
  const ins = db.prepare('INSERT INTO calendar VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (let n = first; n <= last; n++) {
    const d = day(n);
    const wd = weekdayOf(n);
    const q = Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1;
    ins.run(d, day(n - wd), d.slice(0, 7), `${d.slice(0, 4)}-Q${q}`, Number(d.slice(0, 4)), DOW[wd], flag(n, wd));
  }
}

const WEEK_SECONDS = 7 * 86400;

/**
 * The entry points of a weekly generator, whose data ends at second `t1` and is moved forward in
 * whole weeks so its last day is within 7 days of now: `calendarShift(now)` (the seconds added),
 * `lastDataDay(now)`, `makeWarehouse(path, { now })` (atomic; `setShift` hands the generator its
 * shift, then the new database gets `schema`, the rows `fill(db, prng(seed))` draws, the calendar
 * `calendar(db)` writes, `indexes` and fresh statistics) and `warehouseIsCurrent(path, now)`
 * (generated the same week). The same week gives the same bytes.
 */
export function weeklyWarehouse({ t1, layout, deferKeys = false, setShift, schema, seed, fill, calendar, indexes }) {
  const build = (db) => {
    db.exec(schema);
    db.transaction(() => fill(db, prng(seed)))();
    db.transaction(() => calendar(db))();
    db.exec(indexes);
    db.exec('ANALYZE');
  };
  const calendarShift = (now = new Date()) => {
    const t = Math.floor(new Date(now).getTime() / 1000);
    if (!Number.isFinite(t)) throw new TypeError(`not a date: ${String(now)}`);
    return Math.max(0, Math.floor((t - t1) / WEEK_SECONDS)) * WEEK_SECONDS;
  };
  return {
    calendarShift,
    lastDataDay: (now = new Date()) => new Date((t1 + calendarShift(now)) * 1000).toISOString().slice(0, 10),
    makeWarehouse: async (path, options = {}) => {
      const shift = calendarShift(options.now ?? new Date());
      setShift(shift);
      return writeWarehouse(path, { version: shift / WEEK_SECONDS, layout, deferKeys, build });
    },
    warehouseIsCurrent: (path, now = new Date()) => headerIs(path, calendarShift(now) / WEEK_SECONDS, layout),
  };
}
