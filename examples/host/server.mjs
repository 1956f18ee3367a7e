#!/usr/bin/env node
// An example of embedding svc in a platform. The platform signs its people in elsewhere and
// sends each request with `x-example-session: <user>.<region>.<signature>`, an HMAC of
// "<user>.<region>" under a secret only the platform and this program know. This program:
//   - names the person from that header, refusing anything unsigned or forged (resolvePrincipal);
//   - lets people ask questions but not run blocks directly (authorize refuses query.run);
//   - narrows every statement on `orders` to the person's region (rowPolicy);
//   - lists no customer e-mail addresses in the schema routes (columnsVisible).
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

const server = await startHostedServer({
  project: values.project,
  port: Number(values.port),
  hostHooks: {
    resolvePrincipal: (request) => personOf(request.headers['x-example-session']),
    signInPath: '/sign-in',
    authorize: (_person, action) =>
      action === 'query.run'
        ? { allow: false, reason: 'Running blocks directly is for the data team; ask a question instead.', next: { label: 'Ask a question', href: '/ask' } }
        : { allow: true },
    rowPolicy: (query) => {
      if (query.purpose !== 'data' || !query.tables.includes('orders')) return { sql: query.sql, params: query.params };
      const region = query.principal?.attributes?.region;
      if (typeof region !== 'string') return { refuse: 'Your account has no region, so order data is not available to you.' };
      // The person's orders only: a common table expression named like the table shadows it.
      return { sql: `WITH orders AS (SELECT * FROM main.orders WHERE state = ?) ${query.sql}`, params: [region, ...query.params] };
    },
    columnsVisible: (_person, relation, columns) => (relation === 'customers' ? columns.filter((c) => c !== 'email') : columns),
  },
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${server.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.close().then(() => process.exit(0)));
