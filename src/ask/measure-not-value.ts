/**
 * A word that is a value somewhere in the data and a measure this block's owner declared:
 * "vaccinations" is an appointment type, and the `doses` column's declared synonym. For a block
 * that cannot filter on the value's fields (no parameter, no breakdown) but whose result names the
 * word, the word asks for that result's measure ("rabbit vaccinations"), not for rows of a field
 * the block does not have. Any other block still reads it as a value.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { blockContract } from './block-contract.js';
import { blockFacts, paramForField } from './block-facts.js';
import type { FilterAsk } from './question-asks.js';
import type { AskedMeasure, AskedShape } from './question-shape.js';
import { termsOfWord, words } from './tokens.js';

/** The asks and shape of a question as this block reads them. */
export interface BlockReading<A extends { filters: FilterAsk[] }> {
  asks: A;
  shape: AskedShape;
}

/** True when the block can take a value of one of the filter's fields. */
function takesValue(block: CompiledBlock, f: FilterAsk): boolean {
  const facts = blockFacts(block);
  return f.fields.some((field) => paramForField(block, field) !== undefined || facts.breakdownFields.has(field));
}

/** The filter's words as measures, when every one of them names a column of the block's result. */
function asMeasures(block: CompiledBlock, f: FilterAsk, run: number): AskedMeasure[] | undefined {
  const columns = blockContract(block).columns;
  const out: AskedMeasure[] = [];
  for (const w of words(f.text)) {
    const terms = termsOfWord(w.word);
    if (terms.length === 0 || !terms.every((t) => columns.has(t))) return undefined;
    for (const term of terms) out.push({ text: w.word, term, start: f.start + w.start, end: f.start + w.end, run });
  }
  return out.length > 0 ? out : undefined;
}

/** The question as `block` reads it: values that are its declared measures moved from the filters to the measures. */
export function readForBlock<A extends { filters: FilterAsk[] }>(block: CompiledBlock, reading: BlockReading<A>): BlockReading<A> {
  const { asks, shape } = reading;
  const moved: AskedMeasure[] = [];
  const kept = asks.filters.filter((f, i) => {
    if (f.loose || takesValue(block, f)) return true;
    const measures = asMeasures(block, f, -1 - i);
    if (measures === undefined) return true;
    moved.push(...measures);
    return false;
  });
  if (moved.length === 0) return reading;
  return { asks: { ...asks, filters: kept }, shape: { ...shape, measures: [...shape.measures, ...moved] } };
}
