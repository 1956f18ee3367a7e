/**
 * What an Ask does around blocks that are not certified now. Named, such a block's refusal is the
 * answer; matched by an unnamed question it only means no certified artifact resolves it, so the
 * question goes the Tier-2 way (review required, never certified), with the block among the
 * candidates; a certified block its owner flagged for review keeps its refusal. "What is <term>?"
 * and nothing more asks what the term means; "their" after a ranking asks about its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, KEY_ENV, serve, TEST_KEY } from './ask-helpers.js';

let fake: FakeOpenAi;
let withModel: LocalServer;
let withoutModel: LocalServer;
const previousKey = process.env[KEY_ENV];

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  withModel = await serve(await askProject(fake.baseUrl));
  withoutModel = await serve(await askProject(undefined));
});

afterAll(async () => {
  await withModel?.close();
  await withoutModel?.close();
  await fake?.close();
  if (previousKey === undefined) delete process.env[KEY_ENV];
  else process.env[KEY_ENV] = previousKey;
  cleanupProjects();
});

describe('a block in review', () => {
  it('refuses by name with its reason', async () => {
    const r = await ask(withoutModel, { question: 'use block slow_movers', saveDraft: false });
    expect(r.body).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_NOT_CERTIFIED' } });
  });

  it('sends an unnamed question it matches the Tier-2 way, keeping it as a refused candidate', async () => {
    const none = await ask(withoutModel, { question: 'which products are slow movers', saveDraft: false });
    expect(none.body).toMatchObject({ tier: 3, refusal: { code: 'NO_MODEL_CONFIGURED' } });
    expect(none.body['candidates']).toContainEqual(expect.objectContaining({ id: 'catalog.slow_movers', role: 'refused' }));
    fake.script(sqlReply('SELECT product_id, SUM(quantity) AS units FROM order_items GROUP BY product_id ORDER BY units LIMIT 10'));
    const written = await ask(withModel, { question: 'which products are slow movers', saveDraft: false });
    expect(written.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true });
  });

  it('keeps the refusal of a certified block its owner flagged for review', async () => {
    const r = await ask(withModel, { question: 'Which customers are at risk of churning?', saveDraft: false });
    expect(r.body).toMatchObject({ tier: 3, refusal: { code: 'REVIEW_REQUIRED' } });
    // certify refuses while the description says review required: the next step says to edit it first.
    expect(JSON.stringify(r.body)).toContain('edit its description so it no longer says review required');
  });
});

describe('definitions and back references', () => {
  it('answers "What is <term>?" and nothing more with the definition, and "What is our <term>?" with data', async () => {
    const bare = await ask(withoutModel, { question: 'What is revenue?' });
    expect(bare.body).toMatchObject({ tier: 1, trust: 'certified', definition: { name: 'revenue' } });
    const ours = await ask(withoutModel, { question: 'What was revenue last week?' });
    expect(ours.body['definition']).toBeUndefined();
    expect(ours.body).toMatchObject({ tier: 1, block: 'finance.weekly_revenue' });
  });

  it('does not answer "their" measure for everyone after a ranking', async () => {
    const first = await ask(withoutModel, { question: 'top 10 states by revenue' });
    expect(first.body).toMatchObject({ tier: 1, block: 'sales.top_states_by_revenue' });
    const next = await ask(withoutModel, { question: 'and what is their average order value?', threadId: first.body['threadId'] });
    expect(next.body['trust']).not.toBe('certified');
    expect(next.body).toMatchObject({ drilldown: { from: 'sales.top_states_by_revenue' } });
  });
});
