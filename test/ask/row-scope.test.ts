/** A date bound inside one column's expression does not fix the period of a block's rows. */
import { describe, expect, it } from 'vitest';
import { blockFacts } from '../../src/ask/block-facts.js';
import { hasRelativeDate, rowScope } from '../../src/ask/row-scope.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { compileCommerce } from './commerce-manifest.js';

describe('rowScope', () => {
  it.each<[string, string, boolean]>([
    ['case in a column', "SELECT SUM(CASE WHEN d > date(x, '-90 days') THEN 1 ELSE 0 END) AS n FROM t", false],
    ['nested case', "SELECT CASE WHEN a THEN CASE WHEN d > date('now', '-7 days') THEN 1 END END FROM t", false],
    ['filter clause', "SELECT COUNT(*) FILTER (WHERE d > CURRENT_DATE - INTERVAL '30 days') FROM t", false],
    ['iif', 'SELECT SUM(IIF(d > DATEADD(day, -30, GETDATE()), 1, 0)) FROM t', false],
    ['if', 'SELECT countIf(1), sum(if(d > today() - 30, 1, 0)) FROM t', false],
    ['where bound stays', "SELECT COUNT(*) FROM t WHERE d > date('now', '-28 days')", true],
    ['where after a case stays', "SELECT CASE WHEN a THEN 1 END AS k FROM t WHERE d > CURRENT_DATE - INTERVAL '7 days'", true],
  ])('%s', (_name, query, bounded) => {
    const rows = rowScope(query);
    expect(rows).toHaveLength(query.length);
    expect(hasRelativeDate(rows)).toBe(bounded);
  });
});

describe('a block whose one column counts a recent window', () => {
  const base = compileCommerce().blocks['customers.customers_by_segment'] as CompiledBlock;
  const withQuery = (query: string, description: string): CompiledBlock => ({ ...structuredClone(base), query, description });

  it.each<[string, string, string, boolean]>([
    [
      'a column counting the last 90 days',
      "SELECT segment, COUNT(*) AS customers, SUM(CASE WHEN created_at > date('now', '-90 days') THEN 1 ELSE 0 END) AS new_last_90_days FROM customers GROUP BY segment",
      'Customers per segment, and those who joined in the last 90 days.',
      false,
    ],
    [
      'rows of the last 90 days',
      "SELECT segment, COUNT(*) AS customers FROM customers WHERE created_at > date('now', '-90 days') GROUP BY segment",
      'Customers who joined in the last 90 days, per segment.',
      true,
    ],
    [
      'a window the SQL computes from the data, declared in the description',
      "WITH last AS (SELECT MAX(created_at) AS d FROM customers) SELECT segment, COUNT(*) AS customers FROM customers, last WHERE created_at > date(last.d, '-90 days') GROUP BY segment",
      'Customers who joined in the last 90 days of data, per segment.',
      true,
    ],
  ])('%s', (_name, query, description, windowed) => {
    expect(blockFacts(withQuery(query, description)).window !== undefined).toBe(windowed);
  });
});
