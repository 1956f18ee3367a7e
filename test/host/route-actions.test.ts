/**
 * routeAction over the decoded, normalised path the router dispatches on, and a meta-test:
 * every route the server registers has a rule of its own in the action table (none falls
 * through to the GET/other default).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { normalisePath, ROUTE_RULES, routeAction } from '../../src/hooks/context/route-action.js';
import { buildServer } from '../../src/index.js';
import { createTraceRecorder } from '../../src/traces/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';

afterAll(cleanupProjects);

describe('routeAction reads the path the router reads', () => {
  it.each([
    ['POST', '/api/agent-runs', 'ask'],
    ['POST', '/api/%61gent-runs', 'ask'],
    ['POST', '/api//agent-runs/', 'ask'],
    ['POST', '/api/./agent-runs', 'ask'],
    ['POST', '/api/blocks/../agent-runs', 'ask'],
    ['GET', '/api/agent-runs/r%2F1/thread', 'ask'],
    ['POST', '/api/blocks/finance.weekly_revenue/run?x=1', 'query.run'],
    ['POST', '/api/blocks/%66inance.x/%72un', 'query.run'],
    ['HEAD', '/api/blocks', 'project.read'],
    ['POST', '/api/agent-runs/1/cancel', 'project.write'],
    ['POST', '/api/research/x', 'project.write'],
    ['PUT', '/api/blocks/x', 'project.write'],
    ['POST', '/api/%zz', 'project.write'],
  ])('%s %s -> %s', (method, path, action) => {
    expect(routeAction(method, path).action).toBe(action);
  });

  it.each([
    ['/api/%61gent-runs', '/api/agent-runs'],
    ['//api///blocks//', '/api/blocks'],
    ['/api/blocks/../../..', '/'],
    ['/api/%zz', undefined],
  ])('normalises %j to %j', (raw, want) => {
    expect(normalisePath(raw)).toBe(want);
  });

  it('names the App a path names as the resource', () => {
    expect(routeAction('PUT', '/api/follows/growth/overview')).toMatchObject({ action: 'app.view', resource: { kind: 'app', id: 'growth' } });
    expect(routeAction('GET', '/api/follows').resource).toEqual({ kind: 'project' });
    expect(routeAction('POST', '/api/app-builds/build_1/publish')).toMatchObject({ action: 'app.author', resource: { kind: 'app-build', id: 'build_1' } });
    expect(routeAction('POST', '/api/app-builds')).toMatchObject({ action: 'app.author', resource: { kind: 'project' } });
  });

  it('marks an undecodable path unreadable', () => {
    expect(routeAction('GET', '/api/%E0%A4%A').readable).toBe(false);
  });
});

describe('every registered route has its own rule', () => {
  it('covers the whole server', async () => {
    const manifest = emptyManifest();
    const executor: Executor = unusedExecutor;
    const root = makeProject({});
    const recorder = createTraceRecorder({ root });
    const app = buildServer({ root, manifest, executor, config: { project: 'p' }, recorder });
    const routes: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${r.url}`);
    });
    await app.ready();
    await recorder.close();
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const sample = pattern.replace(/:[A-Za-z]+/g, 'x1');
      expect(routeAction(method, sample).rule, route).toBe(route);
    }
    // And no rule names a route twice.
    expect(new Set(ROUTE_RULES).size).toBe(ROUTE_RULES.length);
  });
});
