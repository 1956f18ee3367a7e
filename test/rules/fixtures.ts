/**
 * Fact builders for the rules tests. `certifiableBlock()` passes every enterprise rule; each
 * case changes one thing, so a table row reads as "this difference -> these rule ids".
 */
import type { CompiledBlock } from '../../src/compiler/types.js';
import type { Facts, TileFacts } from '../../src/rules/facts.js';
import { answerGate, gateFacts } from '../../src/rules/gates/answer-gate.js';

const SHA = 'sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

export function certifiableBlock(over: Partial<CompiledBlock> = {}): CompiledBlock {
  const block = blockWithoutReceipt(over);
  // The receipt follows the block's own source unless a case sets the companion itself.
  if (!('companion' in over)) block.companion = receiptFor(block.sourceSha256);
  return block;
}

function receiptFor(sourceSha256: string): NonNullable<CompiledBlock['companion']> {
  return {
    file: 'semantic-layer/blocks/finance/weekly_revenue.yaml',
    reviewStatus: 'certified',
    certification: {
      certifiedBy: 'finance-analytics@acme.test',
      certifiedAt: '2026-01-20T08:15:00Z',
      via: 'cli',
      rules: 'oss',
      sourceSha256,
      checks: ['metadata', 'validation', 'run', 'tests'],
    },
  };
}

function blockWithoutReceipt(over: Partial<CompiledBlock>): CompiledBlock {
  return {
    id: 'finance.weekly_revenue',
    name: 'weekly_revenue',
    domain: 'finance',
    file: 'domains/finance/blocks/weekly_revenue.svc',
    span: { start: { offset: 20, line: 2, column: 1 }, end: { offset: 400, line: 30, column: 2 } },
    layout: 'domain',
    inDrafts: false,
    status: 'certified',
    effectiveStatus: 'certified',
    receipt: 'valid',
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
    validation: { ok: true, prepared: true },
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

/**
 * Facts of a tile that ran from its current, certified source, with the answer gate's decision
 * about that source as app check gathers it (pass `gate` in `over` to replace or drop it).
 */
export function tileFacts(over: Partial<Facts> = {}, tileOver: Partial<TileFacts> = {}, block: Partial<CompiledBlock> = {}): Facts {
  const facts = ungatedTileFacts(over, tileOver, block);
  if (facts.block !== undefined && !('gate' in over)) {
    facts.gate = gateFacts(answerGate({ block: facts.block, compileErrors: 0, contractsLoaded: facts.contractsLoaded ?? true }));
  }
  return facts;
}

function ungatedTileFacts(over: Partial<Facts>, tileOver: Partial<TileFacts>, block: Partial<CompiledBlock>): Facts {
  return {
    app: { id: 'growth', file: 'apps/growth/svc.app.json', draftPending: false },
    tile: tile(tileOver),
    block: certifiableBlock(block),
    run: { ok: true, columns: ['week_start', 'revenue'], rowCount: 12 },
    contractsLoaded: true,
    ...over,
  };
}

export { SHA };
