/**
 * Running one App schedule now (spec 03 Authentication 4, Schedules): the page runs over loopback
 * HTTP on this server under a fresh schedule pass as the schedule's owner (its `owner`, else the
 * App's), so the App decision and row policy apply as the owner; the pass is revoked when the run
 * ends, whatever happened. Then the digest, edition, monitors and delivery (runtime/schedules),
 * and the run's line in the schedule's run history (run-history.ts), a run that failed too.
 * The caller's own principal is used when the caller is the owner, else the principal the host
 * last named the owner with on this server (known-principals.ts), so their groups and attributes
 * apply; an owner not seen since the server started runs as their id alone.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CompiledApp, CompiledSchedule } from '../compiler/types.js';
import type { Principal } from '../hooks/context/request-context.js';
import { DEFAULT_HOOK_TIMEOUT_MS } from '../hooks/hooks.js';
import type { PageRun } from '../runtime/apps/page-run.js';
import { ranRecord, recordScheduleRun } from '../runtime/schedules/run-history.js';
import { type ScheduledOutcome, settleScheduledRun } from '../runtime/schedules/settle-run.js';
import type { ServerDeps } from './deps.js';
import { ApiError } from './errors.js';
import { PASS_HEADER, SchedulePasses } from './schedule-passes.js';
import { defaultLog } from './server-logger.js';

export interface ScheduleRunResult extends ScheduledOutcome {
  appId: string;
  scheduleId: string;
  pageId: string;
  runId: string;
  at: string;
}

/** The loopback URL of a server bound at `address`. */
export function loopbackUrl(address: AddressInfo | string | null): string | undefined {
  if (address === null || typeof address === 'string') return undefined;
  const host = address.family === 'IPv6' && address.address === '::1' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

function findSchedule(app: CompiledApp | undefined, scheduleId: string): CompiledSchedule {
  const schedule = app?.schedules?.find((s) => s.id === scheduleId);
  if (app === undefined) throw new ApiError(404, 'APP_NOT_FOUND', 'This project has no such App.');
  if (schedule === undefined) throw new ApiError(404, 'SCHEDULE_NOT_FOUND', `App ${app.id} declares no schedule ${scheduleId}.`);
  return schedule;
}

function ownerOf(deps: ServerDeps, app: CompiledApp, schedule: CompiledSchedule, caller: Principal | undefined): Principal {
  const id = schedule.owner ?? app.owner ?? caller?.id ?? deps.principal?.id ?? '';
  if (caller?.id === id) return caller;
  const known = deps.known?.get(id);
  if (known !== undefined) return known;
  return { id, kind: 'person', source: deps.hooks !== undefined ? 'host' : 'local', ...(id.includes('@') ? { email: id } : {}) };
}

/** The page run under a pass; throws a 502 SCHEDULE_RUN_FAILED when the page did not run. */
async function runUnderPass(deps: ServerDeps, base: string, app: CompiledApp, schedule: CompiledSchedule, owner: Principal): Promise<PageRun> {
  const passes = deps.passes ?? new SchedulePasses();
  const { token, revoke } = passes.issue(app.id, schedule.id, owner);
  try {
    const response = await fetch(`${base}/api/apps/${encodeURIComponent(app.id)}/pages/${encodeURIComponent(schedule.page)}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PASS_HEADER]: token },
      body: JSON.stringify(schedule.filters !== undefined ? { filters: schedule.filters } : {}),
    });
    const body = (await response.json()) as PageRun & { error?: { code: string } };
    if (!response.ok) throw new ApiError(502, 'SCHEDULE_RUN_FAILED', `The schedule's page did not run as its owner (${body.error?.code ?? response.status}).`);
    return body;
  } finally {
    revoke();
  }
}

/** Runs `scheduleId` of `appId` now; `caller` is who asked (undefined for the scheduler). */
export async function runSchedule(
  deps: ServerDeps,
  apps: Readonly<Record<string, CompiledApp>> | undefined | Promise<Readonly<Record<string, CompiledApp>> | undefined>,
  appId: string,
  scheduleId: string,
  caller?: Principal,
): Promise<ScheduleRunResult> {
  const app = (await apps)?.[appId];
  const schedule = findSchedule(app, scheduleId);
  const base = deps.selfUrl?.();
  if (app === undefined || base === undefined) throw new ApiError(502, 'SCHEDULE_RUN_FAILED', 'This server is not listening, so a schedule cannot run here.');
  const owner = ownerOf(deps, app, schedule, caller);
  const run = await runUnderPass(deps, base, app, schedule, owner).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    recordScheduleRun(deps.root, appId, scheduleId, {
      runId: randomUUID(),
      at: new Date().toISOString(),
      ran: false,
      changed: false,
      deliveries: [],
      fired: [],
      reason,
    });
    throw error;
  });
  const at = new Date();
  const runId = randomUUID();
  const log = deps.log ?? defaultLog;
  const host = deps.hooks !== undefined ? { hooks: deps.hooks, timeoutMs: deps.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log } : undefined;
  const outcome = await settleScheduledRun({ root: deps.root, person: owner.id, app, schedule, run, runId, at, log, ...(host !== undefined ? { host } : {}) });
  recordScheduleRun(deps.root, appId, scheduleId, ranRecord(runId, at.toISOString(), outcome));
  return { appId, scheduleId, pageId: schedule.page, runId, at: at.toISOString(), ...outcome };
}
