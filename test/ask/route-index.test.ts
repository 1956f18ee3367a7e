/**
 * Where a block says a word sets how much the word counts for it: its name and its owner's
 * example questions most, a name the owner declared for a column as much as a tag, the result's
 * own column names less, its description least. The strongest place a word stands in decides.
 */
import { describe, expect, it } from 'vitest';
import { buildRouteIndex, FIELD_WEIGHTS } from '../../src/ask/route-index.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { useCommerceRouter, withBlocks } from './commerce-manifest.js';

describe('the routing index', () => {
  const commerce = useCommerceRouter();

  function weightOf(term: string): number | undefined {
    const manifest = withBlocks(commerce.manifest, (blocks) => {
      const b = blocks['finance.monthly_revenue'] as CompiledBlock;
      b.columns = { ...(b.columns ?? {}), revenue: { synonyms: ['receivables'], additive: true } };
      b.tags = ['brokerage'];
      b.description = 'Net revenue per calendar month, with the ledger of each month.';
    });
    const index = buildRouteIndex([manifest.blocks['finance.monthly_revenue'] as CompiledBlock]);
    const p = index.postings.get(term);
    return p === undefined ? undefined : (p.weights[0] as number);
  }

  it.each<[string, number]>([
    ['month', FIELD_WEIGHTS.name],
    ['receivabl', FIELD_WEIGHTS.columnSynonym],
    ['brokerag', FIELD_WEIGHTS.tag],
    ['order', FIELD_WEIGHTS.output],
    ['ledger', FIELD_WEIGHTS.description],
  ])('%s counts %f', (term, weight) => {
    expect(weightOf(term)).toBeCloseTo(weight, 5);
  });

  it('counts a declared column name above the column names the result merely has', () => {
    expect(FIELD_WEIGHTS.columnSynonym).toBeGreaterThan(FIELD_WEIGHTS.output);
  });
});
