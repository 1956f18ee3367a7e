/**
 * Blocks with grain keys over the commerce warehouse, added to a copy of the commerce project
 * (domain `keys`) and given receipts as `svc certify` leaves them, for the key proof tables: a
 * good key, a key every state repeats, a key with gaps (nulls), a good composite key, a block
 * whose parameter has no default, and a draft. The SQL is plain enough for every driver svc runs.
 * The expected counts are computed apart, by `expectedCounts`, straight from the SQLite file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Manifest } from '../../src/compiler/types.js';
import { writeReceipts } from './receipts.js';

interface KeyBlock {
  name: string;
  status: 'certified' | 'draft';
  keys: string[];
  query: string;
  params?: string;
}

export const KEY_BLOCKS: readonly KeyBlock[] = [
  { name: 'customer_directory', status: 'certified', keys: ['customer_id'], query: 'SELECT id AS customer_id, segment FROM customers' },
  { name: 'order_states', status: 'certified', keys: ['state'], query: 'SELECT state, status, amount FROM orders' },
  {
    name: 'order_keys_with_gaps',
    status: 'certified',
    keys: ['order_key'],
    query: 'SELECT CASE WHEN id % 10 = 0 THEN NULL ELSE id END AS order_key FROM orders',
  },
  {
    name: 'channel_by_state',
    status: 'certified',
    keys: ['state', 'channel'],
    query: 'SELECT state, channel, COUNT(*) AS orders FROM orders GROUP BY state, channel -- one row per pair',
  },
  { name: 'orders_since', status: 'certified', keys: ['id'], query: 'SELECT id FROM orders WHERE ordered_at >= ${since}', params: 'since: date' },
  { name: 'draft_directory', status: 'draft', keys: ['customer_id'], query: 'SELECT id AS customer_id FROM customers' },
];

function source(b: KeyBlock): string {
  const keys = b.keys.map((k) => `"${k}"`).join(', ');
  return [
    '// svc-format: 1',
    `block "${b.name}" {`,
    '  domain = "keys"',
    `  status = "${b.status}"`,
    `  description = "Key proof fixture ${b.name}."`,
    '  owner = "keys@acme.test"',
    `  grain = { keys = [${keys}], keyEvidence = "complete-source" }`,
    ...(b.params !== undefined ? [`  params { ${b.params} }`] : []),
    `  query = """\n    ${b.query}\n  """`,
    '  tests {\n    assert row_count > 0\n  }',
    '}',
    '',
  ].join('\n');
}

/** Adds the key blocks to the project at `root` and certifies them; returns the manifest. */
export function addKeyBlocks(root: string): Manifest {
  const dir = join(root, 'domains/keys/blocks');
  mkdirSync(dir, { recursive: true });
  for (const b of KEY_BLOCKS) writeFileSync(join(dir, `${b.name}.svc`), source(b));
  return writeReceipts(root);
}

export interface Counts {
  rowCount: number;
  distinctKeyCount: number;
  nullKeyCount: number;
  duplicateKeyCount: number;
}

/** The counts a proof of `name` must give, read from the SQLite warehouse by a query of the test's own. */
export function expectedCounts(dbFile: string, name: string): Counts {
  const b = KEY_BLOCKS.find((k) => k.name === name);
  if (b === undefined) throw new Error(`no key block ${name}`);
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare(b.query.replace('${since}', "'2000-01-01'")).all() as Array<Record<string, unknown>>;
    const held = new Map<string, number>();
    let nulls = 0;
    for (const row of rows) {
      const values = b.keys.map((k) => row[k]);
      if (values.some((v) => v === null || v === undefined)) nulls += 1;
      else held.set(JSON.stringify(values), (held.get(JSON.stringify(values)) ?? 0) + 1);
    }
    const duplicates = [...held.values()].filter((n) => n > 1).length;
    return { rowCount: rows.length, distinctKeyCount: held.size, nullKeyCount: nulls, duplicateKeyCount: duplicates };
  } finally {
    db.close();
  }
}

/** Every value of the key columns of `name`'s rows, as text: what a proof must never show. */
export function keyValues(dbFile: string, name: string): string[] {
  const b = KEY_BLOCKS.find((k) => k.name === name) as KeyBlock;
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare(b.query.replace('${since}', "'2000-01-01'")).all() as Array<Record<string, unknown>>;
    return [...new Set(rows.flatMap((r) => b.keys.map((k) => String(r[k]))))];
  } finally {
    db.close();
  }
}
