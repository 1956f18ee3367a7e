/**
 * Public pieces of the statement reader.
 */
export type { Dialect, DialectReading, DialectSetting, EscapeRule } from './dialects/base-dialect.js';
export { DRIVERS, isDriver, type Driver } from './drivers.js';
export { fingerprintOfTokens, sqlFingerprint } from './fingerprint.js';
export { knownLexicon, type KnownLexicon } from './known-lexicon.js';
export { lexStatement } from './lex-statement.js';
export { readTables, tablesOfTokens } from './read-tables.js';
export { nameValue, qualifiedName, readRelations, type RelationRef, type Relations } from './relations.js';
export { isNameToken, type SqlToken, type SqlTokenKind } from './sql-token.js';
export { UNREADABLE_REASONS, UnreadableStatement, type UnreadableReason } from './unreadable-statement.js';
