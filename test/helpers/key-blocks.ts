/**
 * Blocks with grain keys over the commerce warehouse, added to a copy of the commerce project
 * (domain `keys`) and given receipts as `svc certify` leaves them, for the key proof tables: a
 * good key, a key every state repeats, a key with gaps (nulls), a good composite key, a block
 * whose parameter has no default, and a draft. Beside them, blocks that declare relationships
 * (RELATIONSHIP_BLOCKS): a join that holds, one claimed one-to-one that is not, one with orphans
 * and null keys, one whose "one" side repeats its key, one with other key names on each side, one
 * to a draft, and a draft with one to a block that does not exist. The SQL is plain enough for
 * every driver svc runs. The expected counts are computed apart, by `expectedCounts` and
 * `expectedJoinCounts`, straight from the SQLite file.
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
  /** The members of a `relationships { }` section. */
  relationships?: string[];
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

const relation = (name: string, to: string, keys: string, cardinality: string, toKeys?: string): string =>
  `${name} = { to = "${to}", keys = [${keys}],${toKeys !== undefined ? ` toKeys = [${toKeys}],` : ''} cardinality = "${cardinality}" }`;

export const RELATIONSHIP_BLOCKS: readonly KeyBlock[] = [
  {
    name: 'order_customers',
    status: 'certified',
    keys: [],
    query: 'SELECT id AS order_id, customer_id FROM orders',
    relationships: [
      relation('customer', 'keys.customer_directory', '"customer_id"', 'many-to-one'),
      relation('customer_once', 'keys.customer_directory', '"customer_id"', 'one-to-one'),
      relation('draft_customer', 'keys.draft_directory', '"customer_id"', 'many-to-one'),
    ],
  },
  {
    name: 'order_refs_with_gaps',
    status: 'certified',
    keys: [],
    query: 'SELECT id AS order_id, CASE WHEN id % 10 = 0 THEN NULL WHEN id % 7 = 0 THEN customer_id + 1000000 ELSE customer_id END AS customer_id FROM orders',
    relationships: [relation('customer', 'keys.customer_directory', '"customer_id"', 'many-to-one')],
  },
  {
    name: 'state_totals',
    status: 'certified',
    keys: [],
    query: 'SELECT state, COUNT(*) AS orders FROM orders GROUP BY state',
    relationships: [relation('states', 'keys.order_states', '"state"', 'one-to-one')],
  },
  {
    name: 'customer_emails',
    status: 'certified',
    keys: [],
    query: 'SELECT id, email FROM customers',
    relationships: [relation('directory', 'keys.customer_directory', '"id"', 'one-to-one', '"customer_id"')],
  },
  {
    name: 'draft_orders',
    status: 'draft',
    keys: [],
    query: 'SELECT id AS order_id, customer_id FROM orders',
    relationships: [
      relation('customer', 'keys.customer_directory', '"customer_id"', 'many-to-one'),
      relation('nowhere', 'keys.nowhere', '"customer_id"', 'many-to-one'),
    ],
  },
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
    ...(b.keys.length > 0 ? [`  grain = { keys = [${keys}], keyEvidence = "complete-source" }`] : []),
    ...(b.relationships !== undefined ? ['  relationships {', ...b.relationships.map((r) => `    ${r}`), '  }'] : []),
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
  for (const b of [...KEY_BLOCKS, ...RELATIONSHIP_BLOCKS]) writeFileSync(join(dir, `${b.name}.svc`), source(b));
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

export interface JoinCounts {
  fromRowCount: number;
  fromNullKeyCount: number;
  fromDistinctKeyCount: number;
  fromDuplicateKeyCount: number;
  toRowCount: number;
  toNullKeyCount: number;
  toDistinctKeyCount: number;
  toDuplicateKeyCount: number;
  orphanKeyCount: number;
  orphanRowCount: number;
}

const ALL_BLOCKS = (): readonly KeyBlock[] => [...KEY_BLOCKS, ...RELATIONSHIP_BLOCKS];

/** Each row's key (JSON of its values) or null when a key column is null, with how many rows hold it. */
function heldKeys(db: Database.Database, query: string, keys: readonly string[]): { held: Map<string, number>; rows: number; nulls: number } {
  const rows = db.prepare(query).all() as Array<Record<string, unknown>>;
  const held = new Map<string, number>();
  let nulls = 0;
  for (const row of rows) {
    const values = keys.map((k) => row[k]);
    if (values.some((v) => v === null || v === undefined)) nulls += 1;
    else held.set(JSON.stringify(values), (held.get(JSON.stringify(values)) ?? 0) + 1);
  }
  return { held, rows: rows.length, nulls };
}

/** The counts a validation of `<block>.<relationship>` must give, read from the SQLite warehouse by the test's own queries. */
export function expectedJoinCounts(dbFile: string, block: string, relationship: string): JoinCounts {
  const from = RELATIONSHIP_BLOCKS.find((b) => b.name === block) as KeyBlock;
  const declared = (from.relationships ?? []).find((r) => r.startsWith(`${relationship} =`)) as string;
  const [, to, keyList, toKeyList] = /to = "keys\.(\w+)", keys = \[([^\]]*)\],(?: toKeys = \[([^\]]*)\],)?/.exec(declared) as RegExpExecArray;
  const names = (list: string) => list.split(',').map((k) => k.trim().replace(/"/g, ''));
  const target = ALL_BLOCKS().find((b) => b.name === to) as KeyBlock;
  const db = new Database(dbFile, { readonly: true });
  try {
    const a = heldKeys(db, from.query, names(keyList as string));
    const b = heldKeys(db, target.query, names(toKeyList ?? (keyList as string)));
    const orphans = [...a.held].filter(([k]) => !b.held.has(k));
    const dup = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
    return {
      fromRowCount: a.rows,
      fromNullKeyCount: a.nulls,
      fromDistinctKeyCount: a.held.size,
      fromDuplicateKeyCount: dup(a.held),
      toRowCount: b.rows,
      toNullKeyCount: b.nulls,
      toDistinctKeyCount: b.held.size,
      toDuplicateKeyCount: dup(b.held),
      orphanKeyCount: orphans.length,
      orphanRowCount: orphans.reduce((n, [, rows]) => n + rows, 0),
    };
  } finally {
    db.close();
  }
}

/** The whole report of the gapped orders' customer join (orphans and null keys: failed), with the counts read from the warehouse. */
export function gappedCustomerJoin(dbFile: string): Record<string, unknown> {
  return {
    id: 'keys.order_refs_with_gaps.customer',
    block: 'keys.order_refs_with_gaps',
    file: 'domains/keys/blocks/order_refs_with_gaps.svc',
    to: 'keys.customer_directory',
    keys: ['customer_id'],
    toKeys: ['customer_id'],
    cardinality: 'many-to-one',
    observedCardinality: 'many-to-one',
    status: 'failed',
    ...expectedJoinCounts(dbFile, 'order_refs_with_gaps', 'customer'),
  };
}
