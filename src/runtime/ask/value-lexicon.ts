/**
 * Filter values the project itself declares, read from the manifest once: `assert x in [...]`
 * tests (channel in web, mobile, ...), string parameter defaults (category = "electronics") and
 * the "in <word>" of a block's own examples for its one string parameter ("products in home").
 * States come from us-states.ts instead. Knowing a value lets "orders from mobile" be read as
 * a channel filter without the question naming the field.
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { findPeriod } from './periods.js';
import { words } from './tokens.js';
import { findStates } from './us-states.js';
import { STOP_WORDS } from './vocabulary.js';

export interface ValueLexicon {
  /** Field names a question may name as a filter ("channel web"). */
  readonly fields: ReadonlySet<string>;
  /** Longest value in words, for phrase matching. */
  readonly longest: number;
  /** Fields a lower-cased, space-separated phrase is a known value of (sorted). */
  fieldsOf(phrase: string): string[];
  /** The value as the project stores it (`small business` -> `small_business`). */
  stored(field: string, phrase: string): string;
}

const phraseOf = (value: string): string => value.toLowerCase().replace(/[_\s]+/g, ' ').trim();

/** String parameters other than the state, which has its own table. */
function freeStringParams(block: CompiledBlock): string[] {
  return block.params.filter((p) => p.type === 'string' && p.name !== 'state').map((p) => p.name);
}

/** Values a block's examples give its single free string parameter ("Best selling products in home"). */
function exampleValues(block: CompiledBlock): Array<[string, string]> {
  const free = freeStringParams(block);
  if (free.length !== 1) return [];
  const out: Array<[string, string]> = [];
  for (const ex of block.examples) {
    const q = ex.question;
    const taken: Array<[number, number]> = findStates(q).map((s) => [s.start, s.end]);
    taken.push(...(findPeriod(q, undefined, taken)?.spans ?? []));
    const ws = words(q);
    for (let i = 1; i < ws.length; i++) {
      const v = ws[i];
      const cue = ws[i - 1]?.word;
      if (v === undefined || (cue !== 'in' && cue !== 'for') || STOP_WORDS.has(v.word) || /^\d/.test(v.word)) continue;
      if (taken.some(([a, b]) => v.start < b && v.end > a)) continue;
      out.push([free[0] ?? '', v.word]);
    }
  }
  return out;
}

function declaredValues(block: CompiledBlock): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const t of block.tests) {
    if (t.op !== 'in' || !Array.isArray(t.value)) continue;
    for (const v of t.value) if (typeof v === 'string' && v !== '') out.push([t.subject, v]);
  }
  for (const p of block.params) {
    if (p.type === 'string' && p.name !== 'state' && typeof p.default === 'string' && p.default !== '') out.push([p.name, p.default]);
  }
  return out;
}

/** Builds the lexicon from every block (any status: a value is a value whoever declares it). */
export function buildValueLexicon(blocks: readonly CompiledBlock[]): ValueLexicon {
  const byPhrase = new Map<string, Map<string, string>>();
  const fields = new Set<string>(['state']);
  let longest = 1;
  for (const b of blocks) {
    for (const name of freeStringParams(b)) fields.add(name);
    for (const [field, value] of [...declaredValues(b), ...exampleValues(b)]) {
      const phrase = phraseOf(value);
      if (phrase === '' || STOP_WORDS.has(phrase)) continue;
      fields.add(field);
      const entry = byPhrase.get(phrase) ?? new Map<string, string>();
      // First writer wins per field; blocks arrive sorted by id, so the choice is stable.
      if (!entry.has(field)) entry.set(field, value);
      byPhrase.set(phrase, entry);
      longest = Math.max(longest, phrase.split(' ').length);
    }
  }
  return {
    fields,
    longest: Math.min(longest, 4),
    fieldsOf: (phrase) => [...(byPhrase.get(phrase)?.keys() ?? [])].sort(),
    stored: (field, phrase) => byPhrase.get(phraseOf(phrase))?.get(field) ?? phrase,
  };
}
