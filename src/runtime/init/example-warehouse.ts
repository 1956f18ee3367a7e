/**
 * The small SQLite warehouse `svc init --example` generates: one `orders` table over the twelve
 * months before today, so the example block's questions return rows on the day the project is
 * made. Values come from a seeded generator, so two projects made the same day hold the same
 * rows; only the calendar follows the clock.
 */

import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';

const DAY_MS = 86_400_000;
const ORDERS = 600;
const REGIONS = ['north', 'south', 'east', 'west'] as const;
const STATUSES = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'refunded', 'cancelled'] as const;

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rows: order times spread over the 365 days before `now` (whole seconds, UTC). */
function orderRows(now: Date): Array<[number, string, string, string, number]> {
  const next = seeded(20260101);
  const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS; // midnight today: every order is in the past
  const rows: Array<[number, string, string, string, number]> = [];
  for (let id = 1; id <= ORDERS; id++) {
    const at = new Date(end - Math.floor(next() * 365 * DAY_MS) - 1000).toISOString().slice(0, 19) + 'Z';
    const region = REGIONS[Math.floor(next() * REGIONS.length)]!;
    const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
    rows.push([id, at, region, status, Math.round((15 + next() * 285) * 100) / 100]);
  }
  return rows;
}

/** Writes the example warehouse to `path` (which must not exist yet). */
export function writeExampleWarehouse(path: string, now: Date = new Date()): void {
  const db = new Database(path);
  try {
    db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, ordered_at TEXT NOT NULL, region TEXT NOT NULL,
      status TEXT NOT NULL, amount REAL NOT NULL);
      CREATE INDEX orders_ordered_at ON orders(ordered_at);`);
    const insert = db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const row of orderRows(now)) insert.run(...row);
    })();
    db.close();
  } catch (error) {
    if (db.open) db.close();
    rmSync(path, { force: true });
    throw error;
  }
}
