/**
 * The Ask cascade tools and the review queue. answer_question runs runAsk (Tier 1 answer,
 * Tier 3 refusal when no model is configured). query_via_metadata runs only when Tier 1 has no
 * match, writes the draft itself and answers `uncertified: true` with `draftBlockPath`.
 * list_proposals ranks drafts by asked_times; suggest_block aggregates them and writes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, fileHashes, openCommerce, useCommerce } from './helpers.js';

const commerce = useCommerce();

/** Git-ignored runtime state (compile cache): not a project file. */
const notState = (rel: string): boolean => rel === '.svc';
const ORDERS_SQL = 'SELECT state, COUNT(*) AS orders FROM orders GROUP BY state';

describe('answer_question', () => {
  it('answers at Tier 1 from a certified block, with its contract', async () => {
    const r = await callTool(commerce.opened.ctx, 'answer_question', { question: 'What was revenue last week?' });
    expect(r.isError).toBe(false);
    expect(r.body).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue', contract: 'finance.Revenue.weekly_revenue@1' });
    expect((r.body['rows'] as unknown[]).length).toBeGreaterThan(0);
    expect(r.body['uncertified']).toBeUndefined();
  });

  it.each([
    ['How many unicorns were sold on Mars?', 'NO_MODEL_CONFIGURED'],
    ['Which channel has the highest cancellation rate?', 'REVIEW_REQUIRED'],
  ])('refuses %j with %s, carrying no rows', async (question, code) => {
    const r = await callTool(commerce.opened.ctx, 'answer_question', { question });
    expect(r.isError).toBe(true);
    expect(r.code).toBe(code);
    expect((r.body['error'] as Record<string, unknown>)['rows']).toBeUndefined();
  });
});

describe('query_via_metadata', () => {
  it('refuses with TIER1_MATCH when a certified block answers, writing and running nothing', async () => {
    const before = fileHashes(commerce.opened.root);
    const executed = commerce.opened.executed();
    const r = await callTool(commerce.opened.ctx, 'query_via_metadata', { question: 'What was revenue last week?', proposedSql: 'SELECT 1 AS one' });
    expect(r.code).toBe('TIER1_MATCH');
    expect(r.body['error']).toMatchObject({ block: 'finance.weekly_revenue', next: 'query_via_block' });
    expect(commerce.opened.executed()).toBe(executed);
    expect(fileHashes(commerce.opened.root)).toEqual(before);
  });

  it('runs at Tier 2 on no match, writes the draft itself and says uncertified', async () => {
    const project = await openCommerce();
    try {
      const question = 'How many orders did each shipping destination receive overall?';
      const sql = 'SELECT state AS destination, COUNT(*) AS n FROM orders GROUP BY state';
      const r = await callTool(project.ctx, 'query_via_metadata', { question, proposedSql: sql, proposedDomain: 'sales', proposedEntity: 'Order' });
      expect(r.isError).toBe(false);
      expect(r.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true });
      const path = r.body['draftBlockPath'] as string;
      expect(path).toMatch(/^domains\/sales\/blocks\/_drafts\/.+\.svc$/);
      expect(r.body['reviewDraft']).toMatchObject({ path, askedTimes: 1, created: true });
      expect(r.body['next']).toContain(`svc certify --from-draft ${path}`);
      expect(readFileSync(join(project.root, path), 'utf8')).toContain('status = "draft"');
      // The queue lists it at once, and asking again counts on the same draft.
      const again = await callTool(project.ctx, 'query_via_metadata', { question, proposedSql: sql, proposedDomain: 'sales' });
      expect(again.body['reviewDraft']).toMatchObject({ path, askedTimes: 2, created: false });
      const queue = await callTool(project.ctx, 'list_proposals', { asked_at_least_times: 2 });
      expect((queue.body['proposals'] as Array<{ path: string }>).map((p) => p.path)).toContain(path);
    } finally {
      await project.close();
    }
  });

  it('writes no draft with saveDraft: false', async () => {
    const project = await openCommerce();
    try {
      const before = fileHashes(project.root, notState);
      const r = await callTool(project.ctx, 'query_via_metadata', {
        question: 'Orders per shipping destination, all time',
        proposedSql: ORDERS_SQL.replace('state,', 'state AS place,'),
        saveDraft: false,
      });
      expect(r.body).toMatchObject({ tier: 2, uncertified: true });
      expect(r.body['draftBlockPath']).toBeUndefined();
      expect(fileHashes(project.root, notState)).toEqual(before);
    } finally {
      await project.close();
    }
  });

  it('refuses SQL the statement check refuses, writing no draft', async () => {
    const project = await openCommerce();
    try {
      const before = fileHashes(project.root, notState);
      const r = await callTool(project.ctx, 'query_via_metadata', { question: 'Remove every order from the shop history', proposedSql: 'DELETE FROM orders' });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('ROW_POLICY_REFUSED');
      expect(fileHashes(project.root, notState)).toEqual(before);
    } finally {
      await project.close();
    }
  });
});

describe('list_proposals and suggest_block', () => {
  interface Proposal {
    path: string;
    askedTimes: number;
  }

  it('ranks drafts by asked_times, descending, and filters by asked_at_least_times', async () => {
    const all = (await callTool(commerce.opened.ctx, 'list_proposals', {})).body['proposals'] as Proposal[];
    expect(all.map((p) => p.askedTimes)).toEqual([3, 2, 1]);
    expect(all[0]?.path).toBe('domains/sales/blocks/_drafts/orders_by_state.svc');
    const some = (await callTool(commerce.opened.ctx, 'list_proposals', { asked_at_least_times: 2 })).body['proposals'] as Proposal[];
    expect(some.map((p) => p.askedTimes)).toEqual([3, 2]);
  });

  it('suggests one block for the drafts reading the same tables, from the most-asked SQL, writing nothing', async () => {
    const before = fileHashes(commerce.opened.root);
    const r = await callTool(commerce.opened.ctx, 'suggest_block', {});
    expect(r.body['proposal']).toMatchObject({
      suggestedId: 'sales.orders_by_state',
      domain: 'sales',
      sql: ORDERS_SQL,
      tables: ['orders'],
      askedTimes: 5,
      covers: [
        { id: 'sales.orders_by_state', askedTimes: 3 },
        { id: 'finance.revenue_by_channel', askedTimes: 2 },
      ],
    });
    expect(r.body['written']).toEqual([]);
    expect(fileHashes(commerce.opened.root)).toEqual(before);
  });

  it('proposes for the group of a named draft', async () => {
    const r = await callTool(commerce.opened.ctx, 'suggest_block', { draft: 'customers.lifetime_value_by_segment' });
    expect(r.body['proposal']).toMatchObject({ suggestedId: 'customers.lifetime_value_by_segment', tables: ['customers', 'orders'] });
  });

  it.each([
    [{ draft: 'sales.nope' }, 'DRAFT_NOT_FOUND'],
    [{ asked_at_least_times: 99 }, 'NO_DRAFTS'],
  ])('refuses %j with %s', async (args, code) => {
    expect((await callTool(commerce.opened.ctx, 'suggest_block', args)).code).toBe(code);
  });

  it('refuses with PROJECT_UNAVAILABLE once the project configuration no longer reads', async () => {
    const project = await openCommerce();
    try {
      writeFileSync(join(project.root, 'svc.config.json'), '{ "project": ');
      const r = await callTool(project.ctx, 'suggest_block', {});
      expect(r).toMatchObject({ isError: true, code: 'PROJECT_UNAVAILABLE' });
    } finally {
      await project.close();
    }
  });
});
