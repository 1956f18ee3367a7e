/**
 * Trust is decided in one place. This meta-test lists every surface that can label an answer
 * certified and holds each of them to the answer gate:
 *
 * - statically: every source file that writes a certified label is a listed surface, and each
 *   listed surface asks the gate (rules/gates/answer-gate.ts, directly or through the router's
 *   gate); no review-required pattern of the gate is re-declared in src/runtime;
 * - by behaviour: over projects where a block is marked certified but may not answer as certified
 *   (forged without a receipt, edited since its receipt, still tagged review required), every
 *   surface is asked for that block and none answers certified, while the same surfaces still
 *   answer certified from an intact block of the same project.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRouter } from '../../src/ask/project-gate.js';
import type { Tier1Router } from '../../src/ask/types.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { createMemoryRunStore, type RunStore } from '../../src/hooks/stores/run-store.js';
import { buildServer } from '../../src/index.js';
import { runAsk } from '../../src/runtime/agent-runs/run-ask.js';
import { createToolContext } from '../../src/runtime/agent-tools/context.js';
import { runAppCheck } from '../../src/runtime/certify/app-check.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor } from '../../src/warehouse/types.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, REPO } from '../helpers/project.js';
import { callTool } from '../runtime/agent-tools/helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const NOW = new Date('2026-02-15T10:00:00Z');

/** The files that write a certified label, each with how the gate reaches it. */
const SURFACES: Record<string, string> = {
  'src/ask/route-tier1.ts': 'Tier-1 routing and asking by name: gateRefusal over the router gate',
  'src/runtime/agent-runs/tier1-answer.ts': 'the Tier-1 run: the router gate asked again before running',
  'src/runtime/agent-runs/definition-answer.ts': 'definition answers: the term gate of the same policy',
  'src/runtime/agent-runs/view-answer.ts': "view context answers: the view gate of the same policy, and the router gate on the view's blocks",
  'src/server/routes/block-run.ts': 'POST /api/blocks/:id/run',
  'src/server/answer-rerun.ts': "POST /api/query/export { runId }: a block answer's rerun asks gateRefusal before it runs",
  'src/runtime/agent-tools/tools/query-via-block.ts': 'query_via_block: the catalog gate',
  'src/rules/trust.ts': 'tile and App trust: the answer-gate check of answer.trust',
  'src/rules/app-check/check-app.ts': 'svc app check: the answer-gate check of publication.preflight and tile trust',
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(REPO, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (e.name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

const text = (rel: string): string => readFileSync(join(REPO, rel), 'utf8');
/** The code of a file without its comment lines (a comment may quote a label it does not write). */
const code = (rel: string): string =>
  text(rel)
    .split('\n')
    .filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l))
    .join('\n');
// A label written into an answer; a type union listing the trust values is not one.
const WRITES_CERTIFIED = /trust:\s*'certified'\s*[,}]|TILE_TRUST_LABELS = \[/;
const ASKS_GATE = /gates\/answer-gate\.js|gateRefusal|\.gate\(|termGate\(|answer-gate/;

describe('the surfaces that label an answer certified', () => {
  it('every file writing a certified label is a listed surface, and every surface asks the gate', () => {
    const writers = sourceFiles('src').filter((f) => WRITES_CERTIFIED.test(code(f)));
    for (const f of writers) expect(Object.keys(SURFACES), `${f} writes a certified label`).toContain(f);
    for (const f of Object.keys(SURFACES)) {
      const body = f === 'src/rules/trust.ts' ? text('src/rules/policies/answer.trust.json') : text(f);
      expect(ASKS_GATE.test(body), `${f} must ask the answer gate`).toBe(true);
    }
  });

  it('the tile-trust and publication policies defer to the gate', () => {
    for (const name of ['answer.trust', 'publication.preflight']) {
      expect(text(`src/rules/policies/${name}.json`)).toContain('"kind": "answer-gate"');
    }
  });

  it('no review-required pattern of the gate is re-declared in src/runtime', () => {
    for (const f of sourceFiles('src/runtime')) {
      expect(text(f), f).not.toMatch(/review\[-_ \]\??required|needs\?\[-_ \]review|review-required\$/);
    }
  });
});

interface Scenario {
  name: string;
  /** The block marked certified that must not answer as certified. */
  block: string;
  /** A question that routes to it, and one that names it. */
  question: string;
  named: string;
  edit(root: string): void;
}

const DRAFT = 'domains/sales/blocks/_drafts/orders_by_state.svc';

const SCENARIOS: Scenario[] = [
  {
    name: 'forged: a draft copied out of _drafts and marked certified, no receipt',
    block: 'sales.orders_by_state',
    question: 'How many orders per state?',
    named: 'run orders_by_state',
    edit(root) {
      const forged = readFileSync(join(root, DRAFT), 'utf8')
        .replace('status = "draft"', 'status = "certified"')
        .replace('tags = ["review-required"]', 'tags = ["orders"]')
        .replace('Review required: drafted from a question.', 'Orders per state.')
        .replace('query = """', 'tests {\n    assert row_count > 0\n  }\n  query = """');
      writeFileSync(join(root, 'domains/sales/blocks/orders_by_state.svc'), forged);
      rmSync(join(root, DRAFT));
      rmSync(join(root, 'semantic-layer/blocks/sales/_drafts/orders_by_state.yaml'));
    },
  },
  {
    name: 'stale: a certified block edited since its receipt',
    block: 'finance.weekly_revenue',
    question: 'What was revenue last week?',
    named: 'run weekly_revenue',
    edit(root) {
      const file = join(root, 'domains/finance/blocks/weekly_revenue.svc');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Net revenue per ISO week', 'Gross revenue per ISO week'));
    },
  },
  {
    name: 'flagged: certified with a receipt, but its tags still say review required',
    block: 'customers.churn_risk',
    question: 'Which customers are at risk of churning?',
    named: 'run churn_risk',
    edit() {},
  },
];

/** An App with one page whose one tile reads `block` at its current revision. */
function writeApp(root: string, manifest: Manifest, block: string): void {
  const dir = join(root, 'apps/audit/dashboards');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(root, 'apps/audit/svc.app.json'),
    JSON.stringify({
      id: 'audit',
      title: 'Audit',
      owner: 'a@acme.test',
      lifecycle: 'draft',
      pages: [{ id: 'main', title: 'Main', dashboard: 'dashboards/main.svcd' }],
    }),
  );
  const revision = manifest.blocks[block]?.sourceSha256;
  writeFileSync(
    join(dir, 'main.svcd'),
    JSON.stringify({ id: 'main', title: 'Main', tiles: [{ id: 't', title: 'T', kind: 'table', source: { kind: 'block', id: block, revision } }], filters: [] }),
  );
}

describe.each(SCENARIOS)('$name', (scenario) => {
  let root: string;
  let config: SvcConfig;
  let manifest: Manifest;
  let executor: Executor;
  let app: FastifyInstance;
  let router: Tier1Router;
  let runs: RunStore;

  beforeAll(async () => {
    root = await commerceProject();
    scenario.edit(root);
    let compiled = compileProject({ project: root, cache: false });
    writeApp(root, JSON.parse(compiled.text ?? '{}') as Manifest, scenario.block);
    compiled = compileProject({ project: root, cache: false });
    config = compiled.config as SvcConfig;
    manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
    expect(manifest.blocks[scenario.block]?.status).toBe('certified');
    executor = createExecutor({ root, config });
    runs = createMemoryRunStore();
    app = buildServer({ root, manifest, executor, config, log: () => undefined, runs });
    router = projectRouter(manifest, config);
  });

  afterAll(async () => {
    await app.close();
    await executor.close();
  });

  const notCertified = (trust: unknown, block: unknown): void => {
    expect(trust === 'certified' && block === scenario.block, `answered certified from ${scenario.block}`).toBe(false);
  };

  it('Tier-1 routing, ranked and by name', () => {
    for (const q of [scenario.question, scenario.named]) {
      const d = router.route(q, { now: NOW });
      expect(d.kind === 'answer' && d.block === scenario.block, q).toBe(false);
    }
    expect(router.route(scenario.named, { now: NOW })).toMatchObject({ kind: 'refused', block: scenario.block, named: true });
  });

  it('the Tier-1 run refuses even when a router hands it the block', async () => {
    const handed = () => ({
      kind: 'answer' as const,
      block: scenario.block,
      params: {},
      score: 1,
      named: true,
      candidates: [],
      route: { block: scenario.block, score: 1, covered: [], uncovered: [] },
    });
    const loose: Tier1Router = { size: 1, gate: router.gate, route: handed, followUp: handed };
    const run = await runAsk({ asker: undefined, root, manifest, executor, router: loose, config, now: () => NOW }, { question: scenario.named });
    expect(run).toMatchObject({ tier: 3, trust: 'refused', block: scenario.block });
  });

  it('POST /api/agent-runs', async () => {
    for (const question of [scenario.question, scenario.named]) {
      const r = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question } });
      expect(r.statusCode).toBe(200);
      notCertified(r.json().trust, r.json().block);
    }
  });

  it("a certified view's context answer never lists the block", async () => {
    const r = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'What is in the revenue reporting view?' } });
    expect(r.json()).toMatchObject({ trust: 'certified', view: { id: 'finance.revenue_reporting' } });
    expect(r.json().view.blocks.map((b: { id: string }) => b.id)).not.toContain(scenario.block);
  });

  it('POST /api/blocks/:id/run', async () => {
    const r = await app.inject({ method: 'POST', url: `/api/blocks/${scenario.block}/run`, payload: {} });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('BLOCK_NOT_CERTIFIED');
    expect(typeof r.json().error.gate.code).toBe('string');
  });

  it('POST /api/query/export of an answer recorded as certified from the block: no file, nothing claims certified', async () => {
    const asked = (await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'top 3 states by revenue' } })).json() as { runId: string };
    const mine = await runs.get(asked.runId);
    const query = manifest.blocks[scenario.block]?.query ?? '';
    const sqlSha256 = createHash('sha256').update(query).digest('hex');
    await runs.put({ ...mine!, runId: 'run_recorded', sql: query, sqlSha256, sources: [`block:${scenario.block}`], rerun: { params: {} } });
    const r = await app.inject({ method: 'POST', url: '/api/query/export', payload: { runId: 'run_recorded', format: 'csv' } });
    expect([r.statusCode, r.json().error.code]).toEqual([409, 'BLOCK_NOT_CERTIFIED']);
    expect(r.headers['x-svc-export-trust']).toBeUndefined();
  });

  it('the agent tools query_via_block and answer_question', async () => {
    const ctx = createToolContext({ root, config, manifest, executor, now: () => NOW, log: () => undefined });
    const direct = await callTool(ctx, 'query_via_block', { block: scenario.block });
    expect(direct.isError).toBe(true);
    notCertified(direct.body['trust'], direct.body['block']);
    const cascade = await callTool(ctx, 'answer_question', { question: scenario.named });
    notCertified(cascade.body['trust'], cascade.body['block']);
  });

  it('svc app check: the tile is Blocked and the App is not ready', async () => {
    const outcome = await runAppCheck({ cwd: root, app: 'audit' });
    expect(outcome.result?.ready).toBe(false);
    expect(outcome.result?.tiles.find((t) => t.tile === 't')?.trust).toBe('Blocked');
    expect(outcome.result?.trust.text).toBeUndefined();
    expect(outcome.result?.blockers.map((b) => b.code)).toContain('publication/source-answer-gate');
  });

  it("POST /api/apps/:appId/pages/:pageId/run (the web app's App page): the same Blocked tile, never all certified", async () => {
    const r = await app.inject({ method: 'POST', url: '/api/apps/audit/pages/main/run', payload: {} });
    expect(r.statusCode).toBe(200);
    expect(r.json().trust.label).toBe('Blocked');
    expect(r.json().trust.allCertifiedVerified).toBe(false);
    expect(r.json().trust.text).toBeUndefined();
  });

  it('svc agent ask (a real child process)', () => {
    const r = svc(['agent', 'ask', scenario.named, '--format', 'json'], root);
    if (r.stdout.trim().startsWith('{')) {
      const run = JSON.parse(r.stdout) as { trust: string; block?: string };
      notCertified(run.trust, run.block);
    }
    expect(r.code).not.toBe(0);
  });

  it('an intact certified block of the same project still answers certified on every surface', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/agent-runs', payload: { question: 'Revenue by month' } });
    expect(r.json()).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.monthly_revenue' });
    const run = await app.inject({ method: 'POST', url: '/api/blocks/finance.monthly_revenue/run', payload: {} });
    expect(run.json()).toMatchObject({ trust: 'certified' });
  });
});

afterAll(cleanupProjects);

// Keeps the list honest: a surface file that no longer exists is a stale entry.
it('every listed surface file exists', () => {
  for (const f of Object.keys(SURFACES)) expect(() => readFileSync(join(REPO, f)), relative(REPO, join(REPO, f))).not.toThrow();
});
