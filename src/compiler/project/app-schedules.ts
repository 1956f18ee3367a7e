/**
 * An App's schedules (svc.app.json `schedules`, spec 03 Schedules): each names one of the App's
 * pages, a cadence in five-field cron form (read in UTC, parsed by cron-parser, the library the
 * server's scheduler also uses, so what `svc app check` accepts is what runs), recipients and
 * monitors on the page's data tiles. A schedule that does not read is left out of the manifest
 * with an error, so the scheduler never runs a cadence or watches a tile it cannot read.
 */
import { createRequire } from 'node:module';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CompiledApp, CompiledSchedule } from '../types.js';

// Loaded only when an App declares a schedule: every compile and lint of a project without one
// (the pre-commit path) stays without the cron parser and its date library.
const load = createRequire(import.meta.url);
type Parser = typeof import('cron-parser').CronExpressionParser;

/** Why `cron` is not a five-field cron expression, or undefined when it is one. */
export function cronProblem(cron: string): string | undefined {
  if (cron.trim().split(/\s+/).length !== 5) return 'it needs five fields';
  try {
    (load('cron-parser') as { CronExpressionParser: Parser }).CronExpressionParser.parse(cron, { tz: 'UTC' });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'it does not parse';
  }
}

/** The schedules of `app` that read; a problem with one is an error diagnostic on `file`. */
export function readSchedules(app: CompiledApp, raw: readonly CompiledSchedule[] | undefined, file: string, out: Diagnostic[]): CompiledSchedule[] {
  const kept: CompiledSchedule[] = [];
  for (const s of raw ?? []) {
    const page = app.pages.find((p) => p.id === s.page);
    const problem = cronProblem(s.cron);
    if (page === undefined) out.push(diag('app/schedule-page-unknown', { schedule: s.id, app: app.id, page: s.page }, { file }));
    if (problem !== undefined) out.push(diag('app/schedule-cron-invalid', { schedule: s.id, app: app.id, cron: s.cron, problem }, { file }));
    const dataTiles = new Set(page?.tiles.filter((t) => t.kind !== 'text').map((t) => t.id) ?? []);
    const unknown = page === undefined ? [] : (s.monitors ?? []).filter((m) => !dataTiles.has(m.tile));
    for (const m of unknown) out.push(diag('app/schedule-monitor-tile', { monitor: m.id, schedule: s.id, tile: m.tile, page: s.page }, { file }));
    if (page === undefined || problem !== undefined || unknown.length > 0) continue;
    kept.push({ ...s, recipients: s.recipients ?? [], monitors: s.monitors ?? [] });
  }
  return kept;
}
