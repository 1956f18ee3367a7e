/**
 * The schema routes (spec 02 rule 14, spec 03 "Query path" 1 and 3): `GET /api/schema` and
 * `GET /api/describe-table` list table and column names through the executor's catalog
 * lookups, the name bound as a parameter; names with a quote, backslash or control character
 * are refused before any lookup; the host's row policy decides each lookup (purpose metadata);
 * and the `columnsVisible` conformance table: no hook, valid, wrong shape, throw, time-out.
 */

import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';

const harness = hookHarness();
const { events } = harness;
const server = (hooks?: HostHooks) => harness.server(hooks);

const ADA = { id: 'ada@host.test', kind: 'person' as const };
const never = () => new Promise<never>(() => undefined);
const ORDER_COLUMNS = ['id', 'customer_id', 'ordered_at', 'status', 'amount', 'state', 'channel'];

describe('schema routes without a host', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = server();
  });

  it('lists every table with its columns', async () => {
    const res = await app.inject({ url: '/api/schema' });
    const body = res.json() as { tables: Array<{ name: string; columns: Array<{ name: string }> }> };
    expect(body.tables.map((t) => t.name)).toEqual(['calendar', 'customers', 'order_items', 'orders', 'payments', 'products']);
    expect(body.tables.find((t) => t.name === 'orders')?.columns.map((c) => c.name)).toEqual(ORDER_COLUMNS);
  });

  it('describes one table', async () => {
    const res = await app.inject({ url: '/api/describe-table?table=orders' });
    expect((res.json() as { columns: Array<{ name: string }> }).columns.map((c) => c.name)).toEqual(ORDER_COLUMNS);
  });

  it.each([
    ['orders"; DROP TABLE orders; --', 400, 'RELATION_NAME_REFUSED'],
    ["orders' OR '1'='1", 400, 'RELATION_NAME_REFUSED'],
    ['orders`', 400, 'RELATION_NAME_REFUSED'],
    ['main\\orders', 400, 'RELATION_NAME_REFUSED'],
    ['orders\u0000', 400, 'RELATION_NAME_REFUSED'],
    ['orders\nx', 400, 'RELATION_NAME_REFUSED'],
    ['orders\u0085', 400, 'RELATION_NAME_REFUSED'],
    // No quote: bound as a parameter, it names no table, so nothing is found and nothing runs but the lookup.
    ['orders) UNION SELECT 1 --', 404, 'TABLE_NOT_FOUND'],
    ['nope', 404, 'TABLE_NOT_FOUND'],
  ])('refuses or does not find %j', async (table, status, code) => {
    const from = events.length;
    const res = await app.inject({ url: `/api/describe-table?table=${encodeURIComponent(table)}` });
    expect(res.statusCode).toBe(status);
    expect((res.json() as { error: { code: string } }).error.code).toBe(code);
    // A refused name reaches no lookup at all.
    if (code === 'RELATION_NAME_REFUSED') expect(events.length).toBe(from);
    expect(res.body).not.toContain('DROP TABLE');
  });
});

describe('columnsVisible: conformance', () => {
  it.each([
    ['no hook: every column', undefined, ORDER_COLUMNS],
    ['valid: the named ones', () => ['status', 'amount', 'state'], ['status', 'amount', 'state']],
    ['valid, as a promise', async () => ['id'], ['id']],
    ['cannot add a column the table lacks', () => ['id', 'password'], ['id']],
    ['wrong shape: a string', () => 'id,amount', []],
    ['wrong shape: a list of objects', () => [{ name: 'id' }], []],
    [
      'throws: none',
      () => {
        throw new Error('directory down');
      },
      [],
    ],
    ['times out: none', never, []],
  ])('%s', async (_name, hook, expected) => {
    const seen: unknown[] = [];
    const hooks: HostHooks = {
      resolvePrincipal: () => ADA,
      ...(hook !== undefined
        ? {
            columnsVisible: (p, relation, columns) => {
              seen.push([p.id, relation, columns]);
              return (hook as () => string[])();
            },
          }
        : {}),
    };
    const app = server(hooks);
    const described = (await app.inject({ url: '/api/describe-table?table=orders' })).json() as { columns: Array<{ name: string }> };
    expect(described.columns.map((c) => c.name)).toEqual(expected);
    const schema = (await app.inject({ url: '/api/schema' })).json() as { tables: Array<{ name: string; columns: Array<{ name: string }> }> };
    expect(schema.tables.find((t) => t.name === 'orders')?.columns.map((c) => c.name)).toEqual(expected);
    if (hook !== undefined) expect(seen[0]).toEqual([ADA.id, 'orders', ORDER_COLUMNS]);
  });
});

describe('catalog lookups pass the row policy (purpose metadata)', () => {
  it('asks once per lookup, names bound as values, and a refusal lists nothing', async () => {
    const calls: QueryContext[] = [];
    const allowing = server({
      resolvePrincipal: () => ADA,
      rowPolicy: (q) => {
        calls.push(q);
        return { sql: q.sql };
      },
    });
    const res = await allowing.inject({ url: '/api/describe-table?table=orders' });
    expect(res.statusCode).toBe(200);
    expect(calls.map((c) => [c.purpose, c.params, c.principal?.id])).toEqual([['metadata', ['orders'], ADA.id]]);
    const refusing = server({ resolvePrincipal: () => ADA, rowPolicy: () => ({ refuse: 'No catalog for you.' }) });
    const from = events.length;
    for (const url of ['/api/schema', '/api/describe-table?table=orders']) {
      const r = await refusing.inject({ url });
      expect([r.statusCode, (r.json() as { error: { code: string; message: string } }).error]).toEqual([
        403,
        expect.objectContaining({ code: 'ROW_POLICY_REFUSED', message: 'No catalog for you.' }),
      ]);
    }
    // Each refused lookup is reported as refused (the server's own start-up reads may interleave).
    expect(events.slice(from).filter((e) => e.outcome === 'refused').length).toBe(2);
  });
});
