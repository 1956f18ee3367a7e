/**
 * The host's tool gate (spec 02 `tools`) around every agent tool call, over HTTP
 * (`POST /api/tools/:name`, action `tool.<name>`) and over MCP. Conformance: no hook, valid
 * (next called), a refusal (returns without next), wrong shape, throw, time-out; the tool never
 * runs unless let through, the decision is timed only until next(), and the tool's own run is
 * not bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAction } from '../../src/hooks/context/route-action.js';
import { gateToolCall, ToolRefusedError } from '../../src/hooks/tool-call-hook.js';
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { cleanupProjects } from '../helpers/project.js';
import { callTool, type Opened, openCommerce } from '../runtime/agent-tools/helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
let opened: Opened;
beforeAll(async () => {
  opened = await openCommerce();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await opened?.close?.();
  cleanupProjects();
});

const never = () => new Promise<never>(() => undefined);
type Gate = NonNullable<HostHooks['tools']>;
const seen: Array<{ name: string; args: unknown; principal?: { id: string } }> = [];
const GATES: Array<[string, Gate | undefined, 'ran' | 'decided' | 'failed']> = [
  ['no hook', undefined, 'ran'],
  [
    'valid: next called',
    (call, next) => {
      seen.push(call as never);
      return next();
    },
    'ran',
  ],
  ['valid: a refusal (returns without next)', () => undefined, 'decided'],
  ['wrong shape (answers a value, never next)', () => 'allow', 'decided'],
  [
    'throw',
    () => {
      throw new Error('gate down');
    },
    'failed',
  ],
  ['time-out', never, 'failed'],
];

describe('over HTTP', () => {
  it.each(GATES)('%s', async (_name, tools, outcome) => {
    const server = await startHostedServer({
      project: await commerceProject(),
      port: 0,
      log: () => undefined,
      hostHookTimeoutMs: 150,
      hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), ...(tools !== undefined ? { tools } : {}) },
    });
    servers.push(server);
    seen.length = 0;
    const r = await fetch(`${server.url}/api/tools/get_block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: { block: 'finance.weekly_revenue' } }),
    });
    const body = (await r.json()) as Record<string, any>;
    if (outcome === 'ran') {
      expect(r.status).toBe(200);
      expect(body).toMatchObject({ ok: true, value: { block: { id: 'finance.weekly_revenue' } } });
      if (tools !== undefined)
        expect(seen).toEqual([{ name: 'get_block', args: { block: 'finance.weekly_revenue' }, principal: expect.objectContaining({ id: 'ada' }) }]);
    } else {
      expect(r.status).toBe(403);
      expect(body['error']['code']).toBe('TOOL_REFUSED');
      expect(body['error']['reference'] === undefined).toBe(outcome === 'decided');
      expect(JSON.stringify(body)).not.toContain('weekly_revenue');
    }
  });

  it('names each tool its own action, and refuses odd names as a write', () => {
    expect(routeAction('POST', '/api/tools/get_block').action).toBe('tool.get_block');
    expect(routeAction('POST', '/api/tools/%67et_block').action).toBe('tool.get_block');
    expect(routeAction('POST', '/api/tools/Get%20Block').action).toBe('project.write');
  });

  it('answers an unknown tool and bad arguments plainly', async () => {
    const server = await startHostedServer({
      project: await commerceProject(),
      port: 0,
      log: () => undefined,
      hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }) },
    });
    servers.push(server);
    const post = (name: string, body: unknown) =>
      fetch(`${server.url}/api/tools/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknown = await post('drop_everything', { args: {} });
    expect([unknown.status, ((await unknown.json()) as any).error.code]).toEqual([404, 'TOOL_NOT_FOUND']);
    const bad = await post('get_block', { args: { block: 7 } });
    expect([bad.status, ((await bad.json()) as any).error.code]).toEqual([400, 'BAD_REQUEST']);
  });
});

describe('over MCP', () => {
  it.each(GATES)('%s', async (_name, tools, outcome) => {
    const host = { hooks: tools !== undefined ? { tools } : {}, timeoutMs: 150, log: () => undefined };
    const asker = { principal: { id: 'ada', kind: 'person' as const, source: 'host' as const }, host, requestId: 'r', action: 'tool.get_block' };
    const r = await callTool({ ...opened.ctx, ask: { ...opened.ctx.ask, asker } }, 'get_block', { block: 'finance.weekly_revenue' });
    if (outcome === 'ran') expect(r.isError).toBe(false);
    else expect([r.isError, r.code]).toEqual([true, 'TOOL_REFUSED']);
  });
});

describe('the time limit', () => {
  const host = (tools: Gate) => ({ hooks: { tools }, timeoutMs: 50, log: () => undefined });
  const inHost = (tools: Gate) => ({ host: host(tools), requestId: 'r', action: 'tool.x' });

  it("does not bound the tool's own run once it is let through", async () => {
    const slow = () => new Promise<string>((done) => setTimeout(() => done('finished'), 300));
    await expect(
      gateToolCall(
        inHost((_c, next) => next()),
        'x',
        {},
        slow,
      ),
    ).resolves.toBe('finished');
  });

  it('counts until next(): a gate deciding too late refuses and the tool never runs', async () => {
    let ran = false;
    const late: Gate = (_c, next) => new Promise((done) => setTimeout(() => done(next().catch(() => undefined)), 200));
    await expect(
      gateToolCall(inHost(late), 'x', {}, async () => {
        ran = true;
        return 1;
      }),
    ).rejects.toBeInstanceOf(ToolRefusedError);
    await new Promise((done) => setTimeout(done, 250));
    // The gate's next() after the refusal runs nothing.
    expect(ran).toBe(false);
  });
});
