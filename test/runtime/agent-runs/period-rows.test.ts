/**
 * A certified time series asked for a closed period answers with that period's rows only, even
 * when the block takes a start date and no end: the rows are kept by the series' period column,
 * the answer says which rows it kept, and a row limit reaches back far enough to hold them.
 */
import { describe, expect, it } from 'vitest';
import { callTool, NOW, useCommerce } from '../agent-tools/helpers.js';

const commerce = useCommerce();
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A whole month half a year before the test's clock: inside the fixture's data, beyond the default 12 weeks. */
function monthBack(): { words: string; start: string; end: string } {
  const d = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 6, 1));
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return { words: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, start: d.toISOString().slice(0, 10), end: next.toISOString().slice(0, 10) };
}

describe('a closed period of a weekly series', () => {
  it('answers last week with that one week', async () => {
    const r = await callTool(commerce.opened.ctx, 'answer_question', { question: 'What was revenue last week?' });
    expect(r.body).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
    const within = r.body['within'] as { column: string; start: string; end: string };
    const rows = r.body['rows'] as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.['week_start']).toBe(within.start);
  });

  it('answers a month half a year back with its weeks only, the limit raised to reach them', async () => {
    const month = monthBack();
    const r = await callTool(commerce.opened.ctx, 'answer_question', { question: `weekly revenue in ${month.words}` });
    expect(r.body).toMatchObject({
      tier: 1,
      trust: 'certified',
      block: 'finance.weekly_revenue',
      within: { column: 'week_start', start: month.start, end: month.end },
    });
    const weeks = (r.body['rows'] as Array<Record<string, unknown>>).map((row) => String(row['week_start']));
    expect(weeks.length).toBeGreaterThanOrEqual(4);
    expect(weeks.every((w) => w >= month.start && w < month.end)).toBe(true);
    const applied = r.body['paramsApplied'] as Array<{ name: string; default: boolean }>;
    expect(applied.find((p) => p.name === 'top_n')?.default).toBe(false);
  });
});

describe('a value of a field the result is broken down by', () => {
  it('answers with that value’s rows only, and says which', async () => {
    const r = await callTool(commerce.opened.ctx, 'answer_question', { question: 'orders and share from web vs mobile' });
    expect(r.body).toMatchObject({ tier: 1, trust: 'certified', block: 'sales.channel_mix', keep: [{ column: 'channel' }] });
    const channels = (r.body['rows'] as Array<Record<string, unknown>>).map((row) => String(row['channel']).toLowerCase());
    expect(channels.sort()).toEqual(['mobile', 'web']);
    expect((r.body['answer'] as { text: string }).text).toMatch(/rows of channel/);
  });
});
