/**
 * A PostgreSQL view read through a hosted server is read with the connection's rights and the
 * host's policy on the tables under it (issue 27), never the view owner's: two people over real
 * HTTP on a real PostgreSQL, where the views belong to the superuser and the sign-in role may
 * read them and the customers table. The host narrows customers to each person's state and
 * hides their e-mail addresses from bob (`columnsVisible`). Through every view each person gets
 * only their state; a view whose query shows the hidden column (by name, by `*`, renamed, or
 * behind a security barrier) is refused to bob and read by ada; a view that shows no hidden
 * column is read by both; bob's direct listing of the view names no hidden column either.
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
const CUSTOMERS = 'postgres.public.customers';

/** Words after a relation that are not its alias. */
const NO_ALIAS = /^\s*(where|group|order|limit|join|left|inner|on|union|\)|,|$)/i;

const hooks: Partial<HostHooks> = {
  rowPolicy: (q: QueryContext) => {
    let sql = q.sql;
    for (const r of [...q.relations].filter((x) => x.name === CUSTOMERS).sort((a, b) => b.start - a.start)) {
      const alias = NO_ALIAS.test(sql.slice(r.end)) ? ' AS customers' : '';
      sql = `${sql.slice(0, r.start)}(SELECT * FROM ${r.written} WHERE state = '${STATE[q.principal?.id ?? '']}')${alias}${sql.slice(r.end)}`;
    }
    return { sql, params: q.params };
  },
  columnsVisible: (p, _relation, columns, resolved) => (p.id !== 'ada' && resolved.name === CUSTOMERS ? columns.filter((c) => c !== 'email') : columns),
};

beforeAll(async () => {
  pg = await startPostgres();
  url = await hostedOnPostgres(hosted, hooks, pg, 'pgviews', [
    'CREATE ROLE reader LOGIN',
    'CREATE TABLE customers (id integer, state text, email text)',
    "INSERT INTO customers VALUES (1, 'CA', 'a@shop.test'), (2, 'TX', 'b@shop.test'), (3, 'NY', 'c@shop.test')",
    'CREATE VIEW contacts AS SELECT id, state, email FROM customers',
    'CREATE VIEW everything AS SELECT * FROM customers',
    'CREATE VIEW renamed (id, mail) AS SELECT c.id, c.email FROM customers c',
    "CREATE VIEW barrier WITH (security_barrier) AS SELECT id, state, email FROM customers WHERE state <> 'NY'",
    'CREATE VIEW people AS SELECT c.id, c.state FROM customers c',
    'CREATE VIEW people_again AS SELECT id, state FROM people',
    'GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader',
  ]);
}, 120_000);

const run = async (user: string, sql: string) => {
  const { rows, refusal } = await proposedAs(url, user, 'Plugh customers', sql);
  return refusal ?? rows;
};

describe('PostgreSQL views under the host policy of the tables they read', () => {
  it.each([
    ['a view naming the hidden column', 'SELECT id, state FROM contacts', ['1,CA'], 'ROW_POLICY_REFUSED'],
    ['a view reading *', 'SELECT id FROM everything', ['1'], 'ROW_POLICY_REFUSED'],
    ['a view renaming the hidden column', 'SELECT mail FROM renamed', ['a@shop.test'], 'ROW_POLICY_REFUSED'],
    ['a security-barrier view', 'SELECT email FROM barrier', ['a@shop.test'], 'ROW_POLICY_REFUSED'],
    ['a view without the hidden column', 'SELECT id, state FROM people', ['1,CA'], ['2,TX']],
    ['a view over that view', 'SELECT state FROM people_again', ['CA'], ['TX']],
  ])('%s: ada reads her state, bob as the host allows', async (_name, sql, ada, bob) => {
    expect([await run('ada', sql), await run('bob', sql)]).toEqual([ada, bob]);
  });

  it('lists the view to bob without the column hidden on the table under it', async () => {
    const res = await fetch(`${url}/api/describe-table?table=contacts`, { headers: { 'x-user': 'bob' } });
    expect(((await res.json()) as { columns: Array<{ name: string }> }).columns.map((c) => c.name)).toEqual(['id', 'state']);
  });
});
