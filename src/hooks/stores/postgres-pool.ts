/**
 * The connection pool of a shipped PostgreSQL store, with its tables made on first use. Several
 * server copies may start at once: the schema statements run under one advisory lock, so one
 * copy creates while the others wait. A failed creation is tried again on the next call.
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

/** A pool named `application` whose tables are made by `schema` (idempotent DDL). */
export function postgresPool(settings: PostgresStoreSettings, application: string, schema: string): PostgresPool {
  const pool = new pg.Pool({ max: 4, ...settings, application_name: application });
  pool.on('error', () => undefined);
  let made: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    made ??= pool.query(`SELECT pg_advisory_lock(${SCHEMA_LOCK}); ${schema} SELECT pg_advisory_unlock(${SCHEMA_LOCK});`).then(
      () => undefined,
      (error: unknown) => {
        made = undefined;
        throw error;
      },
    );
    return made;
  };
  return { pool, ready };
}
