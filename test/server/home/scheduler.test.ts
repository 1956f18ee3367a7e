/**
 * The server's scheduler: a schedule runs when a time of its cron cadence (UTC) falls in the
 * window since the last tick, once per tick however many came due; a run that fails is logged
 * and the next tick goes on.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledApp } from '../../../src/compiler/types.js';
import { dueSchedules, startScheduler } from '../../../src/server/scheduler.js';

const app = (cron: string): Record<string, CompiledApp> => ({
  a: { id: 'a', file: 'apps/a/svc.app.json', pages: [], schedules: [{ id: 's', page: 'p', cron, recipients: [], monitors: [] }] },
});
const at = (iso: string) => new Date(iso);

const CASES: Array<[string, string, string, string, boolean]> = [
  ['daily at 07:00, window over it', '0 7 * * *', '2026-11-26T06:59:30Z', '2026-11-26T07:00:00Z', true],
  ['daily at 07:00, window just after it', '0 7 * * *', '2026-11-26T07:00:00Z', '2026-11-26T07:00:30Z', false],
  ['every five minutes, window without one', '*/5 * * * *', '2026-11-26T07:01:00Z', '2026-11-26T07:04:59Z', false],
  ['weekdays only, on a Saturday', '0 7 * * 1-5', '2026-11-28T06:59:00Z', '2026-11-28T07:01:00Z', false],
  ['a cadence that does not read', 'not cron', '2026-11-26T06:00:00Z', '2026-11-26T08:00:00Z', false],
];

describe('the scheduler', () => {
  it.each(CASES)('%s', (_name, cron, from, to, due) => {
    expect(dueSchedules(app(cron), at(from), at(to))).toEqual(due ? [['a', 's']] : []);
  });

  it('runs each due schedule once per tick, and logs a failed run', async () => {
    let now = at('2026-11-26T06:58:00Z');
    const ran: string[] = [];
    const lines: string[] = [];
    const scheduler = startScheduler(
      async () => app('* * * * *'),
      async (appId, scheduleId) => {
        ran.push(`${appId}/${scheduleId}`);
        if (ran.length === 2) throw new Error('the page did not run');
      },
      { log: (l) => lines.push(l), now: () => now },
    );
    now = at('2026-11-26T07:03:00Z');
    await scheduler.tick();
    await scheduler.tick();
    now = at('2026-11-26T07:04:00Z');
    await scheduler.tick();
    scheduler.stop();
    expect(ran).toEqual(['a/s', 'a/s']);
    expect(lines).toEqual([expect.stringMatching(/^\[[a-z]{8}\] svc: schedule a\/s did not run: the page did not run$/)]);
  });
});
