/**
 * Runs once before the suite: the SQLite warehouses of the commerce, hotels, freight, saas,
 * vetclinic, insurance, factory, utility, airline, university, telecom, hospital, restaurants, bank, transit, people, housing, publisher, charity, council, gym, lawfirm, delivery, streaming and builder fixtures are generated, not committed, so a fresh clone gets
 * them here (a few seconds). Their dates end in the last seven days, so each is generated again
 * when it was made in an earlier week.
 *
 * Every temporary folder the tests make (projects, key folders, servers' data) lives under one
 * folder of this run: TMPDIR points there before any test process starts, so the children inherit
 * it, and the teardown removes it after every file's own afterAll has stopped its servers.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Generator {
  makeWarehouse: (path: string) => Promise<string>;
  warehouseIsCurrent: (path: string) => boolean;
}

const WAREHOUSES = [
  { db: 'fixtures/commerce/data/warehouse.db', generator: '../scripts/make-warehouse.mjs' },
  { db: 'fixtures/hotels/data/warehouse.db', generator: '../scripts/make-hotels-warehouse.mjs' },
  { db: 'fixtures/freight/data/warehouse.db', generator: '../scripts/make-freight-warehouse.mjs' },
  { db: 'fixtures/saas/data/warehouse.db', generator: '../scripts/make-saas-warehouse.mjs' },
  { db: 'fixtures/vetclinic/data/warehouse.db', generator: '../scripts/make-vetclinic-warehouse.mjs' },
  { db: 'fixtures/insurance/data/warehouse.db', generator: '../scripts/make-insurance-warehouse.mjs' },
  { db: 'fixtures/factory/data/warehouse.db', generator: '../scripts/make-factory-warehouse.mjs' },
  { db: 'fixtures/utility/data/warehouse.db', generator: '../scripts/make-utility-warehouse.mjs' },
  { db: 'fixtures/airline/data/warehouse.db', generator: '../scripts/make-airline-warehouse.mjs' },
  { db: 'fixtures/university/data/warehouse.db', generator: '../scripts/make-university-warehouse.mjs' },
  { db: 'fixtures/telecom/data/warehouse.db', generator: '../scripts/make-telecom-warehouse.mjs' },
  { db: 'fixtures/hospital/data/warehouse.db', generator: '../scripts/make-hospital-warehouse.mjs' },
  { db: 'fixtures/restaurants/data/warehouse.db', generator: '../scripts/make-restaurants-warehouse.mjs' },
  { db: 'fixtures/bank/data/warehouse.db', generator: '../scripts/make-bank-warehouse.mjs' },
  { db: 'fixtures/transit/data/warehouse.db', generator: '../scripts/make-transit-warehouse.mjs' },
  { db: 'fixtures/people/data/warehouse.db', generator: '../scripts/make-people-warehouse.mjs' },
  { db: 'fixtures/games/data/warehouse.db', generator: '../scripts/make-games-warehouse.mjs' },
  { db: 'fixtures/housing/data/warehouse.db', generator: '../scripts/make-housing-warehouse.mjs' },
  { db: 'fixtures/publisher/data/warehouse.db', generator: '../scripts/make-publisher-warehouse.mjs' },
  { db: 'fixtures/charity/data/warehouse.db', generator: '../scripts/make-charity-warehouse.mjs' },
  { db: 'fixtures/council/data/warehouse.db', generator: '../scripts/make-council-warehouse.mjs' },
  { db: 'fixtures/gym/data/warehouse.db', generator: '../scripts/make-gym-warehouse.mjs' },
  { db: 'fixtures/lawfirm/data/warehouse.db', generator: '../scripts/make-lawfirm-warehouse.mjs' },
  { db: 'fixtures/delivery/data/warehouse.db', generator: '../scripts/make-delivery-warehouse.mjs' },
  { db: 'fixtures/streaming/data/warehouse.db', generator: '../scripts/make-streaming-warehouse.mjs' },
  { db: 'fixtures/builder/data/warehouse.db', generator: '../scripts/make-builder-warehouse.mjs' },
];

export default async function setup(): Promise<() => void> {
  const runRoot = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  // As open as /tmp itself: the database servers run as their own users and make folders here.
  chmodSync(runRoot, 0o1777);
  process.env['TMPDIR'] = runRoot;
  for (const { db: relative, generator } of WAREHOUSES) {
    const db = join(import.meta.dirname, '..', relative);
    const { makeWarehouse, warehouseIsCurrent } = (await import(generator)) as Generator;
    if (!warehouseIsCurrent(db)) await makeWarehouse(db);
  }
  return () => rmSync(runRoot, { recursive: true, force: true });
}
