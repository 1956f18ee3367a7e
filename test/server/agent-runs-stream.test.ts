/**
 * `POST /api/agent-runs` as server-sent events (spec 01 "Events"): progress events carry only the
 * run, a compact trace reference and the route, never a figure or SQL; the answer comes last and
 * is the AskRun; a withheld reader's stream carries no value; closing the server ends an open
 * stream at once instead of waiting for the run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, startHostedServer } from '../../src/host.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
const models: FakeOpenAi[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(models.map((m) => m.close()));
  cleanupProjects();
});

interface Sse {
  event: string;
  data: Record<string, any>;
}
const parse = (text: string): Sse[] =>
  text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => ({ event: /^event: (.+)$/m.exec(b)?.[1] ?? '', data: JSON.parse(/^data: (.+)$/m.exec(b)?.[1] ?? 'null') as Record<string, any> }));

async function hosted(withhold = false, model?: FakeOpenAi): Promise<LocalServer> {
  const root = await commerceProject();
  if (model !== undefined) {
    useFakeModel(root, model);
  }
  const server = await startHostedServer({
    project: root,
    port: 0,
    log: () => undefined,
    hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), ...(withhold ? { answerFigures: () => 'withhold_review' as const } : {}) },
  });
  servers.push(server);
  return server;
}

const stream = (server: LocalServer, body: unknown) =>
  fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Ask as server-sent events', () => {
  it('streams progress with only a trace reference, then the answer', async () => {
    const server = await hosted();
    const r = await stream(server, { question: 'top 3 states by revenue' });
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    expect(r.headers.get('x-svc-hosted')).toBe('1');
    const events = parse(await r.text());
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'answer']);
    const answer = events[2]?.data ?? {};
    expect(answer).toMatchObject({ tier: 1, trust: 'certified', rowCount: 3 });
    expect(events[0]?.data).toEqual({ kind: 'started', runId: answer['runId'], trace: { traceId: answer['traceId'], status: 'recording' } });
    expect(events[1]?.data).toEqual({ kind: 'routed', runId: answer['runId'], trace: { traceId: answer['traceId'], status: 'recording' }, route: 'tier1' });
  });

  it('carries no value to a withheld reader, in any event', async () => {
    const server = await hosted(true);
    const events = parse(
      await (
        await stream(server, { question: 'Which states had orders?', proposedSql: 'SELECT state, COUNT(*) AS n FROM orders GROUP BY state', saveDraft: false })
      ).text(),
    );
    expect(events.at(-1)?.data).toMatchObject({ trust: 'review_required', figuresWithheld: true, rows: [] });
    expect(events[1]?.data['route']).toBe('tier2');
    for (const state of ['"CA"', '"TX"', 'orders_count']) expect(JSON.stringify(events)).not.toContain(state);
  });

  it('ends an open stream when the server closes, without waiting for the run', async () => {
    const model = await startFakeOpenAi();
    models.push(model);
    model.script({ delayMs: 20_000, content: sqlReply('SELECT 1 AS one') });
    const server = await hosted(false, model);
    const r = await stream(server, { question: 'How many products are in each category?' });
    const reader = r.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: progress');
    const started = Date.now();
    await server.close();
    for (let done = false; !done; ) done = (await reader.read()).done;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
