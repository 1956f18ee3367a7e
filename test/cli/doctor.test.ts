/**
 * `svc doctor` as a child process on real parts: the commerce SQLite warehouse, a misspelt
 * warehouse path, a real PostgreSQL server that wants a password (given wrong, then right), a
 * model endpoint on a loopback port where nothing listens; and `svc init --warehouse
 * duckdb|sqlite`, whose empty warehouse file the doctor and `compile --validate` then reach.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

interface Check {
  check: string;
  name?: string;
  status: string;
  detail: string;
}

function doctor(root: string, env: Record<string, string> = {}): { code: number; checks: Check[]; text: string } {
  const json = svc(['doctor', '--format', 'json'], root, env);
  const text = svc(['doctor'], root, env);
  expect(text.code).toBe(json.code);
  return { code: json.code, checks: (JSON.parse(json.stdout) as { checks: Check[] }).checks, text: text.stdout };
}

function statuses(checks: readonly Check[]): string[] {
  return checks.map((c) => `${c.check}${c.name !== undefined ? ` ${c.name}` : ''}: ${c.status}`);
}

function editConfig(root: string, edit: (config: Record<string, unknown>) => void): void {
  const file = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
}

describe('svc doctor on SQLite', () => {
  it('passes on a good project, naming the resolved path, and takes the schema snapshot', async () => {
    const root = await commerceProject();
    const r = doctor(root);
    expect(r.code).toBe(0);
    expect(statuses(r.checks)).toEqual(['config: ok', 'connection default: ok', 'snapshot default: ok', 'model: skip', 'traces: ok']);
    expect(r.checks[1]?.detail).toContain(join(root, 'data/warehouse.db'));
    expect(r.text).toMatch(/^ok {4}connection default {2}sqlite at .*warehouse\.db answers \(\d+ tables\)$/m);
    expect(r.text).toContain('svc doctor: every check passes');
    expect(existsSync(join(root, '.svc/schema-snapshot.json'))).toBe(true);
  });

  it('fails on a misspelt warehouse path, and so does compile --validate', async () => {
    const root = await commerceProject();
    editConfig(root, (c) => {
      c['connections'] = { default: { driver: 'sqlite', path: 'data/warehous.db' } };
    });
    const r = doctor(root);
    expect(r.code).toBe(1);
    const failed = r.checks.find((c) => c.check === 'connection');
    expect(failed?.status).toBe('fail');
    expect(failed?.detail).toContain(join(root, 'data/warehous.db'));
    expect(failed?.detail).toContain('not found');
    expect(r.text).toMatch(/^FAIL {2}connection default/m);
    expect(svc(['compile', '--validate'], root).code).toBe(1);
  });

  it('fails when the model endpoint has nothing listening', async () => {
    const root = await commerceProject();
    const port = await freePort();
    editConfig(root, (c) => {
      c['ask'] = { provider: { kind: 'openai-compatible', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' } };
    });
    const r = doctor(root);
    expect(r.code).toBe(1);
    expect(r.checks.find((c) => c.check === 'model')).toMatchObject({ status: 'fail', detail: expect.stringContaining(`127.0.0.1:${port}`) });
  });

  it('fails on an invalid config, saying why', () => {
    const root = makeProject({ 'svc.config.json': JSON.stringify({ project: 'p', connections: { default: { driver: 'nope' } } }) });
    const r = doctor(root);
    expect(r.code).toBe(1);
    expect(r.checks[0]).toMatchObject({ check: 'config', status: 'fail' });
  });
});

describe('svc doctor on PostgreSQL', () => {
  let server: PostgresServer;

  beforeAll(async () => {
    server = await startPostgres({ password: 'right-pw' });
    await server.client.query('CREATE TABLE sales (id integer, region text, amount numeric)');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  function project(): string {
    const connection = { driver: 'postgresql', host: '127.0.0.1', port: server.port, user: 'postgres', database: 'postgres', passwordEnv: 'SVC_DOCTOR_PG' };
    return makeProject({ 'svc.config.json': JSON.stringify({ project: 'p', connections: { default: connection } }) });
  }

  it('fails on a bad password, saying the credentials were found and the server refused them', () => {
    const r = doctor(project(), { SVC_DOCTOR_PG: 'wrong-pw' });
    expect(r.code).toBe(1);
    expect(r.checks.find((c) => c.check === 'credentials')).toMatchObject({ status: 'ok', detail: 'password from $SVC_DOCTOR_PG' });
    const connection = r.checks.find((c) => c.check === 'connection');
    expect(connection?.status).toBe('fail');
    expect(connection?.detail).toContain(`127.0.0.1:${server.port}/postgres`);
    expect(connection?.detail).toMatch(/password/i);
  });

  it('warns when no password is found, and passes with the right one (snapshot taken)', () => {
    const missing = doctor(project());
    expect(missing.checks.find((c) => c.check === 'credentials')?.status).toBe('warn');
    const root = project();
    const r = doctor(root, { SVC_DOCTOR_PG: 'right-pw' });
    expect(statuses(r.checks)).toEqual([
      'config: ok',
      'credentials default: ok',
      'connection default: ok',
      'snapshot default: ok',
      'model: skip',
      'traces: ok',
    ]);
    expect(r.code).toBe(0);
    const snapshot = JSON.parse(readFileSync(join(root, '.svc/schema-snapshot.json'), 'utf8'));
    expect(snapshot.connections.default.tables).toContainEqual({
      name: 'sales',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'region', type: 'text' },
        { name: 'amount', type: 'numeric' },
      ],
    });
  });
});

describe('svc init --warehouse', () => {
  it.each([
    ['duckdb', 'data/warehouse.duckdb', 'duckdb data/warehouse.duckdb'],
    ['sqlite', 'data/warehouse.db', 'sqlite3 data/warehouse.db'],
  ])('%s writes an empty warehouse file, says how to load data, and doctor reaches it', (warehouse, file, load) => {
    const root = makeProject({});
    const init = svc(['init', '--warehouse', warehouse], root);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(file);
    expect(init.stdout).toContain(load);
    expect(existsSync(join(root, file))).toBe(true);
    const r = doctor(root);
    expect(r.checks.find((c) => c.check === 'connection')).toMatchObject({ status: 'ok', detail: expect.stringContaining('(0 tables)') });
    expect(r.code).toBe(0);
    expect(svc(['compile', '--validate'], root).code).toBe(0);
  });
});
