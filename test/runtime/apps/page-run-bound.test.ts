/**
 * An App page run holds at most four statements at once in all (spec 01 App AI rule 8; issue
 * 27): a page of five block tiles and five live answer tiles, run over the real executor on the
 * commerce warehouse, never has more than four statements in the executor together (block tiles
 * and answer tiles once each had four places of their own), and every tile still runs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryRunStore, type RunRecord } from '../../../src/host.js';
import { buildServer } from '../../../src/index.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { hookHarness } from '../../helpers/hook-harness.js';

const BLOCKS = ['finance.average_order_value', 'finance.weekly_revenue', 'finance.monthly_revenue', 'sales.channel_mix', 'sales.daily_orders'];
const RUNS = ['r1', 'r2', 'r3', 'r4', 'r5'];

const harness = hookHarness((root) => {
  const tiles = [
    ...BLOCKS.map((id, i) => ({ id: `b${i}`, title: id, kind: 'table', source: { kind: 'block', id } })),
    ...RUNS.map((id, i) => ({ id: `a${i}`, title: id, kind: 'table', mode: 'live', source: { kind: 'answer', id } })),
  ];
  writeFileSync(join(root, 'apps/growth/dashboards/busy.svcd'), JSON.stringify({ id: 'busy', title: 'Busy', tiles }));
  const app = JSON.parse(readFileSync(join(root, 'apps/growth/svc.app.json'), 'utf8'));
  app.pages.push({ id: 'busy', title: 'Busy', dashboard: 'dashboards/busy.svcd' });
  writeFileSync(join(root, 'apps/growth/svc.app.json'), JSON.stringify(app));
});

const record = (runId: string): RunRecord => ({
  runId,
  owner: 'ada',
  at: new Date(0).toISOString(),
  question: 'orders per state',
  status: 'answered',
  tier: 2,
  trust: 'review_required',
  sqlFrom: 'written',
  sql: `SELECT state, count(*) AS n, '${runId}' AS run FROM orders GROUP BY state`,
  tables: ['orders'],
  traceId: 't',
  sources: [],
});

/** The real executor, counting how many statements it holds at once (each held a moment, so they meet). */
function counting(real: Executor): { executor: Executor; most: () => number } {
  let now = 0;
  let most = 0;
  const executor = new Proxy(real, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Executor['execute']>) => {
        now += 1;
        most = Math.max(most, now);
        try {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return await target.execute(...args);
        } finally {
          now -= 1;
        }
      };
    },
  });
  return { executor, most: () => most };
}

describe('an App page run', () => {
  it('runs ten tiles with never more than four statements at once', async () => {
    const runs = createMemoryRunStore();
    for (const id of RUNS) await runs.put(record(id));
    const { executor, most } = counting(harness.executor());
    const app = buildServer({ root: harness.root, manifest: harness.manifest, config: harness.config, executor, runs, log: () => {} });
    const res = await app.inject({ method: 'POST', url: '/api/apps/growth/pages/busy/run', payload: {} });
    expect(res.statusCode).toBe(200);
    const tiles = (res.json() as { tiles: Array<{ id: string; ok?: boolean }> }).tiles;
    expect(tiles.map((t) => [t.id, t.ok])).toEqual([...BLOCKS.map((_b, i) => [`b${i}`, true]), ...RUNS.map((_r, i) => [`a${i}`, true])]);
    expect(most()).toBe(4);
  });
});
