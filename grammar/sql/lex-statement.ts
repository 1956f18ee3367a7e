/**
 * `lexStatement(sql, driver)`: the statement as the engine reads it, as tokens. Where the
 * reading depends on a setting the service cannot see, every reading is taken and they must
 * agree token for token (kind, offsets, and the value of every name), or the statement is refused.
 */

import { type BuiltLexer, buildLexer } from './build-lexer.js';
import { readingsOf } from './dialects/base-dialect.js';
import { DIALECTS } from './dialects/index.js';
import { type Driver, isDriver } from './drivers.js';
import { hasNonAscii, normaliseWord } from './normalise-word.js';
import type { QuotedPayload } from './scan-quoted.js';
import type { SqlToken, SqlTokenKind } from './sql-token.js';
import { sqliteTextNames } from './sqlite-text-names.js';
import { UnreadableStatement } from './unreadable-statement.js';

const lexers = new Map<Driver, BuiltLexer[]>();

/** The lexers of a driver: default reading first. Built once per process. */
function lexersOf(driver: string): BuiltLexer[] {
  if (!isDriver(driver)) throw new UnreadableStatement('unknown-driver');
  let built = lexers.get(driver);
  if (built === undefined) {
    built = readingsOf(DIALECTS[driver]).map(buildLexer);
    lexers.set(driver, built);
  }
  return built;
}

/**
 * Reads `sql` as `driver`'s engine does. Throws `UnreadableStatement` for anything it cannot
 * decide, including an unknown driver.
 */
export function lexStatement(sql: string, driver: string): SqlToken[] {
  // Callers may be plain JavaScript: anything but a string is refused the documented way.
  if (typeof sql !== 'string') throw new UnreadableStatement('not-text');
  const all = lexersOf(driver);
  // A NUL ends the text for engines that read C strings (SQLite stops there) but not for
  // this reading: the two would see different statements, so nothing past it is decided.
  const nul = sql.indexOf('\u0000');
  if (nul >= 0) throw new UnreadableStatement('confusable-character', nul);
  // Invariant of the dialect model: settings only change how a backslash reads.
  const tokens = all.length === 1 || !sql.includes('\\') ? readWith(all[0] as BuiltLexer, sql) : agreedReading(all, sql);
  return driver === 'sqlite' ? sqliteTextNames(tokens) : tokens;
}

/** Errors that leave a quote or comment open to the end of the text: a syntax error in every engine. */
const NEVER_CLOSED = new Set(['unterminated-string', 'unterminated-quoted-name', 'unterminated-comment']);

/** The reading stopped at a backslash outside a quote, which its engine has no token for. */
function strayBackslash(lexer: BuiltLexer, error: UnreadableStatement, sql: string): boolean {
  return lexer.rejectsStrayBackslash && error.reason === 'unexpected-character' && sql.charCodeAt(error.offset) === 92;
}

/**
 * A reading that leaves a string, name or comment open to the end of a text without `;` is one
 * under which the engine rejects the whole text before running any of it (it is one statement,
 * and no engine runs a statement it cannot parse), so it cannot disagree in effect: only the
 * readings that can be read must agree. With a `;` an engine that runs statements one by one
 * (MySQL's multi-statements) could run the ones before the open quote, so every reading counts.
 */
function agreedReading(all: readonly BuiltLexer[], sql: string): SqlToken[] {
  const skippable = !sql.includes(';');
  const readings: SqlToken[][] = [];
  let firstError: UnreadableStatement | undefined;
  for (let i = 0; i < all.length; i++) {
    try {
      readings.push(readWith(all[i] as BuiltLexer, sql));
    } catch (error) {
      if (!(error instanceof UnreadableStatement)) throw error;
      if (!(skippable && (NEVER_CLOSED.has(error.reason) || strayBackslash(all[i] as BuiltLexer, error, sql))))
        throw i === 0 ? error : new UnreadableStatement('ambiguous-setting', error.offset);
      firstError ??= error;
    }
  }
  const tokens = readings[0];
  if (tokens === undefined) throw firstError as UnreadableStatement;
  for (let i = 1; i < readings.length; i++) assertSameReading(tokens, readings[i] as SqlToken[]);
  return tokens;
}

/**
 * Throws unless `b` reads as `a` does: the same tokens at the same places, names with the same
 * values. A string may decode differently as long as it ends in the same place: what it spells
 * is data, and it is marked `valueVaries` in `a` (no check trusts such a value; paths must be plain).
 */
function assertSameReading(a: SqlToken[], b: SqlToken[]): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as SqlToken;
    const y = b[i] as SqlToken;
    if (x.start !== y.start || x.end !== y.end || x.kind !== y.kind) throw new UnreadableStatement('ambiguous-setting', Math.min(x.start, y.start));
    if (x.value === y.value) continue;
    if (x.kind !== 'string') throw new UnreadableStatement('ambiguous-setting', x.start);
    a[i] = { ...x, valueVaries: true };
  }
  if (a.length !== b.length) throw new UnreadableStatement('ambiguous-setting', (a[n] ?? b[n])?.start ?? -1);
}

function readWith(built: BuiltLexer, sql: string): SqlToken[] {
  const unicodeText = hasNonAscii(sql);
  const out: SqlToken[] = [];
  let afterUnicode = false;
  // 2 after a U& literal decoded with its UESCAPE character: the clause's word, then its string.
  let clauseLeft = 0;
  const error = built.tokenize(sql, (text, start, kind, payload) => {
    if (kind === 'word' && payload === undefined && text.includes('.')) {
      pushParts(out, text, start, unicodeText);
      afterUnicode = false;
      clauseLeft = 0;
      return;
    }
    const token = toSqlToken(text, start, kind, payload, unicodeText);
    if (clauseLeft === 2 && token.kind === 'word' && token.value === 'uescape') {
      clauseLeft = 1;
      return;
    }
    if (clauseLeft === 1 && token.kind === 'string') {
      clauseLeft = 0;
      return;
    }
    // `U&'..' UESCAPE '!'` read any other way (a comment between) would redefine the escape
    // character after the value was read.
    if (afterUnicode && token.kind === 'word' && token.value === 'uescape') throw new UnreadableStatement('unicode-escape', start);
    afterUnicode = payload !== undefined && payload.unicode === true;
    clauseLeft = payload?.uescape === true ? 2 : 0;
    out.push(token);
  });
  if (error >= 0) throw new UnreadableStatement('unexpected-character', error);
  return out;
}

/** `a.b.c` as word, `.`, word, `.`, word. */
function pushParts(out: SqlToken[], text: string, start: number, unicodeText: boolean): void {
  let from = 0;
  while (true) {
    const dot = text.indexOf('.', from);
    const part = dot < 0 ? text.slice(from) : text.slice(from, dot);
    const at = start + from;
    out.push({ kind: 'word', text: part, value: wordValue(part, at, unicodeText), start: at, end: at + part.length });
    if (dot < 0) return;
    out.push({ kind: 'punctuation', text: '.', value: '.', start: start + dot, end: start + dot + 1 });
    from = dot + 1;
  }
}

function wordValue(text: string, start: number, unicodeText: boolean): string {
  return unicodeText && hasNonAscii(text) ? normaliseWord(text, start) : text.toLowerCase();
}

function toSqlToken(text: string, start: number, kind: SqlTokenKind | undefined, payload: QuotedPayload | undefined, unicodeText: boolean): SqlToken {
  const end = start + text.length;
  if (payload !== undefined) return { kind: payload.kind, text, value: payload.value, start, end };
  const k = kind as SqlTokenKind;
  if (k === 'word') return { kind: k, text, value: wordValue(text, start, unicodeText), start, end };
  if (k === 'variable') return { kind: k, text, value: text.toLowerCase(), start, end };
  return { kind: k, text, value: text, start, end };
}
