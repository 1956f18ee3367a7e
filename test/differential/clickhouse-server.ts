/**
 * A throwaway ClickHouse server for differential tests (one server of
 * test/helpers/clickhouse-cluster.ts), read through its HTTP interface. A text is sent whole
 * over HTTP; the server reads one statement per request and says so when given more.
 */
import { type ClickHouseNode, startClickHouseCluster } from '../helpers/clickhouse-cluster.js';

export interface ClickHouseAnswer {
  ok: boolean;
  /** The server's error text when not ok. */
  error: string;
  /** Column names and the first row's values (JSON output). */
  names: string[];
  first: unknown[] | undefined;
}

export interface ClickHouseServer {
  query(sql: string): Promise<ClickHouseAnswer>;
  stop(): Promise<void>;
}

export async function startClickHouse(): Promise<ClickHouseServer> {
  const cluster = await startClickHouseCluster(1);
  const url = (cluster.nodes[0] as ClickHouseNode).url;
  return {
    async query(sql) {
      const r = await fetch(`${url}?default_format=JSONCompact`, { method: 'POST', body: sql });
      const text = await r.text();
      if (!r.ok) return { ok: false, error: text, names: [], first: undefined };
      try {
        const body = JSON.parse(text) as { meta: { name: string }[]; data: unknown[][] };
        return { ok: true, error: '', names: body.meta.map((m) => m.name), first: body.data[0] };
      } catch {
        return { ok: true, error: '', names: [], first: undefined };
      }
    },
    stop: () => cluster.stop(),
  };
}
