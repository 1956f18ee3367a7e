/**
 * The browser app (built into dist/web by `npm run build`): its files under /assets/ and its
 * page at every screen's path (`/`, `/ask`, `/ask/traces/:runId`, `/blocks`, `/blocks/:id`,
 * `/apps`, `/apps/:appId/:pageId`, `/host` for a host's page inside the app), and its icon at
 * `/favicon.ico`. The page carries a content security policy that allows no inline script and loads
 * nothing from another origin; on a hosted server it also carries `<meta name="svc-hosted">`, so
 * the app starts in host mode and never shows single-user screens. A server whose app was not
 * built answers the page with a sentence saying how to build it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sourceAsset } from '../../source-asset.js';
import { APP_PATHS } from '../app-paths.js';
import type { RouteOptions } from '../deps.js';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Charts write their own <style> element; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** dist/web when running built (dist/src/..), else the build beside the sources (src/../dist/web). */
export function webRoot(): string | undefined {
  for (const candidate of ['../web/', '../dist/web/']) {
    const dir = fileURLToPath(sourceAsset(candidate));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return undefined;
}

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>svc</title><meta name="description" content="svc answers questions from certified SQL blocks."></head><body><main><h1>svc</h1><p>The web app is not built: run <code>npm run build</code>, then start the server again. The API answers under /api/.</p></main></body></html>';

function pageOf(root: string | undefined, hosted: boolean): string {
  const page = root === undefined ? NOT_BUILT : readFileSync(`${root}index.html`, 'utf8');
  return hosted ? page.replace('<head>', '<head>\n    <meta name="svc-hosted" content="1" />') : page;
}

function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(page);
}

export const webAppRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const root = webRoot();
  const page = pageOf(root, deps.hooks !== undefined);
  for (const path of APP_PATHS) app.get(path, async (_request, reply) => sendPage(reply, page));
  if (root === undefined) return;
  // Read once: browsers ask for it on every page, and it never changes while the server runs.
  const icon = existsSync(`${root}favicon.ico`) ? readFileSync(`${root}favicon.ico`) : undefined;
  if (icon !== undefined)
    app.get('/favicon.ico', async (_request, reply) =>
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon),
    );
  await app.register(fastifyStatic, {
    root: `${root}assets`,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // The build writes each asset's .br and .gz beside it at the strongest settings; one of those
    // goes to a browser that accepts it, the file as it is to one that accepts neither.
    preCompressed: true,
    // A cache keeps one copy per encoding, since the same path is sent compressed or not.
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('vary', 'accept-encoding');
    },
  });
};
