/**
 * `sqlFingerprint(sql, driver)`: a stable identity for a statement across formatting. Comments
 * and whitespace are dropped, words are case-folded (their NFKC value), and string literals and
 * quoted names stay exactly as written, since their case and content change what runs.
 * Throws `UnreadableStatement` when the statement cannot be read: an unreadable statement has
 * no stable normal form.
 */
import { sha256Tagged } from '../hash.js';
import { lexStatement } from './lex-statement.js';
import type { SqlToken } from './sql-token.js';

/** `sha256:<hex>` of the statement's normal form. */
export function sqlFingerprint(sql: string, driver: string): string {
  return fingerprintOfTokens(lexStatement(sql, driver));
}

/** The same fingerprint from tokens already lexed. */
export function fingerprintOfTokens(tokens: readonly SqlToken[]): string {
  const parts = new Array<string>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    parts[i] = t.kind === 'word' || t.kind === 'variable' ? t.value : t.text;
  }
  return sha256Tagged(parts.join(' '));
}
