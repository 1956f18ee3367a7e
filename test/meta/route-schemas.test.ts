/**
 * Every API route declares its HTTP contract (src/server/contract): fastify validates what comes
 * in and serialises what goes out with it, and the web app reads its types. The real server is
 * built and each route it registers is walked: an `/api/*` route must declare a response schema
 * for a success status and for its errors (4xx when it reads input, 5xx always), each a real
 * schema; a params schema naming every path parameter; a body schema for POST, PUT and PATCH;
 * and a schema for whatever its handler reads (`.query`, `.body`, `.params`). A fixture shows the
 * checker naming routes that declare nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import { buildServer } from '../../src/server/start/build-server.js';
import { createTraceRecorder, type TraceRecorder } from '../../src/traces/index.js';
import { REPO } from '../helpers/project.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';

interface Route {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  handler: string;
}

/** Records every route `app` registers from now on (call before `ready`). */
function recordRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  app.addHook('onRoute', (r: RouteOptions) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url, schema: r.schema, handler: String(r.handler) });
  });
  return routes;
}

type Schema = Record<string, unknown> | undefined;

/** A schema that says something: a type, a union or a reference (not `{}`). */
const isRealSchema = (s: unknown): boolean =>
  typeof s === 'object' && s !== null && ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'].some((k) => k in s);

/** What is wrong with the response schemas of a route that reads input when `readsInput`. */
function responseProblems(response: Schema, readsInput: boolean): string[] {
  if (response === undefined) return ['no response schema'];
  const statuses = Object.keys(response);
  const out = statuses.filter((s) => !isRealSchema(response[s])).map((s) => `response ${s} has no schema`);
  if (!statuses.some((s) => s.startsWith('2'))) out.push('no success response schema');
  if (!statuses.some((s) => s.startsWith('5'))) out.push('no 5xx response schema');
  if (readsInput && !statuses.some((s) => s === '400' || s === '4xx')) out.push('no 400 response schema for refused input');
  return out;
}

/** Path parameters (`:name`) the params schema does not declare and require. */
function paramProblems(url: string, params: Schema): string[] {
  const properties = (params?.['properties'] ?? {}) as Record<string, unknown>;
  const required = (params?.['required'] ?? []) as string[];
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)]
    .map((m) => m[1]!)
    .filter((n) => params !== undefined && (!(n in properties) || !required.includes(n)))
    .map((n) => `path parameter ${n} not declared and required`);
}

/** The input schemas a route must have: what its method and path take, and what its handler reads. */
function neededInputs(route: Route): string[] {
  const reads = (part: string) => new RegExp(`\\.${part}\\b`).test(route.handler);
  const needs: string[] = [];
  if (route.url.includes(':') || reads('params')) needs.push('params');
  if (reads('query')) needs.push('querystring');
  if (['POST', 'PUT', 'PATCH'].includes(route.method) || reads('body')) needs.push('body');
  return needs;
}

/** Every problem of one route's schemas, each as `METHOD /url: problem`. */
function routeProblems(route: Route): string[] {
  const schema = (route.schema ?? {}) as Record<string, Schema>;
  const out = neededInputs(route)
    .filter((k) => schema[k] === undefined)
    .map((k) => `no ${k} schema`);
  out.push(...paramProblems(route.url, schema['params']));
  const readsInput = ['body', 'querystring', 'params'].some((k) => schema[k] !== undefined);
  out.push(...responseProblems(schema['response'], readsInput));
  return out.map((p) => `${route.method} ${route.url}: ${p}`);
}

/** Problems of every API route (HEAD routes mirror their GET and are left out). */
function schemaProblems(routes: readonly Route[]): string[] {
  return routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS').flatMap(routeProblems);
}

/** Every route schema the contract modules export (`*_ROUTE`). */
async function contractRouteSchemas(): Promise<Set<unknown>> {
  const dir = join(REPO, 'src/server/contract');
  const out = new Set<unknown>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (name.endsWith('_ROUTE')) out.add(value);
  }
  return out;
}

const roots: string[] = [];
const recorders: TraceRecorder[] = [];
const apps: FastifyInstance[] = [];

/** The real server over an empty project, with a trace recorder (so the trace routes exist), and the routes it registered. */
async function realServer(extra?: (app: FastifyInstance) => void): Promise<Route[]> {
  const root = mkdtempSync(join(tmpdir(), 'svc-route-schemas-'));
  roots.push(root);
  const recorder = createTraceRecorder({ root, otlp: false, onError: () => undefined });
  recorders.push(recorder);
  const app = buildServer({ root, manifest: emptyManifest(), executor: unusedExecutor, config: {} as SvcConfig, recorder, log: () => undefined });
  apps.push(app);
  const routes = recordRoutes(app);
  extra?.(app);
  await app.ready();
  return routes;
}

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const r of recorders) await r.close().catch(() => undefined);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the HTTP contract of every API route', () => {
  it('walks the real server (a sanity floor, so an empty walk cannot pass)', async () => {
    const api = (await realServer()).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(28);
    expect(api.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/blocks', 'GET /api/blocks/:id', 'GET /api/health', 'GET /api/identity', 'GET /api/ask-traces/:traceId/export']),
    );
  });

  it('declares params, querystring, body and response schemas wherever a route takes or answers them', async () => {
    expect(schemaProblems(await realServer())).toEqual([]);
  });

  it('takes each route schema from the contract modules', async () => {
    const contract = await contractRouteSchemas();
    const routes = (await realServer()).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.filter((r) => !contract.has(r.schema)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('the checker itself (fixtures)', () => {
  it('names a route registered without any schema, and one with half of them', async () => {
    const routes = await realServer((app) => {
      app.post('/api/oops/:id', async (request) => ({ id: (request.params as { id: string }).id, body: request.body }));
      app.get('/api/half', { schema: { response: { 200: {} } } }, async (request) => ({ q: request.query }));
    });
    expect(schemaProblems(routes)).toEqual([
      'POST /api/oops/:id: no params schema',
      'POST /api/oops/:id: no body schema',
      'POST /api/oops/:id: no response schema',
      'GET /api/half: no querystring schema',
      'GET /api/half: response 200 has no schema',
      'GET /api/half: no 5xx response schema',
    ]);
  });

  it('names a path parameter the params schema leaves out, and a route whose input has no 400', () => {
    const route: Route = {
      method: 'GET',
      url: '/api/apps/:appId/pages/:pageId',
      schema: {
        params: { type: 'object', required: ['appId'], properties: { appId: { type: 'string' } } },
        response: { 200: { type: 'object' }, '5xx': { type: 'object' } },
      },
      handler: 'async () => ({})',
    };
    expect(schemaProblems([route])).toEqual([
      'GET /api/apps/:appId/pages/:pageId: path parameter pageId not declared and required',
      'GET /api/apps/:appId/pages/:pageId: no 400 response schema for refused input',
    ]);
  });

  it('leaves routes outside /api alone', () => {
    expect(schemaProblems([{ method: 'GET', url: '/assets/*', schema: undefined, handler: '' }])).toEqual([]);
  });
});
