/**
 * Projects with a real SQLite warehouse for runtime tests: the commerce fixture copied with its
 * generated database (generated first when missing), or a tiny project around a database the
 * test fills itself.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import { copyFixture, FIXTURES, makeProject } from '../../helpers/project.js';

// A variable specifier keeps the type checker from demanding declarations for the .mjs script.
const generator = '../../../scripts/make-warehouse.mjs';
const { makeWarehouse } = (await import(generator)) as { makeWarehouse: (path: string) => Promise<string> };

/** Makes sure fixtures/commerce/data/warehouse.db exists (atomic: the generator renames into place). */
export async function ensureCommerceWarehouse(): Promise<void> {
  const db = join(FIXTURES, 'commerce/data/warehouse.db');
  if (!existsSync(db)) await makeWarehouse(db);
}

/** A temp copy of the commerce fixture, database included. */
export async function commerceProject(): Promise<string> {
  await ensureCommerceWarehouse();
  return copyFixture('commerce', { withData: true });
}

export const SQLITE_CONFIG: SvcConfig = { project: 'demo', connections: { default: { driver: 'sqlite', path: 'data/warehouse.db' } } };

/** A temp project whose `data/warehouse.db` holds table `nums(n)` with 1..rows. */
export function numbersProject(rows = 20): string {
  const root = makeProject({ 'svc.config.json': JSON.stringify(SQLITE_CONFIG) });
  mkdirSync(join(root, 'data'));
  const db = new Database(join(root, 'data/warehouse.db'));
  db.exec('CREATE TABLE nums (n INTEGER NOT NULL, label TEXT)');
  const insert = db.prepare('INSERT INTO nums (n, label) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= rows; i++) insert.run(i, `n${i}`);
  })();
  db.close();
  return root;
}

/** Child processes of this process whose command line runs the SQLite statement program (Linux). */
export function statementProcesses(): number[] {
  if (!existsSync('/proc')) return [];
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('SVC_SQLITE_DRIVER')) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}
