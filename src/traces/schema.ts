/**
 * Schema of the local trace store (`.svc/local/ask-observability`) and its migrations.
 *
 * The schema version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
 * an svc trace store, so another SQLite file in its place reads as damaged, never as traces.
 * Migrations only ever move forward, each in its own transaction. A store whose version is
 * newer than this build knows is refused with TRACE_SCHEMA_UNSUPPORTED and never written.
 *
 * Tables (version 3):
 * - summaries: one row per trace, kept up to 2,000 for 180 days. `seq` (the rowid: only the
 *   oldest rows are ever deleted, so it only grows, without gaps) orders the list, backs the
 *   cursor and is shared with the trace's detail row; `status` is the truth for the JSON
 *   beside it; `owner` is who asked (spec 02 rule 10: only the asker sees a trace), never in
 *   the JSON, so no export carries it.
 * - details: the detailed trace JSON, written when the trace finishes, kept up to 500 for 30
 *   days. A finished summary without its detail row reads as expired; a recording one reads
 *   as a trace with no evidence yet.
 *
 * Few indexes on purpose: every index is another page written per Ask. Age and abandonment
 * sweeps run once a minute and scan at most 2,000 rows instead.
 */
import type { Database } from 'better-sqlite3';
import { TraceError } from './errors.js';

/** 'SVCT' as a 32-bit integer. */
export const APPLICATION_ID = 0x53564354;
export const SCHEMA_VERSION = 3;

export interface Migration {
  version: number;
  /** Why this step exists; shown nowhere, kept for the reader of this file. */
  purpose: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    purpose: 'summaries and detailed traces sharing one gap-free sequence number',
    sql: `
      CREATE TABLE summaries (
        seq INTEGER PRIMARY KEY,
        trace_id TEXT NOT NULL UNIQUE,
        run_id TEXT NOT NULL,
        status TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        summary_json TEXT NOT NULL
      );
      CREATE TABLE details (
        seq INTEGER PRIMARY KEY,
        written_at INTEGER NOT NULL,
        detail_json TEXT NOT NULL
      );`,
  },
  {
    version: 2,
    purpose: 'lookup by Ask run id without a scan; detail sizes for the status endpoint',
    sql: `
      CREATE INDEX summaries_run ON summaries(run_id, seq);
      ALTER TABLE details ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
      UPDATE details SET bytes = length(detail_json);`,
  },
  {
    version: 3,
    purpose: "who asked: the owner key of the trace's asker ('' the local owner, which every existing trace gets; NULL nobody)",
    sql: `ALTER TABLE summaries ADD COLUMN owner TEXT DEFAULT '';`,
  },
];

export type SchemaState = 'current' | 'outdated' | 'newer' | 'empty';

export interface SchemaInfo {
  version: number;
  supported: number;
  state: SchemaState;
}

/** Reads the version and checks the file is ours. Throws TRACE_STORE_UNAVAILABLE (corrupt) if not. */
export function readSchema(db: Database): SchemaInfo {
  const version = Number(db.pragma('user_version', { simple: true }));
  const appId = Number(db.pragma('application_id', { simple: true }));
  const tables = Number(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get());
  if (version === 0 && appId === 0 && tables === 0) return { version: 0, supported: SCHEMA_VERSION, state: 'empty' };
  if (appId !== APPLICATION_ID) throw new TraceError('TRACE_STORE_UNAVAILABLE', { reason: 'corrupt' });
  const state: SchemaState = version > SCHEMA_VERSION ? 'newer' : version < SCHEMA_VERSION ? 'outdated' : 'current';
  return { version, supported: SCHEMA_VERSION, state };
}

export function schemaUnsupported(info: SchemaInfo): TraceError {
  return new TraceError('TRACE_SCHEMA_UNSUPPORTED', { data: { schema: { found: info.version, supported: info.supported } } });
}

/**
 * Brings a writable store up to `target` (default: this build's version). Refuses a newer store
 * before touching it. Returns the version found, for the status endpoint and tests.
 */
export function migrate(db: Database, target = SCHEMA_VERSION): number {
  const info = readSchema(db);
  if (info.state === 'newer') throw schemaUnsupported(info);
  if (info.state === 'empty') db.pragma(`application_id = ${APPLICATION_ID}`);
  for (const step of MIGRATIONS) {
    if (step.version <= info.version || step.version > target) continue;
    db.transaction(() => {
      db.exec(step.sql);
      db.pragma(`user_version = ${step.version}`);
    }).immediate();
  }
  return info.version;
}
