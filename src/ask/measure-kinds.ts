/**
 * Kinds of one measure word across the project: "revenue" is ad_revenue_usd in one block,
 * subscription_revenue_usd and total_revenue_usd in another. Where the project measures a word
 * in several kinds, a question saying the bare word has not said which, and a block giving one
 * kind answers it only when the question says that kind's own words (or the owner declared the
 * bare word a name of the column).
 */
import type { CompiledBlock } from '../compiler/types.js';
import { blockContract } from './block-contract.js';
import { terms } from './tokens.js';

/** Measure word -> the kinds the project measures it in (each kind: its other words, sorted, joined). */
export type MeasureKinds = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Words of a column's name that say no kind: units, counts and totals, and the words of a figure's
 * shape (a rate, an average), which coverage reads for themselves.
 */
const NO_KIND: ReadonlySet<string> = new Set(
  [
    ...['usd', 'gbp', 'eur', 'aud', 'cad', 'nzd', 'jpy', 'chf', 'inr', 'sek', 'amount', 'value', 'money', 'cash'],
    ...['pct', 'percent', 'percentage', 'rate', 'ratio', 'share', 'avg', 'average', 'mean', 'median', 'per'],
    ...['total', 'sum', 'count', 'num', 'number', 'n', 'qty', 'quantity', 'all', 'overall'],
    ...['hours', 'hrs', 'minutes', 'mins', 'seconds', 'secs', 'days', 'weeks', 'months', 'years', 'kg', 'km', 'miles'],
  ].flatMap((w) => terms(w)),
);

/** The words of a column's name that say its kind. */
export function kindWords(column: string): string[] {
  return terms(column.replace(/_/g, ' ')).filter((t) => !NO_KIND.has(t));
}

/** Measure columns of every certified block, by word. */
export function measureKinds(blocks: readonly CompiledBlock[]): MeasureKinds {
  const out = new Map<string, Set<string>>();
  for (const b of blocks) {
    if (b.status !== 'certified') continue;
    const c = blockContract(b);
    for (const o of c.columnNames) {
      const words = kindWords(o);
      if (words.length === 0 || words.some((w) => c.groupings.has(w) || c.keys.some((k) => k.has(w)))) continue;
      for (const w of new Set(words)) {
        const kind = words
          .filter((x) => x !== w)
          .sort()
          .join(' ');
        let kinds = out.get(w);
        if (kinds === undefined) out.set(w, (kinds = new Set()));
        kinds.add(kind);
      }
    }
  }
  return out;
}
