/**
 * Runs once before the suite: the commerce fixture's SQLite warehouse is generated, not
 * committed, so a fresh clone gets it here (about a second). Its dates end in the last seven
 * days, so it is generated again when it was made in an earlier week.
 */
import { join } from 'node:path';

interface Generator {
  makeWarehouse: (path: string) => Promise<string>;
  warehouseIsCurrent: (path: string) => boolean;
}

export default async function setup(): Promise<void> {
  const db = join(import.meta.dirname, '..', 'fixtures/commerce/data/warehouse.db');
  const { makeWarehouse, warehouseIsCurrent } = (await import('../scripts/make-warehouse.mjs' as string)) as Generator;
  if (!warehouseIsCurrent(db)) await makeWarehouse(db);
}
