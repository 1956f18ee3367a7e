/**
 * Model calls are fair per person (issue 27): on a hosted server over real HTTP whose model
 * holds every call a while, ada's four questions reach the model at most two at a time
 * (CALLER_MODEL_CALLS) while bob's one reaches it at once, beside hers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CALLER_MODEL_CALLS } from '../../src/runtime/agent-runs/model-slots.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const hosted = hostedCommerce();
let model: FakeOpenAi | undefined;
afterAll(async () => {
  await hosted.closeAll();
  await model?.close();
  cleanupProjects();
});

async function until(check: () => boolean, limitMs: number, what: string): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('model calls per person', () => {
  it("keeps ada's calls to two at once and lets bob's through beside them", async () => {
    model = await startFakeOpenAi();
    model.script({ delayMs: 3_000, content: sqlReply('SELECT 1 AS one') });
    const root = await commerceProject();
    useFakeModel(root, model);
    const { server } = await hosted.start({}, root);
    const ask = (user: string, question: string) =>
      fetch(`${server.url}/api/agent-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': user },
        body: JSON.stringify({ question }),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const seen = (who: string) => model!.requests.filter((r) => r.text.includes(`Plugh ${who}`)).length;
    const hers = ['a1', 'a2', 'a3', 'a4'].map((q) => ask('ada', `Plugh ada ${q}`));
    await until(() => seen('ada') >= CALLER_MODEL_CALLS, 10_000, "ada's calls reaching the model");
    const his = ask('bob', 'Plugh bob b1');
    await until(() => seen('bob') === 1, 2_000, "bob's call reaching the model");
    // While her first calls are held, her others still wait.
    expect(seen('ada')).toBe(CALLER_MODEL_CALLS);
    const answers = await Promise.all([...hers, his]);
    expect(answers.map((a) => a['tier'])).toEqual([2, 2, 2, 2, 2]);
    expect(seen('ada')).toBe(4);
  }, 60_000);
});
