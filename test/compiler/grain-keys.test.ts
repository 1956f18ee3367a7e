/**
 * Grain keys in the block language (`grain = { keys = [...], keyEvidence = ... }`): what each
 * declaration compiles to, and each problem as a diagnostic at the part at fault (line and column
 * of the key, the list or the field), carried into the manifest as `grainKeys`.
 */
import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../grammar/block/index.js';
import { analyzeBlock } from '../../src/compiler/analyze/analyze-block.js';

function analyze(members: string) {
  const src = `block "a" {\n  status = "draft"\n  query = "SELECT 1 AS customer_id, 2 AS day"\n${members}\n}`;
  const parsed = parseBlockFile(src, 'b.svc');
  expect(parsed.diagnostics).toEqual([]);
  return analyzeBlock(parsed.declarations[0]!, { file: 'b.svc', layout: 'domain', inDrafts: false, folderDomain: 'sales' });
}

interface Case {
  name: string;
  members: string;
  keys?: { keys: string[]; keyEvidence: string };
  /** Expected diagnostics: code, line:column of the span start. */
  found?: Array<[string, string]>;
}

const CASES: Case[] = [
  { name: 'one key, evidence by default', members: 'grain = { keys = ["customer_id"] }', keys: { keys: ['customer_id'], keyEvidence: 'complete-source' } },
  {
    name: 'two keys with evidence, as a section',
    members: 'grain {\n  keys = ["customer_id", "day"]\n  keyEvidence = "complete-source"\n}',
    keys: { keys: ['customer_id', 'day'], keyEvidence: 'complete-source' },
  },
  {
    name: 'keys among declared outputs (any case)',
    members: 'outputs = ["Customer_Id", "day"]\ngrain = { keys = ["customer_id"] }',
    keys: { keys: ['customer_id'], keyEvidence: 'complete-source' },
  },
  { name: 'a grain word declares no keys', members: 'grain = "week"' },
  { name: 'empty keys', members: 'grain = { keys = [] }', found: [['compile/grain-keys-empty', '4:18']] },
  {
    name: 'a key the declared outputs do not hold',
    members: 'outputs = ["customer_id"]\ngrain = { keys = ["customer_id", "region"] }',
    found: [['compile/grain-key-unknown', '5:34']],
  },
  { name: 'no keys field', members: 'grain = { keyEvidence = "complete-source" }', found: [['compile/grain-invalid', '4:1']] },
  { name: 'a describing grain declares no keys', members: 'grain = { time = "month", by = ["state"] }' },
  {
    name: 'keys beside describing fields',
    members: 'grain = { time = "day", keys = ["customer_id", "day"] }',
    keys: { keys: ['customer_id', 'day'], keyEvidence: 'complete-source' },
  },
  { name: 'keys not a list', members: 'grain = { keys = "customer_id" }', found: [['compile/grain-invalid', '4:18']] },
  { name: 'a key that is not a column name', members: 'grain = { keys = ["customer id"] }', found: [['compile/grain-invalid', '4:19']] },
  { name: 'a key named twice', members: 'grain = { keys = ["day", "DAY"] }', found: [['compile/grain-invalid', '4:26']] },
  { name: 'a number as a key', members: 'grain = { keys = [1] }', found: [['compile/grain-invalid', '4:19']] },
  { name: 'an unknown evidence', members: 'grain = { keys = ["day"], keyEvidence = "sample" }', found: [['compile/grain-invalid', '4:41']] },
];

describe('grain keys', () => {
  it.each(CASES)('$name', ({ members, keys, found = [] }) => {
    const { block, diagnostics } = analyze(members);
    expect(diagnostics.map((d) => [d.code, `${d.span?.start.line}:${d.span?.start.column}`])).toEqual(found);
    for (const d of diagnostics) expect(d.file).toBe('b.svc');
    if (keys === undefined) expect(block).not.toHaveProperty('grainKeys');
    else expect(block?.grainKeys).toEqual(keys);
  });

  it('keeps the grain as written beside its keys, so the manifest carries both', () => {
    const { block } = analyze('grain = { keys = ["customer_id"] }');
    expect(block?.grain).toEqual({ keys: ['customer_id'] });
    expect(JSON.parse(JSON.stringify(block)).grainKeys).toEqual({ keys: ['customer_id'], keyEvidence: 'complete-source' });
  });
});
