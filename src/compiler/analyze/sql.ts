/**
 * Reading a block's query: the tables it reads and its SQL fingerprint, from ONE pass of the
 * dialect lexer (the compile hot path); the parser is tried only when the lexer cannot decide.
 * Parameters `${name}` become `:name`, which every dialect reads as a bound parameter, so the
 * fingerprint still tells `a > ${x} AND b > ${y}` from its swapped twin.
 */
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { fingerprintOfTokens, lexStatement, type SqlToken, tablesOfTokens, UnreadableStatement } from '../../../grammar/sql/index.js';
import { statementTables } from '../sql-tables.js';
import type { CompiledBlock } from '../types.js';
import { replaceParams } from './params.js';
import { readableRowRules, rowRuleProblems } from './row-rules.js';
import { type SqlFinding, sqlFindings } from './sql-checks.js';
import { type NameFinding, type NameIndex, nameFindings } from './sql-names.js';

function reason(error: unknown): string {
  if (error instanceof UnreadableStatement) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

/** Query offsets -> file spans for the block's diagnostics; absent when not known. */
export type QuerySpan = (start: number, end: number) => Span;

/** `${name}` as `:name` padded to the same length (row rules too), so token offsets are query offsets. */
export function sameLengthParams(query: string): string {
  return replaceParams(readableRowRules(query), (name) => `:${name}`.padEnd(name.length + 3, ' '));
}

/** A malformed `@rls(...)` row rule, at its place in the query. */
function rowRuleFindings(block: CompiledBlock, where: QuerySpan | undefined): Diagnostic[] {
  return rowRuleProblems(block.query).map(({ offset, problem }) =>
    diag('compile/invalid-row-rule', { block: block.id, problem }, { file: block.file, span: where?.(offset, offset + 4) ?? block.span }),
  );
}

const UNTERMINATED: Readonly<Record<string, string>> = {
  'unterminated-string': 'string',
  'unterminated-quoted-name': 'quoted name',
  'unterminated-comment': 'comment',
};

function findings(block: CompiledBlock, tokens: SqlToken[], where: QuerySpan | undefined, names: NameIndex | undefined): Diagnostic[] {
  if (where === undefined) return [];
  const found: Array<SqlFinding | NameFinding> = sqlFindings(tokens);
  // A statement that does not read as SQL names nothing for certain: its names wait for the fix.
  if (found.length === 0 && names !== undefined) found.push(...nameFindings(tokens, names));
  return found.map((f) => {
    const data: Record<string, string> = { block: block.id, ...f.data };
    if (f.code === 'sql/not-a-read')
      data['hint'] = f.data['suggestion'] !== undefined ? `Did you mean ${f.data['suggestion']}?` : 'Start the query with SELECT or WITH.';
    return diag(f.code, data, { file: block.file, span: where(f.offset, f.end) });
  });
}

/**
 * Fills tables, tablesFrom and sqlFingerprint of a block; returns diagnostics. With `names`
 * (the block's connection in the schema snapshot) the tables and columns it names are checked too.
 */
export function readBlockSql(block: CompiledBlock, where?: QuerySpan, names?: NameIndex): Diagnostic[] {
  if (block.query.trim() === '') return [];
  const sql = sameLengthParams(block.query);
  const ruleFindings = rowRuleFindings(block, where);
  try {
    const tokens = lexStatement(sql, block.dialect);
    block.tables = tablesOfTokens(tokens);
    block.tablesFrom = 'lexer';
    block.sqlFingerprint = fingerprintOfTokens(tokens);
    return [...ruleFindings, ...findings(block, tokens, where, names)];
  } catch (lexError) {
    // A malformed row rule is the one cause: the lexer failing on it is not another.
    if (ruleFindings.length > 0) return ruleFindings;
    const what = lexError instanceof UnreadableStatement ? UNTERMINATED[lexError.reason] : undefined;
    if (what !== undefined && where !== undefined && lexError instanceof UnreadableStatement && lexError.offset >= 0) {
      return [diag('sql/unterminated', { block: block.id, what }, { file: block.file, span: where(lexError.offset, lexError.offset + 1) })];
    }
    // An unreadable query has no stable normal form: its fingerprint stays empty.
    const viaParser = statementTables(
      replaceParams(block.query, () => '?'),
      block.dialect,
    );
    if (viaParser.from === 'parser') {
      block.tables = viaParser.tables;
      block.tablesFrom = 'parser';
      return [];
    }
    return [diag('compile/sql-unreadable', { block: block.id, reason: reason(lexError) }, { file: block.file, span: block.span })];
  }
}
