/**
 * Family tables compiled for lookups: built once per driver, on first use.
 */
import type { Driver } from '../../../grammar/sql/index.js';
import { SYSTEM_RELATIONS, type SystemRelationRules } from './allow/system-relations.js';
import { type EngineFamilies, FAMILIES } from './families/index.js';
import { compilePatterns, type NamePatterns } from './name-patterns.js';
import { compilePhrases, type PhraseTable } from './phrases.js';
import type { FamilyReason } from './refusal.js';
import { compileLookup, type WordLookup } from './word-lookup.js';

export interface CompiledFamilies {
  readonly source: EngineFamilies;
  readonly statements: PhraseTable<FamilyReason>;
  readonly anywhere: ReadonlySet<string>;
  readonly functions: WordLookup<FamilyReason>;
  readonly functionsExcept: ReadonlySet<string>;
  readonly fileReaders: WordLookup<true>;
  readonly nameAsText: ReadonlySet<string>;
  readonly phrases: PhraseTable<FamilyReason>;
  readonly rawText: ReadonlyArray<readonly [string, FamilyReason]>;
  readonly pathTableFormats: ReadonlySet<string>;
  readonly readHeads: ReadonlySet<string>;
  readonly catalog: NamePatterns;
  readonly catalogExcept: NamePatterns;
  /** Allowed SHOW phrases; null allows anything. */
  readonly show: PhraseTable<true> | null;
  readonly describeRefused: PhraseTable<true>;
  readonly effectFunctions: WordLookup<true>;
  readonly effectPhrases: PhraseTable<true>;
  readonly lockPhrases: PhraseTable<true>;
  readonly identityVariables: ReadonlySet<string>;
  /** Which relations are the engine's own (allow/system-relations.ts): words that may begin one are marked. */
  readonly system: SystemRelationRules;
  /**
   * First two characters (ASCII) of every word any table names: a word whose first two
   * characters are not marked here has no facts, which settles most words without a lookup.
   */
  readonly prefixes: Uint8Array;
}

/** Index of a word's first two characters in `prefixes`, or -1 when they are not ASCII. */
export function prefixIndex(word: string): number {
  const a = word.charCodeAt(0);
  const b = word.length > 1 ? word.charCodeAt(1) : 0;
  return a < 128 && b < 128 ? a * 128 + b : -1;
}

function prefixesOf(f: EngineFamilies, system: SystemRelationRules): Uint8Array {
  const words = [
    ...system.schemas,
    ...(system.catalogs ?? []),
    ...(system.names ?? []),
    ...system.prefixes,
    ...Object.keys(f.statements),
    ...Object.keys(f.functions),
    ...Object.keys(f.phrases ?? {}),
    ...(f.fileReaders ?? []),
    ...(f.nameAsTextFunctions ?? []),
    ...(f.statementsAnywhere ?? []),
    ...f.systemCatalog,
    ...(f.systemCatalogExcept ?? []),
    ...f.effectFunctions,
    ...(f.effectPhrases ?? []),
    ...(f.lockPhrases ?? []),
  ];
  const marks = new Uint8Array(128 * 128);
  for (const word of words) {
    const i = prefixIndex(word);
    if (i >= 0) marks[i] = 1;
  }
  return marks;
}

/** Statements a read-only statement may be (spec 03, query path item 9). */
const READ_HEADS = ['select', 'with', 'values', 'table', 'show', 'describe', 'desc', 'summarize', 'pivot', 'explain'];

const trueOf = (list: readonly string[] | undefined): Array<[string, true]> => (list ?? []).map((x) => [x, true]);

function compile(f: EngineFamilies, system: SystemRelationRules): CompiledFamilies {
  return {
    source: f,
    system,
    statements: compilePhrases(Object.entries(f.statements)),
    anywhere: new Set(f.statementsAnywhere ?? []),
    functions: compileLookup(Object.entries(f.functions)),
    functionsExcept: new Set(f.functionsExcept ?? []),
    fileReaders: compileLookup(trueOf(f.fileReaders)),
    nameAsText: new Set(f.nameAsTextFunctions ?? []),
    phrases: compilePhrases(Object.entries(f.phrases ?? {})),
    rawText: Object.entries(f.rawText ?? {}),
    pathTableFormats: new Set(f.tablePositions?.pathTableFormats ?? []),
    readHeads: new Set([...READ_HEADS, ...(f.readHeads ?? [])]),
    catalog: compilePatterns(f.systemCatalog),
    catalogExcept: compilePatterns(f.systemCatalogExcept ?? []),
    show: f.show.includes('*') ? null : compilePhrases(trueOf(f.show)),
    describeRefused: compilePhrases(trueOf(f.describeRefused)),
    effectFunctions: compileLookup(trueOf(f.effectFunctions)),
    effectPhrases: compilePhrases(trueOf(f.effectPhrases)),
    lockPhrases: compilePhrases(trueOf(f.lockPhrases)),
    identityVariables: new Set(f.identityVariables ?? []),
    prefixes: prefixesOf(f, system),
  };
}

const compiled = new Map<Driver, CompiledFamilies>();

/** The compiled table of `driver`. */
export function familiesOf(driver: Driver): CompiledFamilies {
  let c = compiled.get(driver);
  if (c === undefined) {
    c = compile(FAMILIES[driver], SYSTEM_RELATIONS[driver]);
    compiled.set(driver, c);
  }
  return c;
}
