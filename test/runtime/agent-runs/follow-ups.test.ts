/**
 * Follow-ups in a thread: a question narrowing a certified answer is held to its block with its
 * parameters re-bound; one asking for a grouping the block does not give goes to a distinct
 * certified drilldown block, else becomes a drilldown proposal (never certified); a new
 * question is routed as any other. Threads are their owner's alone. Commerce fixture, real runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../../src/ask/types.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { localPrincipal } from '../../../src/hooks/context/request-context.js';
import { createMemoryThreadStore, type ThreadStore } from '../../../src/hooks/stores/thread-store.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import type { AskRequest, AskRun } from '../../../src/runtime/agent-runs/types.js';
import { createTraceRecorder, type OutboundTrace, type TraceRecorder, toOtlp } from '../../../src/traces/index.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';
import { compiledAsk } from './ask-helpers.js';

const NOW = new Date('2026-02-15T10:00:00Z');
let root: string;
let config: SvcConfig;
let manifest: Manifest;
let executor: Executor;
let router: Tier1Router;
let threads: ThreadStore;
let n = 0;

beforeAll(async () => {
  root = await commerceProject();
  ({ config, manifest, executor, router } = await compiledAsk(root));
  threads = createMemoryThreadStore(() => `t${++n}`);
});

afterAll(async () => {
  await executor.close();
  cleanupProjects();
});

function ask(request: AskRequest, owner = 'analyst@acme.test', recorder?: TraceRecorder): Promise<AskRun> {
  const asker = { principal: localPrincipal(owner), requestId: 'r', action: 'ask' };
  const ctx = { asker, root, manifest, executor, router, config, threads, now: () => NOW, draftOwner: 'analyst@acme.test', ...(recorder ? { recorder } : {}) };
  return runAsk(ctx, request);
}

/** Asks `first`, then each follow-up in the same thread; returns every run. */
async function conversation(first: string, ...followUps: string[]): Promise<AskRun[]> {
  const runs = [await ask({ question: first })];
  for (const q of followUps) runs.push(await ask({ question: q, threadId: runs[0]?.threadId as string }));
  return runs;
}

describe('a narrowing follow-up is held to the certified block', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    ['top 10 states by revenue', 'just the top 3', 'sales.top_states_by_revenue', { top_n: 3 }],
    ['top 10 states by revenue since 2025-01-01', 'only the top 3', 'sales.top_states_by_revenue', { top_n: 3, since: '2025-01-01' }],
    ['monthly revenue', 'only 2025', 'finance.monthly_revenue', { since: '2025-01-01', until: '2026-01-01' }],
    ['Who are our top 20 customers in California?', 'what about Texas?', 'customers.top_customers_by_spend', { top_n: 20, state: 'TX' }],
    ['Best selling products in home', 'and in electronics?', 'catalog.top_products_by_revenue', { category: 'electronics' }],
    ['What is the average order value in California?', 'since July 2025', 'finance.average_order_value', { state: 'CA', since: '2025-07-01' }],
    // Conversational glue asks for nothing itself; a value alone asks the thread's question again.
    ['Best selling products in home', 'same for electronics', 'catalog.top_products_by_revenue', { category: 'electronics' }],
    ['monthly revenue', 'ok, and for 2025?', 'finance.monthly_revenue', { since: '2025-01-01', until: '2026-01-01' }],
  ])('%s -> %s', async (first, followUp, block, params) => {
    const [a, b] = await conversation(first, followUp);
    expect(a).toMatchObject({ tier: 1, block });
    expect(b).toMatchObject({ tier: 1, trust: 'certified', block, params, threadId: a?.threadId, followUp: { of: a?.runId, mode: 'held', from: block } });
    expect(b?.rowCount).toBeGreaterThan(0);
  });

  it('a value the block does not take is explained in its terms', async () => {
    const [, b] = await conversation('top 10 states by revenue', 'just the top 0');
    expect(b).toMatchObject({ tier: 3, refusal: { code: 'VALUE_NOT_ACCEPTED' } });
  });
});

describe('a follow-up asking for what the block does not give', () => {
  it('goes to a distinct certified drilldown block when one answers', async () => {
    const [a, b] = await conversation('revenue by month', 'break it down by payment method');
    expect(a).toMatchObject({ tier: 1, block: 'finance.monthly_revenue' });
    expect(b).toMatchObject({
      tier: 1,
      trust: 'certified',
      block: 'finance.revenue_by_payment_method',
      followUp: { mode: 'drilldown', from: 'finance.monthly_revenue' },
    });
  });

  it('else becomes a drilldown proposal carrying the filters and dimensions, never certified', async () => {
    const [a, b] = await conversation('weekly revenue', 'what about California, by channel?');
    expect(a).toMatchObject({ tier: 1, block: 'finance.weekly_revenue' });
    expect(b?.trust).not.toBe('certified');
    expect(b).toMatchObject({
      tier: 3,
      refusal: { code: 'NO_MODEL_CONFIGURED' },
      drilldown: { of: a?.runId, from: 'finance.weekly_revenue', filters: ['California'], dimensions: ['channel'] },
    });
  });

  it('with SQL to run, the proposal is answered review required, never certified', async () => {
    const sql = "SELECT channel, ROUND(SUM(amount), 2) AS revenue FROM orders WHERE status = 'completed' GROUP BY channel";
    const [first] = await conversation('weekly revenue');
    const d = await ask({ question: 'by channel', threadId: first?.threadId as string, proposedSql: sql, saveDraft: false });
    expect(d).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true, drilldown: { from: 'finance.weekly_revenue', dimensions: ['channel'] } });
  });
});

describe('what is not a follow-up', () => {
  it('a question asking for a measure of its own is routed on its own', async () => {
    const [, b] = await conversation('top 10 states by revenue', 'What is the repeat purchase rate?');
    expect(b).toMatchObject({ tier: 1, block: 'customers.repeat_purchase_rate' });
    expect(b?.followUp).toBeUndefined();
  });

  it('after a refusal there is no certified answer to narrow', async () => {
    const [, b] = await conversation('How many products per category?', 'just the top 3');
    expect(b?.trust).not.toBe('certified');
  });
});

describe('traces of a thread', () => {
  it('give a question and its follow-up one OTLP session.id, the thread id', async () => {
    const sent: OutboundTrace[] = [];
    const recorder = createTraceRecorder({ root, otlp: false, sink: (t) => void sent.push(t) });
    const first = await ask({ question: 'top 10 states by revenue' }, undefined, recorder);
    const next = await ask({ question: 'just the top 3', threadId: first.threadId as string }, undefined, recorder);
    await recorder.flush();
    const roots = toOtlp(sent)
      .resourceSpans.flatMap((r) => r.scopeSpans.flatMap((x) => x.spans))
      .filter((x) => x.parentSpanId === undefined);
    const session = (runId: string) =>
      roots
        .find((r) => r.attributes.some((a) => a.key === 'svc.run.id' && JSON.stringify(a.value).includes(runId)))
        ?.attributes.find((a) => a.key === 'session.id')?.value;
    expect(next.threadId).toBe(first.threadId);
    expect(session(first.runId)).toEqual({ stringValue: first.threadId });
    expect(session(next.runId)).toEqual({ stringValue: first.threadId });
  });
});

describe("threads are their owner's", () => {
  it("an unknown thread is refused, and so is another person's", async () => {
    expect(await ask({ question: 'just the top 3', threadId: 'thr_nope' })).toMatchObject({ tier: 3, refusal: { code: 'THREAD_NOT_FOUND' } });
    const [a] = await conversation('top 10 states by revenue');
    const other = await ask({ question: 'just the top 3', threadId: a?.threadId as string }, 'someone.else@acme.test');
    expect(other).toMatchObject({ tier: 3, refusal: { code: 'THREAD_NOT_FOUND' } });
  });

  it('the thread keeps its runs in order, without rows', async () => {
    const [a, b] = await conversation('top 10 states by revenue', 'just the top 3');
    const thread = await threads.get(a?.threadId as string);
    expect(thread?.owner).toBe('analyst@acme.test');
    expect(thread?.runs.map((r) => [r.runId, r.tier, r.block, r.params])).toEqual([
      [a?.runId, 1, 'sales.top_states_by_revenue', { top_n: 10 }],
      [b?.runId, 1, 'sales.top_states_by_revenue', { top_n: 3 }],
    ]);
    expect(JSON.stringify(thread)).not.toContain('"rows"');
  });
});
