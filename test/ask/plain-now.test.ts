// Ways of saying "now" in ordinary words are read as "now": never a grouping word or a measure.
import { describe, expect, it } from 'vitest';
import { plainNow } from '../../src/ask/plain-now.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

describe('plainNow', () => {
  it.each([
    ['revenue by segment right now', 'revenue by segment now'],
    ['customers per segment at the moment', 'customers per segment now'],
    ['orders by state as things stand', 'orders by state now'],
    ['revenue by channel as of today', 'revenue by channel now'],
    ['Right now, what is revenue by segment?', 'now, what is revenue by segment?'],
    ['the right price by category', 'the right price by category'],
    ['a moment of revenue', 'a moment of revenue'],
  ])('%s', (q, out) => {
    expect(plainNow(q)).toBe(out);
  });
});

describe('routing with a multi-word "now"', () => {
  const commerce = useCommerceRouter();
  it.each(['revenue by segment right now', 'revenue by segment at the moment', 'revenue by segment at present'])('%s', (q) => {
    expect(commerce.router.route(q, { now: NOW })).toMatchObject({ kind: 'answer', block: 'customers.customers_by_segment' });
  });
});
