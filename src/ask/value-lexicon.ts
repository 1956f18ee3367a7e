/**
 * Filter values, read once per manifest: the values the data holds for the columns string
 * parameters filter (loaded by the runtime, data-values.ts), the values the project declares
 * (`assert x in [...]` tests, `parameterPolicy { p = { values = [...] } }`, string parameter
 * defaults) and the "in <word>" of a block's own examples for its one string parameter
 * ("products in home"), and the names descriptions give coded values ("LIV Livingston",
 * value-labels.ts). States come from us-states.ts instead. Knowing a value lets "orders
 * from mobile" be read as a channel filter without the question naming the field, and binds
 * "sales" as the data spells it ("Sales"). Phrases compare folded (case, accents, underscores).
 */

import type { CompiledBlock } from '../compiler/types.js';
import { policyValues } from '../rules/parameter-policy.js';
import { findPeriod } from './periods.js';
import { placeAdjective } from './place-adjectives.js';
import { words } from './tokens.js';
import { findStates } from './us-states.js';
import { labelledValues } from './value-labels.js';
import { matchValue } from './value-match.js';
import { STOP_WORDS } from './vocabulary.js';
import { yearParamOf } from './year-param.js';

export interface ValueLexicon {
  /** Field names a question may name as a filter ("channel web"). */
  readonly fields: ReadonlySet<string>;
  /** Longest value in words, for phrase matching. */
  readonly longest: number;
  /** Fields a lower-cased, space-separated phrase is a known value of (sorted). */
  fieldsOf(phrase: string): string[];
  /** The value as the data (or the project) spells it (`small business` -> `small_business`); `raw` when unknown. */
  stored(field: string, phrase: string, raw?: string): string;
  /** Whether the owner or the data writes a phrase exactly so ("Distribution" as DIS's label, "OK" as a state code). */
  writes(phrase: string, written: string): boolean;
  /** Every value a field can take, when that set is known (the data's values, or declared allowed values). */
  closed(field: string): readonly string[] | undefined;
  /**
   * Fields whose every known value is a code of one shape with digits in it (LON01, MAN-2), and
   * `text` has that shape: an unknown code of a known kind ("XYZ01") is a value to explain.
   */
  fieldsShapedLike(text: string): string[];
}

/** A code's shape: letters as `a`, digits as `9`, anything else as itself ("LON01" -> "aaa99"). */
export function codeShape(text: string): string {
  return text.replace(/\p{L}/gu, 'a').replace(/\p{N}/gu, '9');
}

/** Field -> the one shape every known value has, for fields of codes (two values or more, digits in them). */
function codeShapes(closed: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [field, values] of closed) {
    const shapes = new Set(values.map(codeShape));
    const [shape] = shapes;
    if (values.length >= 2 && shapes.size === 1 && shape !== undefined && shape.includes('9') && shape.includes('a')) out.set(field, shape);
  }
  return out;
}

/** Parameter -> the code shape of its default, for string parameters whose default is a code (letters and digits). */
function defaultShapes(blocks: readonly CompiledBlock[]): Map<string, string> {
  const out = new Map<string, string>();
  const clash = new Set<string>();
  for (const b of blocks) {
    for (const p of b.params) {
      if (p.type !== 'string' || p.name === 'state' || typeof p.default !== 'string' || !/\p{L}/u.test(p.default) || !/\p{N}/u.test(p.default)) continue;
      const shape = codeShape(p.default);
      if (out.has(p.name) && out.get(p.name) !== shape) clash.add(p.name);
      out.set(p.name, shape);
    }
  }
  for (const name of clash) out.delete(name);
  return out;
}

/** Field -> the values the data holds for it, as the data spells them. */
export type DataValues = ReadonlyMap<string, readonly string[]>;

const phraseOf = (value: string): string =>
  words(value)
    .map((w) => w.word)
    .join(' ');

/** String parameters other than the state, which has its own table. */
function freeStringParams(block: CompiledBlock): string[] {
  return block.params.filter((p) => p.type === 'string' && p.name !== 'state').map((p) => p.name);
}

/**
 * Values a block's examples give its single free string parameter ("Best selling products in
 * home"). A parameter whose values the owner lists, or that takes a year, has none to learn:
 * "for rent arrears in FY25/26" gives the financial year no value "rent".
 */
function exampleValues(block: CompiledBlock): Array<[string, string]> {
  const free = freeStringParams(block);
  if (free.length !== 1) return [];
  const listed = allowedValues(block).some(([f]) => f === free[0]);
  if (listed || yearParamOf(block)?.param.name === free[0]) return [];
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

/** Allowed values a block declares: `assert x in [...]` and `parameterPolicy { p = { values = [...] } }`. */
function allowedValues(block: CompiledBlock): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const t of block.tests) {
    if (t.op !== 'in' || !Array.isArray(t.value)) continue;
    for (const v of t.value) if (typeof v === 'string' && v !== '') out.push([t.subject, v]);
  }
  for (const param of Object.keys(block.parameterPolicy ?? {})) for (const v of policyValues(block, param) ?? []) if (v !== '') out.push([param, v]);
  return out;
}

function declaredValues(block: CompiledBlock): Array<[string, string]> {
  const out: Array<[string, string]> = allowedValues(block);
  for (const p of block.params) {
    if (p.type === 'string' && p.name !== 'state' && typeof p.default === 'string' && p.default !== '') out.push([p.name, p.default]);
  }
  return out;
}

/** Closed value sets per field: the data's values where loaded, else declared allowed values. */
function closedSets(blocks: readonly CompiledBlock[], data: DataValues): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const b of blocks) {
    for (const [field, value] of allowedValues(b)) if (!data.has(field)) out.set(field, [...(out.get(field) ?? []), value]);
  }
  for (const [field, values] of data) out.set(field, [...values]);
  return out;
}

/**
 * A value an owner's example writes ("Vaccinations by vaccine for dogs") in the spelling of the
 * field's closed set ("dog"), singular included; a value the set does not hold stays as written.
 */
function inSpellingOf(set: readonly string[] | undefined, field: string, value: string): [string, string] {
  if (set === undefined) return [field, value];
  return [field, matchValue(value, set) ?? (/[^s]s$/i.test(value) ? matchValue(value.slice(0, -1), set) : undefined) ?? value];
}

/** Folded phrase -> field -> spelling; the first spelling of a field wins (data first, then blocks by id). */
function indexPhrases(
  pairs: ReadonlyArray<readonly [string, string, string?]>,
  fields: Set<string>,
): { byPhrase: Map<string, Map<string, string>>; writings: Map<string, Set<string>>; longest: number } {
  const byPhrase = new Map<string, Map<string, string>>();
  const writings = new Map<string, Set<string>>();
  let longest = 1;
  // A label ("Livingston") is found by its own words and spelled as the code it names ("LIV").
  for (const [field, value, label] of pairs) {
    const phrase = phraseOf(label ?? value);
    if (phrase === '' || STOP_WORDS.has(phrase)) continue;
    fields.add(field);
    const entry = byPhrase.get(phrase) ?? new Map<string, string>();
    if (!entry.has(field)) entry.set(field, value);
    byPhrase.set(phrase, entry);
    writings.set(phrase, (writings.get(phrase) ?? new Set()).add(label ?? value));
    longest = Math.max(longest, phrase.split(' ').length);
  }
  return { byPhrase, writings, longest };
}

/** Every word the project's blocks use of their own (names, descriptions, tags, columns, synonyms, examples). */
function projectWords(blocks: readonly CompiledBlock[]): Set<string> {
  const out = new Set<string>();
  for (const b of blocks) {
    const synonyms = Object.entries(b.columns ?? {}).flatMap(([name, c]) => [name, ...(c.synonyms ?? [])]);
    const text = [b.id, b.description ?? '', ...(b.tags ?? []), ...b.outputs, ...synonyms, ...b.examples.map((e) => e.question)];
    for (const w of words(text.join(' \n '))) out.add(w.word);
  }
  return out;
}

/**
 * "Gynae" for 502 Gynaecology, "derm" for Dermatology: the first four letters or more of one word
 * of a value's name, three or more letters short of it, name that value where no other value of
 * the field shares them and the project's own words do not use them as a word of their own.
 */
function clippedNames(pairs: ReadonlyArray<readonly [string, string, string?]>, own: ReadonlySet<string>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const clash = new Set<string>();
  for (const [field, value, label] of pairs) {
    for (const w of words(label ?? value)) {
      if (!/^\p{L}+$/u.test(w.word)) continue;
      for (let n = 4; n + 3 <= w.word.length; n++) {
        const clip = w.word.slice(0, n);
        if (own.has(clip) || STOP_WORDS.has(clip)) continue;
        const entry = out.get(clip) ?? new Map<string, string>();
        if (entry.has(field) && entry.get(field) !== value) clash.add(`${field}\u0000${clip}`);
        entry.set(field, value);
        out.set(clip, entry);
      }
    }
  }
  for (const key of clash) {
    const [field = '', clip = ''] = key.split('\u0000');
    out.get(clip)?.delete(field);
  }
  return out;
}

/**
 * The entry of a phrase: as written; a value asked in the plural ("suites", "wholesales",
 * "franchisees") is the value the data holds in the singular; a label the owner writes in the
 * plural ("Drivers") is asked in the singular too ("driver vacancies"); then clipped names.
 */
function phraseLookup(
  byPhrase: ReadonlyMap<string, Map<string, string>>,
  labelled: ReadonlySet<string>,
  clipped: ReadonlyMap<string, Map<string, string>>,
): (phrase: string) => Map<string, string> | undefined {
  return (phrase) => {
    const p = phraseOf(phrase);
    // "franchisees", "classes": a plural in -es may be the value with its -e or without it.
    // "intermediaries", "pharmacies": a plural in -ies is the value in -y.
    const ies = /[^aeiou]ies$/.test(p) ? byPhrase.get(`${p.slice(0, -3)}y`) : undefined;
    const plural = /[^s]s$/.test(p) ? (ies ?? byPhrase.get(p.slice(0, -1)) ?? (/es$/.test(p) ? byPhrase.get(p.slice(0, -2)) : undefined)) : undefined;
    const singular = /[^s]$/.test(p) && labelled.has(`${p}s`) ? byPhrase.get(`${p}s`) : undefined;
    return byPhrase.get(p) ?? plural ?? singular ?? clipped.get(p);
  };
}

/**
 * Builds the lexicon from every block (any status: a value is a value whoever declares it) and
 * the data's own values; where both spell a value, the data's spelling wins.
 */
export function buildValueLexicon(blocks: readonly CompiledBlock[], data: DataValues = new Map()): ValueLexicon {
  const fields = new Set<string>(['state']);
  for (const b of blocks) for (const name of freeStringParams(b)) fields.add(name);
  const fromData = [...data].flatMap(([f, vs]) => vs.map((v): [string, string] => [f, v]));
  const closed = closedSets(blocks, data);
  const fromDeclared = blocks.flatMap((b) => declaredValues(b)).map(([f, v]) => inSpellingOf(closed.get(f), f, v));
  const known = new Map(closed);
  for (const [f, v] of blocks.flatMap(declaredValues)) if (!closed.has(f)) known.set(f, [...(known.get(f) ?? []), v]);
  const labels = labelledValues(blocks, known).map(([f, label, v]): [string, string, string] => [f, v, label]);
  // A label spells the code the data holds, so it comes before an example's word for the same
  // value ("Restoration times by cause in Northumbria" is NTH, not a value "Northumbria").
  // "the Scottish book" for Scotland: a place a value or label spells is asked by its adjective too.
  const adjectives = [...fromData.map(([f, v]): [string, string, string] => [f, v, v]), ...labels].flatMap(([f, v, name]) => {
    const adjective = placeAdjective(name);
    return adjective === undefined ? [] : [[f, v, adjective] as [string, string, string]];
  });
  // An example's "for drivers" is no value of the block's one free parameter where "Drivers" names a value of another field.
  const named = new Set([...fromData, ...labels, ...adjectives].map(([, v, name]) => phraseOf(name ?? v)));
  const fromExamples = blocks
    .flatMap(exampleValues)
    .filter(([, v]) => !named.has(phraseOf(v)) && !named.has(`${phraseOf(v)}s`))
    .map(([f, v]) => inSpellingOf(closed.get(f), f, v));
  const { byPhrase, writings, longest } = indexPhrases([...fromData, ...labels, ...adjectives, ...fromDeclared, ...fromExamples], fields);
  const shapes = codeShapes(closed);
  // A field of more codes than the data read gives (accounts, invoices) still has the shape its
  // parameter's default shows ("QS-10001"): a code of that shape is a value of that field.
  for (const [field, shape] of defaultShapes(blocks)) if (!shapes.has(field) && !closed.has(field)) shapes.set(field, shape);
  const entry = phraseLookup(byPhrase, new Set(labels.map(([, , name]) => phraseOf(name))), clippedNames([...fromData, ...labels], projectWords(blocks)));
  return {
    fields,
    // Six words hold the longest names owners give ("Arts, Humanities and Social Sciences").
    longest: Math.min(longest, 6),
    fieldsOf: (phrase) => [...(entry(phrase)?.keys() ?? [])].sort(),
    stored: (field, phrase, raw) => entry(phrase)?.get(field) ?? raw ?? phrase,
    writes: (phrase, written) => writings.get(phraseOf(phrase))?.has(written) === true,
    closed: (field) => closed.get(field),
    fieldsShapedLike: (text) => [...shapes].filter(([, shape]) => shape === codeShape(text)).map(([field]) => field),
  };
}
