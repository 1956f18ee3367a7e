/**
 * A column that summarises a figure over the rows behind each row ("avg_headcount", "mean_wait",
 * "median_days") gives that summary, not the figure: "headcount by business unit" asks how many
 * people each unit has, and a twelve-month average headcount is another number. The question
 * names the summary ("average headcount", "the mean wait") to be given it.
 */
import type { CompiledBlock } from '../compiler/types.js';
import type { AskedMeasure, AskedShape } from './question-shape.js';
import { termSet, termsOfWord, words } from './tokens.js';

/** The first word of a summary's name ("avg", "average", "mean", "median") -> the words that ask for it. */
const SUMMARIES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  (
    [
      [
        ['avg', 'average', 'mean'],
        ['average', 'avg', 'mean'],
      ],
      [['median'], ['median']],
    ] as const
  ).flatMap(([heads, asks]) => {
    const asking = new Set(asks.flatMap((w) => termsOfWord(w)));
    return heads.flatMap((h) => termsOfWord(h).map((t) => [t, asking] as const));
  }),
);

/** The words asking for the summary a name starts with ("avg_headcount", "average HC"), or undefined for a plain name. */
function summaryOf(name: string): ReadonlySet<string> | undefined {
  const first = words(name.replace(/_/g, ' '))[0];
  return first === undefined
    ? undefined
    : termsOfWord(first.word)
        .map((t) => SUMMARIES.get(t))
        .find((x) => x !== undefined);
}

/**
 * Whether the block gives the asked measure only as a summary the question does not ask for: the
 * names of its columns that hold the measure's word (a column's own name and the names its owner
 * declared for it) all start with a summary, and the question asks for none of those summaries. A
 * plain name holding the word ("headcount", or "AOV" declared for avg_order_value, which says the
 * summary itself is what the word means) gives it.
 */
export function summaryOnly(block: CompiledBlock, shape: AskedShape, m: AskedMeasure): boolean {
  const asking = new Set<string>();
  for (const o of block.outputs)
    for (const name of [o, ...(block.columns?.[o]?.synonyms ?? [])]) {
      if (!termSet(name.replace(/_/g, ' ')).has(m.term)) continue;
      const summary = summaryOf(name);
      if (summary === undefined) return false;
      for (const t of summary) asking.add(t);
    }
  return asking.size > 0 && !shape.measures.some((x) => asking.has(x.term));
}
