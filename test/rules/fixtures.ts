/**
 * Fact builders for the rules tests. `certifiableBlock()` passes every enterprise rule; each
 * case changes one thing, so a table row reads as "this difference -> these rule ids".
 */
import type { CompiledBlock } from '../../src/compiler/types.js';
import type { Facts, TileFacts } from '../../src/rules/facts.js';

const SHA = 'sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

export function certifiableBlock(over: Partial<CompiledBlock> = {}): CompiledBlock {
  return {
    id: 'finance.weekly_revenue',
    name: 'weekly_revenue',
    domain: 'finance',
    file: 'domains/finance/blocks/weekly_revenue.svc',
    span: { start: { offset: 20, line: 2, column: 1 }, end: { offset: 400, line: 30, column: 2 } },
    layout: 'domain',
    inDrafts: false,
    status: 'certified',
    description: 'Net revenue per ISO week from completed orders.',
    owner: 'finance-analytics@acme.test',
    tags: ['revenue', 'kpi'],
    contract: { raw: 'finance.Revenue.weekly_revenue@1', id: 'finance.Revenue.weekly_revenue', version: 1, status: 'resolved' },
    pattern: 'trend',
    grain: 'week',
    outputs: ['week_start', 'revenue'],
    sourceSystems: ['shop.orders'],
    reviewCadence: 'quarterly',
    examples: [{ question: 'What was revenue last week?' }],
    params: [],
    paramsUsed: [],
    query: "SELECT date(ordered_at) AS week_start, SUM(amount) AS revenue FROM orders WHERE status = 'completed' GROUP BY 1",
    connection: 'default',
    dialect: 'sqlite',
    tests: [
      { subject: 'row_count', op: '>', value: 0, text: 'row_count > 0' },
      { subject: 'revenue', op: '>=', value: 0, text: 'revenue >= 0' },
    ],
    extra: {},
    tables: ['orders'],
    tablesFrom: 'lexer',
    sourceSha256: SHA,
    sqlFingerprint: 'sha256:ffff',
    ...over,
  };
}

/** Facts of a block that certifies under both policies. */
export function certifiableFacts(over: Partial<Facts> = {}, block: Partial<CompiledBlock> = {}): Facts {
  return {
    block: certifiableBlock(block),
    run: { ok: true, columns: ['week_start', 'revenue'], rowCount: 12 },
    tests: [
      { text: 'row_count > 0', pass: true },
      { text: 'revenue >= 0', pass: true },
    ],
    compileErrors: 0,
    contractsLoaded: true,
    ...over,
  };
}

export function tile(over: Partial<TileFacts> = {}): TileFacts {
  return {
    id: 'revenue',
    kind: 'chart',
    page: 'overview',
    source: { kind: 'block', id: 'finance.weekly_revenue', revision: SHA },
    unboundFilters: [],
    openReviews: 0,
    ...over,
  };
}

/** Facts of a tile that ran from its current, certified source. */
export function tileFacts(over: Partial<Facts> = {}, tileOver: Partial<TileFacts> = {}, block: Partial<CompiledBlock> = {}): Facts {
  return {
    app: { id: 'growth', file: 'apps/growth/svc.app.json', draftPending: false },
    tile: tile(tileOver),
    block: certifiableBlock(block),
    run: { ok: true, columns: ['week_start', 'revenue'], rowCount: 12 },
    ...over,
  };
}

export { SHA };
