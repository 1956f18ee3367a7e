/**
 * Apps for the web app (spec 01 "Apps: one trust state per page"):
 * - GET /api/apps: the library: each App's id, title, owner, lifecycle and pages (no figures).
 * - POST /api/apps/:appId/pages/:pageId/run (action `app.view` on the App): runs the page's
 *   tiles through the one query path and answers each tile's rows or failure, in page order, with
 *   the page's one trust value (label, `N of M tiles certified`, and the all-certified words
 *   only when the rules allow them). `{ filters: { <filterId>: value } }` binds each filter's
 *   value to the parameter its binding names on each tile. A page the project does not have is 404 PAGE_NOT_FOUND.
 */
import type { FastifyPluginAsync } from 'fastify';
import { runAppPage } from '../../runtime/apps/page-run.js';
import { keepsAnswerText } from '../../hooks/answer-text.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const PAGE_PARAMS = { type: 'object', required: ['appId', 'pageId'], properties: { appId: ID, pageId: ID } } as const;
const TRUST = {
  type: 'object',
  required: ['label', 'line', 'certified', 'total', 'allCertifiedVerified'],
  properties: {
    label: { type: 'string' },
    line: { type: 'string' },
    text: { type: 'string' },
    certified: { type: 'integer' },
    total: { type: 'integer' },
    allCertifiedVerified: { type: 'boolean' },
  },
} as const;
const TILE = {
  type: 'object',
  required: ['id', 'kind'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    kind: { type: 'string' },
    text: { type: 'string' },
    placeholder: { type: 'boolean' },
    source: { type: 'string' },
    sourceKind: { type: 'string' },
    figuresWithheld: { type: 'boolean' },
    ok: { type: 'boolean' },
    columns: { type: 'array', items: { type: 'string' } },
    rows: { type: 'array', items: { type: 'object', additionalProperties: true } },
    rowCount: { type: 'integer' },
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
  },
} as const;
const PAGE_RUN = {
  type: 'object',
  required: ['appId', 'pageId', 'trust', 'filters', 'tiles'],
  properties: {
    appId: { type: 'string' },
    pageId: { type: 'string' },
    title: { type: 'string' },
    trust: TRUST,
    filters: { type: 'array', items: { type: 'string' } },
    tiles: { type: 'array', items: TILE },
  },
} as const;
const RUN_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filters: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] },
    },
  },
} as const;
const LIBRARY = {
  type: 'object',
  required: ['apps'],
  properties: {
    apps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'pages'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          owner: { type: 'string' },
          lifecycle: { type: 'string' },
          pages: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, title: { type: 'string' } } } },
        },
      },
    },
  },
} as const;

export const appsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get('/api/apps', { schema: { response: { 200: LIBRARY } } }, async (request) => {
    const apps = Object.values(snapshotOf(request).manifest.apps ?? {}).sort((a, b) => (a.id < b.id ? -1 : 1));
    return {
      apps: apps.map((a) => ({
        id: a.id,
        ...(a.title !== undefined ? { title: a.title } : {}),
        ...(a.owner !== undefined ? { owner: a.owner } : {}),
        ...(a.lifecycle !== undefined ? { lifecycle: a.lifecycle } : {}),
        pages: a.pages.map((p) => ({ id: p.id, ...(p.title !== undefined ? { title: p.title } : {}) })),
      })),
    };
  });
  app.post<{ Params: { appId: string; pageId: string }; Body: { filters?: Record<string, string | number | boolean> } | undefined }>(
    '/api/apps/:appId/pages/:pageId/run',
    { schema: { params: PAGE_PARAMS, body: RUN_BODY, response: { 200: PAGE_RUN } } },
    async (request) => {
      const { appId, pageId } = request.params;
      const snapshot = snapshotOf(request);
      const keeps = await keepsAnswerText(request.asker, appId);
      const run = await runAppPage(deps.root, snapshot.config, snapshot.manifest, snapshot.executor, {
        asker: request.asker,
        appId,
        pageId,
        keepsAnswerText: keeps,
        ...(deps.runs !== undefined ? { runs: deps.runs } : {}),
        ...(request.body?.filters !== undefined ? { filters: request.body.filters } : {}),
      });
      if (run === undefined) throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${appId}/${pageId}.`);
      return run;
    },
  );
};
