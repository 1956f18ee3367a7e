/**
 * The family check (spec 03, query path item 8), for every statement on a hosted connection:
 * statements that begin a family, calls of family functions, family phrases, engine references
 * (stages, session variables), and what sits in table positions. Returns the first family
 * found, or null.
 */
import type { Relations, SqlToken } from '../../../grammar/sql/index.js';
import type { CompiledFamilies } from './compiled-families.js';
import { isAllowedPath, pathArgumentAllowed, plainPath } from './file-paths.js';
import { matchPhrase } from './phrases.js';
import type { FamilyReason } from './refusal.js';
import { readAsFile } from './replacement-scan.js';
import { headsOf, isPunct, queryHintUse, type StatementSpan } from './statement-heads.js';
import type { WordFacts } from './word-facts.js';

/** A name followed by `(` after these words is an object being defined, not a call. */
const NOT_A_CALL_AFTER = new Set(['into', 'table', 'exists', 'view', 'references']);

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
    for (const h of [...headsOf(input.tokens, span), ...scriptedHeads(input.tokens, span, f)]) {
      const reason = h >= 0 ? matchPhrase(f.statements, input.tokens, h, true) : undefined;
      if (reason !== undefined) return reason;
    }
    if (f.source.bareCallsAtStart === true && bareCall(input.tokens, span, f)) return 'call';
  }
  return tokenReason(input) ?? relationReason(input);
}

/**
 * Statement beginnings inside scripting blocks: the word after THEN, ELSE, DO, BEGIN, LOOP or
 * REPEAT, except THEN and ELSE inside a CASE expression.
 */
function scriptedHeads(tokens: readonly SqlToken[], span: StatementSpan, f: CompiledFamilies): number[] {
  const words = f.source.scriptHeads;
  if (words === undefined || words.length === 0) return [];
  const heads: number[] = [];
  // Open CASEs, innermost last: a CASE where a statement begins is a scripting CASE (BigQuery,
  // Snowflake: CASE ... WHEN ... THEN <statements> ... END CASE), whose THEN and ELSE begin
  // statements; any other CASE is an expression, whose THEN and ELSE hold values.
  const cases: boolean[] = [];
  for (let i = span.from; i < span.to; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind !== 'word') continue;
    if (t.value === 'case') {
      const before = tokens[i - 1];
      cases.push(i === span.from || isPunct(before, ';') || (before?.kind === 'word' && words.includes(before.value)));
    } else if (t.value === 'end') {
      const next = tokens[i + 1]?.value;
      if (
        next === 'case' ||
        (cases.length > 0 && cases[cases.length - 1] === false && next !== 'if' && next !== 'loop' && next !== 'while' && next !== 'for' && next !== 'repeat')
      ) {
        cases.pop();
        if (next === 'case') i++;
      }
    } else if (words.includes(t.value) && !(cases[cases.length - 1] === false && (t.value === 'then' || t.value === 'else')) && tokens[i + 1]?.kind === 'word')
      heads.push(i + 1);
  }
  return heads;
}

/** Words that begin a T-SQL statement; any other first word is a procedure called by name. */
const TSQL_STATEMENT_WORDS = new Set([
  'select',
  'with',
  'values',
  'insert',
  'update',
  'delete',
  'merge',
  'create',
  'alter',
  'drop',
  'truncate',
  'grant',
  'revoke',
  'deny',
  'declare',
  'set',
  'exec',
  'execute',
  'if',
  'while',
  'begin',
  'end',
  'commit',
  'rollback',
  'save',
  'use',
  'print',
  'return',
  'break',
  'continue',
  'goto',
  'throw',
  'raiserror',
  'waitfor',
  'open',
  'close',
  'fetch',
  'deallocate',
  'bulk',
  'backup',
  'restore',
  'dbcc',
  'kill',
  'shutdown',
  'checkpoint',
  'reconfigure',
  'setuser',
  'revert',
  'readtext',
  'writetext',
  'updatetext',
  'receive',
  'send',
  'get',
  'move',
  'enable',
  'disable',
  'explain',
  'describe',
  'show',
  'table',
  'from',
]);

function bareCall(tokens: readonly SqlToken[], span: StatementSpan, f: CompiledFamilies): boolean {
  const first = tokens[span.from];
  if (first === undefined) return false;
  if (first.kind === 'quoted-name' || first.kind === 'string-or-name') return true;
  return first.kind === 'word' && !TSQL_STATEMENT_WORDS.has(first.value) && !f.readHeads.has(first.value);
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
  const scripts = f.source.usingRunsScript === true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind === 'parameter' || (t.kind === 'operator' && t.value === '@')) {
      if (f.source.atIsStage === true && t.value.startsWith('@')) return 'stage';
      if (f.source.dollarNameIsSession === true && /^\$[A-Za-z_]/.test(t.value)) return 'session';
      continue;
    }
    if (t.kind === 'word' && t.value === 'engine' && externalEngine(tokens, i, f)) return 'external-query';
    if (scripts && t.kind === 'word' && t.value === 'using' && scriptAfter(tokens[i + 1])) return 'environment-reader';
    const facts = input.facts[i];
    if (facts === undefined) continue;
    if (t.kind === 'word' && facts.phrase) {
      const phrase = matchPhrase(f.phrases, tokens, i);
      if (phrase !== undefined && !(t.value === 'settings' && !settingsClause(tokens, i))) return phrase;
    }
    if (t.kind === 'word' && sets !== null && facts.anywhere && !sets.has(i) && !queryHintUse(tokens, i)) {
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

/** A command after USING: text (`'cat'`, or `"cat"` where double quotes may be a string). */
function scriptAfter(t: SqlToken | undefined): boolean {
  return t !== undefined && (t.kind === 'string' || t.kind === 'string-or-name');
}

/**
 * ClickHouse's SETTINGS clause at `i`: `SETTINGS name = value` (a name, then `=`). A column
 * called `settings` (`SELECT settings FROM t WHERE settings != ''`) is no clause.
 */
function settingsClause(tokens: readonly SqlToken[], i: number): boolean {
  const next = tokens[i + 1];
  const eq = tokens[i + 2];
  return next !== undefined && (next.kind === 'word' || next.kind === 'quoted-name') && eq?.kind === 'operator' && eq.value === '=';
}

/** `ENGINE [=] <name>` at `i` naming an engine that reaches outside the warehouse. */
function externalEngine(tokens: readonly SqlToken[], i: number, f: CompiledFamilies): boolean {
  const engines = f.source.externalEngines;
  if (engines === undefined || engines.length === 0) return false;
  let j = i + 1;
  if (tokens[j]?.kind === 'operator' && tokens[j]?.value === '=') j++;
  const name = tokens[j];
  return name !== undefined && (name.kind === 'word' || name.kind === 'quoted-name') && engines.some((e) => e.toLowerCase() === name.value.toLowerCase());
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
    if (pathsAreFiles && readAsFile(ref.parts)) return 'file-reader';
    const last = tokens[ref.last];
    const format = ref.parts[ref.parts.length - 2];
    if (format !== undefined && f.pathTableFormats.has(format) && last !== undefined && last.kind !== 'word') return 'path-table';
  }
  return null;
}
