/**
 * A number no top-N, period or value took is part of what is asked (src/ask/asked-numbers.ts):
 * the block answers only when its owner declared that number; a share of rows ("top 1%") is
 * never a row count.
 */
import { describe, expect, it } from 'vitest';
import { declaredNumbers, looseNumbers, numbersIn } from '../../src/ask/asked-numbers.js';
import { findLimit } from '../../src/ask/question-asks.js';

describe('numbersIn: the numbers of a text, codes and ordinals aside', () => {
  it.each([
    ['revenue where the amount is over 100', [['100', 'over 100']]],
    ['customers with at least 3 orders', [['3', 'at least 3']]],
    ['for the top 1%', [['1%', '1%']]],
    ['top 10 percent of accounts', [['10%', '10 percent']]],
    ['orders over $1,500', [['1500', 'over $1,500']]],
    ['90-day retention', [['90', '90']]],
    ['average rating above 3.5 stars', [['3.5', 'above 3.5']]],
    ['throughput at LDS1 in Q3 for FY24 on the A320', []],
    ['covid-19 claims on the 3rd of May', []],
  ])('%s', (text, expected) => {
    expect(numbersIn(text).map((n) => [n.key, n.text])).toEqual(expected);
  });
});

describe('looseNumbers: what no span took, and no rate unit', () => {
  it.each([
    ['revenue per 1000 customers', [], []],
    ['top 5 states by revenue over 100', [[4, 5]], ['100']],
    ['orders in 2025 above 50', [[10, 14]], ['50']],
  ] as Array<[string, Array<[number, number]>, string[]]>)('%s', (q, spans, keys) => {
    expect(looseNumbers(q, spans).map((n) => n.key)).toEqual(keys);
  });

  it('an owner who says the number declares it, whatever else is around it', () => {
    expect([...declaredNumbers('Invoices more than 30 days overdue (claims per 1,000 consignments)')].sort()).toEqual(['1000', '30']);
  });
});

describe('findLimit: a share of the rows is no number of them', () => {
  it.each([
    ['top 1% of customers', undefined],
    ['bottom 10 percent of depots', undefined],
    ['top 10 per cent', undefined],
    ['top 10 customers', 10],
    ['worst 15 trucks', 15],
  ])('%s', (q, n) => {
    expect(findLimit(q)?.n).toBe(n);
  });
});
