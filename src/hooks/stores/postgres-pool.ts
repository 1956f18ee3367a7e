/**
 * The connection pool of a shipped PostgreSQL store, with its tables made on first use. Several
 * server copies may start at once: the schema statements run under one advisory lock, so one
 * copy creates while the others wait. A failed creation is tried again on the next call.
 * Invariant: the lock is transaction-scoped and the DDL runs in one explicit transaction, so the
 * lock is released only once the tables are committed; a session lock released by a statement of
 * the same implicit transaction let the next copy in before the commit, and its
 * `CREATE ... IF NOT EXISTS` then failed on the half-made table.
 */
import pg from 'pg';

/** Where a store lives: a `pg` pool's settings (host, port, database, user, password, ssl...). */
export type PostgresStoreSettings = pg.PoolConfig;

export interface PostgresPool {
  pool: pg.Pool;
  /** Resolves once the store's tables exist. */
  ready(): Promise<void>;
}

const SCHEMA_LOCK = 7461736;

/** Runs the schema in one transaction under the lock; a failed run's connection is dropped, never reused mid-transaction. */
async function makeTables(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${SCHEMA_LOCK}); ${schema} COMMIT;`);
    client.release();
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** A pool named `application` whose tables are made by `schema` (idempotent DDL). */
export function postgresPool(settings: PostgresStoreSettings, application: string, schema: string): PostgresPool {
  const pool = new pg.Pool({ max: 4, ...settings, application_name: application });
  pool.on('error', () => undefined);
  let made: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    made ??= makeTables(pool, schema).catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
  return { pool, ready };
}
