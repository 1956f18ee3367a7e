/**
 * The family check (spec 03, query path item 8), for every statement on a hosted connection:
 * statements that begin a family, calls of family functions, family phrases, engine references
 * (stages, session variables), and what sits in table positions. Returns the first family
 * found, or null.
 */
import { type Relations, type SqlToken } from '../../../grammar/sql/index.js';
import type { CompiledFamilies } from './compiled-families.js';
import { pathArgumentAllowed, plainPath, isAllowedPath } from './file-paths.js';
import { matchPhrase } from './phrases.js';
import type { FamilyReason } from './refusal.js';
import { headsOf, isPunct, type StatementSpan } from './statement-heads.js';
import type { WordFacts } from './word-facts.js';

/** A name followed by `(` after these words is an object being defined, not a call. */
const NOT_A_CALL_AFTER = new Set(['into', 'table', 'exists', 'view', 'references']);
const PATH_LIKE = /[./\\:*?]/;

export interface FamilyInput {
  readonly sql: string;
  readonly tokens: readonly SqlToken[];
  readonly spans: readonly StatementSpan[];
  /** Relations in table positions; null when the engine has no table-position family. */
  readonly relations: Relations | null;
  readonly families: CompiledFamilies;
  readonly folders: readonly string[];
  /** Facts of each name token (see word-facts.ts). */
  readonly facts: readonly (WordFacts | undefined)[];
}

/** Text refused before the statement is even read (substitutions happen before parsing). */
export function rawTextReason(sql: string, f: CompiledFamilies): FamilyReason | null {
  for (const [text, reason] of f.rawText) if (sql.includes(text)) return reason;
  return null;
}

export function familyReason(input: FamilyInput): FamilyReason | null {
  const { families: f } = input;
  for (const span of input.spans) {
    for (const h of headsOf(input.tokens, span)) {
      const reason = h >= 0 ? matchPhrase(f.statements, input.tokens, h, true) : undefined;
      if (reason !== undefined) return reason;
    }
  }
  return tokenReason(input) ?? relationReason(input);
}

/** Index of `set` words that are UPDATE's SET clause (T-SQL checks statement words anywhere). */
function updateSets(tokens: readonly SqlToken[]): Set<number> {
  const clauses = new Set<number>();
  let pending = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind !== 'word') continue;
    if (t.value === 'update') pending = true;
    else if (t.value === 'set' && pending) {
      clauses.add(i);
      pending = false;
    }
  }
  return clauses;
}

function tokenReason(input: FamilyInput): FamilyReason | null {
  const { tokens, families: f } = input;
  const sets = f.anywhere.size > 0 ? updateSets(tokens) : null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind === 'parameter' || (t.kind === 'operator' && t.value === '@')) {
      if (f.source.atIsStage === true && t.value.startsWith('@')) return 'stage';
      if (f.source.dollarNameIsSession === true && /^\$[A-Za-z_]/.test(t.value)) return 'session';
      continue;
    }
    const facts = input.facts[i];
    if (facts === undefined) continue;
    if (t.kind === 'word' && facts.phrase) {
      const phrase = matchPhrase(f.phrases, tokens, i);
      if (phrase !== undefined) return phrase;
    }
    if (t.kind === 'word' && sets !== null && facts.anywhere && !sets.has(i)) {
      const reason = matchPhrase(f.statements, tokens, i, true);
      if (reason !== undefined) return reason;
    }
    if (isPunct(tokens[i + 1], '(')) {
      const reason = callReason(input, i, facts);
      if (reason !== null) return reason;
    }
  }
  return null;
}

/** The family of the call whose name ends at `i` (its `(` is at i + 1). */
function callReason(input: FamilyInput, i: number, facts: WordFacts): FamilyReason | null {
  const { tokens } = input;
  if (facts.call === undefined && !facts.nameAsText) return null;
  const before = tokens[i - 1];
  if (before?.kind === 'word' && NOT_A_CALL_AFTER.has(before.value)) return null;
  if (facts.call !== undefined) {
    if (facts.call === 'file-reader' && facts.fileReader && pathArgumentAllowed(tokens, i + 1, input.folders)) return null;
    return facts.call;
  }
  // TABLE('name'): a table named by text; TABLE(FLATTEN(...)) is an ordinary table function.
  const arg = tokens[i + 2]?.kind;
  const text = arg === 'string' || arg === 'string-or-name' || arg === 'parameter' || arg === 'variable';
  return text ? 'query-as-text' : null;
}

/** Table positions: files read by path (DuckDB), path tables (Spark). */
function relationReason(input: FamilyInput): FamilyReason | null {
  const { tokens, families: f } = input;
  const pathsAreFiles = f.source.tablePositions?.pathsAreFiles === true;
  if (input.relations === null) return null;
  for (const ref of input.relations.refs) {
    if (pathsAreFiles && ref.kind === 'other') {
      const t = tokens[ref.first];
      if (t?.kind === 'string' || t?.kind === 'string-or-name') {
        const path = plainPath(t);
        if (path === null || !isAllowedPath(path, input.folders)) return 'file-reader';
      }
    }
    if (ref.kind !== 'name') continue;
    if (pathsAreFiles) {
      for (let k = ref.first; k <= ref.last; k++) {
        const t = tokens[k] as SqlToken;
        if (t.kind !== 'word' && t.kind !== 'punctuation' && PATH_LIKE.test(t.value)) return 'file-reader';
      }
    }
    const last = tokens[ref.last];
    const format = ref.parts[ref.parts.length - 2];
    if (format !== undefined && f.pathTableFormats.has(format) && last !== undefined && last.kind !== 'word') return 'path-table';
  }
  return null;
}


