/**
 * The schedule editor and run history in real Chromium against a real `svc serve` (spec 03
 * Schedules): on an App page a schedule is made with a simple frequency (written to the App's
 * svc.app.json as cron), a cadence that is not cron shows the server's problem and saves nothing,
 * Run now adds a run to the history (time, figures changed, each delivery delivered or not with
 * its reference, the reason) checked against what a real loopback SMTP server and webhook
 * receiver got, a second run with nothing changed says so and sends nothing, an edit changes the
 * cadence and Delete removes it; Home links a followed page to its schedules. The editor passes
 * the axe-core check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, type Served, screenshot, serve } from '../helpers/browser.js';
import { type Sinks, startSinks } from '../helpers/delivery-sinks.js';
import { cleanupProjects } from '../helpers/project.js';
import { writePulseApp } from '../helpers/pulse-app.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let root: string;
let served: Served;
let browser: Browser;
let page: Page;
let sinks: Sinks;

beforeAll(async () => {
  root = await commerceProject();
  writePulseApp(root, 'owner@acme.test');
  sinks = await startSinks();
  // The webhook receiver fails, so one sink is not delivered and the mail sink is.
  sinks.answer(500);
  served = await serve(root, { SVC_SMTP_URL: sinks.smtpUrl, SVC_WEBHOOK_SECRET: 'a-webhook-secret-for-browser-tests' });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  await sinks?.close();
  cleanupProjects();
});

const schedulesOnDisk = () =>
  (JSON.parse(readFileSync(join(root, 'apps/pulse/svc.app.json'), 'utf8')) as { schedules?: Array<{ id: string; cron: string }> }).schedules;
const history = () => page.locator('table.run-history tbody tr');

describe('the schedule editor in the browser', () => {
  it('refuses a cadence that is not cron with the server problem, then makes a daily schedule', async () => {
    await page.goto(`${served.url}/apps/pulse/main`);
    await page.locator('summary', { hasText: 'Schedules' }).click();
    await page.getByText('This App has no schedule.').waitFor();
    await page.getByRole('button', { name: 'New schedule' }).click();
    await page.getByLabel('Schedule id').fill('daily');
    await page.getByLabel('How often').selectOption('cron');
    await page.getByLabel('Cron', { exact: true }).fill('every morning');
    await page.getByLabel('Send to (mail or webhook addresses, one a line)').fill(`team@acme.test\n${sinks.webhookUrl}\nnot-an-address`);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    const problems = page.locator('[role="alert"] ul.problems li');
    await problems.first().waitFor();
    expect(await problems.allTextContents()).toEqual([
      'The cadence "every morning" is not five-field cron: it needs five fields.',
      '"not-an-address" is not a mail address.',
    ]);
    expect(schedulesOnDisk()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('How often').selectOption('day');
    await page.getByLabel('At (UTC, HH:MM)').fill('07:30');
    await page.getByLabel('Send to (mail or webhook addresses, one a line)').fill(`team@acme.test\n${sinks.webhookUrl}`);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Schedule daily made.').waitFor();
    await page.getByText('Every day at 07:30 UTC').waitFor();
    expect(schedulesOnDisk()).toMatchObject([{ id: 'daily', page: 'main', cron: '30 7 * * *' }]);
  });

  it('runs it now and shows each run: changed or not, each delivery and the reason', async () => {
    await page.getByRole('button', { name: 'Run now daily' }).click();
    await history().first().waitFor();
    const first = (await history().first().textContent()) ?? '';
    expect(first).toContain('Changed');
    expect(first).toContain('email team@acme.test: delivered');
    expect(first).toMatch(new RegExp(`webhook ${sinks.webhookUrl}: not delivered \\(reference [a-zA-Z]{8}\\)`));
    expect(first).toContain('Governed figures changed: 1 of 2 deliveries failed');
    expect(sinks.mails.map((m) => m.to)).toEqual([['team@acme.test']]);
    expect(sinks.hooks).toHaveLength(1);
    await page.getByRole('button', { name: 'Run now daily' }).click();
    await expect.poll(() => history().count()).toBe(2);
    const second = (await history().first().textContent()) ?? '';
    expect(second).toContain('Unchanged');
    expect(second).toContain('No governed figure changed since the last run: nothing was sent.');
    expect(sinks.mails).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'schedules');
  });

  it('edits the cadence to weekly and deletes the schedule', async () => {
    await page.getByRole('button', { name: 'Edit daily' }).click();
    expect(await page.getByLabel('At (UTC, HH:MM)').inputValue()).toBe('07:30');
    await page.getByLabel('How often').selectOption('week');
    await page.getByLabel('On', { exact: true }).selectOption('Monday');
    await page.getByLabel('At (UTC, HH:MM)').fill('09:00');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Schedule daily saved.').waitFor();
    await page.getByText('Every Monday at 09:00 UTC').waitFor();
    expect(schedulesOnDisk()).toMatchObject([{ id: 'daily', cron: '0 9 * * 1' }]);
    // The runs made before the edit stay with the schedule.
    expect(await history().count()).toBe(2);
    await page.getByRole('button', { name: 'Delete daily' }).click();
    await page.getByText('This App has no schedule.').waitFor();
    expect(schedulesOnDisk()).toEqual([]);
  });

  it("opens a followed page's schedules from Home", async () => {
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.goto(`${served.url}/home`);
    await page.getByRole('link', { name: 'Schedules of Main' }).click();
    await page.waitForURL(`${served.url}/apps/pulse/main#schedules`);
    await page.getByText('This App has no schedule.').waitFor();
    expect(await page.locator('details#schedules').getAttribute('open')).not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });
});
