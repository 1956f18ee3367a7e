/**
 * svc's reading of a statement in the shape an engine reports: where statements end (the offset
 * just after each `;` that ends one), and the strings and quoted names with their values.
 */
import { lexStatement, type SqlToken, UnreadableStatement } from '../../grammar/sql/index.js';

export interface SvcReading {
  /** Statements holding at least one token. */
  statements: number;
  /** Offsets just after each `;` that ends a statement (empty statements, `;;`, end nothing). */
  semicolons: number[];
  strings: SqlToken[];
  names: SqlToken[];
}

/** svc's reading, or 'refused' when svc will not decide the statement (which is always safe). */
export function svcReading(sql: string, driver: string): SvcReading | 'refused' {
  let tokens: SqlToken[];
  try {
    tokens = lexStatement(sql, driver);
  } catch (error) {
    if (error instanceof UnreadableStatement) return 'refused';
    throw error;
  }
  let statements = 0;
  tokens.forEach((t, i) => {
    if (!isSemicolon(t) && (i === 0 || isSemicolon(tokens[i - 1] as SqlToken))) statements++;
  });
  return {
    statements,
    semicolons: tokens.filter((t, i) => isSemicolon(t) && i > 0 && !isSemicolon(tokens[i - 1] as SqlToken)).map((t) => t.end),
    // A string whose value depends on a setting svc cannot see has no one value to compare.
    strings: tokens.filter((t) => t.kind === 'string' && t.text.startsWith("'") && t.valueVaries !== true),
    names: tokens.filter((t) => t.kind === 'quoted-name' || t.kind === 'string-or-name'),
  };
}

const isSemicolon = (t: SqlToken): boolean => t.kind === 'punctuation' && t.value === ';';

/**
 * Statement ends before the end of the text: what decides whether anything follows a statement.
 * (A last statement may end at the text's end with or without a `;`; either way nothing follows.)
 */
export function innerEnds(sql: string, ends: readonly number[]): number[] {
  return ends.filter((t) => t < sql.length);
}

/** True when `prefix` is the start of `all`. */
export function startsWith(all: readonly number[], prefix: readonly number[]): boolean {
  return prefix.length <= all.length && prefix.every((v, i) => all[i] === v);
}
