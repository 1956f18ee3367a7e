/**
 * PostgreSQL names resolve as the engine resolves them (issue 27), two people on a hosted server
 * over a real PostgreSQL whose sign-in role reads `"$user", public, hr` (its own search_path).
 * The host keeps the `hr` and `reader` schemas to ada and narrows orders to each person's state,
 * comparing the names the row policy is told. An unqualified name that the path resolves to
 * another schema is told as that schema's table, so bob cannot reach pay through it; a statement
 * that changes the path is refused before anything runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { hostedOnPostgres, proposedAs } from '../helpers/hosted-postgres.js';
import { type PostgresServer, startPostgres } from '../helpers/postgres-server.js';
import { cleanupProjects } from '../helpers/project.js';

const hosted = hostedCommerce();
let pg: PostgresServer | undefined;
let url = '';
afterAll(async () => {
  await hosted.closeAll();
  await pg?.stop();
  cleanupProjects();
});

const STATE: Record<string, string> = { ada: 'CA', bob: 'TX' };
const told: string[][] = [];

const hooks: Partial<HostHooks> = {
  resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }),
  rowPolicy: (q: QueryContext) => {
    const who = q.principal?.id ?? '';
    told.push(q.relations.map((r) => r.name));
    if (who !== 'ada' && q.relations.some((r) => /^postgres\.(hr|reader)\./.test(r.name))) return { refuse: 'Pay is for HR only.' };
    let sql = q.sql;
    for (const r of [...q.relations].filter((x) => x.name === 'postgres.public.orders').sort((a, b) => b.start - a.start))
      sql = `${sql.slice(0, r.start)}(SELECT * FROM ${r.written} WHERE state = '${STATE[who]}') AS orders${sql.slice(r.end)}`;
    return { sql, params: q.params };
  },
};

beforeAll(async () => {
  pg = await startPostgres();
  url = await hostedOnPostgres(hosted, hooks, pg, 'path', [
    'CREATE ROLE reader LOGIN',
    'CREATE SCHEMA hr',
    'CREATE SCHEMA reader AUTHORIZATION reader',
    'CREATE TABLE public.orders (id integer, state text)',
    "INSERT INTO public.orders VALUES (1, 'CA'), (2, 'TX'), (3, 'NY')",
    'CREATE TABLE hr.salaries (person text, pay integer)',
    "INSERT INTO hr.salaries VALUES ('ada', 100), ('bob', 90)",
    'CREATE TABLE reader.staff (person text)',
    "INSERT INTO reader.staff VALUES ('ada'), ('bob')",
    'GRANT USAGE ON SCHEMA hr TO reader',
    'GRANT SELECT ON ALL TABLES IN SCHEMA public, hr, reader TO reader',
    // The role's own search path: an unqualified name may land in its own schema or in hr.
    'ALTER ROLE reader SET search_path = "$user", public, hr',
  ]);
}, 120_000);

const run = (user: string, sql: string) => proposedAs(url, user, 'Plugh path', sql);

describe('PostgreSQL names as the search_path resolves them', () => {
  it.each([
    ['a table the path finds in hr', 'SELECT person FROM salaries ORDER BY person', 'postgres.hr.salaries'],
    ["a table in the role's own schema", 'SELECT person FROM staff ORDER BY person', 'postgres.reader.staff'],
    ['a quoted name the path finds in hr', 'SELECT person FROM "salaries" ORDER BY person', 'postgres.hr.salaries'],
  ])('tells %s by its schema: ada reads it, bob is refused', async (_name, sql, name) => {
    told.length = 0;
    expect(await run('ada', sql)).toEqual({ rows: ['ada', 'bob'], refusal: undefined });
    expect(told).toEqual([[name]]);
    expect(await run('bob', sql)).toEqual({ rows: [], refusal: 'ROW_POLICY_REFUSED' });
  });

  it('narrows the public table the path finds first to each person', async () => {
    for (const user of ['ada', 'bob']) expect((await run(user, 'SELECT state FROM orders ORDER BY state')).rows).toEqual([STATE[user]]);
  });

  it.each([
    ['SET', 'SET search_path = hr'],
    ['set_config', "SELECT set_config('search_path', 'hr', false)"],
    ['SET then a read', 'SET search_path = hr; SELECT person FROM salaries'],
  ])('refuses changing the path (%s) before anything runs', async (_name, sql) => {
    told.length = 0;
    expect(await run('bob', sql)).toEqual({ rows: [], refusal: 'ROW_POLICY_REFUSED' });
    expect(told).toEqual([]);
  });
});
