/**
 * Relationships in the block language (`relationships { name = { to, keys, toKeys?, cardinality } }`):
 * what each declaration compiles to, and each problem as a diagnostic at the part at fault (line
 * and column), the readable relationships of the block kept beside one with a problem.
 */
import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../grammar/block/index.js';
import { analyzeBlock } from '../../src/compiler/analyze/analyze-block.js';
import { formatText } from '../../src/compiler/format/format-file.js';

const source = (members: string) => `block "a" {\n  status = "draft"\n  query = "SELECT 1 AS customer_id, 2 AS day"\n${members}\n}`;

function analyze(members: string, src = source(members)) {
  const parsed = parseBlockFile(src, 'b.svc');
  expect(parsed.diagnostics).toEqual([]);
  return analyzeBlock(parsed.declarations[0]!, { file: 'b.svc', layout: 'domain', inDrafts: false, folderDomain: 'sales' });
}

const customer = { name: 'customer', to: 'sales.customers', keys: ['customer_id'], toKeys: ['customer_id'], cardinality: 'many-to-one' };

interface Case {
  name: string;
  members: string;
  relationships?: object[];
  /** Expected diagnostics: code, line:column of the span start. */
  found?: Array<[string, string]>;
}

const CASES: Case[] = [
  {
    name: 'one join, as a section',
    members: 'relationships {\n  customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "many-to-one" }\n}',
    relationships: [customer],
  },
  {
    name: 'other key names on the other side, as a field',
    members: 'relationships = { customer = { to = "sales.customers", keys = ["customer_id"], toKeys = ["id"], cardinality = "one-to-one" } }',
    relationships: [{ ...customer, toKeys: ['id'], cardinality: 'one-to-one' }],
  },
  {
    name: 'a join as a nested section, two keys',
    members: 'relationships {\n  day_customer {\n    to = "sales.daily"\n    keys = ["customer_id", "day"]\n    cardinality = "many-to-one"\n  }\n}',
    relationships: [{ name: 'day_customer', to: 'sales.daily', keys: ['customer_id', 'day'], toKeys: ['customer_id', 'day'], cardinality: 'many-to-one' }],
  },
  { name: 'no relationships', members: 'grain = "day"' },
  { name: 'not a section', members: 'relationships = ["sales.customers"]', found: [['compile/relationship-invalid', '4:1']] },
  {
    name: 'an unknown cardinality, the good join kept',
    members:
      'relationships {\n  customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "many-to-one" }\n  day = { to = "sales.days", keys = ["day"], cardinality = "many-to-many" }\n}',
    relationships: [customer],
    found: [['compile/relationship-invalid', '6:60']],
  },
  {
    name: 'no to',
    members: 'relationships { customer = { keys = ["customer_id"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:17']],
  },
  {
    name: 'to that is not a block id',
    members: 'relationships { customer = { to = "customers", keys = ["customer_id"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:35']],
  },
  {
    name: 'an empty key list',
    members: 'relationships { customer = { to = "sales.customers", keys = [], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:61']],
  },
  {
    name: 'a key named twice',
    members: 'relationships { customer = { to = "sales.customers", keys = ["day", "DAY"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:69']],
  },
  {
    name: 'toKeys of another length',
    members: 'relationships { customer = { to = "sales.customers", keys = ["customer_id"], toKeys = ["id", "day"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:87']],
  },
  {
    name: 'an unknown field',
    members: 'relationships { customer = { to = "sales.customers", keys = ["customer_id"], on = "x", cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:78']],
  },
  {
    name: 'a name that is not lower case',
    members: 'relationships { Customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-invalid', '4:17']],
  },
  {
    name: 'a key the declared outputs do not hold',
    members: 'outputs = ["customer_id"]\nrelationships { day = { to = "sales.days", keys = ["day"], cardinality = "many-to-one" } }',
    found: [['compile/relationship-key-unknown', '5:17']],
  },
];

describe('relationships', () => {
  it.each(CASES)('$name', ({ members, relationships, found = [] }) => {
    const { block, diagnostics } = analyze(members);
    expect(diagnostics.map((d) => [d.code, `${d.span?.start.line}:${d.span?.start.column}`])).toEqual(found);
    if (relationships === undefined) expect(block?.relationships ?? []).toEqual([]);
    else expect(block?.relationships).toEqual(relationships);
  });

  it('a relationship is part of the source, so changing it changes the source hash a receipt binds', () => {
    const one = analyze('relationships { customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "many-to-one" } }').block;
    const other = analyze('relationships { customer = { to = "sales.customers", keys = ["customer_id"], cardinality = "one-to-one" } }').block;
    expect(one?.sourceSha256).not.toBe(other?.sourceSha256);
  });

  it('svc fmt keeps relationships as written: the formatted file compiles to the same joins and source hash, and formats to itself', () => {
    const src = source(
      'relationships {\n  customer = { to = "sales.customers", keys = ["customer_id"], toKeys = ["id"], cardinality = "many-to-one" } // the buyer\n  day {\n    to = "sales.days"\n    keys = ["day"]\n    cardinality = "one-to-one"\n  }\n}',
    );
    const formatted = formatText(src, 'b.svc').output as string;
    expect(formatted).toContain('// the buyer');
    expect(formatText(formatted, 'b.svc').output).toBe(formatted);
    const before = analyze('', src).block;
    const after = analyze('', formatted).block;
    expect(after?.relationships).toEqual(before?.relationships);
    expect(after?.relationships).toHaveLength(2);
    expect(after?.sourceSha256).toBe(before?.sourceSha256);
  });
});
