/**
 * Initialisms both ways from the project's own names (acronyms.ts): a phrase spelled out stands
 * for the initialism a block uses, an initialism for the one name that has its initials, and
 * initials two names share stand for neither.
 */
import { describe, expect, it } from 'vitest';
import { buildAcronyms } from '../../src/ask/acronyms.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';

function manifest(outputs: string[][], description = ''): Pick<Manifest, 'blocks' | 'terms'> {
  const blocks: Record<string, CompiledBlock> = {};
  outputs.forEach((o, i) => {
    blocks[`d.b${i}`] = { name: `b${i}`, description, outputs: o, params: [], columns: {}, examples: [] } as unknown as CompiledBlock;
  });
  return { blocks, terms: {} };
}

const KNOWN = new Set(['mrr', 'arr', 'arpa', 'revenue', 'month', 'account', 'rate']);

describe('initialisms', () => {
  const a = buildAcronyms(
    manifest([['month', 'mrr'], ['average_order_value', 'orders'], ['net_promoter_score'], ['new_paying_signups']], 'MRR, ARR and ARPA per month'),
    (w) => KNOWN.has(w),
  );

  it.each<[string, string[][]]>([
    ['monthly recurring revenue by month', [['mrr']]],
    ["what's our annual recurring revenue", [['arr']]],
    ['AOV by state', [['averag', 'order', 'valu']]],
    ['revenue by month', []],
    ['aov and mrr', [['averag', 'order', 'valu']]],
    // A stop word inside the phrase spells its initial too, for an initialism the owners write in capitals.
    ['average revenue per account by month', [['arpa']]],
    // "region at the end" spells "rate", a word no owner writes as an initialism.
    ['deposit balances by region at the end of October', []],
  ])('%s', (q, terms) => {
    expect(a.aliases(q).map((x) => x.terms)).toEqual(terms);
  });

  it('reads no initialism spelled through small words that the owners never write in capitals', () => {
    const plain = buildAcronyms(manifest([['month', 'mrr']]), (w) => KNOWN.has(w));
    expect(plain.aliases('average revenue per account by month').map((x) => x.terms)).toEqual([]);
  });

  it('initials two names share stand for neither', () => {
    expect(a.aliases('nps by region').map((x) => x.terms)).toEqual([]);
  });

  it('appends what a phrase stands for, for scoring, and lets the words no block uses weigh nothing', () => {
    expect(a.expand('AOV by state')).toBe('AOV by state average order value');
    expect(a.expand('monthly recurring revenue')).toBe(`${' '.repeat(18)}revenue mrr`);
  });
});
