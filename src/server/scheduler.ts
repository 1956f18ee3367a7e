/**
 * The server's scheduler (spec 03 Schedules): every tick it reads the Apps of the project as it is
 * now and runs each schedule whose cron cadence (five fields, UTC, read by cron-parser as `svc
 * app check` reads it) came due since the last tick, through the same run as
 * `POST /api/apps/:appId/schedules/:scheduleId/run` (a pass as the owner). A run that fails is
 * logged with a reference and the next tick goes on; a schedule runs at most once per tick even
 * when several times came due (a server that slept does not replay what it missed).
 */
import { CronExpressionParser } from 'cron-parser';
import type { CompiledApp } from '../compiler/types.js';
import { errorReference } from '../hooks/context/error-reference.js';

/** How often the scheduler looks (a cadence is honoured to within this). */
export const TICK_MS = 30_000;

/** The `[appId, scheduleId]` pairs whose cadence has a time in `(from, to]`. */
export function dueSchedules(apps: Readonly<Record<string, CompiledApp>> | undefined, from: Date, to: Date): Array<[string, string]> {
  const due: Array<[string, string]> = [];
  for (const app of Object.values(apps ?? {}))
    for (const schedule of app.schedules ?? []) {
      try {
        const next = CronExpressionParser.parse(schedule.cron, { currentDate: from, tz: 'UTC' }).next().getTime();
        if (next <= to.getTime()) due.push([app.id, schedule.id]);
      } catch {
        // A cadence that does not read never runs; svc app check says why.
      }
    }
  return due;
}

export interface Scheduler {
  /** Looks once now (what a tick does). */
  tick(): Promise<void>;
  stop(): void;
}

/** Starts ticking; `apps` reads the project's Apps now, `run` runs one schedule. */
export function startScheduler(
  apps: () => Promise<Readonly<Record<string, CompiledApp>> | undefined>,
  run: (appId: string, scheduleId: string) => Promise<unknown>,
  options: { log: (line: string) => void; now?: () => Date; tickMs?: number },
): Scheduler {
  const now = options.now ?? (() => new Date());
  let last = now();
  const tick = async (): Promise<void> => {
    const to = now();
    const due = dueSchedules(await apps(), last, to);
    last = to;
    await Promise.all(
      due.map(([appId, scheduleId]) =>
        run(appId, scheduleId).catch((error: unknown) => {
          options.log(`[${errorReference()}] svc: schedule ${appId}/${scheduleId} did not run: ${error instanceof Error ? error.message : String(error)}`);
        }),
      ),
    );
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
