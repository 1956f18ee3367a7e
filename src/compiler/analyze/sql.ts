/**
 * Reading a block's query: the tables it reads (dialect lexer first, on the hot path; the
 * parser only when the lexer cannot decide) and its SQL fingerprint. Parameters `${name}` are
 * replaced by placeholders the dialect reads as bound parameters.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { readTables, sqlFingerprint, UnreadableStatement } from '../../../grammar/sql/index.js';
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
  const forTables = replaceParams(block.query, () => '?');
  try {
    block.tables = readTables(forTables, block.dialect);
    block.tablesFrom = 'lexer';
  } catch (lexError) {
    const viaParser = statementTables(forTables, block.dialect);
    if (viaParser.from === 'parser') {
      block.tables = viaParser.tables;
      block.tablesFrom = 'parser';
    } else {
      const where = { file: block.file, span: block.span };
      return [diag('compile/sql-unreadable', { block: block.id, reason: reason(lexError) }, where), ...fingerprint(block)];
    }
  }
  return fingerprint(block);
}

function fingerprint(block: CompiledBlock): Diagnostic[] {
  try {
    block.sqlFingerprint = sqlFingerprint(replaceParams(block.query, (name) => `:${name}`), block.dialect);
  } catch {
    // An unreadable query has no stable normal form; its fingerprint is left empty.
    block.sqlFingerprint = '';
  }
  return [];
}
