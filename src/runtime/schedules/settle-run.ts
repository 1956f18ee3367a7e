/**
 * What follows a schedule's page run (spec 03 Schedules): the digest against the same person's
 * last run, the page edition against the previous scheduled run, the monitors, and delivery to
 * each recipient when figures changed or a monitor fired (an alert). Only the run's Certified or
 * Governed single figures are used, so nothing else reaches a digest, an edition or a message.
 */
import type { CompiledApp, CompiledSchedule } from '../../compiler/types.js';
import type { ContextHooks } from '../../hooks/context/request-context.js';
import type { DeliveryMessage } from '../../hooks/hooks.js';
import type { PageRun } from '../apps/page-run.js';
import { type DeliveryResult, deliver } from '../delivery/deliver.js';
import { pageFigures } from '../home/page-figures.js';
import { settleDigest } from './digests.js';
import { type PageEdition, settleEdition } from './editions.js';
import { checkMonitors, type MonitorState } from './monitors.js';

export interface ScheduledRun {
  root: string;
  /** The principal id the run ran as. */
  person: string;
  app: CompiledApp;
  schedule: CompiledSchedule;
  run: Pick<PageRun, 'tiles'>;
  runId: string;
  at: Date;
  host?: ContextHooks;
  log: (line: string) => void;
}

export interface ScheduledOutcome {
  /** True when governed figures changed from the person's last run (a digest was written). */
  changed: boolean;
  edition?: PageEdition;
  monitors: MonitorState[];
  deliveries: DeliveryResult[];
}

/** Digest, edition, monitors and delivery of one scheduled run. */
export async function settleScheduledRun(s: ScheduledRun): Promise<ScheduledOutcome> {
  const { app, schedule } = s;
  const figures = pageFigures(s.run);
  const at = s.at.toISOString();
  const digest = settleDigest(s.root, s.person, { runId: s.runId, at, appId: app.id, pageId: schedule.page, scheduleId: schedule.id }, figures);
  const page = app.pages.find((p) => p.id === schedule.page);
  const href = `/?app=${encodeURIComponent(app.id)}&page=${encodeURIComponent(schedule.page)}`;
  const edition = settleEdition(
    s.root,
    {
      appId: app.id,
      pageId: schedule.page,
      ...(app.title !== undefined ? { appTitle: app.title } : {}),
      ...(page?.title !== undefined ? { pageTitle: page.title } : {}),
      href,
      runId: s.runId,
      at,
      scheduleId: schedule.id,
    },
    figures,
    s.host?.hooks.pageEdition?.bind(s.host.hooks),
    s.log,
  );
  const monitors = checkMonitors(schedule.monitors, figures);
  const fired = monitors.filter((m) => m.fired).map(({ fired: _f, ...m }) => m);
  if (digest === undefined && fired.length === 0) return { changed: false, ...(edition !== undefined ? { edition } : {}), monitors, deliveries: [] };
  const message: Omit<DeliveryMessage, 'recipient'> = {
    kind: fired.length > 0 ? 'alert' : 'digest',
    appPage: { appId: app.id, pageId: schedule.page, title: [app.title ?? app.id, page?.title ?? schedule.page].join(': '), href },
    scheduleId: schedule.id,
    runId: s.runId,
    at,
    figures: digest?.figures ?? figures,
    monitors: fired,
  };
  const deliveries = await Promise.all(schedule.recipients.map((r) => deliver(message, r, { ...(s.host !== undefined ? { host: s.host } : {}), log: s.log })));
  return { changed: digest !== undefined, ...(edition !== undefined ? { edition } : {}), monitors, deliveries };
}
