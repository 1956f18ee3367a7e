#!/usr/bin/env node
// An example of embedding svc in a platform. The platform signs its people in elsewhere and
// sends each request with `x-example-session: <user>.<region>.<signature>`, an HMAC of
// "<user>.<region>" under a secret only the platform and this program know. This program:
//   - names the person from that header, refusing anything unsigned or forged (resolvePrincipal);
//   - lets people ask questions, and only the data team (EXAMPLE_ANALYSTS, user names separated
//     by commas) run blocks, write SQL and author or publish Apps (authorize refuses query.run,
//     app.author and app.publish to everyone else);
//   - narrows every statement on `orders` to the person's region, however the statement spells
//     the table (rowPolicy compares the names as the engine resolves them);
//   - lists no customer e-mail addresses in the schema routes (columnsVisible);
//   - keeps each App named in EXAMPLE_APP_AUDIENCE (`<app>=<user>+<user>;<app>=...`) to the
//     people named there: nobody else sees it listed, opens it or runs it (authorize app.view);
//   - tells its monitoring of every statement's outcome and duration (statements), as a line
//     `statement <json>` on standard error, never the SQL or who asked.
//
//   node examples/host/server.mjs --project fixtures/commerce [--port 0]
//   EXAMPLE_HOST_SECRET must be set (16 characters or more).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startHostedServer } from 'svc-toolchain/host';

const { values } = parseArgs({ options: { project: { type: 'string' }, port: { type: 'string', default: '0' } } });
const secret = process.env.EXAMPLE_HOST_SECRET ?? '';
if (secret.length < 16 || values.project === undefined) {
  process.stderr.write('usage: EXAMPLE_HOST_SECRET=<16+ characters> node examples/host/server.mjs --project DIR [--port N]\n');
  process.exit(2);
}

/** The platform's data team: they may run blocks and write SQL. */
const analysts = new Set((process.env.EXAMPLE_ANALYSTS ?? '').split(',').filter((name) => name !== ''));

/** The platform's App audiences: App id to the user names who may open it; Apps not named are open to everyone. */
const audiences = new Map(
  (process.env.EXAMPLE_APP_AUDIENCE ?? '')
    .split(';')
    .filter((entry) => entry.includes('='))
    .map((entry) => {
      const [app, users] = entry.split('=');
      return [app.trim(), new Set(users.split('+').map((u) => u.trim()))];
    }),
);

/** What only the data team may do. */
const DATA_TEAM = new Set(['query.run', 'app.author', 'app.publish']);

/** The platform's decision: SQL and App authoring for the data team only, an App with an audience for its audience only. */
function decide(person, action, resource) {
  if (DATA_TEAM.has(action) && !analysts.has(person.displayName))
    return {
      allow: false,
      reason: 'Running blocks and writing SQL is for the data team; ask a question instead.',
      next: { label: 'Ask a question', href: '/ask' },
    };
  const audience = resource.kind === 'app' && resource.id !== undefined ? audiences.get(resource.id) : undefined;
  if (action === 'app.view' && audience !== undefined && !audience.has(person.displayName))
    return { allow: false, reason: 'This App is kept to its audience on the platform.' };
  return { allow: true };
}

/** The platform's signature of "<user>.<region>". */
function sign(user, region, key = secret) {
  return createHmac('sha256', key).update(`${user}.${region}`).digest('base64url');
}

/** The person a session header names, or null when it is missing, malformed or forged. */
function personOf(header) {
  if (typeof header !== 'string') return null;
  const match = /^([a-z][a-z0-9_-]{0,63})\.([A-Z]{2})\.([A-Za-z0-9_-]{43})$/.exec(header);
  if (match === null) return null;
  const [, user, region, signature] = match;
  const expected = Buffer.from(sign(user, region));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { id: `${user}@platform.example`, kind: 'person', displayName: user, attributes: { region } };
}

/** The orders table as the engine resolves it on the platform's SQLite warehouse. */
const ORDERS = 'main.orders';
const OWN_ORDERS = 'platform_own_orders';
/** Words that may follow a table where it has no alias. */
const AFTER_TABLE = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'union',
  'except',
  'intersect',
  'window',
  'having',
]);

/**
 * `sql` with each spelling of the orders table (`reads`, from the end so earlier offsets stay
 * true) read from OWN_ORDERS; a spelling without an alias keeps `orders` as its alias, so
 * `orders.state` still names its column.
 */
/** `sql` with OWN_ORDERS defined first: a statement that has a WITH of its own gets it as its first CTE. */
function withOwnOrders(sql) {
  const own = `${OWN_ORDERS} AS (SELECT * FROM main.orders WHERE state = ?)`;
  const head = /^\s*with\s+(recursive\s+)?/i.exec(sql);
  return head === null ? `WITH ${own} ${sql}` : `WITH ${head[1] ?? ''}${own}, ${sql.slice(head[0].length)}`;
}

function ownOrders(sql, reads) {
  let out = sql;
  for (const r of [...reads].sort((a, b) => b.start - a.start)) {
    const next = /^\s*([A-Za-z_]+)?/.exec(sql.slice(r.end))?.[1]?.toLowerCase();
    const aliased = next !== undefined && !AFTER_TABLE.has(next);
    out = `${out.slice(0, r.start)}${OWN_ORDERS}${aliased ? '' : ' AS orders'}${out.slice(r.end)}`;
  }
  return out;
}

const server = await startHostedServer({
  project: values.project,
  port: Number(values.port),
  hostHooks: {
    resolvePrincipal: (request) => personOf(request.headers['x-example-session']),
    signInPath: '/sign-in',
    authorize: decide,
    // Monitoring: the outcome and duration, stamped with when it was told (the statement ended then).
    statements: (event) => process.stderr.write(`statement ${JSON.stringify({ ...event, endedAt: performance.now() })}\n`),
    rowPolicy: (query) => {
      // Names as the engine resolves them: `orders`, `main.orders`, `"ORDERS"` are all main.orders.
      const reads = query.relations.filter((r) => r.name === ORDERS);
      if (query.purpose !== 'data' || reads.length === 0) return { sql: query.sql, params: query.params };
      const region = query.principal?.attributes?.region;
      if (typeof region !== 'string') return { refuse: 'Your account has no region, so order data is not available to you.' };
      // The person's orders only: every spelling of the table is read from a common table
      // expression of their own rows, under a name no statement of the person's shadows.
      return { sql: withOwnOrders(ownOrders(query.sql, reads)), params: [region, ...query.params] };
    },
    columnsVisible: (_person, _relation, columns, resolved) => (resolved.name === 'main.customers' ? columns.filter((c) => c !== 'email') : columns),
  },
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${server.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.close().then(() => process.exit(0)));
