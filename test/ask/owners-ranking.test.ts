/**
 * A ranking phrase the owner wrote into a block's example ("Best selling products in home") is
 * the block's own ranking, even when its words also name another column ("quantity sold"). Only
 * a participle after the ranking word makes such a phrase: "top 10" or "top products" says
 * nothing of the measure, and the other end of the ranking ("worst selling") is not the owner's.
 */
import { describe, expect, it } from 'vitest';
import { createTier1Router, type Tier1Router } from '../../src/ask/index.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

describe('a ranking phrase in the owner’s example', () => {
  const commerce = useCommerceRouter();
  /** Top products by revenue whose units column is also "quantity sold"; with or without the owner's "best selling" example. */
  function router(withExample: boolean): Tier1Router {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = blocks['catalog.top_products_by_revenue'] as CompiledBlock;
      b.columns = { ...(b.columns ?? {}), units: { synonyms: ['quantity sold'], additive: true } };
      if (!withExample) b.examples = b.examples.filter((e) => !/selling/i.test(e.question));
    });
    return createTier1Router(manifest);
  }

  it.each<[string, Record<string, unknown>]>([
    // Not the example said again (its words set aside): the ranking phrase alone carries the owner's meaning.
    ['our best-selling products in home this year', { category: 'home', since: '2026-01-01' }],
    ['our top selling products in home this year, top 5', { category: 'home', since: '2026-01-01', top_n: 5 }],
  ])('%s is answered by the block whose example says it', (question, params) => {
    expect(router(true).route(question, { now: NOW })).toMatchObject({ kind: 'answer', block: 'catalog.top_products_by_revenue', params });
  });

  it.each([
    ['worst-selling products in home', true],
    ['best-selling products in home', false],
  ])('%s is no certified answer (owner example: %s)', (question, withExample) => {
    expect(router(withExample).route(question, { now: NOW }).kind).not.toBe('answer');
  });
});
