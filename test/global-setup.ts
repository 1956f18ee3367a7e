/**
 * Runs once before the suite: the commerce fixture's SQLite warehouse is generated, not
 * committed, so a fresh clone gets it here (about a second; skipped when it exists).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default async function setup(): Promise<void> {
  const db = join(import.meta.dirname, '..', 'fixtures/commerce/data/warehouse.db');
  if (existsSync(db)) return;
  const { makeWarehouse } = (await import('../scripts/make-warehouse.mjs' as string)) as { makeWarehouse: (path: string) => Promise<string> };
  await makeWarehouse(db);
}
