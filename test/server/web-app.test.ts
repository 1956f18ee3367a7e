/**
 * The web app's route (routes/web-app.ts): the page at every screen's path with a content
 * security policy that allows no inline script, the `svc-hosted` meta tag only on a hosted
 * server, the built files under /assets/, and no file outside them; its icon and description;
 * answers compressed over real HTTP for a client that accepts it, the scripts as the build
 * precompressed them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('splits the app by screen: a small shell, every chunk reached from it, the chart library apart', async () => {
    const assets = `${webRoot()}assets`;
    const chunks = readdirSync(assets).filter((f) => /^chunk-[A-Z0-9]+\.js$/.test(f));
    const main = readFileSync(`${assets}/app.js`, 'utf8');
    // The shell alone: each screen, and the libraries they share, come as chunks.
    expect(main.length).toBeLessThan(20_000);
    const reached = new Set<string>();
    const queue = ['app.js'];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const imported = [...readFileSync(`${assets}/${file}`, 'utf8').matchAll(/chunk-[A-Z0-9]+\.js/g)].map(([name]) => name);
      for (const name of imported.filter((n) => !reached.has(n))) {
        reached.add(name);
        queue.push(name);
      }
    }
    expect([...reached].sort()).toEqual(chunks.sort());
    // Plot, larger than a first load may take, is imported by the chart's code only.
    const plot = chunks.find((f) => readFileSync(`${assets}/${f}`, 'utf8').includes('--plot-background'));
    expect(plot).toBeDefined();
    expect(main).not.toContain(plot);
    for (const chunk of chunks) {
      const r = await server(false).inject({ method: 'GET', url: `/assets/${chunk}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('javascript');
    }
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

/** One GET over real HTTP on loopback, with its raw (still encoded) body. */
function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

describe('the web app over HTTP', () => {
  const script = () => readFileSync(`${webRoot()}assets/app.js`);
  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const)('sends the main script compressed to a client accepting %s', async (accept, encoding, decode) => {
    const app = server(false);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const r = await get(base, '/assets/app.js', { 'accept-encoding': accept });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.body.length).toBeLessThan(script().length / 2);
      expect(decode(r.body).equals(script())).toBe(true);
      // The file the build compressed at the strongest setting, not one compressed per request.
      expect(r.body.equals(readFileSync(`${webRoot()}assets/app.js.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(true);
      expect([r.headers['content-type'], r.headers.vary]).toEqual(['application/javascript; charset=utf-8', 'accept-encoding']);
    } finally {
      await app.close();
    }
  });

  it('sends the script as it is to a client that accepts no encoding', async () => {
    const app = server(false);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const r = await get(base, '/assets/app.js', {});
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.equals(script())).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers /favicon.ico with an icon and the page with a description', async () => {
    const app = server(false);
    const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    // An ICO file starts with reserved 0, type 1 (icon).
    expect([...icon.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
  });
});
