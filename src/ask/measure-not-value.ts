/**
 * A word that is a value somewhere in the data and a measure this block's owner declared:
 * "vaccinations" is an appointment type, and the `doses` column's declared synonym. For a block
 * that cannot filter on the value's fields (no parameter, no breakdown) but whose result names the
 * word, the word asks for that result's measure ("rabbit vaccinations"), not for rows of a field
 * the block does not have. The word for the block's contract entity right before one of the
 * question's measures says whose measure it is ("claims cycle time", though "claims" is also a
 * call queue). Any other block still reads it as a value. A block that does take the value reads
 * it as a measure only inside a longer name it declares ("cash received", though "cash" is a
 * payment method it breaks its result down by).
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
  return f.fields.some((field) => paramForField(block, field) !== undefined || facts.rowFields.has(field));
}

/** A phrase as its routing terms, in order ("overdue vaccinations" -> "overdu vaccin"). */
const termsOf = (text: string): string =>
  words(text.replace(/_/g, ' '))
    .flatMap((w) => termsOfWord(w.word))
    .join(' ');

/** Whole names the block's result declares: each column's name and each of its synonyms, as terms. */
function declaredNames(block: CompiledBlock): Set<string> {
  const names = [...block.outputs, ...Object.keys(block.columns ?? {}), ...Object.values(block.columns ?? {}).flatMap((c) => c.synonyms ?? [])];
  return new Set(names.map(termsOf).filter((t) => t !== ''));
}

/** The measure words standing right before the filter, nearest last ("overdue" of "overdue vaccinations"). */
function wordsBefore(shape: AskedShape, f: FilterAsk): string[] {
  const out: string[] = [];
  let at = f.start;
  for (const m of [...shape.measures].sort((a, b) => b.start - a.start)) {
    if (m.end > at || at - m.end > 1) continue;
    if (out[0] === m.text) continue;
    out.unshift(m.text);
    at = m.start;
  }
  return out;
}

/** The measure words standing right after the filter, in order ("received" of "cash received"). */
function wordsAfter(shape: AskedShape, f: FilterAsk): string[] {
  const out: string[] = [];
  let at = f.end;
  for (const m of [...shape.measures].sort((a, b) => a.start - b.start)) {
    if (m.start < at || m.start - at > 1) continue;
    if (out[out.length - 1] === m.text) continue;
    out.push(m.text);
    at = m.end;
  }
  return out;
}

/**
 * Whether the filter, with measure words right before or after it, is a whole declared name
 * ("cash received" for a column whose synonym says so). With `alone`, the filter's own words count too.
 */
function inDeclaredName(names: ReadonlySet<string>, shape: AskedShape, f: FilterAsk, alone: boolean): boolean {
  const before = wordsBefore(shape, f);
  const after = wordsAfter(shape, f);
  for (let i = 0; i <= before.length; i++) {
    for (let j = 0; j <= after.length; j++) {
      if (!alone && i === before.length && j === 0) continue;
      if (names.has(termsOf([...before.slice(i), f.text, ...after.slice(0, j)].join(' ')))) return true;
    }
  }
  return false;
}

/** The filter is one word for the block's contract entity, and a measure word follows it at once. */
function entityBeforeMeasure(block: CompiledBlock, shape: AskedShape, f: FilterAsk): boolean {
  const terms = termsOf(f.text).split(' ');
  const entity = blockContract(block).entity;
  if (terms.length !== 1 || !entity.has(terms[0] as string)) return false;
  return shape.measures.some((m) => m.start > f.end && m.start - f.end <= 1);
}

/**
 * "tram boardings by month" of a block with bus_boardings and tram_boardings: a value the block
 * cannot filter on asks for the result column named by it and the question's other measure
 * words; "revenue from new customers" of a block counting new_customers beside a revenue total does not.
 */
function namesColumn(block: CompiledBlock, shape: AskedShape, f: FilterAsk): boolean {
  const asked = termsOf(f.text).split(' ');
  const measured = new Set(shape.measures.map((m) => m.term));
  return block.outputs.some((o) => {
    const name = termsOf(o).split(' ');
    const rest = name.filter((t) => !asked.includes(t));
    return rest.length > 0 && rest.length < name.length && asked.every((t) => name.includes(t)) && rest.every((t) => measured.has(t));
  });
}

/**
 * The filter's words as measures, when they (with the measure words right before them) are a whole
 * name the block's result declares: "vaccinations" for a column whose synonym is "vaccinations",
 * "overdue vaccinations" for one named so, but not "vaccinations" alone for the latter.
 */
function asMeasures(block: CompiledBlock, shape: AskedShape, f: FilterAsk, run: number): AskedMeasure[] | undefined {
  // A parameter narrows the rows to the value, so its answer holds the declared name's figure too ("broadband disconnections").
  if (f.fields.some((field) => paramForField(block, field) !== undefined)) return undefined;
  const taken = takesValue(block, f);
  const whole = inDeclaredName(declaredNames(block), shape, f, !taken);
  if (!whole && (taken || !(entityBeforeMeasure(block, shape, f) || namesColumn(block, shape, f)))) return undefined;
  // Beside other measure words ("fly-tipping rate"), the filter's words stand in their phrase.
  const beside = shape.measures.find((m) => (m.end <= f.start && f.start - m.end <= 1) || (m.start >= f.end && m.start - f.end <= 1));
  const inRun = beside?.run ?? run;
  return words(f.text).flatMap((w) => termsOfWord(w.word).map((term) => ({ text: w.word, term, start: f.start + w.start, end: f.start + w.end, run: inRun })));
}

/** The question as `block` reads it: values that are its declared measures moved from the filters to the measures. */
export function readForBlock<A extends { filters: FilterAsk[] }>(block: CompiledBlock, reading: BlockReading<A>): BlockReading<A> {
  const { asks, shape } = reading;
  const moved: AskedMeasure[] = [];
  const kept = asks.filters.filter((f, i) => {
    if (f.loose) return true;
    const measures = asMeasures(block, shape, f, -1 - i);
    if (measures === undefined) return true;
    moved.push(...measures);
    return false;
  });
  if (moved.length === 0) return reading;
  return { asks: { ...asks, filters: kept }, shape: { ...shape, measures: [...shape.measures, ...moved] } };
}
