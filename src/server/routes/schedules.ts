/**
 * POST /api/apps/:appId/schedules/:scheduleId/run (action `schedule.manage`, spec 03
 * Endpoints): runs the schedule now as its owner under a schedule pass (schedule-run.ts) and
 * answers what followed, never a figure. The server's scheduler runs the same on its cadence.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SCHEDULE_RUN_ROUTE, type ScheduleRun } from '../contract/schedules.js';
import type { RouteOptions } from '../deps.js';
import { runSchedule } from '../schedule-run.js';
import { snapshotOf } from '../snapshot-hook.js';

export const schedulesRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: { appId: string; scheduleId: string }; Body: Record<string, never> | undefined; Reply: ScheduleRun }>(
    '/api/apps/:appId/schedules/:scheduleId/run',
    { schema: SCHEDULE_RUN_ROUTE },
    async (request) => {
      const { appId, scheduleId } = request.params;
      const result = await runSchedule(deps, snapshotOf(request).manifest.apps, appId, scheduleId, request.asker?.principal);
      return { ...result, monitors: result.monitors.map((m) => ({ id: m.id, tile: m.tile, fired: m.fired })) };
    },
  );
};
