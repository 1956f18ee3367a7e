/**
 * The trace store's writer on the store-writer thread (store-writer-worker.ts): its own writable
 * connection to the store file, committing the rows the main thread made (traceRows) in one
 * transaction per batch, with retention counted by the batch's clock.
 */
import type { RetentionLimits } from './retention.js';
import { StoreConnection, type TraceRow } from './trace-store-connection.js';

export interface TraceWriterOptions {
  path: string;
  limits: RetentionLimits;
  busyTimeoutMs?: number;
}

export function openWriter(opts: TraceWriterOptions): { commit(rows: readonly TraceRow[], now: number): void; close(): void } {
  let batchNow = Date.now();
  const connection = { path: opts.path, readonly: false, limits: opts.limits, now: () => batchNow };
  const conn = StoreConnection.open(opts.busyTimeoutMs === undefined ? connection : { ...connection, busyTimeoutMs: opts.busyTimeoutMs });
  return {
    commit(rows, now) {
      batchNow = now;
      conn.writeRows(rows);
    },
    close: () => conn.close(),
  };
}
