/**
 * Planted values (spec 01 App Autopilot rules 4-5): rows, SQL and values planted in the commerce
 * warehouse and in block queries never reach the model in any provider request of an Autopilot
 * run, whatever the request: a structural change, a question about a tile's results with its
 * current preview (a large result: columns and row count only), a question about a failing tile
 * (a masked diagnostic), and a small grouped result whose governed summary is sent. The loopback
 * fake model records every request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { blockSource, cleanupProjects } from '../../helpers/project.js';
import { configureAsk, KEY_ENV, serve, TEST_KEY } from '../agent-runs/ask-helpers.js';
import { CHANNELS, call } from '../app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.js';
import { commerceProject } from '../helpers/warehouse.js';

const PLANTED = ['planted_channel_7f3a', '98765.43', 'PLANTED_SQL_7f3a', 'PLANTED_LITERAL_7f3a', 'PLANTED_FAIL_7f3a', 'planted.person@7f3a.test'];
const ROWS = 'domains/sales/blocks/_drafts/planted_orders.svc#planted_orders';
const FAILING = 'domains/sales/blocks/_drafts/planted_fail.svc#planted_fail';

let fake: FakeOpenAi;
let root: string;
let server: LocalServer;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  root = await commerceProject();
  // No model while the preview runs, so the failing tile keeps its own failure (no repair is tried).
  configureAsk(root, undefined);
  const db = new Database(join(root, 'data/warehouse.db'));
  const insert = db.prepare(
    "INSERT INTO orders (customer_id, ordered_at, status, amount, state, channel) VALUES (1, '2025-03-01', 'pending', 98765.43, 'CA', ?)",
  );
  for (let i = 0; i < 3; i++) insert.run('planted_channel_7f3a');
  db.prepare("UPDATE customers SET email = 'planted.person@7f3a.test' WHERE id = 1").run();
  db.close();
  const rows =
    "SELECT o.id, o.channel, o.amount, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.channel <> 'PLANTED_LITERAL_7f3a' -- PLANTED_SQL_7f3a";
  writeFileSync(join(root, 'domains/sales/blocks/_drafts/planted_orders.svc'), blockSource('planted_orders', { query: `"""\n    ${rows}\n  """` }));
  const failing = "SELECT channel FROM orders WHERE channel = 'PLANTED_FAIL_7f3a' AND no_such_column = 98765.43";
  writeFileSync(join(root, 'domains/sales/blocks/_drafts/planted_fail.svc'), blockSource('planted_fail', { query: `"""\n    ${failing}\n  """` }));
  server = await serve(root);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

type Run = { outcome: string; recovery?: { code: string } };

describe('an Autopilot run never sends planted rows, SQL or values to the model', () => {
  it('across structural, result, failure and summary requests', async () => {
    const start = await call<{ id: string; revision: number }>(server, 'POST', '/api/app-builds', {
      trustMode: 'include_review_required',
      sourceIds: [ROWS, FAILING, CHANNELS],
    });
    const build = start.body.id;
    const preview = await call<{ previewId: string; components: Array<{ tileId: string; ok: boolean; rowCount: number }> }>(
      server,
      'POST',
      `/api/app-builds/${build}/preview`,
      { revision: start.body.revision },
    );
    expect(preview.body.components.map((c) => [c.tileId, c.ok])).toEqual([
      ['planted_orders', true],
      ['planted_fail', false],
      ['channel_mix', true],
    ]);
    configureAsk(root, fake.baseUrl);
    const sent: string[] = [];
    const ask = async (request: string, answer: Record<string, unknown>, target: Record<string, string> = {}): Promise<Run> => {
      fake.script(JSON.stringify(answer));
      const run = (await call<Run>(server, 'POST', `/api/app-builds/${build}/autopilot`, { request, ...target })).body;
      sent.push(...fake.requests.map((r) => r.text));
      return run;
    };
    const at = (tileId: string) => ({ pageId: 'overview', tileId, previewId: preview.body.previewId });

    expect(
      (await ask('show the orders as a table', { intent: 'change_visualization', pageId: 'overview', tileId: 'planted_orders', kind: 'table' })).outcome,
    ).toBe('proposal');
    expect((await ask('what do these orders show?', { intent: 'explain', answer: 'Orders by channel.' }, at('planted_orders'))).outcome).toBe('answer');
    expect(
      (
        await ask(
          'fix the failing tile',
          { intent: 'repair_guidance', pageId: 'overview', tileId: 'planted_fail', guidance: 'Check the column.' },
          at('planted_fail'),
        )
      ).outcome,
    ).toBe('answer');
    expect((await ask('which channel has the most orders?', { intent: 'explain', answer: 'Web.' }, at('channel_mix'))).outcome).toBe('answer');

    expect(sent).toHaveLength(4);
    // The evidence went out as the rules allow: a large result's shape, a masked diagnostic, a small result's summary.
    expect(sent[1]).toMatch(/"rowCount":\d{3,},"complete":false/);
    expect(sent[2]).toMatch(/settled preview failed/);
    expect(sent[3]).toMatch(/Governed summary[\s\S]*"groups"/);
    for (const text of sent) {
      for (const value of PLANTED) expect(text, value).not.toContain(value);
      expect(text).not.toMatch(/\bSELECT\b|\bFROM orders\b/i);
    }
  });
});
