/** What the connector tests share: one statement with test-sized bounds, and a failure's code. */
import type { Connector, ConnectorStatement } from '../../../src/warehouse/connectors/connector.js';
import { StatementError } from '../../../src/warehouse/types.js';

/** Runs `sql` on `connector` with 100 rows, 1 MiB, 64 KiB cells and `deadlineMs` unless `more` says otherwise. */
export function runOn(
  connector: Connector,
  sql: string,
  params: ConnectorStatement['params'] = [],
  more: Partial<ConnectorStatement> = {},
  deadlineMs = 10_000,
) {
  return connector.runStatement({ sql, params, maxRows: 100, deadlineMs, maxBytes: 1 << 20, maxCellBytes: 1 << 16, ...more });
}

/** `ok`, the StatementError's code, or what else was thrown. */
export function codeOf(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'ok',
    (e: unknown) => (e instanceof StatementError ? e.code : `thrown: ${String(e)}`),
  );
}
