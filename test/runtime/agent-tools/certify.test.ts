/**
 * The certify tool evaluates only: it reports the certification rules' outcomes and findings
 * for a block (in place, or a draft as its promotion) and never writes, promotes or certifies.
 * Every file of the project, the warehouse included, hashes the same before and after.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockSource, cleanupProjects } from '../../helpers/project.js';
import { ORDERS_DRAFT, reviewDraft } from '../certify/helpers.js';
import { callTool, fileHashes, type Opened, openCommerce } from './helpers.js';

let opened: Opened;
let before: Record<string, string>;
beforeAll(async () => {
  opened = await openCommerce();
  before = fileHashes(opened.root);
});
afterAll(async () => {
  await opened.close();
  cleanupProjects();
});

interface Check {
  rule: string;
  outcome: string;
}

describe('certify evaluates the rules', () => {
  it.each([
    ['finance.weekly_revenue', 'in-place', true, []],
    ['domains/finance/blocks/weekly_revenue.svc', 'in-place', true, []],
    ['sales.cancellation_rate_by_channel', 'in-place', false, ['certification/review-required-description']],
    ['sales.orders_by_state', 'from-draft', false, ['certification/review-required-description', 'certification/tests-required']],
    [
      'domains/finance/blocks/_drafts/revenue_by_channel.svc',
      'from-draft',
      false,
      ['certification/review-required-description', 'certification/tests-required'],
    ],
    ['finance.net_revenue_2024', 'in-place', false, ['certify/status-not-certifiable']],
  ])('%s (%s): certifiable %s, failing %j', async (block, mode, certifiable, failing) => {
    const r = await callTool(opened.ctx, 'certify', { block });
    expect(r.isError).toBe(false);
    expect(r.body).toMatchObject({ mode, certifiable, written: [] });
    const errors = (r.body['findings'] as Array<{ code: string; severity: string }>).filter((f) => f.severity === 'error').map((f) => f.code);
    expect(errors.sort()).toEqual([...failing].sort());
  });

  it('reports each rule with its outcome, the run and the tests', async () => {
    const r = await callTool(opened.ctx, 'certify', { block: 'finance.weekly_revenue' });
    const checks = r.body['checks'] as Check[];
    expect(checks.map((c) => c.rule)).toContain('certification/tests-pass');
    expect(checks.every((c) => c.outcome === 'pass')).toBe(true);
    expect(r.body['run']).toMatchObject({ ok: true, columns: ['week_start', 'orders', 'revenue'] });
    expect(r.body['next']).toBe('A person certifies it: svc certify domains/finance/blocks/weekly_revenue.svc');
  });

  it('judges by the enterprise rules when asked', async () => {
    const r = await callTool(opened.ctx, 'certify', { block: 'finance.weekly_revenue', enterprise: true });
    expect(r.body['rules']).toBe('enterprise');
  });

  it.each([['finance.no_such_block'], ['../outside.svc']])('refuses %s with BLOCK_NOT_FOUND', async (block) => {
    const r = await callTool(opened.ctx, 'certify', { block });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('BLOCK_NOT_FOUND');
  });
});

describe('certify refuses what it cannot evaluate', () => {
  it('a file that declares two blocks: CERTIFY_UNAVAILABLE with the finding', async () => {
    const project = await openCommerce();
    try {
      const file = 'domains/finance/blocks/two.svc';
      writeFileSync(join(project.root, file), `${blockSource('one', { domain: '"finance"' })}\n${blockSource('two', { domain: '"finance"' })}`);
      const r = await callTool(project.ctx, 'certify', { block: file });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('CERTIFY_UNAVAILABLE');
      expect(r.body['error']).toMatchObject({ findings: [expect.objectContaining({ code: 'certify/ambiguous-file' })] });
    } finally {
      await project.close();
    }
  });
});

describe('certify writes nothing', () => {
  it('leaves every file byte for byte as it was (hashes before and after)', () => {
    expect(fileHashes(opened.root)).toEqual(before);
  });

  it('leaves a certifiable block as it was: churn_risk keeps its marking and Tier 1 still refuses it', async () => {
    const project = await openCommerce();
    try {
      const hashes = fileHashes(project.root);
      const r = await callTool(project.ctx, 'certify', { block: 'customers.churn_risk' });
      expect(r.body['certifiable']).toBe(true);
      expect(r.body['wouldChange']).toContain('tags');
      expect(fileHashes(project.root)).toEqual(hashes);
      // Evaluating is not certifying (spec rule 11: nothing becomes certified implicitly).
      expect((await callTool(project.ctx, 'query_via_block', { block: 'customers.churn_risk' })).code).toBe('REVIEW_REQUIRED');
    } finally {
      await project.close();
    }
  });

  it('judges a reviewed draft as its promotion and leaves it in _drafts', async () => {
    const project = await openCommerce();
    try {
      reviewDraft(project.root);
      const hashes = fileHashes(project.root);
      const r = await callTool(project.ctx, 'certify', { block: ORDERS_DRAFT });
      expect(r.body).toMatchObject({
        mode: 'from-draft',
        certifiable: true,
        file: ORDERS_DRAFT,
        destination: 'domains/sales/blocks/orders_by_state.svc',
        written: [],
      });
      expect(r.body['next']).toBe(`A person promotes it: svc certify --from-draft ${ORDERS_DRAFT}`);
      expect(fileHashes(project.root)).toEqual(hashes);
      expect(existsSync(join(project.root, 'domains/sales/blocks/orders_by_state.svc'))).toBe(false);
    } finally {
      await project.close();
    }
  });
});
