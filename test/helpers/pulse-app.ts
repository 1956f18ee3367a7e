/**
 * A published App for the Home, schedule and delivery tests, written into a copy of the commerce
 * fixture: `pulse`, page `main` with a Certified chart (weekly revenue; its figure is the last
 * row's revenue) and a tile on a draft block (Needs review: its figures must never travel).
 * `schedules` is written as given. `scaleRevenue` changes the warehouse so figures move.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const REVISIONS = {
  // The block's revision as the fixture's own pages bind it: a tile that drifted would need review.
  revenue: { kind: 'block', id: 'finance.weekly_revenue', revision: 'sha256:7431e66b75e83e635f235b893b1e1dc0cf60b9e1b44cd962a20920d00b275660' },
  review: { kind: 'block', id: 'finance.revenue_by_channel' },
};

/** Writes apps/pulse (owner `owner`) with `schedules` into the project at `root`. */
export function writePulseApp(root: string, owner: string, schedules: unknown[] = []): void {
  const dir = join(root, 'apps/pulse');
  mkdirSync(join(dir, 'dashboards'), { recursive: true });
  const app = {
    id: 'pulse',
    title: 'Pulse',
    owner,
    lifecycle: 'certified',
    pages: [{ id: 'main', title: 'Main', dashboard: 'dashboards/main.svcd' }],
    schedules,
  };
  writeFileSync(join(dir, 'svc.app.json'), `${JSON.stringify(app, null, 2)}\n`);
  const page = {
    id: 'main',
    title: 'Main',
    tiles: [
      { id: 'revenue', title: 'Weekly revenue', kind: 'chart', source: REVISIONS.revenue },
      { id: 'review', title: 'Revenue by channel', kind: 'table', source: REVISIONS.review },
    ],
  };
  writeFileSync(join(dir, 'dashboards/main.svcd'), `${JSON.stringify(page, null, 2)}\n`);
}

/** Multiplies the amount of every order shipped to `state` by `factor`. */
/** The result cache reads a warehouse file's signature at most every 100 ms: a change is seen after that. */
const CACHE_STAT_MS = 100;

export async function scaleRevenue(root: string, state: string, factor: number): Promise<void> {
  const db = new Database(join(root, 'data/warehouse.db'));
  try {
    db.prepare('UPDATE orders SET amount = amount * ? WHERE state = ?').run(factor, state);
  } finally {
    db.close();
  }
  // A run right after the write may still be answered from the cache until its next look at the file.
  await new Promise((done) => setTimeout(done, CACHE_STAT_MS * 2));
}
