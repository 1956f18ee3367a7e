/** `svc schedule run <app> <schedule>`: run one App schedule now, for a cron job or CI. */
import { Command, Option } from 'clipanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { diagnosticsText } from '../render/text.js';

const DETAILS = `
Runs one schedule an App declares in svc.app.json (\`schedules\`) now, exactly as the server's scheduler would: svc starts the project's server on a free loopback port, runs the schedule's page as its owner under a schedule pass (valid 2 minutes, revoked when the run ends), compares the governed figures with the owner's last run (digests in .svc/local/digests), records a page edition when they changed, checks the monitors, and delivers to the recipients (SVC_SMTP_URL for mail, a webhook signed with SVC_WEBHOOK_SECRET or the recipient's secretEnv). Prints what followed, never a figure.

Exit codes: 0 the schedule ran and every message due was delivered, 1 it did not run or a message was not delivered (each with a reference for the log), 2 usage or configuration error.`;

interface Outcome {
  changed?: boolean;
  edition?: { runId: string };
  monitors?: Array<{ id: string; fired: boolean }>;
  deliveries?: Array<{ kind: string; to: string; delivered: boolean; reference?: string }>;
  error?: { code: string; message: string };
}

function outcomeText(o: Outcome): string {
  if (o.error !== undefined) return `${o.error.code}: ${o.error.message}\n`;
  const lines = [o.changed === true ? 'Governed figures changed: digest written.' : 'Governed figures unchanged: no digest.'];
  if (o.edition !== undefined) lines.push(`New page edition (run ${o.edition.runId}).`);
  for (const m of o.monitors ?? []) lines.push(`Monitor ${m.id}: ${m.fired ? 'fired' : 'quiet'}`);
  for (const d of o.deliveries ?? []) lines.push(`${d.kind} to ${d.to}: ${d.delivered ? 'delivered' : `not delivered (reference ${d.reference ?? 'none'})`}`);
  return `${lines.join('\n')}\n`;
}

export class ScheduleRunCommand extends Command<SvcContext> {
  static override paths = [['schedule', 'run']];
  static override usage = Command.Usage({
    description: 'Run one App schedule now (digest, edition, monitors, delivery).',
    details: DETAILS,
    examples: [['Run the daily schedule of the growth App', 'svc schedule run growth daily']],
  });

  app = Option.String({ name: 'app' });
  schedule = Option.String({ name: 'schedule' });
  project = projectOption();
  format = textOrJsonOption();

  override async execute(): Promise<number> {
    const { ProjectNotReadyError, startLocalServer } = await import('../../server/start/start-local-server.js');
    let server;
    try {
      server = await startLocalServer({ cwd: this.context.cwd, host: '127.0.0.1', port: 0, ...(this.project !== undefined ? { project: this.project } : {}) });
    } catch (error) {
      if (!(error instanceof ProjectNotReadyError)) throw error;
      this.context.stderr.write(diagnosticsText(error.diagnostics));
      return error.exitCode;
    }
    try {
      const token = process.env['SVC_SERVER_TOKEN'];
      const r = await fetch(`${server.url}/api/apps/${encodeURIComponent(this.app)}/schedules/${encodeURIComponent(this.schedule)}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: '{}',
      });
      const outcome = (await r.json()) as Outcome;
      this.context.stdout.write(this.format === 'json' ? `${JSON.stringify(outcome, null, 2)}\n` : outcomeText(outcome));
      return r.ok && (outcome.deliveries ?? []).every((d) => d.delivered) ? 0 : 1;
    } finally {
      await server.close();
    }
  }
}
