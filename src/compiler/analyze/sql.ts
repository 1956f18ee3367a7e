/**
 * Reading a block's query: the tables it reads and its SQL fingerprint, from ONE pass of the
 * dialect lexer (the compile hot path); the parser is tried only when the lexer cannot decide.
 * Parameters `${name}` become `:name`, which every dialect reads as a bound parameter, so the
 * fingerprint still tells `a > ${x} AND b > ${y}` from its swapped twin.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { fingerprintOfTokens, lexStatement, tablesOfTokens, UnreadableStatement } from '../../../grammar/sql/index.js';
import { statementTables } from '../sql-tables.js';
import type { CompiledBlock } from '../types.js';
import { replaceParams } from './params.js';

function reason(error: unknown): string {
  if (error instanceof UnreadableStatement) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

/** Fills tables, tablesFrom and sqlFingerprint of a block; returns diagnostics. */
export function readBlockSql(block: CompiledBlock): Diagnostic[] {
  if (block.query.trim() === '') return [];
  const sql = replaceParams(block.query, (name) => `:${name}`);
  try {
    const tokens = lexStatement(sql, block.dialect);
    block.tables = tablesOfTokens(tokens);
    block.tablesFrom = 'lexer';
    block.sqlFingerprint = fingerprintOfTokens(tokens);
    return [];
  } catch (lexError) {
    // An unreadable query has no stable normal form: its fingerprint stays empty.
    const viaParser = statementTables(replaceParams(block.query, () => '?'), block.dialect);
    if (viaParser.from === 'parser') {
      block.tables = viaParser.tables;
      block.tablesFrom = 'parser';
      return [];
    }
    return [diag('compile/sql-unreadable', { block: block.id, reason: reason(lexError) }, { file: block.file, span: block.span })];
  }
}
