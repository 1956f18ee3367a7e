/**
 * Family tables compiled for lookups: built once per driver, on first use.
 */
import type { Driver } from '../../../grammar/sql/index.js';
import { FAMILIES, type EngineFamilies } from './families/index.js';
import { compilePatterns, type NamePatterns } from './name-patterns.js';
import { compilePhrases, type PhraseTable } from './phrases.js';
import type { FamilyReason } from './refusal.js';
import { compileLookup, type WordLookup } from './word-lookup.js';

export interface CompiledFamilies {
  readonly source: EngineFamilies;
  readonly statements: PhraseTable<FamilyReason>;
  readonly anywhere: ReadonlySet<string>;
  readonly functions: WordLookup<FamilyReason>;
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
  readonly effectFunctions: WordLookup<true>;
  readonly effectPhrases: PhraseTable<true>;
  readonly lockPhrases: PhraseTable<true>;
}

/** Statements a read-only statement may be (spec 03, query path item 9). */
const READ_HEADS = ['select', 'with', 'values', 'table', 'show', 'describe', 'desc', 'summarize', 'pivot', 'explain'];

const trueOf = (list: readonly string[] | undefined): Array<[string, true]> => (list ?? []).map((x) => [x, true]);

function compile(f: EngineFamilies): CompiledFamilies {
  return {
    source: f,
    statements: compilePhrases(Object.entries(f.statements)),
    anywhere: new Set(f.statementsAnywhere ?? []),
    functions: compileLookup(Object.entries(f.functions)),
    fileReaders: compileLookup(trueOf(f.fileReaders)),
    nameAsText: new Set(f.nameAsTextFunctions ?? []),
    phrases: compilePhrases(Object.entries(f.phrases ?? {})),
    rawText: Object.entries(f.rawText ?? {}),
    pathTableFormats: new Set(f.tablePositions?.pathTableFormats ?? []),
    readHeads: new Set([...READ_HEADS, ...(f.readHeads ?? [])]),
    catalog: compilePatterns(f.systemCatalog),
    catalogExcept: compilePatterns(f.systemCatalogExcept ?? []),
    show: f.show.includes('*') ? null : compilePhrases(trueOf(f.show)),
    effectFunctions: compileLookup(trueOf(f.effectFunctions)),
    effectPhrases: compilePhrases(trueOf(f.effectPhrases)),
    lockPhrases: compilePhrases(trueOf(f.lockPhrases)),
  };
}

const compiled = new Map<Driver, CompiledFamilies>();

/** The compiled table of `driver`. */
export function familiesOf(driver: Driver): CompiledFamilies {
  let c = compiled.get(driver);
  if (c === undefined) {
    c = compile(FAMILIES[driver]);
    compiled.set(driver, c);
  }
  return c;
}
