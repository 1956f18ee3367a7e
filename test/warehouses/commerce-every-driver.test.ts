/**
 * The commerce fixture, unchanged, on every warehouse svc runs: the same blocks, the same
 * certification runs (real `svc certify` processes), the same Ask answers (real
 * `svc agent ask` processes) and the same rows on SQLite, DuckDB, PostgreSQL and ClickHouse.
 * The data is the generated SQLite warehouse written into each engine by one loader;
 * PostgreSQL and ClickHouse are real servers started for this file. Numbers are compared to a cent: engines add money in
 * different number types (double, decimal) before rounding it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { runBlock } from '../../src/runtime/blocks/run-block.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { svc } from '../helpers/cli.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { loadClickhouse, loadDuckdb, loadPostgres, readCommerce, type SourceTable } from '../helpers/load-commerce.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

type Driver = 'sqlite' | 'duckdb' | 'postgresql' | 'clickhouse';
const DRIVERS: Driver[] = ['sqlite', 'duckdb', 'postgresql', 'clickhouse'];
const roots = new Map<Driver, string>();
let manifest: Manifest;
let postgres: PostgresServer | undefined;
let clickhouse: ClickHouseCluster | undefined;

function useConnection(root: string, connection: Record<string, unknown>): void {
  const file = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as SvcConfig;
  writeFileSync(file, JSON.stringify({ ...config, connections: { default: connection } }, null, 2));
  const compiled = compileProject({ project: root, cache: false });
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
}

async function postgresProject(tables: readonly SourceTable[]): Promise<string> {
  postgres = await startPostgres();
  await postgres.client.query('CREATE DATABASE commerce');
  const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'commerce' });
  await client.connect();
  try {
    await loadPostgres(client, tables);
  } finally {
    await client.end();
  }
  const root = await commerceProject();
  useConnection(root, { driver: 'postgresql', host: '127.0.0.1', port: postgres.port, database: 'commerce', user: 'postgres' });
  return root;
}

async function clickhouseProject(tables: readonly SourceTable[]): Promise<string> {
  clickhouse = await startClickHouseCluster(1, 'reader-pw');
  process.env['SVC_TEST_CH_PASSWORD'] = 'reader-pw';
  const node = clickhouse.nodes[0] as ClickHouseCluster['nodes'][number];
  await loadClickhouse(node.url, tables);
  const root = await commerceProject();
  useConnection(root, { driver: 'clickhouse', host: '127.0.0.1', port: node.httpPort, user: 'reader', passwordEnv: 'SVC_TEST_CH_PASSWORD' });
  return root;
}

beforeAll(async () => {
  const sqlite = await commerceProject();
  roots.set('sqlite', sqlite);
  manifest = JSON.parse(compileProject({ project: sqlite, cache: false }).text ?? '{}') as Manifest;
  const tables = readCommerce(join(sqlite, 'data', 'warehouse.db'));
  const duck = await commerceProject();
  useConnection(duck, { driver: 'duckdb', path: await loadDuckdb(duck, tables) });
  roots.set('duckdb', duck);
  roots.set('postgresql', await postgresProject(tables));
  roots.set('clickhouse', await clickhouseProject(tables));
}, 300_000);

afterAll(async () => {
  await postgres?.stop();
  await clickhouse?.stop();
  delete process.env['SVC_TEST_CH_PASSWORD'];
  cleanupProjects();
});

/** Rows with every number rounded to the cent, so engines that add in other types compare alike. */
function comparable(rows: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 100) / 100 : v])));
}

const certified = () =>
  Object.values(manifest.blocks)
    .filter((b) => b.status === 'certified' && !b.inDrafts)
    .map((b) => b.id)
    .sort();

async function rowsOf(driver: Driver, id: string) {
  const root = roots.get(driver) as string;
  const config = JSON.parse(readFileSync(join(root, 'svc.config.json'), 'utf8')) as SvcConfig;
  const executor = createExecutor({ root, config });
  try {
    const run = await runBlock(executor, undefined, manifest.blocks[id] as Manifest['blocks'][string]);
    expect(run.error).toBeUndefined();
    return run;
  } finally {
    await executor.close();
  }
}

describe.each(DRIVERS.filter((d) => d !== 'sqlite'))('the commerce blocks on %s', (driver) => {
  it('every certified block answers the same rows as on SQLite', async () => {
    expect(certified().length).toBeGreaterThan(10);
    for (const id of certified()) {
      const [mine, reference] = [await rowsOf(driver, id), await rowsOf('sqlite', id)];
      expect({ id, columns: mine.columns }).toEqual({ id, columns: reference.columns });
      expect({ id, rows: comparable(mine.rows) }).toEqual({ id, rows: comparable(reference.rows) });
      expect(mine.rowCount).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe.each(DRIVERS)('svc on %s', (driver) => {
  it('certifies every certified block again: engine validation, a real run and the tests', () => {
    const root = roots.get(driver) as string;
    for (const id of certified()) {
      const r = svc(['certify', id, '--format', 'json', '--project', root], root, { SVC_TEST_CH_PASSWORD: 'reader-pw' });
      const out = JSON.parse(r.stdout) as { ok: boolean; checks: Array<{ rule: string; outcome: string }> };
      const failed = out.checks.filter((c) => c.outcome === 'fail').map((c) => c.rule);
      // One fixture block is a trap: certified while its description still asks for review.
      if (id === 'sales.cancellation_rate_by_channel') expect({ id, failed }).toEqual({ id, failed: ['certification/review-required-description'] });
      else expect({ id, code: r.code, failed }).toEqual({ id, code: 0, failed: [] });
      expect(out.checks.find((c) => c.rule === 'certification/engine-accepts')?.outcome).toBe('pass');
    }
  }, 180_000);

  it.each([
    ['top 3 states by revenue', 'sales.top_states_by_revenue', { top_n: 3 }],
    ['What was the monthly revenue since 2025-01-01?', 'finance.monthly_revenue', undefined],
    ['What is the repeat purchase rate?', 'customers.repeat_purchase_rate', undefined],
    ['Show weekly revenue since March 2025', 'finance.weekly_revenue', { since: '2025-03-01' }],
    ['What is the revenue by payment method?', 'finance.revenue_by_payment_method', undefined],
  ])(
    'answers "%s" at Tier 1 with the rows SQLite gives',
    (question, block, params) => {
      const ask = (d: Driver) => {
        const r = svc(['agent', 'ask', question, '--format', 'json', '--project', roots.get(d) as string], roots.get(d) as string, {
          SVC_TEST_CH_PASSWORD: 'reader-pw',
        });
        return JSON.parse(r.stdout) as { tier: number; trust: string; block?: string; params?: Record<string, unknown>; rows: Array<Record<string, unknown>> };
      };
      const answer = ask(driver);
      expect({ tier: answer.tier, trust: answer.trust, block: answer.block }).toEqual({ tier: 1, trust: 'certified', block });
      if (params !== undefined) expect(answer.params).toEqual(params);
      expect(answer.rows.length).toBeGreaterThan(0);
      if (driver !== 'sqlite') expect(comparable(answer.rows)).toEqual(comparable(ask('sqlite').rows));
    },
    60_000,
  );
});
