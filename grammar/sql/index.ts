/**
 * Public pieces of the statement reader.
 */
export type { Dialect, DialectReading, DialectSetting, EscapeRule } from './dialects/base-dialect.js';
export { DRIVERS, type Driver, isDriver } from './drivers.js';
export { fingerprintOfTokens, sqlFingerprint } from './fingerprint.js';
export { type KnownLexicon, knownLexicon } from './known-lexicon.js';
export { lexStatement } from './lex-statement.js';
export { readTables, tablesOfTokens } from './read-tables.js';
export { nameValue, qualifiedName, type RelationRef, type Relations, readRelations } from './relations.js';
export { isNameToken, type SqlToken, type SqlTokenKind } from './sql-token.js';
export { UNREADABLE_REASONS, type UnreadableReason, UnreadableStatement } from './unreadable-statement.js';
