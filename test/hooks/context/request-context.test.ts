import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/compiler/types.js';
import { routeAction } from '../../../src/hooks/context/route-action.js';
import { currentPrincipal, runWithContext } from '../../../src/server/request-scope.js';
import { buildServer } from '../../../src/server/start/build-server.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { unusedExecutor } from '../../helpers/stub-server.js';

describe('routeAction', () => {
  it.each([
    ['POST', '/api/agent-runs', 'ask', 'model'],
    ['GET', '/api/agent-runs/run_1/thread', 'ask', 'model'],
    ['POST', '/api/blocks/finance.weekly_revenue/run', 'query.run', 'person'],
    ['GET', '/api/blocks', 'project.read', 'person'],
    ['GET', '/api/ask-traces?limit=5', 'project.read', 'person'],
    ['POST', '/api/agent-runs/123/cancel', 'project.write', 'person'],
    ['POST', '/api/ai/anything', 'project.write', 'person'],
    ['DELETE', '/api/blocks/x', 'project.write', 'person'],
    ['POST', '/api/query/export', 'export', 'export'],
  ])('%s %s -> %s', (method, path, action, destination) => {
    expect(routeAction(method, path)).toMatchObject({ action, destination });
  });
});

describe('request context', () => {
  const manifest = {
    manifestVersion: 1,
    project: 'p',
    contracts: { loaded: false, path: '', count: 0 },
    blocks: {},
    apps: {},
    lineage: [],
    diagnostics: [],
  } as Manifest;
  const executor: Executor = unusedExecutor;

  it('answers GET /api/identity as the local owner, with a new request id each time', async () => {
    const app = buildServer({ root: '/nonexistent', manifest, executor, config: { project: 'p', owner: 'owner@example.test' } });
    const a = (await app.inject({ method: 'GET', url: '/api/identity' })).json() as Record<string, any>;
    const b = (await app.inject({ method: 'GET', url: '/api/identity' })).json() as Record<string, any>;
    expect(a).toMatchObject({ owner: 'owner@example.test', principal: { id: 'owner@example.test', kind: 'person', source: 'local' } });
    expect(a['requestId']).not.toBe(b['requestId']);
    await app.close();
  });

  it('follows awaited and unawaited work started inside it, and nothing outside it', async () => {
    const principal = { id: 'p@example.test', kind: 'person' as const, source: 'local' as const };
    const seen = await runWithContext({ principal, requestId: 'r', action: 'ask' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      const later = new Promise<string | undefined>((r) => setImmediate(() => r(currentPrincipal()?.id)));
      return [currentPrincipal()?.id, await later];
    });
    expect(seen).toEqual(['p@example.test', 'p@example.test']);
    expect(currentPrincipal()).toBeUndefined();
  });
});
