/**
 * `svc agent ask` and `svc agent proposals` as real child processes on copies of the commerce
 * fixture: the trust label comes first, a Tier-2 answer names its draft and the exact certify
 * command, a refusal exits 1 with its reason, and proposals rank drafts by asked_times.
 * The Tier-2 case runs the CLI asynchronously: the fake model answers from this process.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, SVC_BIN, svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { askProject, KEY_ENV, TEST_KEY, TIER2_DRAFT, TIER2_QUESTION, TIER2_SQL } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await fake?.close();
  cleanupProjects();
});

/** Runs svc without blocking this process's event loop (spawnSync would starve the fake model). */
function svcAsync(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SVC_BIN, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('svc agent ask', () => {
  it('prints a certified answer with its trust label first', async () => {
    const root = await askProject(undefined);
    const r = svc(['agent', 'ask', 'top 3 states by revenue'], root);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Certified answer from sales.top_states_by_revenue (contract sales.Order.top_states_by_revenue@1)');
    expect(lines[1]).toBe('Parameters from the question: top_n = 3');
    expect(lines[3]).toMatch(/^state\s+/);
    expect(lines.filter((l) => /^[A-Z]{2}\s/.test(l))).toHaveLength(3);
  });

  it('refuses without a model with the reason and exit 1', async () => {
    const root = await askProject(undefined);
    const r = svc(['agent', 'ask', 'What is the weather in Paris?'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Refused \(NO_MODEL_CONFIGURED\): /);
    const json = svc(['agent', 'ask', 'What is the weather in Paris?', '--format', 'json'], root);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'NO_MODEL_CONFIGURED' } });
  });

  it('names a draft block as a draft, with the certify command', async () => {
    const root = await askProject(undefined);
    const r = svc(['agent', 'ask', 'run orders_by_state'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Refused (BLOCK_DRAFT)');
    expect(r.stdout).toContain('svc certify --from-draft domains/sales/blocks/_drafts/orders_by_state.svc');
  });

  it('saves a Tier-2 answer as a draft and prints its path and the certify command', async () => {
    const root = await askProject(fake.baseUrl);
    fake.script(sqlReply(TIER2_SQL));
    const r = await svcAsync(['agent', 'ask', TIER2_QUESTION, '--project', root], '/', { [KEY_ENV]: TEST_KEY });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Review required \(uncertified\)/);
    expect(r.stdout).toContain(`Review draft saved: ${TIER2_DRAFT}\n`);
    expect(r.stdout).toContain(`svc certify --from-draft ${TIER2_DRAFT}\n`);
    expect(existsSync(join(root, TIER2_DRAFT))).toBe(true);

    const again = await svcAsync(['agent', 'ask', TIER2_QUESTION, '--format', 'json'], root, { [KEY_ENV]: TEST_KEY });
    expect(JSON.parse(again.stdout)).toMatchObject({ tier: 2, uncertified: true, reviewDraft: { path: TIER2_DRAFT, askedTimes: 2, created: false } });
  });
});

describe('svc agent proposals', () => {
  it('lists drafts by asked_times, filtered, as text and JSON', async () => {
    const root = await askProject(undefined);
    const text = svc(['agent', 'proposals'], root);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').filter((l) => !l.startsWith(' ') && l !== '')).toEqual([
      'sales.orders_by_state  asked 3 times  domains/sales/blocks/_drafts/orders_by_state.svc',
      'finance.revenue_by_channel  asked 2 times  domains/finance/blocks/_drafts/revenue_by_channel.svc',
      'customers.lifetime_value_by_segment  asked 1 time  domains/customers/blocks/_drafts/lifetime_value_by_segment.svc',
    ]);
    const json = svc(['agent', 'proposals', '--asked-at-least-times', '2', '--format', 'json'], root);
    const { proposals } = JSON.parse(json.stdout) as { proposals: Array<{ id: string; askedTimes: number; certifyCommand: string }> };
    expect(proposals.map((p) => [p.id, p.askedTimes])).toEqual([
      ['sales.orders_by_state', 3],
      ['finance.revenue_by_channel', 2],
    ]);
    expect(proposals[0]?.certifyCommand).toBe('svc certify --from-draft domains/sales/blocks/_drafts/orders_by_state.svc');
    expect(svc(['agent', 'proposals', '--asked-at-least-times', '-1'], root).code).toBe(2);
  });
});

describe('svc agent ask with unquoted words', () => {
  it('asks them as one question', async () => {
    const { commerceProject } = await import('../runtime/helpers/warehouse.js');
    const root = await commerceProject();
    const r = svc(['agent', 'ask', 'weekly', 'revenue', '--format', 'json'], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ question: 'weekly revenue', tier: 1, block: 'finance.weekly_revenue' });
  });
});
