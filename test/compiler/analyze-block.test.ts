import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../grammar/block/index.js';
import { analyzeBlock } from '../../src/compiler/analyze/analyze-block.js';

function analyze(src: string, folderDomain: string | null = 'sales') {
  const parsed = parseBlockFile(src, 'b.svc');
  expect(parsed.diagnostics).toEqual([]);
  const decl = parsed.declarations[0];
  if (!decl) throw new Error('no declaration');
  const ctx = { file: 'b.svc', layout: 'domain' as const, inDrafts: false, ...(folderDomain ? { folderDomain } : {}) };
  return analyzeBlock(decl, ctx);
}

const q = 'query = "SELECT 1"';

describe('analyzeBlock diagnostics', () => {
  const cases: Array<[string, string, string[]]> = [
    ['clean', `block "a" { status = "draft" ${q} }`, []],
    ['unknown field kept', `block "a" { status = "draft" colour = "blue" ${q} }`, ['compile/unknown-field']],
    ['bad status', `block "a" { status = "approved" ${q} }`, ['compile/invalid-status']],
    ['missing query', `block "a" { status = "draft" }`, ['compile/missing-field']],
    ['missing status', `block "a" { ${q} }`, ['compile/missing-field']],
    ['bad name', `block "Weekly-Revenue" { status = "draft" ${q} }`, ['compile/invalid-name']],
    ['duplicate field', `block "a" { status = "draft" status = "review" ${q} }`, ['compile/duplicate-field']],
    ['tags not strings', `block "a" { status = "draft" tags = [1, 2] ${q} }`, ['compile/field-type']],
    ['asked_times negative', `block "a" { status = "draft" asked_times = -1 ${q} }`, ['compile/field-type']],
    ['domain mismatch', `block "a" { domain = "finance" status = "draft" ${q} }`, ['compile/domain-mismatch']],
    ['undeclared param', 'block "a" { status = "draft" query = "SELECT * FROM t WHERE d > ${since}" }', ['compile/undeclared-param']],
    ['unused param', `block "a" { status = "draft" params { since: date = "2024-01-01" } ${q} }`, ['compile/unused-param']],
    ['bad param type', 'block "a" { status = "draft" params { n: float = 1 } query = "SELECT ${n}" }', ['compile/invalid-param']],
    ['bad param default', 'block "a" { status = "draft" params { d: date = "yesterday" } query = "SELECT ${d}" }', ['compile/invalid-param']],
    ['bad test', `block "a" { status = "draft" tests { assert row_count in ["x"] } ${q} }`, ['compile/invalid-test']],
    ['assert outside tests', `block "a" { status = "draft" params { assert x > 1 } ${q} }`, ['compile/misplaced-member']],
    ['synonyms not strings', `block "a" { status = "draft" synonyms = [1] ${q} }`, ['compile/field-type']],
    ['column of an unknown field', `block "a" { status = "draft" columns { r = { colour = "blue" } } ${q} }`, ['compile/column-invalid']],
    ['column sensitive of no kind', `block "a" { status = "draft" columns { r = { sensitive = "secret" } } ${q} }`, ['compile/column-invalid']],
    ['column synonyms not strings', `block "a" { status = "draft" columns { r = { synonyms = "sales" } } ${q} }`, ['compile/column-invalid']],
    ['column nonAdditive not a boolean', `block "a" { status = "draft" columns { d = { nonAdditive = "yes" } } ${q} }`, ['compile/column-invalid']],
    [
      'column both additive and nonAdditive',
      `block "a" { status = "draft" columns { d = { additive = true, nonAdditive = true } } ${q} }`,
      ['compile/column-invalid'],
    ],
  ];
  it.each(cases)('%s', (_n, src, codes) => {
    const { diagnostics } = analyze(src);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(codes.sort());
    for (const d of diagnostics) expect(d.span?.start.line).toBeGreaterThan(0);
  });
});

describe('analyzeBlock output', () => {
  it('compiles every known field', () => {
    const src = `block "weekly_revenue" {
  domain = "sales"
  status = "certified"
  description = "Revenue."
  owner = "fin@example.test"
  tags = ["kpi"]
  svc_contract = "sales.Revenue.weekly_revenue@1"
  outputs = ["week", "revenue"]
  examples = [{ question = "What was revenue?" }, "Revenue by week"]
  params {
    since: date = "2024-01-01"
    region: string
  }
  query = """
    SELECT week, revenue FROM orders WHERE d >= \${since} AND r = \${region}
  """
  visualization { chart = "line" x = "week" }
  tests {
    assert row_count > 0
    assert revenue between 0 and 100
    assert region in ["east", "west"]
    assert week is not null
  }
  extra_note = "kept"
}`;
    const { block, diagnostics } = analyze(src);
    expect(diagnostics.map((d) => d.code)).toEqual(['compile/unknown-field']);
    expect(block).toMatchObject({
      id: 'sales.weekly_revenue',
      status: 'certified',
      tags: ['kpi'],
      outputs: ['week', 'revenue'],
      examples: [{ question: 'What was revenue?' }, { question: 'Revenue by week' }],
      params: [
        { name: 'since', type: 'date', default: '2024-01-01', required: false },
        { name: 'region', type: 'string', required: true },
      ],
      paramsUsed: ['since', 'region'],
      visualization: { chart: 'line', x: 'week' },
      extra: { extra_note: 'kept' },
      contract: { raw: 'sales.Revenue.weekly_revenue@1' },
    });
    expect(block?.tests.map((t) => t.text)).toEqual(['row_count > 0', 'revenue between 0 and 100', 'region in ["east","west"]', 'week is not null']);
    expect(block?.sourceSha256).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('keeps the revision when only layout and comments change', () => {
    const a = analyze('block "a" { status = "draft" query = "SELECT 1" }').block?.sourceSha256;
    const b = analyze('// note\nblock "a" {\n  status = "draft" // why\n\n  query = "SELECT 1"\n}\n').block?.sourceSha256;
    const c = analyze('block "a" { status = "draft" query = "SELECT 2" }').block?.sourceSha256;
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('takes the domain from the folder when the block does not name one', () => {
    expect(analyze(`block "a" { status = "draft" ${q} }`, 'ops').block?.id).toBe('ops.a');
    const none = analyze(`block "a" { status = "draft" ${q} }`, null);
    expect(none.block).toBeUndefined();
    expect(none.diagnostics.map((d) => d.code)).toEqual(['compile/missing-field']);
  });
});

describe('declared meaning', () => {
  it('reads synonyms and column meanings, keeping a readable column beside an unreadable one', () => {
    const { block, diagnostics } = analyze(`block "a" {
  status = "draft"
  synonyms = ["logo churn", "lost accounts"]
  columns {
    revenue = { synonyms = ["sales", "turnover"], unit = "USD", additive = true }
    Email = { sensitive = "contact" }
    broken = { sensitive = "secret" }
  }
  ${q}
}`);
    expect(diagnostics.map((d) => d.code)).toEqual(['compile/column-invalid']);
    expect(block?.synonyms).toEqual(['logo churn', 'lost accounts']);
    expect(block?.columns).toEqual({ revenue: { synonyms: ['sales', 'turnover'], unit: 'USD', additive: true }, email: { sensitive: 'contact' } });
  });

  it('reads the additivity a summary relies on: measures additive along every axis or named ones, and a dimension no sum may cross', () => {
    const { block, diagnostics } = analyze(`block "a" {
  status = "draft"
  columns {
    revenue = { additive = true }
    stock = { additive = ["warehouse"] }
    snapshot_day = { nonAdditive = true }
    avg_price = { additive = false }
  }
  ${q}
}`);
    expect(diagnostics).toEqual([]);
    expect(block?.columns).toEqual({
      revenue: { additive: true },
      stock: { additive: ['warehouse'] },
      snapshot_day: { nonAdditive: true },
      avg_price: { additive: false },
    });
  });

  it('leaves a block that declares none as it was', () => {
    const { block } = analyze(`block "a" { status = "draft" ${q} }`);
    expect(block).not.toHaveProperty('synonyms');
    expect(block).not.toHaveProperty('columns');
  });
});
