/**
 * A certified block answers only questions whose specific words it knows: a term few blocks
 * use, missing from the best-scoring block, means that block measures something else, and the
 * question goes on to the next candidate or to no-match (Tier 2 or 3), never to a wrong
 * certified answer. Period and filter words never count.
 */
import { describe, expect, it } from 'vitest';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

const commerce = useCommerceRouter();

describe('specific terms', () => {
  it.each([['How many refunds per payment method?'], ['refund share by payment method'], ['average order value per payment method']])(
    '%s: no certified block knows every specific word, so no certified answer',
    (q) => {
      const d = commerce.router.route(q, { now: NOW });
      expect(d.kind).not.toBe('answer');
    },
  );

  it.each([
    ['Revenue by payment method', 'finance.revenue_by_payment_method'],
    ['How do customers pay?', 'finance.revenue_by_payment_method'],
    ['monthly revenue last 30 days', 'finance.monthly_revenue'],
    ['refund rate per month', 'finance.refund_rate_monthly'],
  ])('%s still answers from %s', (q, block) => {
    const d = commerce.router.route(q, { now: NOW });
    expect(d.kind === 'answer' ? d.block : d.kind).toBe(block);
  });
});
