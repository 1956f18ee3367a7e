/**
 * Apps for the web app (spec 01 "Apps: one trust state per page"):
 * - GET /api/apps: the library: each App's id, title, owner, lifecycle and pages (no figures),
 *   only the Apps the person may open (app-gate.ts).
 * - POST /api/apps/:appId/pages/:pageId/run (action `app.view` on the App): runs the page's
 *   tiles through the one query path and answers each tile's rows or failure, in page order, with
 *   the page's one trust value (label, `N of M tiles certified`, and the all-certified words
 *   only when the rules allow them). `{ filters: { <filterId>: value } }` binds each filter's
 *   value to the parameter its binding names on each tile. A page the project does not have is 404 PAGE_NOT_FOUND.
 */
import type { FastifyPluginAsync } from 'fastify';
import { keepsAnswerText } from '../../hooks/answer-text.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { type PageRun as RuntimePageRun, runAppPage } from '../../runtime/apps/page-run.js';
import { recordPageRun, scopeOf } from '../../runtime/home/home-state.js';
import { isComplete, pageFigures } from '../../runtime/home/page-figures.js';
import { mayUse, requireApp, runNeed } from '../app-gate.js';
import { LIBRARY_ROUTE, type Library, PAGE_RUN_ROUTE, type PageRun, type PageRunRequest } from '../contract/apps.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { defaultLog } from '../server-logger.js';
import { snapshotOf } from '../snapshot-hook.js';

/**
 * Keeps the run's single figures in the person's Home state. Home is a convenience: a store that
 * fails is logged with a reference and the page run still answers.
 */
async function keepForHome(deps: ServerDeps, asker: Asker, run: RuntimePageRun, filters: Record<string, unknown> | undefined): Promise<void> {
  const owner = asker?.principal?.id;
  if (deps.memory === undefined || owner === undefined) return;
  const scheduled = asker?.schedule !== undefined ? { scheduled: true as const, scheduleId: asker.schedule.scheduleId } : {};
  try {
    await recordPageRun(deps.memory, owner, {
      appId: run.appId,
      pageId: run.pageId,
      at: new Date(),
      run: { scope: scopeOf(filters), complete: isComplete(run), figures: pageFigures(run), ...scheduled },
    });
  } catch (error) {
    const reference = errorReference();
    (deps.log ?? defaultLog)(`svc: Home state not kept (reference ${reference}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const appsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: Library }>('/api/apps', { schema: LIBRARY_ROUTE }, async (request) => {
    const all = Object.values(snapshotOf(request).manifest.apps ?? {}).sort((a, b) => (a.id < b.id ? -1 : 1));
    // Only Apps the person may open are listed (spec 03: the library reads the App decision).
    const open = await Promise.all(all.map((a) => mayUse(request.asker, deps.root, a, 'read')));
    const apps = all.filter((_a, i) => open[i] === true);
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
  app.post<{ Params: { appId: string; pageId: string }; Body: PageRunRequest | undefined; Reply: PageRun }>(
    '/api/apps/:appId/pages/:pageId/run',
    { schema: PAGE_RUN_ROUTE },
    async (request) => {
      const { appId, pageId } = request.params;
      const snapshot = snapshotOf(request);
      const target = snapshot.manifest.apps?.[appId];
      await requireApp(request.asker, deps.root, target, runNeed(target));
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
      await keepForHome(deps, request.asker, run, request.body?.filters);
      return run;
    },
  );
};
