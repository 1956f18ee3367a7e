/**
 * Turning text into routing terms. The same function reads block names, descriptions, tags,
 * outputs, examples and the question, so both sides of a comparison always fold alike:
 * lower case, split on anything that is not a letter or digit (so `top_states_by_revenue` and
 * "top states by revenue" agree), synonyms from vocabulary.ts, then a light suffix stemmer.
 */
import { NEUTRAL_WORDS, STOP_WORDS, SYNONYMS } from './vocabulary.js';

export interface WordSpan {
  /** Lower-cased word as written. */
  word: string;
  start: number;
  end: number;
}

/**
 * Folds a word the way both sides of a comparison read it: compatibility forms (full-width
 * letters), accents removed ("Zürich" and "zurich" agree), lower case.
 */
export function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Words with their character spans in the original text; letters and digits of any script,
 * folded (foldWord); anything else, underscores included, splits words.
 */
export function words(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  const shouted = !/\p{Ll}/u.test(text);
  // Letters joined by "&" are one word, as they are one column name ("F&B" is fb_revenue's fb, "P&L").
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\p{L}(?:&\p{L})+(?![\p{L}\p{N}])|[\p{L}\p{N}]+|(?<![\p{N}.]\s*)%(?=\s*of\b)/gu)) {
    // "what % of the base", "as a % of": a "%" after no number, of a whole, is the word percent
    // ("occ %", "food cost %" name a figure, whose own words say it).
    if (m[0] === '%') {
      out.push({ word: 'percent', start: m.index, end: m.index + 1 });
      continue;
    }
    // An initialism's plural is the initialism: "HCAIs", "KPIs", "SKUs" (a stem keeps -is and -us endings).
    const raw = (/^\p{Lu}{2,}s$/u.test(m[0]) ? m[0].slice(0, -1) : m[0]).replaceAll('&', '');
    const folded = /^[a-z0-9]+$/.test(raw) ? raw : foldWord(raw);
    // Initials that would fold into a stop word keep their "&" ("T&O" is no "to", "I&T" no "it").
    const word = raw.length < m[0].length && STOP_WORDS.has(folded) ? foldWord(m[0]) : initialism(raw, folded, shouted);
    if (word === '') continue;
    // "on-time", "on time", on_time_rate: punctuality, one word; "time" alone would be a duration.
    const prev = out.at(-1);
    if (word === 'time' && prev?.word === 'on' && m.index - prev.end === 1)
      out[out.length - 1] = { word: 'ontime', start: prev.start, end: m.index + m[0].length };
    else out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const VOWEL = /[aeiouy]/;

/** Undoes a doubled final consonant left by stripping -ed/-ing ("cancelled" -> "cancel"). */
function undouble(w: string): string {
  const n = w.length;
  return n > 3 && w[n - 1] === w[n - 2] && !/[aeiouls]/.test(w[n - 1] ?? '') ? w.slice(0, -1) : w;
}

/**
 * A deliberately light stemmer: plurals and the -ed/-ing forms analysts write. It only has to
 * make the two sides agree, not produce dictionary words ("completed" and "complete" both end as
 * "complet").
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(sses|ches|shes|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/**
 * A stop word typed with two neighbouring letters swapped ("teh", "waht", "hwo"): read as the stop
 * word it is. Only swaps: a word one letter away from a stop word is often a word of its own.
 */
function swappedStopWord(word: string, set: ReadonlySet<string> = STOP_WORDS): boolean {
  if (word.length < 3 || word.length > 6) return false;
  for (let i = 0; i + 1 < word.length; i++) {
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (swapped !== word && set.has(swapped)) return true;
  }
  return false;
}

/** Stop words people write in capitals as connectives ("London OR Paris"), not as initials. */
const CAPITAL_CONNECTIVES: ReadonlySet<string> = new Set(['and', 'or', 'to', 'of', 'the', 'for', 'with', 'not', 'by', 'vs']);

/**
 * "AWS", "AER": initials written in capitals are the owner's shorthand, never a stop word typed
 * with two letters swapped ("was", "are"), so they keep their capitals and so their meaning. So are
 * capitals spelling a stop word in a question that is not all capitals: "the US app store", "headcount
 * in IT" name a country and a department, not "us" and "it".
 */
function initialism(raw: string, folded: string, shouted: boolean): string {
  if (!/^\p{Lu}{2,6}$/u.test(raw)) return folded;
  if (STOP_WORDS.has(folded)) return shouted || CAPITAL_CONNECTIVES.has(folded) ? folded : raw;
  return raw.length >= 3 && swappedStopWord(folded) ? raw : folded;
}

const NEUTRAL: ReadonlySet<string> = new Set(NEUTRAL_WORDS);

/**
 * A word that asks for nothing ("thanks", "ok"), as written or, at five letters or more, with two
 * neighbouring letters swapped ("thnaks"): shorter swaps are too often codes and values ("fra").
 */
export function isNeutralWord(word: string): boolean {
  // A verb's third person ("brings in", "makes") frames as its base does.
  return NEUTRAL.has(word) || (/[^s]s$/.test(word) && NEUTRAL.has(word.slice(0, -1))) || (word.length >= 5 && swappedStopWord(word, NEUTRAL));
}

const cache = new Map<string, readonly string[]>();

/** Canonical terms of one lower-cased word: [] for a stop word, several for an abbreviation. */
export function termsOfWord(word: string): readonly string[] {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  let out: string[];
  if (STOP_WORDS.has(word) || swappedStopWord(word)) out = [];
  else {
    const synonym = SYNONYMS[word];
    const expanded = synonym === undefined ? [word] : synonym.split(' ');
    out = expanded.filter((w) => !STOP_WORDS.has(w)).map(stem);
  }
  // The cache is bounded by the vocabulary people use; cap it so odd input cannot grow it forever.
  if (cache.size < 50_000) cache.set(word, out);
  return out;
}

/** Canonical terms of free text, in order, duplicates kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) for (const t of termsOfWord(w.word)) out.push(t);
  return out;
}

/** Distinct canonical terms of free text. */
export function termSet(text: string): Set<string> {
  return new Set(terms(text));
}

/** True when a word is only digits (a year, a count, a day) and so carries no routing meaning. */
export function isNumberWord(word: string): boolean {
  return /^\d+$/.test(word);
}
