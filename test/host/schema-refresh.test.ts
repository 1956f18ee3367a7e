/**
 * Schema refresh on a server handle (spec 03 "Query path and safeguards" 12): `syncSchema()`
 * answers table and column names only; `metadataQuery(sql)` runs one read-only SELECT, WITH,
 * SHOW or DESCRIBE on the runtime's own connection, refusing anything else before it runs. With
 * a host, the row policy is asked once per statement with purpose `metadata`, and its refusal
 * runs nothing. Real servers on loopback over a copy of the commerce fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostHooks, type LocalServer, startHostedServer, startLocalServer } from '../../src/host.js';
import { StatementError } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const asked: Array<{ purpose: string; principal?: unknown; sql: string }> = [];
let refuse = false;
const hooks: HostHooks = {
  resolvePrincipal: () => ({ id: 'ada', kind: 'person' }),
  rowPolicy: (q) => {
    asked.push({ purpose: q.purpose, principal: q.principal, sql: q.sql });
    return refuse ? { refuse: 'Not now.' } : { sql: q.sql };
  },
};
let local: LocalServer;
let hosted: LocalServer;

beforeAll(async () => {
  local = await startLocalServer({ project: await commerceProject(), port: 0, log: () => undefined });
  hosted = await startHostedServer({ project: await commerceProject(), port: 0, log: () => undefined, hostHooks: hooks });
});
afterAll(async () => {
  await local?.close();
  await hosted?.close();
  cleanupProjects();
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof StatementError ? e.code : `thrown: ${String(e)}`),
  );

describe('syncSchema', () => {
  it('answers table and column names, nothing else', async () => {
    const schema = await local.syncSchema();
    expect(schema.truncated).toBe(false);
    expect(schema.tables.map((t) => t.name)).toEqual(['calendar', 'customers', 'order_items', 'orders', 'payments', 'products']);
    expect(schema.tables.find((t) => t.name === 'orders')).toEqual({
      name: 'orders',
      columns: ['id', 'customer_id', 'ordered_at', 'status', 'amount', 'state', 'channel'],
    });
  });
});

describe('metadataQuery', () => {
  it.each([
    ['a SELECT', 'SELECT COUNT(*) AS n FROM calendar', 'ok'],
    ['a WITH', 'WITH t AS (SELECT 1 AS x) SELECT x FROM t', 'ok'],
    ['a write', 'DELETE FROM orders WHERE id = 1', 'ROW_POLICY_REFUSED'],
    ['a pragma', 'PRAGMA table_info(orders)', 'ROW_POLICY_REFUSED'],
    ['two statements', 'SELECT 1; DELETE FROM orders', 'ROW_POLICY_REFUSED'],
    ['a SELECT that writes through a CTE head', 'WITH t AS (SELECT 1) DELETE FROM orders', 'ROW_POLICY_REFUSED'],
    ['text that is not a statement', '', 'ROW_POLICY_REFUSED'],
  ])('%s: %s', async (_name, sql, code) => {
    expect(await codeOf(local.metadataQuery(sql))).toBe(code);
  });

  it.each([
    ['DELETE FROM orders WHERE id = 1', 'not-metadata'],
    ['PRAGMA table_info(orders)', 'not-metadata'],
    ['SELECT 1; DELETE FROM orders', 'several-statements'],
    ['WITH t AS (SELECT 1) DELETE FROM orders', 'write'],
  ])('says why it refused %s: %s', async (sql, reason) => {
    const refused = await local.metadataQuery(sql).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(StatementError);
    expect(refused).toMatchObject({ code: 'ROW_POLICY_REFUSED', reason });
  });

  it('answers rows of a metadata read', async () => {
    expect((await local.metadataQuery('SELECT COUNT(*) AS n FROM orders')).rows[0]?.['n']).toBeGreaterThan(1000);
  });
});

describe('with a host', () => {
  it('asks the row policy once per statement with purpose metadata and no person', async () => {
    asked.length = 0;
    refuse = false;
    await hosted.metadataQuery('SELECT COUNT(*) AS n FROM orders');
    expect(asked).toEqual([{ purpose: 'metadata', principal: undefined, sql: 'SELECT COUNT(*) AS n FROM orders' }]);
    await hosted.syncSchema();
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.slice(1).every((a) => a.purpose === 'metadata')).toBe(true);
  });

  it('runs nothing when the policy refuses', async () => {
    refuse = true;
    try {
      expect(await codeOf(hosted.metadataQuery('SELECT COUNT(*) AS n FROM orders'))).toBe('ROW_POLICY_REFUSED');
      expect(await codeOf(hosted.syncSchema())).toBe('ROW_POLICY_REFUSED');
    } finally {
      refuse = false;
    }
  });
});
