/**
 * PostgreSQL values as svc answers carry them: the same JSON shapes every driver gives for the
 * same data (docs/warehouses.md). The `pg` driver's own readings are replaced where they would
 * differ: dates and timestamps stay the text the server wrote (never a JavaScript Date in the
 * server's time zone), bigint and numeric become numbers only when a double holds them exactly,
 * and bytea becomes `{ base64 }`.
 */
import pg from 'pg';
import { decimalCell, integerCell } from './json-numbers.js';

function bytea(text: string): { base64: string } {
  const bytes = text.startsWith('\\x') ? Buffer.from(text.slice(2), 'hex') : Buffer.from(text, 'latin1');
  return { base64: bytes.toString('base64') };
}

const keep = (text: string): string => text;

/** Text-format parsers by type oid; others fall back to the driver's own. */
const PARSERS: ReadonlyMap<number, (text: string) => unknown> = new Map<number, (text: string) => unknown>([
  [20, integerCell], // int8
  [1700, decimalCell], // numeric
  [1082, keep], // date
  [1114, keep], // timestamp
  [1184, keep], // timestamptz
  [1083, keep], // time
  [1266, keep], // timetz
  [1186, keep], // interval
  [17, bytea], // bytea
]);

/** The `types` option of a pg client or pool that reads values svc's way. */
export const POSTGRES_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    const own = format !== 'binary' ? PARSERS.get(oid) : undefined;
    return own ?? (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown);
  },
};
