/**
 * An App's schedules (action `schedule.manage`, spec 03 Endpoints and Schedules):
 * `POST /api/apps/:appId/schedules/:scheduleId/run` runs the schedule now as its owner under a
 * schedule pass (schedule-run.ts) and answers what followed, never a figure; the server's
 * scheduler runs the same on its cadence. The web app's schedule editor reads the App's schedules
 * with their run history (`GET .../schedules`), and makes, changes (`PUT`) and deletes (`DELETE`)
 * one in the App's `svc.app.json`, checked first (422 SCHEDULE_INVALID, nothing written), then
 * compiled so this server runs the schedule as written from its next request on.
 */
import type { FastifyPluginAsync } from 'fastify';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { CompiledApp } from '../../compiler/types.js';
import { audit } from '../../hooks/audit.js';
import { forgetDigests } from '../../runtime/schedules/digests.js';
import { removeSchedule, scheduleProblems, writeSchedule } from '../../runtime/schedules/edit-schedules.js';
import { forgetScheduleRuns, listScheduleRuns } from '../../runtime/schedules/run-history.js';
import {
  SCHEDULE_DELETE_ROUTE,
  SCHEDULE_EDIT_ROUTE,
  SCHEDULE_LIST_ROUTE,
  SCHEDULE_RUN_ROUTE,
  type ScheduleDeleted,
  type ScheduleEditRequest,
  type ScheduleList,
  type ScheduleRun,
  type ScheduleSaved,
} from '../contract/schedules.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { runSchedule } from '../schedule-run.js';
import { snapshotOf } from '../snapshot-hook.js';

type Params = { appId: string; scheduleId: string };

async function appOf(apps: Promise<Readonly<Record<string, CompiledApp>> | undefined> | Readonly<Record<string, CompiledApp>> | undefined, appId: string) {
  const app = (await apps)?.[appId];
  if (app === undefined) throw new ApiError(404, 'APP_NOT_FOUND', 'This project has no such App.');
  return app;
}

/** The App's pages and schedules, each with its runs newest first. */
function listOf(root: string, app: CompiledApp): ScheduleList {
  return {
    appId: app.id,
    pages: app.pages.map((p) => ({ id: p.id, ...(p.title !== undefined ? { title: p.title } : {}) })),
    schedules: (app.schedules ?? []).map((s) => ({
      id: s.id,
      page: s.page,
      cron: s.cron,
      ...(s.owner !== undefined ? { owner: s.owner } : {}),
      recipients: s.recipients,
      monitors: s.monitors.length,
      runs: listScheduleRuns(root, app.id, s.id).reverse(),
    })),
  };
}

/** Checks and writes the schedule, then compiles so the server runs it as written. */
function save(deps: ServerDeps, app: CompiledApp, scheduleId: string, body: ScheduleEditRequest, owner: string | undefined): ScheduleSaved {
  const edit = { page: body.page, cron: body.cron, recipients: body.recipients, ...(owner !== undefined ? { owner } : {}) };
  const problems = scheduleProblems(app, scheduleId, edit);
  if (problems.length > 0) throw new ApiError(422, 'SCHEDULE_INVALID', problems.join(' '), { problems });
  const { created } = writeSchedule(deps.root, app.file, scheduleId, edit);
  compileProject({ project: deps.root });
  return { appId: app.id, scheduleId, created };
}

export const schedulesRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: Params; Body: Record<string, never> | undefined; Reply: ScheduleRun }>(
    '/api/apps/:appId/schedules/:scheduleId/run',
    { schema: SCHEDULE_RUN_ROUTE },
    async (request) => {
      const { appId, scheduleId } = request.params;
      const result = await runSchedule(deps, snapshotOf(request).manifest.apps, appId, scheduleId, request.asker?.principal);
      return { ...result, monitors: result.monitors.map((m) => ({ id: m.id, tile: m.tile, fired: m.fired })) };
    },
  );
  app.get<{ Params: { appId: string }; Reply: ScheduleList }>('/api/apps/:appId/schedules', { schema: SCHEDULE_LIST_ROUTE }, async (request) =>
    listOf(deps.root, await appOf(snapshotOf(request).manifest.apps, request.params.appId)),
  );
  app.put<{ Params: Params; Body: ScheduleEditRequest; Reply: ScheduleSaved }>(
    '/api/apps/:appId/schedules/:scheduleId',
    { schema: SCHEDULE_EDIT_ROUTE },
    async (request) => {
      const target = await appOf(snapshotOf(request).manifest.apps, request.params.appId);
      // With a host a schedule runs as the person who last saved it (edit-schedules.ts says why); without one, as before.
      const owner = deps.hooks !== undefined ? request.asker?.principal?.id : undefined;
      const saved = save(deps, target, request.params.scheduleId, request.body, owner);
      audit('change', { change: 'schedule_saved', source: `app:${target.id}` }, request.asker);
      return saved;
    },
  );
  app.delete<{ Params: Params; Reply: ScheduleDeleted }>('/api/apps/:appId/schedules/:scheduleId', { schema: SCHEDULE_DELETE_ROUTE }, async (request) => {
    const target = await appOf(snapshotOf(request).manifest.apps, request.params.appId);
    const { scheduleId } = request.params;
    if (!removeSchedule(deps.root, target.file, scheduleId))
      throw new ApiError(404, 'SCHEDULE_NOT_FOUND', `App ${target.id} declares no schedule ${scheduleId}.`);
    forgetScheduleRuns(deps.root, target.id, scheduleId);
    forgetDigests(deps.root, target.id, scheduleId);
    compileProject({ project: deps.root });
    audit('change', { change: 'schedule_deleted', source: `app:${target.id}` }, request.asker);
    return { appId: target.id, scheduleId, deleted: true };
  });
};
