/**
 * Key proofs on every warehouse svc runs (SQLite, DuckDB, PostgreSQL, ClickHouse): the commerce
 * data loaded into each engine by the one loader, the key blocks added to each project, and each
 * complete-source proof through that engine's connector giving the counts computed from the
 * SQLite file by the test's own query (a good key and a composite key pass, a repeated key and a
 * key with nulls fail), with no key value in the answer; each declared relationship validated
 * through that connector giving the counts of both blocks computed from the SQLite file (a join
 * that holds, a one-to-one that is many-to-one, orphans and null keys, a "one" side that repeats
 * its key, other key names on each side); and `svc keys prove` as a real child process on each. PostgreSQL and ClickHouse are real servers started for this file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { proveKeys } from '../../src/runtime/keys/prove-keys.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { svc } from '../helpers/cli.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { addKeyBlocks, expectedCounts, expectedJoinCounts, keyValues } from '../helpers/key-blocks.js';
import { loadClickhouse, loadDuckdb, loadPostgres, readCommerce, type SourceTable } from '../helpers/load-commerce.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

type Driver = 'sqlite' | 'duckdb' | 'postgresql' | 'clickhouse';
const DRIVERS: Driver[] = ['sqlite', 'duckdb', 'postgresql', 'clickhouse'];
const projects = new Map<Driver, { root: string; manifest: Manifest }>();
let sqliteFile: string;
let postgres: PostgresServer | undefined;
let clickhouse: ClickHouseCluster | undefined;
const ENV = { SVC_TEST_CH_PASSWORD: 'reader-pw' };

/** Points the project's default connection at `connection`, then adds the key blocks. */
function keyProject(root: string, connection?: Record<string, unknown>): { root: string; manifest: Manifest } {
  if (connection !== undefined) {
    const file = join(root, 'svc.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as SvcConfig;
    writeFileSync(file, JSON.stringify({ ...config, connections: { default: connection } }, null, 2));
  }
  return { root, manifest: addKeyBlocks(root) };
}

async function postgresRoot(tables: readonly SourceTable[]): Promise<string> {
  postgres = await startPostgres();
  await postgres.client.query('CREATE DATABASE commerce');
  const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'commerce' });
  await client.connect();
  try {
    await loadPostgres(client, tables);
  } finally {
    await client.end();
  }
  return commerceProject();
}

beforeAll(async () => {
  const sqlite = await commerceProject();
  sqliteFile = join(sqlite, 'data/warehouse.db');
  projects.set('sqlite', keyProject(sqlite));
  const tables = readCommerce(sqliteFile);
  const duck = await commerceProject();
  projects.set('duckdb', keyProject(duck, { driver: 'duckdb', path: await loadDuckdb(duck, tables) }));
  const pgRoot = await postgresRoot(tables);
  projects.set('postgresql', keyProject(pgRoot, { driver: 'postgresql', host: '127.0.0.1', port: postgres?.port, database: 'commerce', user: 'postgres' }));
  clickhouse = await startClickHouseCluster(1, 'reader-pw');
  process.env['SVC_TEST_CH_PASSWORD'] = 'reader-pw';
  const node = clickhouse.nodes[0] as ClickHouseCluster['nodes'][number];
  await loadClickhouse(node.url, tables);
  const chRoot = await commerceProject();
  projects.set(
    'clickhouse',
    keyProject(chRoot, { driver: 'clickhouse', host: '127.0.0.1', port: node.httpPort, user: 'reader', passwordEnv: 'SVC_TEST_CH_PASSWORD' }),
  );
}, 300_000);

afterAll(async () => {
  await postgres?.stop();
  await clickhouse?.stop();
  delete process.env['SVC_TEST_CH_PASSWORD'];
  cleanupProjects();
});

const CASES = [
  { name: 'customer_directory', status: 'passed' },
  { name: 'channel_by_state', status: 'passed' },
  { name: 'order_states', status: 'failed' },
  { name: 'order_keys_with_gaps', status: 'failed' },
] as const;

const JOINS = [
  { block: 'order_customers', name: 'customer', status: 'passed', observed: 'many-to-one' },
  { block: 'order_customers', name: 'customer_once', status: 'failed', observed: 'many-to-one' },
  { block: 'order_refs_with_gaps', name: 'customer', status: 'failed', observed: 'many-to-one' },
  { block: 'state_totals', name: 'states', status: 'failed', observed: 'one-to-many' },
  { block: 'customer_emails', name: 'directory', status: 'passed', observed: 'one-to-one' },
] as const;

describe.each(DRIVERS)('key proofs on %s', (driver) => {
  it('each relationship validation gives the counts of every row of both blocks, in one statement on the connection', async () => {
    const { root, manifest } = projects.get(driver) as { root: string; manifest: Manifest };
    const config = JSON.parse(readFileSync(join(root, 'svc.config.json'), 'utf8')) as SvcConfig;
    const executor = createExecutor({ root, config });
    try {
      const result = await proveKeys({
        root,
        manifest,
        executor,
        asker: undefined,
        log: () => undefined,
        relationships: JOINS.map((j) => `keys.${j.block}.${j.name}`),
      });
      const got = result.relationships.map(
        ({ id, status, observedCardinality, error, block: _b, file: _f, to: _t, keys: _k, toKeys: _tk, cardinality: _c, ...counts }) => ({
          id,
          status,
          observedCardinality,
          error: error?.code,
          ...counts,
        }),
      );
      expect(got).toEqual(
        JOINS.map((j) => ({
          id: `keys.${j.block}.${j.name}`,
          status: j.status,
          observedCardinality: j.observed,
          error: undefined,
          ...expectedJoinCounts(sqliteFile, j.block, j.name),
        })),
      );
    } finally {
      await executor.close();
    }
  }, 120_000);

  it('svc keys prove --relationship prints each join with its counts and exits 1 on a join that does not hold, 0 on ones that do', () => {
    const { root } = projects.get(driver) as { root: string };
    const failing = svc(['keys', 'prove', '--relationship', 'keys.state_totals.states', '--project', root], root, ENV);
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    expect(failing.stdout).toContain('failed  relationship keys.state_totals.states  keys state -> keys.order_states  one-to-one');
    expect(failing.stdout).toContain('observed one-to-many; orphan keys 0 (rows 0)');
    const holding = svc(['keys', 'prove', '--relationship', 'keys.order_customers.customer', '--relationship', 'directory', '--project', root], root, ENV);
    expect(holding.code, holding.stdout + holding.stderr).toBe(0);
    expect(holding.stdout).toContain('relationship keys.customer_emails.directory  keys id -> keys.customer_directory (customer_id)  one-to-one');
    expect(holding.stdout).toContain('All 2 key proofs passed.');
  }, 60_000);

  it('each proof gives the counts of every row, and a repeated key fails with no key value shown', async () => {
    const { root, manifest } = projects.get(driver) as { root: string; manifest: Manifest };
    const config = JSON.parse(readFileSync(join(root, 'svc.config.json'), 'utf8')) as SvcConfig;
    const executor = createExecutor({ root, config });
    try {
      const result = await proveKeys({ root, manifest, executor, asker: undefined, log: () => undefined, blocks: CASES.map((c) => `keys.${c.name}`) });
      const got = result.datasets.map((d) => ({
        block: d.block,
        status: d.status,
        error: d.error?.code,
        rowCount: d.rowCount,
        distinctKeyCount: d.distinctKeyCount,
        nullKeyCount: d.nullKeyCount,
        duplicateKeyCount: d.duplicateKeyCount,
      }));
      expect(got).toEqual(CASES.map((c) => ({ block: `keys.${c.name}`, status: c.status, error: undefined, ...expectedCounts(sqliteFile, c.name) })));
      const text = JSON.stringify(result);
      for (const v of keyValues(sqliteFile, 'order_states')) expect(text).not.toContain(`"${v}"`);
    } finally {
      await executor.close();
    }
  }, 120_000);

  it('svc keys prove exits 1 naming the failed proofs, 0 for keys that hold', () => {
    const { root } = projects.get(driver) as { root: string };
    const failing = svc(['keys', 'prove', 'keys.order_states', '--project', root], root, ENV);
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    expect(failing.stdout).toContain('failed  keys.order_states  keys state');
    const holding = svc(['keys', 'prove', 'keys.customer_directory', 'keys.channel_by_state', '--project', root], root, ENV);
    expect(holding.code, holding.stdout + holding.stderr).toBe(0);
    expect(holding.stdout).toContain('All 2 key proofs passed.');
  }, 60_000);
});
