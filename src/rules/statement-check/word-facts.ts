/**
 * What a driver's tables say about one word, worked out once per word and remembered. A
 * statement's words repeat across statements (select, from, id, amount ...), so after warm-up
 * every decision about a word is one map lookup; most words have no facts at all.
 */
import type { SqlToken } from '../../../grammar/sql/index.js';
import { mayBeSystemPart } from './allow/system-relations.js';
import { type CompiledFamilies, prefixIndex } from './compiled-families.js';
import { matchesName } from './name-patterns.js';
import type { FamilyReason } from './refusal.js';
import { lookupWord } from './word-lookup.js';

export interface WordFacts {
  /** Family of a call of this name. */
  readonly call?: FamilyReason;
  readonly fileReader: boolean;
  readonly nameAsText: boolean;
  readonly effectCall: boolean;
  /** The word alone is a catalog name (and not an exception). */
  readonly catalog: boolean;
  /** The word may begin a longer catalog name or an exception. */
  readonly catalogFirst: boolean;
  /** The word begins a phrase of some table (families, locks, effects, statements). */
  readonly phrase: boolean;
  /** T-SQL: the word begins a statement wherever it stands. */
  readonly anywhere: boolean;
  /** The word may make a relation the engine's own (a system schema, prefix or name). */
  readonly system: boolean;
}

const NONE: WordFacts = Object.freeze({
  fileReader: false,
  nameAsText: false,
  effectCall: false,
  catalog: false,
  catalogFirst: false,
  phrase: false,
  anywhere: false,
  system: false,
});

/** Bound on remembered words per driver; the memo starts over beyond it. */
const MEMO_LIMIT = 50_000;
const memos = new WeakMap<CompiledFamilies, Map<string, WordFacts>>();

function memoOf(f: CompiledFamilies): Map<string, WordFacts> {
  let memo = memos.get(f);
  if (memo === undefined) {
    memo = new Map();
    memos.set(f, memo);
  }
  return memo;
}

function factsOf(f: CompiledFamilies, word: string): WordFacts {
  const call = f.functionsExcept.has(word) ? undefined : lookupWord(f.functions, word);
  const facts: WordFacts = {
    ...(call !== undefined ? { call } : {}),
    fileReader: lookupWord(f.fileReaders, word) !== undefined,
    nameAsText: f.nameAsText.has(word),
    effectCall: lookupWord(f.effectFunctions, word) !== undefined,
    catalog: matchesName(f.catalog, [word]) && !matchesName(f.catalogExcept, [word]),
    catalogFirst: f.catalog.multi.has(word) || f.catalogExcept.multi.has(word),
    phrase: f.phrases.has(word) || f.lockPhrases.has(word) || f.effectPhrases.has(word) || f.statements.has(word),
    anywhere: f.anywhere.has(word),
    system: mayBeSystemPart(f.system, word),
  };
  const some =
    facts.call !== undefined ||
    facts.fileReader ||
    facts.nameAsText ||
    facts.effectCall ||
    facts.catalog ||
    facts.catalogFirst ||
    facts.phrase ||
    facts.anywhere ||
    facts.system;
  return some ? facts : NONE;
}

/** Facts about `word` (lower case) under `f`. */
export function wordFacts(f: CompiledFamilies, word: string, memo: Map<string, WordFacts> = memoOf(f)): WordFacts {
  const prefix = prefixIndex(word);
  if (prefix >= 0 && f.prefixes[prefix] === 0) return NONE;
  let facts = memo.get(word);
  if (facts === undefined) {
    facts = factsOf(f, word);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, facts);
  }
  return facts;
}

/** Facts of every name token of a statement (undefined for other tokens), looked up once. */
export function tokenFacts(f: CompiledFamilies, tokens: readonly SqlToken[]): (WordFacts | undefined)[] {
  const memo = memoOf(f);
  const out = new Array<WordFacts | undefined>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind === 'word') out[i] = wordFacts(f, t.value, memo);
    else if (t.kind === 'quoted-name' || t.kind === 'string-or-name') out[i] = wordFacts(f, t.value.toLowerCase(), memo);
  }
  return out;
}
