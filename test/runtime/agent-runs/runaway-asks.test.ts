/**
 * Statements a model wrote cannot make an ordinary Ask wait: while three Tier-2 Asks run a
 * recursive count that would take minutes (stopped at its 8-second deadline) and a fourth asks
 * for a 50 MB value, Tier-1 Asks over the same server answer within a few seconds each. (Model
 * statements do wait for each other: they may hold all but one statement process.) Real
 * server, real SQLite processes, a loopback model; timings bounded generously.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, KEY_ENV, TEST_KEY } from './ask-helpers.js';

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS n FROM c';

let fake: FakeOpenAi;
let server: LocalServer;
const saved = process.env[KEY_ENV];

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
  server = await startLocalServer({ project: await askProject(fake.baseUrl), port: 0, log: () => undefined, deadlineMs: 8_000 });
});

afterAll(async () => {
  await fake.close();
  if (saved === undefined) delete process.env[KEY_ENV];
  else process.env[KEY_ENV] = saved;
  cleanupProjects();
});

describe('runaway model statements', () => {
  it('leave ordinary Asks their own time', async () => {
    fake.script(sqlReply(SLOW));
    const runaways = ['How many payments failed?', 'How many payments were refunded?', 'How many payments are pending?'].map((question) =>
      ask(server, { question, saveDraft: false }),
    );
    await new Promise((done) => setTimeout(done, 300));
    fake.script(sqlReply('SELECT randomblob(50000000) AS b FROM orders LIMIT 1'));
    runaways.push(ask(server, { question: 'How many payments were disputed?', saveDraft: false }));
    await new Promise((done) => setTimeout(done, 300));
    for (const question of ['weekly revenue', 'top 3 states by revenue', 'revenue per month']) {
      const started = performance.now();
      const tier1 = await ask(server, { question });
      expect(tier1.body).toMatchObject({ tier: 1, trust: 'certified' });
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    // The runaway statements end at their own deadline (8 s here): their Asks are refused, not left hanging.
    for (const r of await Promise.all(runaways)) expect(r.body).toMatchObject({ tier: 3 });
    await server.close();
  }, 120_000);
});
