/**
 * An average asked of a column the engine computes as an average of the rows: "average dwell
 * minutes" is a block's `AVG(dwell) AS dwell_minutes`, and "per order" after it is the rows the average
 * is over (what the block counts), not a breakdown. "average" qualifies only the measure right
 * after it: a block summing revenue does not answer "average revenue".
 */
import { describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import { aggregatedOutputs } from '../../src/ask/result-columns.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

const QUERY =
  'SELECT c.state, COUNT(*) AS orders, ROUND(AVG(o.dwell), 2) AS dwell_minutes, SUM(o.amount) AS takings, ROUND(SUM(o.amount) / COUNT(*), 2) AS ratio FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.state ORDER BY c.state';

describe('aggregatedOutputs', () => {
  it.each<['avg' | 'count', string[]]>([
    ['avg', ['dwell_minutes']],
    ['count', ['orders']],
  ])('%s', (fn, names) => {
    expect(aggregatedOutputs(QUERY, 'sqlite', fn)).toEqual(names);
  });
});

describe('averages of the rows', () => {
  const commerce = useCommerceRouter();
  function withBasket(base: Manifest): Manifest {
    return withBlocks(base, (blocks) => {
      const b = structuredClone(blocks['catalog.category_sales'] as CompiledBlock);
      Object.assign(b, {
        id: 'sales.baskets_by_state',
        domain: 'sales',
        name: 'baskets_by_state',
        description: 'Orders, dwell minutes and takings per customer state.',
        examples: [{ question: 'Dwell minutes by state' }],
        outputs: ['state', 'orders', 'dwell_minutes', 'takings', 'ratio'],
        columns: { takings: { synonyms: ['gross takings'], additive: true } },
        params: [],
        paramsUsed: [],
        query: QUERY,
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
  }
  const route = (q: string) => createTier1Router(withBasket(commerce.manifest)).route(q, { now: NOW });

  it.each(['average dwell minutes by state', 'avg dwell minutes per order by state', 'mean dwell minutes by state'])('%s', (q) => {
    expect(route(q)).toMatchObject({ kind: 'answer', block: 'sales.baskets_by_state' });
  });

  it.each(['average takings by state', 'average dwell minutes per customer by state'])('not: %s', (q) => {
    const d = route(q);
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('sales.baskets_by_state');
  });
});
