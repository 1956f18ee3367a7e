/**
 * Business terms at Ask time: a definition question is answered from a certified term with its
 * trust label (and refused for a term the gate does not let answer); certified terms' synonyms
 * route like their names; a block answer carries the certified terms it used as evidence; and
 * `svc certify --term` writes a receipt only for a term whose related blocks are certified.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../../src/ask/types.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import { TERMS_FILE } from '../../../src/compiler/project/terms.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';
import { compiledAsk } from './ask-helpers.js';

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

const ask = (question: string): Promise<AskRun> =>
  runAsk({ asker: undefined, root, manifest, executor, router, config, now: () => new Date('2026-02-15T10:00:00Z') }, { question });

describe('definition questions', () => {
  it.each<[string, string]>([
    ['What do we mean by active customer?', 'customers.active_customer'],
    ['what is an engaged customer?', 'customers.active_customer'],
    ['Define average order value', 'finance.average_order_value'],
    ['What does "top line" mean?', 'finance.revenue'],
    ['how do we define a customer segment', 'customers.customer_segment'],
    ['What counts as revenue?', 'finance.revenue'],
  ])('%s -> %s, certified', async (question, term) => {
    const run = await ask(question);
    expect(run).toMatchObject({ tier: 1, trust: 'certified', definition: { id: term } });
    expect(run.definition?.definition.length).toBeGreaterThan(10);
    expect(run.rows).toEqual([]);
  });

  it('a term the gate does not let answer is refused with the certify command', async () => {
    const run = await ask('define cancelled order');
    expect(run).toMatchObject({
      tier: 3,
      trust: 'refused',
      refusal: { code: 'TERM_NOT_CERTIFIED' },
      next: 'Review it, then certify it: svc certify --term sales.cancelled_order',
    });
  });

  it('a definition question naming no term goes on through the cascade, never answered as a definition', async () => {
    const run = await ask('what is a unicorn?');
    expect(run.definition).toBeUndefined();
    expect(run.trust).not.toBe('certified');
  });
});

describe('terms feed routing and travel with answers', () => {
  it.each<[string, string]>([
    ['What were sales last week?', 'finance.weekly_revenue'],
    ['turnover by month', 'finance.monthly_revenue'],
    ["what's our basket size in Texas?", 'finance.average_order_value'],
  ])('%s -> %s through a certified synonym', async (question, block) => {
    const run = await ask(question);
    expect(run).toMatchObject({ tier: 1, trust: 'certified', block });
    expect(run.terms?.length).toBeGreaterThan(0);
  });

  it('a block answer carries the certified terms it used', async () => {
    const run = await ask('What were sales last week?');
    expect(run.terms?.map((t) => t.id)).toContain('finance.revenue');
  });

  it('an uncertified term feeds nothing: its synonym is not read as its name', async () => {
    const run = await ask('How many cancellations per day in Texas?');
    expect(run.terms?.map((t) => t.id) ?? []).not.toContain('sales.cancelled_order');
  });
});

describe('svc certify --term', () => {
  it('refuses a term whose related block is not certified, writing nothing', () => {
    const dir = copyFixture('commerce');
    const path = join(dir, TERMS_FILE);
    writeFileSync(path, readFileSync(path, 'utf8').replace('      - sales.order_status_breakdown', '      - customers.churn_risk'));
    const before = readFileSync(path, 'utf8');
    const r = svc(['certify', '--term', 'sales.cancelled_order', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code)).toEqual(['certify/term-related']);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it("certifies a term, keeping the file's comments, and compile then proves it", () => {
    const dir = copyFixture('commerce');
    const r = svc(['certify', '--term', 'sales.cancelled_order'], dir);
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, TERMS_FILE), 'utf8');
    expect(text).toContain('# Business terms of the commerce project');
    const compiled = JSON.parse(compileProject({ project: dir, cache: false }).text ?? '{}') as Manifest;
    expect(compiled.terms['sales.cancelled_order']).toMatchObject({ status: 'certified', effectiveStatus: 'certified', receipt: 'valid' });
  });

  it('refuses an unknown term (exit 2)', () => {
    expect(svc(['certify', '--term', 'sales.nothing'], copyFixture('commerce')).code).toBe(2);
  });
});

describe('sensitive questions are refused before planning', () => {
  it.each(["What is Ava Smith's email address?", 'home address of customer 42', "list customers' phone numbers", "What is customer 1907's SSN?"])(
    '%s',
    async (question) => {
      let modelCalls = 0;
      const provider = { complete: async () => ((modelCalls += 1), '```sql\nSELECT 1\n```') };
      const run = await runAsk(
        { asker: undefined, root, manifest, executor, router, config, provider, now: () => new Date('2026-02-15T10:00:00Z') },
        { question },
      );
      expect(run).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'SENSITIVE_QUESTION' }, candidates: [] });
      expect(modelCalls).toBe(0);
    },
  );

  it('an aggregate question about the same data goes on', async () => {
    const run = await ask('How many customers per segment?');
    expect(run.refusal?.code).not.toBe('SENSITIVE_QUESTION');
  });
});
