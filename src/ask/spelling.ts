/**
 * Small misspellings of the project's own words ("plna", "contry", "revnue"): a lower-case word
 * no block uses, one letter dropped, added or two neighbours swapped from exactly one word the
 * blocks do use, is read as that word. Substitutions are left alone, since most of them make
 * another real word ("cost" and "cast"), and so are capitalised words, codes, values the data
 * holds; a word of four letters is read only through a swap ("plna"). Built once per manifest,
 * on the first question that needs it. A word no misspelling reads may be shorthand (shorthand.ts).
 */
import { expandShorthand } from './shorthand.js';
import { words } from './tokens.js';
import { NEUTRAL_WORDS, STOP_WORDS } from './vocabulary.js';

/** Shortest word read as a misspelling. */
const SHORTEST = 4;

const SKIP: ReadonlySet<string> = new Set([...STOP_WORDS, ...NEUTRAL_WORDS]);

export interface Speller {
  /** The question with each misspelt word replaced by the one project word it stands for. */
  correct(question: string): string;
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** One letter dropped, added, or two neighbours swapped. */
function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const i = [...a].findIndex((c, k) => c !== b[k]);
    return i >= 0 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  return deletions(long).includes(short);
}

/** key (a word or the word less one letter) -> the project words it comes from. */
function indexWords(vocabulary: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, word: string): void => {
    const at = out.get(key);
    if (at === undefined) out.set(key, [word]);
    else if (!at.includes(word)) at.push(word);
  };
  for (const w of vocabulary) {
    add(w, w);
    for (const d of deletions(w)) add(d, w);
  }
  return out;
}

/** The one project word `word` is a misspelling of, or undefined; a four-letter word only by a swap. */
function nearest(index: ReadonlyMap<string, readonly string[]>, word: string): string | undefined {
  const found = new Set<string>();
  const fits = (w: string): boolean => oneEdit(word, w) && (word.length > SHORTEST || w.length === word.length);
  for (const key of [word, ...deletions(word)]) for (const w of index.get(key) ?? []) if (fits(w)) found.add(w);
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * A speller over the words of `texts` (the blocks' names, descriptions, outputs, tags, examples);
 * `isKnown` says a word is routing vocabulary as it is, `isValue` that the data holds it.
 */
export function buildSpeller(texts: () => Iterable<string>, isKnown: (word: string) => boolean, isValue: (word: string) => boolean): Speller {
  let index: Map<string, string[]> | undefined;
  const vocabulary = (): Map<string, string[]> => {
    if (index !== undefined) return index;
    const all = new Set<string>();
    for (const t of texts()) for (const w of words(t)) if (w.word.length >= SHORTEST && /^[a-z]+$/.test(w.word) && !SKIP.has(w.word)) all.add(w.word);
    index = indexWords(all);
    return index;
  };
  return {
    correct(question) {
      let out = question;
      for (const w of words(question).reverse()) {
        const written = question.slice(w.start, w.end);
        if (!/^[a-z]+$/.test(written) || SKIP.has(written) || isKnown(written) || isValue(written)) continue;
        const fix = (written.length >= SHORTEST ? nearest(vocabulary(), written) : undefined) ?? expandShorthand(written, isKnown);
        if (fix !== undefined) out = `${out.slice(0, w.start)}${fix}${out.slice(w.end)}`;
      }
      return out;
    },
  };
}
