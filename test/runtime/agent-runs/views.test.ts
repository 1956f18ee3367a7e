/**
 * Business views at Ask time, on the commerce fixture (a certified view, revenue reporting, and a
 * draft one, customer health): a context question is answered from a certified view with its trust
 * label and only the blocks the answer gate serves, and refused with VIEW_NOT_CERTIFIED for a view
 * the gate does not let answer; a term inside a view's name is the view's word; a question naming
 * the view is routed among its blocks; and all of it holds over real HTTP on loopback.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../../src/ask/types.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import type { LocalServer } from '../../../src/index.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';
import { asksViewContext } from '../../../src/runtime/agent-runs/view-answer.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';
import { compiledAsk, ask as post, serve } from './ask-helpers.js';

let root: string;
let manifest: Manifest;
let config: SvcConfig;
let executor: Executor;
let router: Tier1Router;

beforeAll(async () => {
  root = await commerceProject();
  ({ config, manifest, executor, router } = await compiledAsk(root));
});

afterAll(async () => {
  await executor.close();
  cleanupProjects();
});

const ask = (question: string, over: { manifest?: Manifest; router?: Tier1Router } = {}): Promise<AskRun> =>
  runAsk(
    {
      asker: undefined,
      root,
      manifest: over.manifest ?? manifest,
      executor,
      router: over.router ?? router,
      config,
      now: () => new Date('2026-02-15T10:00:00Z'),
    },
    { question },
  );

const REVENUE_BLOCKS = [
  'finance.weekly_revenue',
  'finance.monthly_revenue',
  'finance.average_order_value',
  'finance.revenue_by_payment_method',
  'finance.refund_rate_monthly',
];

describe('context questions', () => {
  it.each<[string, boolean]>([
    ['what is in the revenue reporting view?', true],
    ['What does the revenue pack cover?', true],
    ['which blocks are in finance reporting?', true],
    ['what do we mean by revenue reporting?', true],
    ['Tell me about the revenue reporting view', true],
    ['in the revenue reporting view, weekly revenue', false],
    ['revenue pack: revenue by payment method', false],
  ])('%s -> a context question: %s', (question, context) => {
    expect(asksViewContext(question)).toBe(context);
  });

  it.each([
    'what is in the revenue reporting view?',
    'What does the revenue pack cover?',
    'which blocks are in finance reporting?',
    'what do we mean by revenue reporting?',
    "what's in the Revenue Reporting view",
    'What is the revenue reporting view?',
    "what's revenue pack",
  ])('%s -> the certified view, with its blocks and terms', async (question) => {
    const run = await ask(question);
    expect(run).toMatchObject({
      tier: 1,
      trust: 'certified',
      view: {
        id: 'finance.revenue_reporting',
        name: 'revenue reporting',
        owner: 'finance-analytics@acme.test',
        terms: [{ id: 'finance.revenue' }, { id: 'finance.average_order_value' }],
      },
      answer: { heading: 'Governed answer' },
      rows: [],
    });
    expect(run.view?.blocks.map((b) => b.id)).toEqual(REVENUE_BLOCKS);
    expect(run.view?.blocks[0]).toMatchObject({ name: 'weekly_revenue', description: expect.stringContaining('revenue') });
    expect(run.definition).toBeUndefined();
    expect(run.block).toBeUndefined();
  });

  it('lists only the blocks the answer gate serves: a block edited since its receipt is left out', async () => {
    const edited = structuredClone(manifest);
    const block = edited.blocks['finance.weekly_revenue']!;
    block.sourceSha256 = 'sha256:edited-since-certified';
    const { projectRouter } = await import('../../../src/ask/project-gate.js');
    const run = await ask('what is in the revenue reporting view?', { manifest: edited, router: projectRouter(edited, config) });
    expect(run.trust).toBe('certified');
    expect(run.view?.blocks.map((b) => b.id)).toEqual(REVENUE_BLOCKS.filter((id) => id !== 'finance.weekly_revenue'));
  });

  it.each(['what is in the customer health view?', 'what does customer overview cover?'])(
    '%s -> refused: the view is a draft, with the command that certifies it',
    async (question) => {
      const run = await ask(question);
      expect(run).toMatchObject({
        tier: 3,
        trust: 'refused',
        refusal: { code: 'VIEW_NOT_CERTIFIED', reason: expect.stringContaining('customers.customer_health') },
        next: 'Review it, then certify it: svc certify --view customers.customer_health',
        nextAction: 'certify',
      });
      expect(run.view).toBeUndefined();
    },
  );

  it('a view whose receipt went stale is refused the same way', async () => {
    const stale = structuredClone(manifest);
    stale.views['finance.revenue_reporting']!.sourceSha256 = 'sha256:edited';
    const { projectRouter } = await import('../../../src/ask/project-gate.js');
    const run = await ask('what is in the revenue reporting view?', { manifest: stale, router: projectRouter(stale, config) });
    expect(run.refusal?.code).toBe('VIEW_NOT_CERTIFIED');
  });

  it('a term named beside the view is still a definition question; the view is not', async () => {
    const run = await ask('what do we mean by revenue in the revenue reporting view?');
    expect(run).toMatchObject({ tier: 1, trust: 'certified', definition: { id: 'finance.revenue' } });
    expect(run.view).toBeUndefined();
  });

  it('"what is" and more than a view\'s name asks for data, routed within the view', async () => {
    const run = await ask('what is revenue reporting weekly revenue?');
    expect(run.view).toBeUndefined();
    expect(run).toMatchObject({ tier: 1, block: 'finance.weekly_revenue' });
  });

  it('a context question naming no view goes on through the cascade', async () => {
    const run = await ask('what is in the unicorn view?');
    expect(run.view).toBeUndefined();
    expect(run.refusal?.code).not.toBe('VIEW_NOT_CERTIFIED');
  });
});

describe('a question naming a view is answered from its blocks', () => {
  it('in the revenue reporting view, weekly revenue -> finance.weekly_revenue', async () => {
    const run = await ask('in the revenue reporting view, weekly revenue');
    expect(run).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
    expect(run.candidates.every((c) => REVENUE_BLOCKS.includes(c.id))).toBe(true);
  });

  it('orders per day: answered by sales.daily_orders, but not within the revenue reporting view', async () => {
    expect((await ask('orders per day in Texas')).block).toBe('sales.daily_orders');
    const scoped = await ask('in the revenue reporting view, orders per day in Texas');
    expect(scoped.trust).not.toBe('certified');
    expect(scoped.candidates.map((c) => c.id)).not.toContain('sales.daily_orders');
  });
});

describe('views travel with block answers as evidence', () => {
  const REPORTING = { id: 'finance.revenue_reporting', name: 'revenue reporting' };
  it.each<[string, string, Array<{ id: string; name: string }> | undefined]>([
    ['What were sales last week?', 'finance.weekly_revenue', [REPORTING]],
    ['Revenue by payment method', 'finance.revenue_by_payment_method', [REPORTING]],
    ['orders per day in Texas', 'sales.daily_orders', undefined],
    ['How many customers per segment?', 'customers.customers_by_segment', undefined],
  ])('%s -> %s with views %j (certified views holding the block only)', async (question, block, views) => {
    const run = await ask(question);
    expect(run).toMatchObject({ tier: 1, trust: 'certified', block });
    expect(run.views).toEqual(views);
  });

  it('a view whose receipt went stale is evidence of nothing', async () => {
    const stale = structuredClone(manifest);
    // As the compiler leaves a view edited since its receipt: its content hash no longer matches.
    stale.views['finance.revenue_reporting']!.sourceSha256 = 'sha256:edited-since-certified';
    const { projectRouter } = await import('../../../src/ask/project-gate.js');
    const run = await ask('What were sales last week?', { manifest: stale, router: projectRouter(stale, config) });
    expect(run.block).toBe('finance.weekly_revenue');
    expect(run.views).toBeUndefined();
  });
});

describe('svc agent ask (a real child process)', () => {
  it('prints the certified view, its blocks and terms; a draft view is refused with exit 1', async () => {
    const { svc } = await import('../../helpers/cli.js');
    const shown = svc(['agent', 'ask', 'what is in the revenue reporting view?'], root);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^Certified view "revenue reporting" \(finance\.revenue_reporting, owned by finance-analytics@acme\.test\)/);
    for (const id of REVENUE_BLOCKS) expect(shown.stdout).toContain(`  ${id}`);
    expect(shown.stdout).toContain('Terms: revenue (finance.revenue)');
    const refused = svc(['agent', 'ask', 'what is in the customer health view?'], root);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Refused (VIEW_NOT_CERTIFIED)');
  });
});

describe('over HTTP (POST /api/agent-runs on loopback)', () => {
  let server: LocalServer;
  let httpRoot: string;

  beforeAll(async () => {
    httpRoot = await commerceProject();
    server = await serve(httpRoot);
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers a context question with the view, as the contract describes it', async () => {
    const r = await post(server, { question: 'What is in the revenue reporting view?' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      tier: 1,
      trust: 'certified',
      view: { id: 'finance.revenue_reporting', blocks: expect.any(Array), terms: expect.any(Array) },
    });
  });

  it('carries the views holding the block of a Tier-1 answer', async () => {
    const r = await post(server, { question: 'What was revenue last week?' });
    expect(r.body).toMatchObject({ tier: 1, block: 'finance.weekly_revenue', views: [{ id: 'finance.revenue_reporting', name: 'revenue reporting' }] });
  });

  it('refuses a draft view with VIEW_NOT_CERTIFIED', async () => {
    const r = await post(server, { question: 'what does the customer health view cover?' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'VIEW_NOT_CERTIFIED' } });
  });

  it('serves a view certified on disk after the server started, once the project is recompiled', async () => {
    const path = join(httpRoot, 'semantic-layer/views.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace('      - customers.churn_risk\n', ''));
    const { svc } = await import('../../helpers/cli.js');
    expect(svc(['certify', '--view', 'customers.customer_health'], httpRoot).code).toBe(0);
    expect(svc(['compile'], httpRoot).code).toBe(0);
    const r = await post(server, { question: 'what does the customer health view cover?' });
    expect(r.body).toMatchObject({ trust: 'certified', view: { id: 'customers.customer_health' } });
  });
});
