/**
 * What a hosted server takes besides its hooks: `allowedOrigins` (CORS for listed origins, a
 * foreign page's changes refused before any hook), a host-managed connection laid over the
 * project's, and `startHostedServer` refusing to start without hooks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostHooks, HostHooksRequiredError, OriginInvalidError, startHostedServer, startLocalServer } from '../../src/host.js';
import { buildServer } from '../../src/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

const manifest = emptyManifest();
const executor: Executor = unusedExecutor;

describe('allowedOrigins', () => {
  let asked = 0;
  const hooks: HostHooks = {
    resolvePrincipal: () => {
      asked += 1;
      return { id: 'ada', kind: 'person' };
    },
  };
  const app = buildServer({ root: '/nonexistent', manifest, executor, config: { project: 'p' }, hooks, allowedOrigins: ['https://platform.example'] });
  const req = (method: 'GET' | 'POST' | 'OPTIONS', origin: string | undefined) =>
    app.inject({
      method,
      url: '/api/identity',
      headers: { host: 'svc.internal:4545', ...(origin !== undefined ? { origin } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });

  it.each([
    ['no Origin (not a browser page)', 'POST', undefined, 404, undefined],
    ["the server's own page", 'POST', 'http://svc.internal:4545', 404, undefined],
    ['a listed origin', 'GET', 'https://platform.example', 200, 'https://platform.example'],
    ['a listed origin, any case', 'GET', 'HTTPS://Platform.Example', 200, 'https://platform.example'],
    ["a listed origin's preflight", 'OPTIONS', 'https://platform.example', 204, 'https://platform.example'],
    ['a foreign origin reading', 'GET', 'https://evil.example', 200, undefined],
    ['a foreign origin changing', 'POST', 'https://evil.example', 403, undefined],
    ['an opaque origin changing', 'POST', 'null', 403, undefined],
    ['a look-alike origin', 'POST', 'https://platform.example.evil.example', 403, undefined],
  ])('%s', async (_name, method, origin, status, cors) => {
    const before = asked;
    const res = await req(method as 'GET', origin);
    expect(res.statusCode).toBe(status);
    expect(res.headers['access-control-allow-origin']).toBe(cors);
    expect(res.headers['x-svc-hosted']).toBe('1');
    if (status === 403) {
      expect((res.json() as { error: { code: string } }).error.code).toBe('ORIGIN_REFUSED');
      // Refused before the host was asked anything.
      expect(asked).toBe(before);
    }
  });

  it.each([['https://platform.example/path'], ['ftp://platform.example'], ['platform.example'], ['https://user@platform.example']])(
    'a server with allowedOrigins %j does not start',
    async (origin) => {
      const project = await commerceProject();
      const refused = startLocalServer({ project, port: 0, hostHooks: hooks, allowedOrigins: [origin], log: () => {} });
      await expect(refused).rejects.toBeInstanceOf(OriginInvalidError);
      await expect(refused).rejects.toMatchObject({ code: 'ORIGIN_INVALID' });
    },
  );
});

describe('a host-managed connection', () => {
  it("is laid over the project's connection for every statement", async () => {
    const project = await commerceProject();
    const configFile = join(project, 'svc.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { connections: { default: { path: string } } };
    const real = config.connections.default.path;
    // The project's own setting points nowhere; the host's names the real warehouse.
    config.connections.default.path = 'data/missing.db';
    writeFileSync(configFile, JSON.stringify(config));
    const hooks: HostHooks = { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }) };
    const server = await startHostedServer({
      project,
      port: 0,
      hostHooks: hooks,
      hostConnection: { settings: { driver: 'sqlite', path: real } },
      log: () => {},
    });
    try {
      const res = await fetch(`${server.url}/api/blocks/sales.top_states_by_revenue/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ params: { top_n: 2 } }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { rows: unknown[] }).rows).toHaveLength(2);
      expect(readFileSync(configFile, 'utf8')).toContain('data/missing.db');
    } finally {
      await server.close();
    }
  });
});

describe('startHostedServer', () => {
  it.each([[undefined], [null], ['hooks']])('refuses to start without hooks (%j)', async (hooks) => {
    const project = await commerceProject();
    const refused = startHostedServer({ project, port: 0, hostHooks: hooks as never });
    await expect(refused).rejects.toBeInstanceOf(HostHooksRequiredError);
    await expect(refused).rejects.toMatchObject({ code: 'HOST_HOOKS_REQUIRED' });
  });
});
