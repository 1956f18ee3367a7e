/**
 * The route explains itself: every part of a question (measure, grouping, ranking, top-N, period,
 * filter, the owner's example) comes back with the declaration of the block that gives it, or
 * with none, so a miss can be read from the run and, without the question's words, the trace.
 */
import { describe, expect, it } from 'vitest';
import type { RoutePart } from '../../src/ask/types.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

describe('route parts', () => {
  const commerce = useCommerceRouter();
  const partsOf = (q: string): RoutePart[] => commerce.router.route(q, { now: NOW }).route?.parts ?? [];

  it.each<[string, RoutePart[]]>([
    [
      'top 5 states by revenue since March 2025',
      [
        { kind: 'measure', text: 'by revenue', by: 'column:revenue' },
        { kind: 'ranking', text: 'top', by: 'sort:revenue' },
        { kind: 'limit', text: 'top 5', by: 'param:top_n' },
        { kind: 'period', text: 'since March 2025', by: 'param:since' },
      ],
    ],
    [
      'weekly revenue in March 2025',
      [
        { kind: 'measure', text: 'revenue', by: 'column:revenue' },
        { kind: 'period', text: 'in March 2025', by: 'column:week_start' },
      ],
    ],
    [
      'orders by channel',
      [
        { kind: 'grouping', text: 'by channel', by: 'key:channel' },
        { kind: 'measure', text: 'orders', by: 'column:orders' },
      ],
    ],
  ])('%s', (q, parts) => {
    expect(partsOf(q)).toEqual(expect.arrayContaining(parts));
  });

  it('names the example that chose the block', () => {
    expect(partsOf('What was revenue last week?')[0]).toEqual({ kind: 'example', text: 'What was revenue last week?', by: 'example' });
  });

  it('leaves a part nothing gives without a declaration', () => {
    const parts = partsOf('customers by payment method');
    expect(parts).toContainEqual({ kind: 'measure', text: 'customers' });
    expect(parts).toContainEqual({ kind: 'grouping', text: 'by payment method', by: 'key:method' });
  });
});
