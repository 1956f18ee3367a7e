/**
 * The cascade with no model configured (a normal state, not an error), over HTTP: Tier 1 still
 * answers, an unanswerable question is refused with NO_MODEL_CONFIGURED, an agent's proposedSql
 * runs at Tier 2 and is filed under the proposed domain and entity, a best match that is an
 * earlier draft is counted on that draft when Tier 2 can run and named as a draft otherwise.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/index.js';
import { cleanupProjects } from '../../helpers/project.js';
import { ask, askProject, files, serve } from './ask-helpers.js';

let root: string;
let server: LocalServer;

beforeAll(async () => {
  root = await askProject(undefined);
  server = await serve(root);
});

afterAll(async () => {
  await server?.close();
  cleanupProjects();
});

describe('no model configured', () => {
  it('still answers at Tier 1', async () => {
    const { body } = await ask(server, { question: 'revenue per month' });
    expect(body).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.monthly_revenue' });
  });

  it('refuses an unanswerable question with NO_MODEL_CONFIGURED and writes nothing', async () => {
    const before = files(root);
    const { status, body } = await ask(server, { question: 'How many employees do we have?' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'NO_MODEL_CONFIGURED' }, columns: [], rows: [] });
    expect(body.next).toContain('ask.provider');
    expect(files(root)).toEqual(before);
  });

  it('runs an agent-proposed statement at Tier 2 under the proposed domain and entity', async () => {
    const { body } = await ask(server, {
      question: 'How many payments are still pending?',
      proposedSql: "SELECT COUNT(*) AS pending FROM payments WHERE status = 'pending'",
      proposedDomain: 'payments',
      proposedEntity: 'Payment',
      upstreamRefs: ['finance.revenue_by_payment_method'],
    });
    expect(body).toMatchObject({
      tier: 2,
      trust: 'review_required',
      uncertified: true,
      columns: ['pending'],
      reviewDraft: { path: 'domains/payments/blocks/_drafts/how_many_payments_are_still_pending.svc', askedTimes: 1, created: true },
    });
    const text = readFileSync(join(root, body.reviewDraft!.path), 'utf8');
    expect(text).toContain('contract_id = "payments.Payment.how_many_payments_are_still_pending"');
  });

  it('refuses a forbidden proposed statement and captures nothing', async () => {
    const before = files(root);
    const { body } = await ask(server, { question: 'How many payments are still pending?', proposedSql: "UPDATE payments SET status = 'paid'" });
    expect(body).toMatchObject({ tier: 3, refusal: { code: 'ROW_POLICY_REFUSED', checkReason: 'write' } });
    expect(files(root)).toEqual(before);
  });

  it('names the best-matching earlier draft when Tier 2 cannot run, and counts on it when it can', async () => {
    const refused = await ask(server, { question: 'How many payments are still pending?' });
    expect(refused.body).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_DRAFT' }, block: 'payments.how_many_payments_are_still_pending' });
    expect(refused.body.next).toContain('svc certify --from-draft domains/payments/blocks/_drafts/how_many_payments_are_still_pending.svc');
    const counted = await ask(server, {
      question: 'How many payments are still pending?',
      proposedSql: "SELECT COUNT(*) AS pending FROM payments WHERE status = 'pending';",
    });
    expect(counted.body).toMatchObject({
      tier: 2,
      reviewDraft: { path: 'domains/payments/blocks/_drafts/how_many_payments_are_still_pending.svc', askedTimes: 2, created: false },
    });
  });

  it('never hands a named block to written SQL, even with proposedSql', async () => {
    const { body } = await ask(server, { question: 'use block finance.weekly_revenue for state CA', proposedSql: 'SELECT 1 AS x' });
    expect(body).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'BLOCK_CANNOT_ANSWER' }, block: 'finance.weekly_revenue' });
  });
});
