/**
 * A schedule's run history (spec 03 Schedules, shown by the web app's schedule editor): each run
 * of one App schedule, by the scheduler or by `POST .../run`, with its time, whether governed
 * figures changed, each delivery (delivered or not, with a reference) and a plain reason, kept in
 * `.svc/local/schedule-runs/<app>/<schedule>.json`, newest last, at most 50. It holds no figure
 * and no row: what moved is the digest's (per person), never the history's.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import type { DeliveryResult } from '../delivery/deliver.js';
import type { ScheduledOutcome } from './settle-run.js';

export const RUNS_FOLDER = '.svc/local/schedule-runs';
/** Runs kept per schedule, newest last. */
export const RUNS_KEPT = 50;

export interface ScheduleRunRecord {
  runId: string;
  at: string;
  /** False when the page did not run (then `reason` says why and nothing was delivered). */
  ran: boolean;
  changed: boolean;
  deliveries: Array<Pick<DeliveryResult, 'kind' | 'to' | 'delivered' | 'reference'>>;
  /** Which monitors fired, by id. */
  fired: string[];
  reason: string;
}

const fileOf = (root: string, appId: string, scheduleId: string): string => join(root, RUNS_FOLDER, appId, `${scheduleId}.json`);

/** The schedule's runs, oldest first; none when nothing was kept or the file does not read. */
export function listScheduleRuns(root: string, appId: string, scheduleId: string): ScheduleRunRecord[] {
  try {
    const parsed = JSON.parse(readFileSync(fileOf(root, appId, scheduleId), 'utf8')) as { runs?: unknown };
    return Array.isArray(parsed.runs) ? (parsed.runs as ScheduleRunRecord[]) : [];
  } catch {
    return [];
  }
}

/** Appends `record`, keeping the newest RUNS_KEPT. */
export function recordScheduleRun(root: string, appId: string, scheduleId: string, record: ScheduleRunRecord): void {
  const runs = [...listScheduleRuns(root, appId, scheduleId), record].slice(-RUNS_KEPT);
  atomicWrite(fileOf(root, appId, scheduleId), `${JSON.stringify({ runs }, null, 2)}\n`);
}

/** Forgets a deleted schedule's runs, so a new schedule of the same id starts with none. */
export function forgetScheduleRuns(root: string, appId: string, scheduleId: string): void {
  rmSync(fileOf(root, appId, scheduleId), { force: true });
}

/** Why a run that ran did or did not send anything, in plain words. */
export function runReason(outcome: ScheduledOutcome): string {
  const sent = outcome.deliveries.length;
  const failed = outcome.deliveries.filter((d) => !d.delivered).length;
  const fired = outcome.monitors.filter((m) => m.fired).length;
  const why = fired > 0 ? `${fired} monitor(s) fired` : outcome.changed ? 'Governed figures changed' : 'No governed figure changed since the last run';
  if (!outcome.changed && fired === 0) return `${why}: nothing was sent.`;
  if (sent === 0) return `${why}, but the schedule has no recipients.`;
  return failed === 0 ? `${why}: sent to ${sent} recipient(s).` : `${why}: ${failed} of ${sent} deliveries failed (see each reference).`;
}

/** The record of a run that ran and settled into `outcome`. */
export function ranRecord(runId: string, at: string, outcome: ScheduledOutcome): ScheduleRunRecord {
  return {
    runId,
    at,
    ran: true,
    changed: outcome.changed,
    deliveries: outcome.deliveries.map((d) => ({
      kind: d.kind,
      to: d.to,
      delivered: d.delivered,
      ...(d.reference !== undefined ? { reference: d.reference } : {}),
    })),
    fired: outcome.monitors.filter((m) => m.fired).map((m) => m.id),
    reason: runReason(outcome),
  };
}
