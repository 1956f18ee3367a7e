/**
 * The row cap and byte bounds of a statement, applied while rows are read (ConnectorStatement
 * says how bytes are counted). Every in-process connector reads through one of these, so a
 * huge result stops at the first row over a bound and is never held whole.
 */

import type { ConnectorResult, ConnectorStatement } from './connector.js';
import { StatementError } from './connector.js';

/** Bytes a cell holds as an answer carries it: text as UTF-8, a blob as its bytes, else 8. */
export function cellBytes(value: unknown): number {
  if (typeof value === 'string') return value.length < 64 ? value.length * 3 : Buffer.byteLength(value);
  if (value !== null && typeof value === 'object' && 'base64' in value) return Math.ceil((String((value as { base64: unknown }).base64).length * 3) / 4);
  return 8;
}

function tooLarge(what: 'cell' | 'result'): StatementError {
  const subject = what === 'cell' ? 'One value of the result' : 'The result';
  return new StatementError(
    'RESULT_TOO_LARGE',
    `${subject} is larger than this connection returns, so the statement was stopped; ask for fewer rows or columns, or an aggregate.`,
  );
}

export class RowBudget {
  private readonly rows: Array<Record<string, unknown>> = [];
  private bytes = 0;
  private truncated = false;

  constructor(private readonly statement: Pick<ConnectorStatement, 'maxRows' | 'maxBytes' | 'maxCellBytes'>) {}

  /** Keeps `row`; false once the cap is passed (the reader stops). Throws RESULT_TOO_LARGE. */
  add(row: Record<string, unknown>): boolean {
    if (this.rows.length >= this.statement.maxRows) {
      this.truncated = true;
      return false;
    }
    for (const key in row) {
      const size = cellBytes(row[key]);
      if (size > this.statement.maxCellBytes) throw tooLarge('cell');
      this.bytes += size + key.length;
    }
    if (this.bytes > this.statement.maxBytes) throw tooLarge('result');
    this.rows.push(row);
    return true;
  }

  result(columns: string[]): ConnectorResult {
    return { columns, rows: this.rows, truncated: this.truncated };
  }
}
