/**
 * The offline name check on the server warehouses, each snapshot taken from a real server by
 * `svc doctor` (PostgreSQL and ClickHouse, started for this file), with a table and a column
 * whose names have capitals: what the check passes the server runs, and what it reports, at its
 * line and column with the closest name, the server rejects too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { type ClickHouseCluster, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

let postgres: PostgresServer | undefined;
let clickhouse: ClickHouseCluster | undefined;
const connections: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  postgres = await startPostgres();
  await postgres.client.query('CREATE TABLE "Sales" ("Region" text, amount numeric)');
  connections['postgresql'] = { driver: 'postgresql', host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'postgres' };
  clickhouse = await startClickHouseCluster(1, 'reader-pw');
  await clickhouse.query('CREATE TABLE default.Sales (Region String, amount Float64) ENGINE = Memory');
  const node = clickhouse.nodes[0] as ClickHouseCluster['nodes'][number];
  connections['clickhouse'] = { driver: 'clickhouse', host: '127.0.0.1', port: node.httpPort, user: 'reader', passwordEnv: 'SVC_SNAPSHOT_CH' };
}, 300_000);

afterAll(async () => {
  await postgres?.stop();
  await clickhouse?.stop();
  cleanupProjects();
});

const ENV = { SVC_SNAPSHOT_CH: 'reader-pw' };

function project(driver: string, query: string): string {
  const block = `block "b" {\n  domain = "s"\n  status = "draft"\n  description = "d"\n  owner = "o@x.test"\n  query = """\n    ${query}\n  """\n}\n`;
  return makeProject({
    'svc.config.json': JSON.stringify({ project: 'p', connections: { default: connections[driver] } }),
    'domains/s/blocks/b.svc': block,
  });
}

function sqlFindings(stdout: string): Array<[string, number, number, string]> {
  return (JSON.parse(stdout) as { diagnostics: Array<{ code: string; span?: { start: { line: number; column: number } }; hint?: string }> }).diagnostics
    .filter((d) => d.code.startsWith('sql/'))
    .map((d) => [d.code, d.span?.start.line ?? 0, d.span?.start.column ?? 0, d.hint ?? '']);
}

// The query is line 7 of the block file, from column 5.
describe.each<[string, Array<[string, Array<[string, number, number, string]>]>]>([
  [
    'postgresql',
    [
      ['SELECT "Region", amount FROM "Sales" WHERE amount > 0', []],
      ['SELECT region FROM "Sales"', [['sql/unknown-column', 7, 12, 'Did you mean Region?']]],
      ['SELECT amount FROM Sales', [['sql/unknown-table', 7, 24, 'Did you mean Sales?']]],
      ['SELECT amount FORM "Sales"', [['sql/misspelt-keyword', 7, 19, 'Write FROM instead of FORM.']]],
    ],
  ],
  [
    'clickhouse',
    [
      ['SELECT Region, amount FROM Sales WHERE amount > 0', []],
      ['SELECT region FROM Sales', [['sql/unknown-column', 7, 12, 'Did you mean Region?']]],
      ['SELECT amount FROM sales', [['sql/unknown-table', 7, 24, 'Did you mean Sales?']]],
    ],
  ],
])('names on a real %s server', (driver, cases) => {
  it.each(cases)('%s', async (query, expected) => {
    const root = project(driver, query);
    const doctor = svc(['doctor', '--format', 'json'], root, ENV);
    expect(doctor.code, doctor.stdout).toBe(0);
    const lint = svc(['lint', '--format', 'json'], root, ENV);
    expect(sqlFindings(lint.stdout)).toEqual(expected);
    // The engine agrees: the server itself runs the query exactly when the check reports nothing.
    const ran = await (driver === 'postgresql' ? postgres?.client.query(query) : clickhouse?.query(query)).then(
      () => true,
      () => false,
    );
    expect(ran).toBe(expected.length === 0);
  });
});
