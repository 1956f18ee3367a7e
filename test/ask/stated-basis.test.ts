/**
 * The basis a figure is asked on (stated-basis.ts): a question asking one side of a basis the
 * owner's description states the other side of ("AOV after discounts" of "AOV in GBP before
 * discounts") is not the block's; the same side, or no basis, still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contraryBasis, statedBases } from '../../src/ask/stated-basis.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

let delivery: FixtureRouter;
beforeAll(async () => {
  delivery = await fixtureRouter('delivery');
}, 180_000);
afterAll(cleanupProjects);

describe('statedBases', () => {
  it.each<[string, string[]]>([
    ['AOV after discounts', ['net discount']],
    ['profit before tax', ['gross tax']],
    ['margin net of refunds', ['net refund']],
    ['revenue excluding VAT', ['without vat']],
    ['fees including disbursements', ['with disbursement']],
    ['sales ex VAT, before any returns', ['gross return', 'without vat']],
    ['revenue by month', []],
  ])('%s', (text, expected) => {
    const read = statedBases(text).map((b) => `${b.side} ${b.terms.join(' ')}`);
    expect(read.sort()).toEqual(expected.sort());
  });

  it.each<[string, string, boolean]>([
    ['after discounts', 'AOV in GBP before discounts', true],
    ['before discounts', 'AOV in GBP before discounts', false],
    ['after discounts', 'AOV after discounts; list price before discounts', false],
    ['including VAT', 'Revenue excluding VAT', true],
    ['after March', 'Orders placed before the 5th', false],
  ])('%s against "%s"', (asked, description, contrary) => {
    const [a] = statedBases(asked);
    expect(a).toBeDefined();
    expect(contraryBasis(a as NonNullable<typeof a>, statedBases(description)) !== undefined).toBe(contrary);
  });
});

describe('a basis the block gives the other side of', () => {
  const now = '2026-11-27T09:00:00Z';
  it.each<[string, string | undefined]>([
    ['AOV after discounts by week in Manchester since w/c 5 October 2026', undefined],
    ['AOV net of discounts by week since w/c 5 October 2026', undefined],
    ['AOV before discounts by week in Manchester since w/c 5 October 2026', 'orders.aov_basket_size_weekly'],
    ['AOV by week in Manchester since w/c 5 October 2026', 'orders.aov_basket_size_weekly'],
  ])('delivery: %s', (question, expected) => {
    const d = delivery.router.route(question, { now });
    expect(d.kind === 'answer' ? d.block : undefined).toBe(expected);
  });
});
