// Tier-1 routing is deterministic: the same commerce.manifest and question give the same decision, and
// the order in which the commerce.manifest lists its blocks never changes it (ties break by block id).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import type { Manifest } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

const commerce = useCommerceRouter();

const WORDS = [
  'revenue',
  'weekly',
  'monthly',
  'top',
  'states',
  'customers',
  'orders',
  'by',
  'in',
  'CA',
  'Texas',
  'since',
  'March',
  '2025',
  'last',
  '30',
  'days',
  'channel',
  'web',
  'mobile',
  'block',
  'run',
  'weekly_revenue',
  'finance.net_revenue_2024',
  'orders_by_state',
  'churn',
  'cancellation',
  'rate',
  'segment',
  'products',
  'home',
  'category',
  'for',
  'state',
  'TX',
  'the',
  '5',
  'biggest',
  'refund',
  'payment',
  'method',
  'acme',
  'weather',
  'aov',
];
const question = fc.oneof(
  fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 9 }).map((ws) => ws.join(' ')),
  fc.string({ maxLength: 40 }),
);

it('gives identical decisions for the same commerce.manifest and question', () => {
  fc.assert(
    fc.property(question, (q) => {
      const again = createTier1Router(structuredClone(commerce.manifest));
      expect(again.route(q, { now: NOW })).toEqual(commerce.router.route(q, { now: NOW }));
      expect(commerce.router.route(q, { now: NOW })).toEqual(commerce.router.route(q, { now: NOW }));
    }),
    { numRuns: 150 },
  );
});

it('gives identical decisions whatever order the commerce.manifest lists its blocks in', () => {
  const ids = Object.keys(commerce.manifest.blocks);
  fc.assert(
    fc.property(fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }), fc.array(question, { minLength: 1, maxLength: 8 }), (order, qs) => {
      const shuffled: Manifest = {
        ...commerce.manifest,
        blocks: Object.fromEntries(order.map((id) => [id, structuredClone(commerce.manifest.blocks[id])])),
      } as Manifest;
      const other = createTier1Router(shuffled);
      for (const q of qs) expect(other.route(q, { now: NOW })).toEqual(commerce.router.route(q, { now: NOW }));
    }),
    { numRuns: 60 },
  );
});

it('answers every example question the same way under shuffling', () => {
  const examples = Object.values(commerce.manifest.blocks).flatMap((b) => b.examples.map((e) => e.question));
  const reversed: Manifest = { ...commerce.manifest, blocks: Object.fromEntries(Object.entries(commerce.manifest.blocks).reverse()) };
  const other = createTier1Router(reversed);
  for (const q of examples) expect(other.route(q, { now: NOW })).toEqual(commerce.router.route(q, { now: NOW }));
});
