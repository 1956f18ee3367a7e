/**
 * `svc app build` and `svc app publish` as real child processes on a commerce copy, with the
 * loopback fake model as the planner: from chosen sources or a prompt to a published App whose
 * trust `svc app check` reports the same; a malformed planner answer and a blocked preflight
 * each exit 1 with their code and write nothing; without a planner the plan says it is the
 * deterministic one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc, svcAsync } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { configureAsk, KEY_ENV, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { revisionFiles, TOP_STATES, WEEKLY } from '../runtime/app-builder/build-helpers.js';
import { type FakeOpenAi, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let fake: FakeOpenAi;
let root: string;
const env = { [KEY_ENV]: TEST_KEY };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  root = await commerceProject();
  configureAsk(root, fake.baseUrl);
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
