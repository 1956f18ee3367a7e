/**
 * Which connection a request's SQL runs on (spec 02 rule 11): `executionTarget` names one of
 * the project's connections (an unknown name is refused without being repeated), connection
 * settings carried by a request are never read, and the shared local target is refused on a
 * hosted server unless the host says one person works here. Over written SQL (Tier 2).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { HostHooks } from '../../src/hooks/hooks.js';
import { hookHarness, narrowedWarehouse } from '../helpers/hook-harness.js';

// A second connection, `texas`, whose warehouse holds only Texas orders.
const harness = hookHarness((root) => {
  narrowedWarehouse(root, 'data/texas.db', 'TX');
  const file = join(root, 'svc.config.json');
  const cfg = JSON.parse(readFileSync(file, 'utf8')) as SvcConfig;
  cfg.connections = { ...cfg.connections, texas: { driver: 'sqlite', path: 'data/texas.db' } };
  writeFileSync(file, JSON.stringify(cfg));
});
const server = (hooks?: HostHooks) => harness.server(hooks);

const QUESTION = { question: 'How many orders are there, all told?', proposedSql: 'SELECT COUNT(*) AS n FROM orders', saveDraft: false };

async function count(app: FastifyInstance, extra: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { ...QUESTION, ...extra } });
  const body = res.json() as { tier?: number; rows?: Array<{ n: number }>; error?: { code: string; message: string } };
  return { status: res.statusCode, n: body.rows?.[0]?.n, code: body.error?.code, body: res.body };
}

describe('executionTarget', () => {
  it('runs written SQL on the named connection, or the default', async () => {
    const app = server();
    const all = await count(app, {});
    const texas = await count(app, { executionTarget: { target: 'connection', connectionName: 'texas' } });
    expect(all.n).toBeGreaterThan(texas.n ?? Infinity);
    expect(texas.n).toBeGreaterThan(0);
  });

  it('refuses a connection the project does not have, without repeating its name', async () => {
    const res = await count(server(), { executionTarget: { target: 'connection', connectionName: 'prod-secret-warehouse' } });
    expect([res.status, res.code]).toEqual([400, 'CONNECTION_UNKNOWN']);
    expect(res.body).not.toContain('prod-secret-warehouse');
  });

  it('never reads connection settings a request carries', async () => {
    const app = server();
    const plain = await count(app, {});
    const carried = await count(app, { connection: { driver: 'sqlite', path: 'data/texas.db' } });
    expect(carried.n).toBe(plain.n);
  });

  it.each([
    ["no host: the project's own connection", undefined, 200, undefined],
    ['a host for many people: refused', { resolvePrincipal: () => ({ id: 'ada', kind: 'person' as const }) }, 403, 'LOCAL_TARGET_REFUSED'],
    ['a one-person host: allowed', { resolvePrincipal: () => ({ id: 'ada', kind: 'person' as const }), onePerson: true }, 200, undefined],
  ])('the local target, %s', async (_name, hooks, status, code) => {
    const res = await count(server(hooks), { executionTarget: { target: 'local' } });
    expect([res.status, res.code]).toEqual([status, code]);
  });
});
