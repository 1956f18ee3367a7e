/**
 * Warehouse failures on a hosted server (spec 03 "Query path and safeguards" 6): the engine's
 * words, and any value the row policy's rewrite added, reach the server log only, under an
 * eight-letter reference; the block route and Ask answer with a plain sentence naming only the
 * statement's own tables and that reference. Deadlines pass unchanged.
 */

import { describe, expect, it } from 'vitest';
import type { HostHooks } from '../../src/hooks/hooks.js';
import { diagnosisOf } from '../../src/warehouse/warehouse-failure.js';
import { hookHarness } from '../helpers/hook-harness.js';

const harness = hookHarness();

const SECRET = 'REGION-SECRET-7731';
// A policy whose rewrite breaks: SQLite answers `near "SECRETWORD": syntax error`, and the literal is the host's.
const breaking: HostHooks['rowPolicy'] = (q) => ({ sql: `SELECT * FROM (${q.sql}) AS x WHERE x.state = '${SECRET}' SECRETWORD`, params: q.params });

function server(rowPolicy: HostHooks['rowPolicy']) {
  const logged: string[] = [];
  const app = harness.server({ resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), rowPolicy }, { timeoutMs: 2_000, log: (l) => logged.push(l) });
  return { app, logged };
}

describe('hosted warehouse failures', () => {
  it("the block route: a plain sentence with a reference; the engine's words and the rewrite's values in the log only", async () => {
    const { app, logged } = server(breaking);
    const res = await app.inject({ method: 'POST', url: '/api/blocks/sales.top_states_by_revenue/run', payload: {} });
    expect(res.statusCode).toBe(502);
    const error = (res.json() as { error: { code: string; message: string; reference: string; name: string } }).error;
    expect([error.code, error.name]).toEqual(['WAREHOUSE_ERROR', 'WarehouseStatementError']);
    expect(error.reference).toMatch(/^[a-z]{8}$/);
    for (const leak of [SECRET, 'SECRETWORD', 'near', 'SELECT']) expect(res.body).not.toContain(leak);
    const line = logged.find((l) => l.startsWith(`[${error.reference}]`)) ?? '';
    expect(line).toContain('SECRETWORD');
    expect(line).toContain('tables: orders');
  });

  it("Ask: a plain sentence naming the statement's own tables and the reference", async () => {
    const { app } = server(breaking);
    const res = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } });
    const run = res.json() as { tier: number; refusal: { code: string; reason: string; name: string; reference: string } };
    expect(run.tier).toBe(3);
    expect([run.refusal.code, run.refusal.name]).toEqual(['WAREHOUSE_ERROR', 'WarehouseStatementError']);
    expect(run.refusal.reason).toContain(run.refusal.reference);
    expect(run.refusal.reason).toMatch(
      /^The warehouse could not run block sales\.top_states_by_revenue, which reads orders; the administrator can find it under reference [a-z]{8}\.$/,
    );
    expect(res.body).not.toContain(SECRET);
  });

  it.each([
    ['near "SECRETWORD": syntax error', [], 'syntax error'],
    ['no such column: x.region_x', [], 'no such column: x.region_x'],
    ['column "REGION-SECRET-7731" does not exist at character 40', [SECRET], 'column "…" does not exist'],
    ['syntax error at or near "SELECT" LINE 1: SELECT ...', [], 'syntax error'],
    ['', [], 'the warehouse refused the statement'],
  ])('diagnosis of %j', (message, added, want) => {
    expect(diagnosisOf(message, added)).toBe(want);
  });
});
