/**
 * An App's schedules (action `schedule.manage`, spec 03 Endpoints and Schedules):
 * `POST /api/apps/:appId/schedules/:scheduleId/run` runs the schedule now as its owner under a
 * schedule pass (schedule-run.ts) and answers what followed, never a figure; the server's
 * scheduler runs the same on its cadence. The web app's schedule editor reads the App's schedules
 * with their run history (`GET .../schedules`), and makes, changes (`PUT`) and deletes (`DELETE`)
 * one in the App's `svc.app.json`, checked first (422 SCHEDULE_INVALID, nothing written), then
 * compiled so this server runs the schedule as written from its next request on. With Send for
 * review (`review: true` on PUT, `?review=1` on DELETE; `git.review` asked first, so a refusal
 * changes nothing) the file's new text is committed as the signed-in person on a review branch
 * and a review requested (review-gate.ts), and `svc.app.json` is not written: the schedule runs as
 * changed only once the review is merged.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { CompiledApp } from '../../compiler/types.js';
import { audit } from '../../hooks/audit.js';
import { forgetDigests } from '../../runtime/schedules/digests.js';
import { removeSchedule, type ScheduleEdit, scheduleProblems, withoutSchedule, withSchedule, writeSchedule } from '../../runtime/schedules/edit-schedules.js';
import { forgetScheduleRuns, listScheduleRuns } from '../../runtime/schedules/run-history.js';
import type { Review } from '../contract/git.js';
import {
  SCHEDULE_DELETE_ROUTE,
  SCHEDULE_EDIT_ROUTE,
  SCHEDULE_LIST_ROUTE,
  SCHEDULE_RUN_ROUTE,
  type ScheduleDeleted,
  type ScheduleDeleteQuery,
  type ScheduleEditRequest,
  type ScheduleList,
  type ScheduleRun,
  type ScheduleSaved,
} from '../contract/schedules.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { requireReview, sendTextsForReview } from '../review-gate.js';
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

/** The edit as the route will save it; 422 SCHEDULE_INVALID with its problems, nothing written. */
function checked(app: CompiledApp, scheduleId: string, body: ScheduleEditRequest, owner: string | undefined): ScheduleEdit {
  const edit = { page: body.page, cron: body.cron, recipients: body.recipients, ...(owner !== undefined ? { owner } : {}) };
  const problems = scheduleProblems(app, scheduleId, edit);
  if (problems.length > 0) throw new ApiError(422, 'SCHEDULE_INVALID', problems.join(' '), { problems });
  return edit;
}

/** Writes the schedule, then compiles so the server runs it as written. */
function save(deps: ServerDeps, app: CompiledApp, scheduleId: string, edit: ScheduleEdit): ScheduleSaved {
  const { created } = writeSchedule(deps.root, app.file, scheduleId, edit);
  compileProject({ project: deps.root });
  return { appId: app.id, scheduleId, created };
}

/** Sends the App file's new text for review; the file, and so what this server runs, stays as it is until the review is merged. */
async function sendChange(deps: ServerDeps, request: FastifyRequest, app: CompiledApp, text: string, title: string): Promise<Review> {
  const who = request.asker?.principal;
  const body = `Changed from the web app by ${who?.email ?? who?.id ?? 'the local owner'}; runs once merged.`;
  const sent = await sendTextsForReview(deps.root, request.asker, [{ path: app.file, text }], title, body, deps.log);
  if (sent.commit !== undefined) audit('change', { change: 'git_review', source: `app:${app.id}` }, request.asker);
  return sent;
}

/** Removes the schedule (its run history too) and compiles. */
function remove(deps: ServerDeps, request: FastifyRequest, app: CompiledApp, scheduleId: string): ScheduleDeleted {
  removeSchedule(deps.root, app.file, scheduleId);
  forgetScheduleRuns(deps.root, app.id, scheduleId);
  forgetDigests(deps.root, app.id, scheduleId);
  compileProject({ project: deps.root });
  audit('change', { change: 'schedule_deleted', source: `app:${app.id}` }, request.asker);
  return { appId: app.id, scheduleId, deleted: true };
}

/** PUT: saves the schedule, or sends the change for review. */
const saveSchedule =
  (deps: ServerDeps) =>
  async (request: FastifyRequest<{ Params: Params; Body: ScheduleEditRequest }>): Promise<ScheduleSaved> => {
    const target = await appOf(snapshotOf(request).manifest.apps, request.params.appId);
    const { scheduleId } = request.params;
    if (request.body.review === true) await requireReview(request.asker);
    // With a host a schedule runs as the person who last saved it (edit-schedules.ts says why); without one, as before.
    const edit = checked(target, scheduleId, request.body, deps.hooks !== undefined ? request.asker?.principal?.id : undefined);
    if (request.body.review !== true) {
      const saved = save(deps, target, scheduleId, edit);
      audit('change', { change: 'schedule_saved', source: `app:${target.id}` }, request.asker);
      return saved;
    }
    const { text, created } = withSchedule(deps.root, target.file, scheduleId, edit);
    return { appId: target.id, scheduleId, created, review: await sendChange(deps, request, target, text, `Save schedule ${scheduleId} of App ${target.id}`) };
  };

/** DELETE: removes the schedule, or sends its removal for review. */
const deleteSchedule =
  (deps: ServerDeps) =>
  async (request: FastifyRequest<{ Params: Params; Querystring: ScheduleDeleteQuery }>): Promise<ScheduleDeleted> => {
    const target = await appOf(snapshotOf(request).manifest.apps, request.params.appId);
    const { scheduleId } = request.params;
    if (request.query.review === '1') await requireReview(request.asker);
    const text = withoutSchedule(deps.root, target.file, scheduleId);
    if (text === undefined) throw new ApiError(404, 'SCHEDULE_NOT_FOUND', `App ${target.id} declares no schedule ${scheduleId}.`);
    if (request.query.review !== '1') return remove(deps, request, target, scheduleId);
    const review = await sendChange(deps, request, target, text, `Delete schedule ${scheduleId} of App ${target.id}`);
    return { appId: target.id, scheduleId, deleted: false, review };
  };

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
    saveSchedule(deps),
  );
  app.delete<{ Params: Params; Querystring: ScheduleDeleteQuery; Reply: ScheduleDeleted }>(
    '/api/apps/:appId/schedules/:scheduleId',
    { schema: SCHEDULE_DELETE_ROUTE },
    deleteSchedule(deps),
  );
};
