import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from '../helpers/browser.js';
import { WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { useServedWithModel } from './with-model.js';

const env = useServedWithModel();

describe('the Autopilot beside the Build screen', () => {
  it('proposes a chart change as a diff, changes nothing before Apply, and Apply changes the draft', async () => {
    const { fake, page, served } = env;
    fake.script(JSON.stringify({ title: 'Revenue', pages: [{ title: 'Money', tiles: [{ sourceId: WEEKLY, kind: 'table' }] }], clarifications: [] }));
    await page.goto(`${served.url}/apps`);
    await page.getByRole('link', { name: 'Build new App' }).click();
    await page.getByLabel('What should the App show?').fill('weekly revenue');
    await page.getByRole('button', { name: 'Propose' }).click();
    await page.locator('.draft-tile').first().waitFor();
    expect(await page.locator('.draft-tile .note').textContent()).toBe('(table)');

    fake.script(JSON.stringify({ intent: 'change_visualization', pageId: 'money', tileId: 'weekly_revenue', kind: 'chart' }));
    await page.getByLabel('Ask the Autopilot').fill('show weekly revenue as a chart');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-diff li').first().waitFor();
    expect(await page.locator('.autopilot-diff li').allTextContents()).toEqual(['changed page money / tile weekly_revenue: visualization: table -> chart']);
    expect(await page.locator('.draft-tile .note').textContent()).toBe('(table)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'app-autopilot');

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.draft-tile .note', { hasText: '(chart)' }).waitFor();
    expect(await page.locator('.build-draft h2 .note').textContent()).toBe('revision 3');
    expect(await page.locator('.autopilot-diff').count()).toBe(0);

    // A question about a tile's figures names the tile and the current preview as its evidence.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview li.ok').waitFor();
    await page.getByLabel('About tile').selectOption({ index: 1 });
    fake.script(JSON.stringify({ intent: 'explain', answer: 'The latest week leads.' }));
    await page.getByLabel('Ask the Autopilot').fill('which week had the most revenue?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-answer').waitFor();
    expect(await page.locator('.autopilot-answer').textContent()).toBe('The latest week leads.');
    expect(fake.requests.at(-1)?.text).toContain('Governed summary');

    await page.getByLabel('About tile').selectOption({ index: 0 });
    fake.script(JSON.stringify({ intent: 'run_sql', sql: 'SELECT * FROM orders' }));
    await page.getByLabel('Ask the Autopilot').fill('add a tile of every order');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.autopilot-refusal').waitFor();
    expect(await page.locator('.autopilot-refusal').textContent()).toContain('AUTOPILOT_INTENT_OUT_OF_BOUNDS');
    expect(await axeViolations(page)).toEqual([]);
  });
});
