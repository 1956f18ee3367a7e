/**
 * The web app's route (routes/web-app.ts): the page at every screen's path with a content
 * security policy that allows no inline script, the `svc-hosted` meta tag only on a hosted
 * server, the built files under /assets/, and no file outside them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/index.js';
import { APP_PATHS } from '../../src/server/app-paths.js';
import { CONTENT_SECURITY_POLICY, webRoot } from '../../src/server/routes/web-app.js';
import type { Executor } from '../../src/warehouse/types.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';

afterAll(cleanupProjects);

const manifest = emptyManifest();
const executor: Executor = unusedExecutor;
const server = (hosted: boolean) =>
  buildServer({
    root: makeProject({}),
    manifest,
    executor,
    config: { project: 'p' },
    log: () => undefined,
    ...(hosted ? { hooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' as const }) } } : {}),
  });

describe('the web app route', () => {
  it('is built', () => {
    expect(webRoot()).toBeDefined();
  });

  it.each(APP_PATHS.map((p) => p.replace(/:[A-Za-z]+/g, 'x1')))('serves the page at %s under a policy without inline scripts', async (path) => {
    const r = await server(false).inject({ method: 'GET', url: path });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.body).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(r.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(r.body).not.toContain('svc-hosted');
  });

  it('marks the page of a hosted server', async () => {
    const r = await server(true).inject({ method: 'GET', url: '/ask' });
    expect(r.body).toContain('<meta name="svc-hosted" content="1" />');
  });

  it.each([
    ['/assets/app.js', 200, 'javascript'],
    ['/assets/app.css', 200, 'text/css'],
    ['/assets/../index.html', 404, undefined],
    ['/assets/%2e%2e/%2e%2e/package.json', 404, undefined],
    ['/assets/..%2f..%2fpackage.json', 404, undefined],
    ['/assets/nothing.js', 404, undefined],
  ] as const)('answers %s with %i', async (url, status, type) => {
    const r = await server(false).inject({ method: 'GET', url });
    expect(r.statusCode).toBe(status);
    if (type !== undefined) expect(r.headers['content-type']).toContain(type);
    if (status === 404) expect(r.body).not.toContain('"name": "svc-toolchain"');
  });
});
