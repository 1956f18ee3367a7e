/**
 * `svc app build` and `svc app publish` as real child processes on a commerce copy, with the
 * loopback fake model as the planner: from chosen sources or a prompt to a published App whose
 * trust `svc app check` reports the same; a malformed planner answer and a blocked preflight
 * each exit 1 with their code and write nothing; without a planner the plan says it is the
 * deterministic one.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc, svcAsync } from '../helpers/cli.js';
import { blockSource, cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { revisionFiles, TOP_STATES, WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let fake: FakeOpenAi;
let root: string;
const env = { [KEY_ENV]: TEST_KEY };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  root = await commerceProject();
  configureAsk(root, fake.baseUrl);
  // A draft source whose query names a table the warehouse does not have (its preview fails).
  writeFileSync(join(root, 'domains/sales/blocks/_drafts/misspelt.svc'), blockSource('misspelt', { query: '"""\n    SELECT state FROM orderz\n  """' }));
});

afterAll(async () => {
  await fake?.close();
  cleanupProjects();
});

type Outcome = { exitCode: number; result?: Record<string, any>; error?: { code: string; blockers?: Array<{ rule: string }> } };
const json = (stdout: string) => JSON.parse(stdout) as Outcome;

describe('svc app build and svc app publish', () => {
  it('build from a prompt, preflight for an App id, publish it; svc app check gives the same trust', async () => {
    fake.script(
      JSON.stringify({
        title: 'Revenue',
        pages: [
          {
            title: 'Money',
            tiles: [
              { sourceId: WEEKLY, kind: 'chart' },
              { sourceId: TOP_STATES, kind: 'table' },
            ],
          },
        ],
      }),
    );
    const built = await svcAsync(['app', 'build', '--prompt', 'weekly revenue and top states', '--app', 'revenue', '--format', 'json'], root, env);
    const outcome = json(built.stdout);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(outcome.result?.['draft']).toMatchObject({ revision: 2, proposal: { planner: 'model' } });
    expect(outcome.result?.['preflight']).toMatchObject({ ready: true, blockers: [] });
    const id = outcome.result?.['draft'].id as string;
    const published = svc(['app', 'publish', id, '--app', 'revenue', '--format', 'json'], root, env);
    expect(published.code, published.stdout).toBe(0);
    const check = svc(['app', 'check', 'revenue', '--format', 'json'], root, env);
    expect(check.code).toBe(0);
    expect(json(published.stdout).result?.['trust']).toEqual((JSON.parse(check.stdout) as { trust: unknown }).trust);
    expect(svc(['app', 'publish', id, '--app', 'revenue'], root, env).stdout).toContain('Published App revenue');
  });

  it('a malformed planner answer exits 1 with its code', async () => {
    fake.script('not a plan');
    const built = await svcAsync(['app', 'build', '--prompt', 'revenue', '--format', 'json'], root, env);
    expect(built.code).toBe(1);
    expect(json(built.stdout).error?.code).toBe('APP_BUILD_PLANNER_MALFORMED');
  });

  it('a blocked preflight lists the blockers, and publishing the build exits 1 writing nothing', async () => {
    const source = 'domains/sales/blocks/_drafts/orders_by_state.svc#orders_by_state';
    const built = await svcAsync(['app', 'build', '--source', source, '--include-review-required', '--app', 'states'], root, env);
    expect(built.code).toBe(1);
    expect(built.stdout).toContain('publication/source-certified');
    const id = /App build (build_[0-9a-f]+)/.exec(built.stdout)?.[1] ?? '';
    expect(revisionFiles(root, id)).toEqual(['000001.json']);
    const published = svc(['app', 'publish', id, '--app', 'states', '--format', 'json'], root, env);
    expect(published.code).toBe(1);
    expect(json(published.stdout).error?.code).toBe('APP_BUILD_PREFLIGHT_FAILED');
    expect(existsSync(join(root, 'apps/states'))).toBe(false);
  });

  it('without a planner configured, the plan is the deterministic one and says so', async () => {
    const plain = await commerceProject();
    configureAsk(plain, undefined);
    const built = await svcAsync(['app', 'build', '--prompt', 'weekly revenue'], plain, env);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(built.stdout).toContain('planned by: the deterministic plan (no planner configured)');
  });
});

type Component = { tileId: string; ok: boolean; repaired?: boolean; reviewRequired: boolean; filterCandidates: { parameters: string[] } };
const MISSPELT = 'domains/sales/blocks/_drafts/misspelt.svc#misspelt';
const components = (o: Outcome) => (o.result?.['preview'].components as Component[]).map((c) => [c.tileId, c.ok, c.repaired ?? false, c.reviewRequired]);

describe('svc app build: the bounded same-target repair of a failed preview component', () => {
  it.each([
    ['a repair that runs: the result shows, repaired and review required', [sqlReply('SELECT state FROM orders LIMIT 3')], [], true, 1],
    ['a repair that fails too: the failure shows, after one attempt only', [sqlReply('SELECT state FROM orderzz'), sqlReply('SELECT 1')], [], false, 1],
    ['--no-repair: no model call, the failure shows as it is', [sqlReply('SELECT state FROM orders LIMIT 3')], ['--no-repair'], false, 0],
  ] as const)('%s', async (_case, replies, flags, ok, calls) => {
    fake.script(...replies);
    const argv = ['app', 'build', '--source', MISSPELT, '--source', WEEKLY, '--include-review-required', '--app', 'mended', ...flags, '--format', 'json'];
    const built = await svcAsync(argv, root, env);
    const outcome = json(built.stdout);
    expect(components(outcome)).toEqual([
      ['misspelt', ok, calls === 1, true],
      ['weekly_revenue', true, false, false],
    ]);
    expect(fake.requests).toHaveLength(calls);
    // A repaired run is never the source's evidence, and a draft source never publishes.
    expect(built.code).toBe(1);
    expect(outcome.error?.blockers ?? outcome.result?.['preflight'].blockers.map((b: { rule: string }) => b.rule)).toContain('publication/preview-settled');
    expect(existsSync(join(root, 'apps/mended'))).toBe(false);
  });

  it('never repairs a certified source, and the text says which result was repaired', async () => {
    fake.script(sqlReply('SELECT state FROM orders LIMIT 3'));
    const built = await svcAsync(['app', 'build', '--source', MISSPELT, '--source', WEEKLY, '--include-review-required'], root, env);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('misspelt (repaired, review required)');
    expect(built.stdout).toMatch(/✓ overview\/weekly_revenue \S+\n/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.text).not.toContain('weekly_revenue');
  });
});

describe('svc app build --filter: page filters bound through compose', () => {
  it('binds a filter on every tile whose source declares the parameter, or on one named tile, as the next revision; the preflight wants every tile bound', async () => {
    const sources = ['--source', WEEKLY, '--source', TOP_STATES];
    const built = await svcAsync(
      ['app', 'build', ...sources, '--filter', 'since=since', '--filter', 'n=top_states_by_revenue.top_n', '--app', 'filtered', '--format', 'json'],
      root,
      env,
    );
    const outcome = json(built.stdout);
    const draft = outcome.result?.['draft'] as { id: string; revision: number; pages: Array<{ filters: unknown }> };
    expect(draft.revision).toBe(2);
    expect(draft.pages[0]?.filters).toEqual([
      { id: 'since', bindings: { weekly_revenue: 'since', top_states_by_revenue: 'since' } },
      { id: 'n', bindings: { top_states_by_revenue: 'top_n' } },
    ]);
    expect(revisionFiles(root, draft.id)).toEqual(['000001.json', '000002.json']);
    expect((outcome.result?.['preview'].components as Component[]).map((c) => c.filterCandidates.parameters)).toEqual([
      ['since', 'top_n'],
      ['since', 'top_n'],
    ]);
    // A filter bound on one tile of two is an incomplete binding: the preflight blocks it.
    expect(built.code).toBe(1);
    expect(outcome.result?.['preflight'].blockers.map((b: { rule: string }) => b.rule)).toEqual(['publication/filters-bound']);
    const bound = await svcAsync(['app', 'build', ...sources, '--filter', 'since=since', '--app', 'filtered'], root, env);
    expect(bound.code, bound.stdout).toBe(0);
    expect(bound.stdout).toContain('filter overview/since: weekly_revenue.since, top_states_by_revenue.since');
    expect(bound.stdout).toContain('filter candidates: since, top_n');
    expect(bound.stdout).toContain('Ready to publish.');
  });

  it.each([
    ['a parameter no tile declares', ['--filter', 'region=region'], 1, 'APP_BUILD_OPERATION_INVALID'],
    ['a tile the draft does not have', ['--filter', 'since=nosuch.since'], 1, 'APP_BUILD_OPERATION_INVALID'],
    ['a parameter the named tile does not declare', ['--filter', 'state=weekly_revenue.state'], 1, 'APP_BUILD_OPERATION_INVALID'],
  ])('refuses %s: exit 1 with its code', async (_case, flags, code, error) => {
    const built = await svcAsync(['app', 'build', '--source', WEEKLY, ...flags, '--format', 'json'], root, env);
    expect(built.code).toBe(code);
    expect(json(built.stdout).error?.code).toBe(error);
  });

  it('a --filter that is not <filter>=<parameter> is a usage error (exit 2)', () => {
    const built = svc(['app', 'build', '--source', WEEKLY, '--filter', 'Since'], root, env);
    expect(built.code).toBe(2);
    expect(built.stderr + built.stdout).toContain('--filter');
  });
});
