/**
 * `svc schedule run <app> <schedule>` as a real child process (the cron-driven CI path): it runs
 * the schedule as its owner through a server of its own on loopback, delivers the digest to a
 * real loopback SMTP server and signed webhook receiver, says what followed without a figure,
 * and exits 1 for a schedule the App does not declare or a message not delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svcAsync } from '../helpers/cli.js';
import { type Sinks, startSinks } from '../helpers/delivery-sinks.js';
import { cleanupProjects } from '../helpers/project.js';
import { writePulseApp } from '../helpers/pulse-app.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let sinks: Sinks;
let root: string;
let env: Record<string, string>;
beforeAll(async () => {
  sinks = await startSinks();
  root = await commerceProject();
  writePulseApp(root, 'growth@acme.test', [
    {
      id: 'daily',
      page: 'main',
      cron: '0 7 * * *',
      recipients: [
        { kind: 'email', address: 'ada@example.test' },
        { kind: 'webhook', url: sinks.webhookUrl },
      ],
    },
    { id: 'unsigned', page: 'main', cron: '0 7 * * *', recipients: [{ kind: 'webhook', url: sinks.webhookUrl, secretEnv: 'NOT_SET_ANYWHERE' }] },
  ]);
  env = { SVC_SMTP_URL: sinks.smtpUrl, SVC_WEBHOOK_SECRET: 'cli-webhook-secret' };
});
afterAll(async () => {
  await sinks.close();
  cleanupProjects();
});

describe('svc schedule run', () => {
  it('delivers the digest, then says nothing changed on a second run', async () => {
    const first = await svcAsync(['schedule', 'run', 'pulse', 'daily', '--project', root], root, env);
    expect([first.code, first.stderr]).toEqual([0, expect.any(String)]);
    expect(first.stdout).toContain('Governed figures changed: digest written.');
    expect(first.stdout).toContain('email to ada@example.test: delivered');
    expect(sinks.mails.map((m) => m.to)).toEqual([['ada@example.test']]);
    expect(sinks.hooks).toHaveLength(1);
    const figure = (JSON.parse(sinks.hooks[0]?.body ?? '{}') as { figures: Array<{ value: number }> }).figures[0]?.value;
    expect(first.stdout).not.toContain(String(figure));
    const second = await svcAsync(['schedule', 'run', 'pulse', 'daily', '--project', root, '--format', 'json'], root, env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ changed: false, deliveries: [] });
    expect(sinks.mails).toHaveLength(1);
  });

  it('exits 1 when a message is not delivered (an unsigned webhook is never sent), and for an unknown schedule', async () => {
    const unsigned = await svcAsync(['schedule', 'run', 'pulse', 'unsigned', '--project', root], root, env);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stdout).toMatch(/webhook to http:\/\/127\.0\.0\.1:\d+\/hook: not delivered \(reference [a-z]{8}\)/);
    const unknown = await svcAsync(['schedule', 'run', 'pulse', 'nowhere', '--project', root], root, env);
    expect([unknown.code, unknown.stdout]).toEqual([1, expect.stringContaining('SCHEDULE_NOT_FOUND')]);
  });
});
