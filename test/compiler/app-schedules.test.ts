/**
 * App schedules in svc.app.json (spec 03 Schedules): a schedule names one of the App's pages, a
 * five-field cron cadence and monitors on that page's data tiles; anything else is an error
 * diagnostic (which `svc app check` lists as a blocker) and the schedule is left out of the
 * manifest, so the scheduler never runs what it cannot read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readApp } from '../../src/compiler/project/apps.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const APP = 'apps/growth/svc.app.json';
const PAGE = JSON.stringify({
  id: 'overview',
  tiles: [
    { id: 'intro', kind: 'text', text: 'About' },
    { id: 'aov', kind: 'kpi', source: { kind: 'block', id: 'sales.orders' } },
  ],
});
const GOOD = {
  id: 'daily',
  page: 'overview',
  cron: '0 7 * * 1-5',
  recipients: [{ kind: 'email', address: 'ada@example.test' }],
  monitors: [{ id: 'low', tile: 'aov', below: 10 }],
};

function read(schedule: Record<string, unknown>) {
  const doc = { id: 'growth', pages: [{ id: 'overview', dashboard: 'dashboards/overview.svcd' }], schedules: [schedule] };
  return readApp(makeProject({ [APP]: JSON.stringify(doc), 'apps/growth/dashboards/overview.svcd': PAGE }), APP, new Set(['sales.orders']));
}

const CASES: Array<[string, Record<string, unknown>, string | undefined]> = [
  ['a schedule that reads', GOOD, undefined],
  ['an unknown page', { ...GOOD, page: 'nowhere' }, 'app/schedule-page-unknown'],
  ['a cadence of four fields', { ...GOOD, cron: '0 7 * *' }, 'app/schedule-cron-invalid'],
  ['a minute out of range', { ...GOOD, cron: '61 7 * * *' }, 'app/schedule-cron-invalid'],
  ['a monitor on a text tile', { ...GOOD, monitors: [{ id: 'm', tile: 'intro', above: 1 }] }, 'app/schedule-monitor-tile'],
  ['a monitor on no tile', { ...GOOD, monitors: [{ id: 'm', tile: 'ghost', above: 1 }] }, 'app/schedule-monitor-tile'],
  ['a recipient of an unknown kind', { ...GOOD, recipients: [{ kind: 'sms', number: '1' }] }, 'app/invalid'],
  ['a webhook that is not http', { ...GOOD, recipients: [{ kind: 'webhook', url: 'file:///etc/passwd' }] }, 'app/invalid'],
];

describe('App schedules', () => {
  it.each(CASES)('%s', (_name, schedule, code) => {
    const r = read(schedule);
    expect([...new Set(r.diagnostics.map((d) => d.code))]).toEqual(code === undefined ? [] : [code]);
    if (code === undefined) expect(r.app?.schedules).toEqual([{ ...GOOD }]);
    else expect(r.app?.schedules).toBeUndefined();
  });
});
