/**
 * Tier-1 answers per second on each warehouse svc runs, the same questions over loopback HTTP
 * as ask-throughput.mjs, with the block result cache off and on: SQLite (the embedded default),
 * DuckDB (the same rows in a .duckdb file) and PostgreSQL (a throwaway server started for the
 * bench, as the tests start one). A server warehouse is cached only with `cacheSeconds`, so
 * the cached PostgreSQL figure sets it. Context figures, no budget: DESIGN.md budgets the
 * embedded database only.
 * Standalone: node bench/warehouse-throughput.mjs (after npm run build).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { measure, projectCopy } from './ask-throughput.mjs';
import { importTs } from './import-ts.mjs';

function useConnection(dir, connection) {
  const file = join(dir, 'svc.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...config, connections: { default: connection } }));
}

async function onDuckdb(report, loader) {
  const dir = await projectCopy();
  try {
    useConnection(dir, { driver: 'duckdb', path: await loader.loadDuckdb(dir, loader.readCommerce(join(dir, 'data/warehouse.db'))) });
    report('Tier 1 on DuckDB, result cache off', await measure(dir, false), 'answers/s');
    report('Tier 1 on DuckDB, result cache on', await measure(dir, true), 'answers/s');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(report, loader) {
  const { startPostgres } = await importTs('test/helpers/postgres-server.ts');
  const server = await startPostgres();
  const dir = await projectCopy();
  try {
    await server.client.query('CREATE DATABASE commerce');
    const client = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', database: 'commerce' });
    await client.connect();
    await loader.loadPostgres(client, loader.readCommerce(join(dir, 'data/warehouse.db')));
    await client.end();
    const connection = { driver: 'postgresql', host: '127.0.0.1', port: server.port, database: 'commerce', user: 'postgres' };
    useConnection(dir, connection);
    report('Tier 1 on PostgreSQL, result cache off', await measure(dir, false), 'answers/s');
    useConnection(dir, { ...connection, cacheSeconds: 60 });
    report('Tier 1 on PostgreSQL, result cache on (cacheSeconds 60)', await measure(dir, true), 'answers/s');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

export async function benchWarehouseThroughput(report) {
  const dir = await projectCopy();
  try {
    report('Tier 1 on SQLite, result cache off', await measure(dir, false), 'answers/s');
    report('Tier 1 on SQLite, result cache on', await measure(dir, true), 'answers/s');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const loader = await importTs('test/helpers/load-commerce.ts');
  await onDuckdb(report, loader);
  await onPostgres(report, loader);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchWarehouseThroughput((name, value, unit) => console.log(`${name}: ${Math.round(value)} ${unit}`));
}
