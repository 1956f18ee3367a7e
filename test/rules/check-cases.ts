/**
 * The table of check cases: every check kind has at least one passing and one failing case
 * (checks-meta.test.ts enforces that). `data` lists only the keys a case cares about.
 */

import type { Facts } from '../../src/rules/facts.js';
import type { CheckSpec } from '../../src/rules/policy.js';
import { certifiableBlock, certifiableFacts, tileFacts } from './fixtures.js';

export interface CheckCase {
  name: string;
  spec: CheckSpec;
  facts: Facts;
  pass: boolean;
  data?: Record<string, string | number | boolean>;
}

const ok = certifiableFacts();
const withBlock = (over: Parameters<typeof certifiableBlock>[0]): Facts => certifiableFacts({}, over);
const REVIEW = { kind: 'field-matches', field: 'description', pattern: 'review required', flags: 'i' };
const STAR = { kind: 'sql-not-matches', pattern: '\\bselect\\s+\\*', flags: 'i' };
/** A certifiable block that declares grain keys, with no proof yet. */
const KEYED: Facts = withBlock({ grainKeys: { keys: ['week_start'], keyEvidence: 'complete-source' } });

export const CHECK_CASES: CheckCase[] = [
  { name: 'all: every part passes', spec: { kind: 'all', checks: [{ kind: 'run-ok' }, { kind: 'compiles' }] }, facts: ok, pass: true },
  {
    name: 'all: reports the failing part',
    spec: { kind: 'all', checks: [{ kind: 'run-ok' }, { kind: 'compiles' }] },
    facts: certifiableFacts({ compileErrors: 2 }),
    pass: false,
    data: { errors: 2 },
  },
  { name: 'answer-gate: the gate let the block answer', spec: { kind: 'answer-gate' }, facts: tileFacts(), pass: true },
  {
    name: 'answer-gate: the gate said no, with its reason',
    spec: { kind: 'answer-gate' },
    facts: tileFacts({ gate: { certified: false, rule: 'gate/receipt-present', reason: 'no receipt' } }),
    pass: false,
    data: { reason: 'no receipt', gateRule: 'gate/receipt-present' },
  },
  { name: 'answer-gate: no gate facts fails closed', spec: { kind: 'answer-gate' }, facts: ok, pass: false, data: { gateRule: '(none)' } },
  {
    name: 'any: one part passes',
    spec: { kind: 'any', checks: [{ kind: 'compiles' }, { kind: 'run-ok' }] },
    facts: certifiableFacts({ compileErrors: 1 }),
    pass: true,
  },
  {
    name: 'any: no part passes',
    spec: { kind: 'any', checks: [{ kind: 'compiles' }, { kind: 'run-ok' }] },
    facts: { compileErrors: 1 },
    pass: false,
    data: { errors: 1, error: 'not run' },
  },
  { name: 'array-min-length: enough items', spec: { kind: 'array-min-length', field: 'outputs', min: 2 }, facts: ok, pass: true, data: { count: 2 } },
  {
    name: 'array-min-length: missing list is empty',
    spec: { kind: 'array-min-length', field: 'nothing_here', min: 1 },
    facts: ok,
    pass: false,
    data: { count: 0 },
  },
  { name: 'compiles: no errors', spec: { kind: 'compiles' }, facts: ok, pass: true },
  {
    name: 'compiles: not compiled fails closed',
    spec: { kind: 'compiles' },
    facts: { block: certifiableBlock() },
    pass: false,
    data: { errors: -1, reason: 'it was not compiled' },
  },
  { name: 'contract-resolves: resolved', spec: { kind: 'contract-resolves' }, facts: ok, pass: true },
  {
    name: 'contract-resolves: unchecked passes (no manifest)',
    spec: { kind: 'contract-resolves' },
    facts: certifiableFacts({ contractsLoaded: false }, { contract: { raw: 'a.B.c@1', id: 'a.B.c', version: 1, status: 'unchecked' } }),
    pass: true,
  },
  {
    name: 'contract-resolves: unresolved fails',
    spec: { kind: 'contract-resolves' },
    facts: withBlock({ contract: { raw: 'a.B.c@2', id: 'a.B.c', version: 2, status: 'unresolved' } }),
    pass: false,
    data: { contract: 'a.B.c@2', status: 'unresolved' },
  },
  {
    name: 'contract-resolves: required and absent',
    spec: { kind: 'contract-resolves', required: true },
    facts: withBlock({ contract: undefined }),
    pass: false,
  },
  { name: 'engine-accepts: prepared', spec: { kind: 'engine-accepts' }, facts: ok, pass: true, data: { prepared: true } },
  {
    name: 'engine-accepts: an engine that cannot prepare passes',
    spec: { kind: 'engine-accepts' },
    facts: certifiableFacts({ validation: { ok: true, prepared: false } }),
    pass: true,
    data: { prepared: false },
  },
  {
    name: 'engine-accepts: the engine named an error',
    spec: { kind: 'engine-accepts' },
    facts: certifiableFacts({ validation: { ok: false, prepared: false, error: 'no such column: nme' } }),
    pass: false,
    data: { error: 'no such column: nme' },
  },
  {
    name: 'engine-accepts: not asked fails closed',
    spec: { kind: 'engine-accepts' },
    facts: certifiableFacts({ validation: undefined }),
    pass: false,
    data: { error: 'the engine was not asked' },
  },
  { name: 'field-equals: equal', spec: { kind: 'field-equals', field: 'status', value: 'certified' }, facts: ok, pass: true },
  {
    name: 'field-equals: differs',
    spec: { kind: 'field-equals', field: 'status', value: 'certified' },
    facts: withBlock({ status: 'draft' }),
    pass: false,
    data: { value: 'draft', expected: 'certified' },
  },
  { name: 'field-equals: ignoreCase', spec: { kind: 'field-equals', field: 'grain', value: 'WEEK', ignoreCase: true }, facts: ok, pass: true },
  { name: 'field-in: member', spec: { kind: 'field-in', field: 'pattern', values: ['trend', 'kpi'] }, facts: ok, pass: true },
  {
    name: 'field-in: outsider',
    spec: { kind: 'field-in', field: 'pattern', values: ['trend', 'kpi'] },
    facts: withBlock({ pattern: 'vibes' }),
    pass: false,
    data: { value: 'vibes', allowed: 'trend, kpi' },
  },
  {
    name: 'field-in: missing value fails',
    spec: { kind: 'field-in', field: 'reviewCadence', values: ['monthly'] },
    facts: withBlock({ reviewCadence: undefined }),
    pass: false,
    data: { value: '(none)' },
  },
  { name: 'field-in: every list item', spec: { kind: 'field-in', field: 'tags', values: ['revenue', 'kpi'] }, facts: ok, pass: true },
  { name: 'field-matches: string matches', spec: { kind: 'field-matches', field: 'owner', pattern: '@acme\\.test$' }, facts: ok, pass: true },
  {
    name: 'field-matches: string does not match',
    spec: { kind: 'field-matches', field: 'owner', pattern: '@acme\\.test$' },
    facts: withBlock({ owner: 'bob' }),
    pass: false,
    data: { value: 'bob' },
  },
  {
    name: 'field-matches: any list item (flags)',
    spec: { kind: 'field-matches', field: 'tags', pattern: '^review-required$', flags: 'i' },
    facts: withBlock({ tags: ['kpi', 'Review-Required'] }),
    pass: true,
    data: { value: 'Review-Required' },
  },
  {
    name: 'field-matches: all list items',
    spec: { kind: 'field-matches', field: 'outputs', pattern: '^[a-z_]+$', match: 'all' },
    facts: withBlock({ outputs: ['week_start', 'Revenue'] }),
    pass: false,
    data: { value: 'Revenue' },
  },
  {
    name: 'field-matches: missing field never matches',
    spec: { kind: 'field-matches', field: 'description', pattern: '.' },
    facts: withBlock({ description: undefined }),
    pass: false,
  },
  { name: 'field-present: set', spec: { kind: 'field-present', field: 'owner' }, facts: ok, pass: true },
  { name: 'field-present: blank is missing', spec: { kind: 'field-present', field: 'owner' }, facts: withBlock({ owner: '  ' }), pass: false },
  { name: 'field-present: .svc spelling alias', spec: { kind: 'field-present', field: 'svc_contract' }, facts: ok, pass: true },
  {
    name: 'field-present: unknown field read from extra',
    spec: { kind: 'field-present', field: 'replaced_by' },
    facts: withBlock({ extra: { replaced_by: 'finance.revenue_v2' } }),
    pass: true,
  },
  {
    name: 'field-present: other subject',
    spec: { kind: 'field-present', subject: 'tile', field: 'source.revision' },
    facts: tileFacts({}, { source: { kind: 'block', id: 'x.y' } }),
    pass: false,
  },
  {
    name: 'fields-equal: same revision',
    spec: { kind: 'fields-equal', left: { subject: 'tile', field: 'source.revision' }, right: { field: 'sourceSha256' } },
    facts: tileFacts(),
    pass: true,
  },
  {
    name: 'fields-equal: drifted',
    spec: { kind: 'fields-equal', left: { subject: 'tile', field: 'source.revision' }, right: { field: 'sourceSha256' } },
    facts: tileFacts({}, {}, { sourceSha256: 'sha256:new' }),
    pass: false,
    data: { right: 'sha256:new' },
  },
  { name: 'lineage-matches-tables: system prefix matches bare table', spec: { kind: 'lineage-matches-tables' }, facts: ok, pass: true },
  {
    name: 'lineage-matches-tables: undeclared table',
    spec: { kind: 'lineage-matches-tables' },
    facts: withBlock({ tables: ['customers', 'orders'] }),
    pass: false,
    data: { undeclared: 'customers' },
  },
  {
    name: 'lineage-matches-tables: declared but unread (exact)',
    spec: { kind: 'lineage-matches-tables' },
    facts: withBlock({ sourceSystems: ['shop.orders', 'crm.accounts'] }),
    pass: false,
    data: { unused: 'crm.accounts' },
  },
  {
    name: 'lineage-matches-tables: covers ignores unread',
    spec: { kind: 'lineage-matches-tables', mode: 'covers' },
    facts: withBlock({ sourceSystems: ['shop.orders', 'crm.accounts'] }),
    pass: true,
  },
  {
    name: 'lineage-matches-tables: unreadable SQL fails',
    spec: { kind: 'lineage-matches-tables' },
    facts: withBlock({ tables: [], tablesFrom: 'none' }),
    pass: false,
    data: { tables: '(unreadable SQL)' },
  },
  {
    name: 'lineage-matches-tables: facts.tables overrides',
    spec: { kind: 'lineage-matches-tables' },
    facts: certifiableFacts({ tables: ['shop.orders'] }, { tables: [], tablesFrom: 'none' }),
    pass: true,
  },
  { name: 'keys-proven: a block without keys has no claim to prove', spec: { kind: 'keys-proven' }, facts: ok, pass: true, data: { keys: '' } },
  {
    name: 'keys-proven: proven keys pass',
    spec: { kind: 'keys-proven' },
    facts: { ...KEYED, keyProof: { keys: ['week_start'], status: 'passed', rowCount: 52, distinctKeyCount: 52, nullKeyCount: 0, duplicateKeyCount: 0 } },
    pass: true,
    data: { keys: 'week_start', status: 'passed', rows: 52 },
  },
  {
    name: 'keys-proven: duplicate and null keys fail with the counts',
    spec: { kind: 'keys-proven' },
    facts: { ...KEYED, keyProof: { keys: ['week_start'], status: 'failed', rowCount: 60, distinctKeyCount: 50, nullKeyCount: 2, duplicateKeyCount: 8 } },
    pass: false,
    data: { status: 'failed', duplicates: 8, nulls: 2, why: '8 keys are held by more than one row and 2 rows have a null key (of 60 rows)' },
  },
  {
    name: 'keys-proven: a proof that could not run fails with its code',
    spec: { kind: 'keys-proven' },
    facts: { ...KEYED, keyProof: { keys: ['week_start'], status: 'error', errorCode: 'ROW_POLICY_REFUSED' } },
    pass: false,
    data: { why: 'the key proof could not run (ROW_POLICY_REFUSED)' },
  },
  {
    name: 'keys-proven: declared keys without a proof fail',
    spec: { kind: 'keys-proven' },
    facts: KEYED,
    pass: false,
    data: { status: 'not run', why: 'no key proof ran' },
  },
  { name: 'not: inverts a failure', spec: { kind: 'not', check: REVIEW }, facts: ok, pass: true },
  {
    name: 'not: inverts a pass, keeps data',
    spec: { kind: 'not', check: REVIEW },
    facts: withBlock({ description: 'Review required: drafted.' }),
    pass: false,
    data: { value: 'Review required: drafted.' },
  },
  {
    name: 'outputs-match-columns: same set, any case',
    spec: { kind: 'outputs-match-columns' },
    facts: certifiableFacts({ run: { ok: true, columns: ['WEEK_START', 'revenue'], rowCount: 1 } }),
    pass: true,
  },
  {
    name: 'outputs-match-columns: extra column',
    spec: { kind: 'outputs-match-columns' },
    facts: certifiableFacts({ run: { ok: true, columns: ['week_start', 'revenue', 'orders'], rowCount: 1 } }),
    pass: false,
    data: { extra: 'orders', missing: '' },
  },
  {
    name: 'outputs-match-columns: subset allows extra',
    spec: { kind: 'outputs-match-columns', mode: 'subset' },
    facts: certifiableFacts({ run: { ok: true, columns: ['week_start', 'revenue', 'orders'], rowCount: 1 } }),
    pass: true,
  },
  { name: 'outputs-match-columns: no run', spec: { kind: 'outputs-match-columns' }, facts: { block: certifiableBlock() }, pass: false },
  { name: 'receipt-signed: a receipt that holds', spec: { kind: 'receipt-signed' }, facts: ok, pass: true, data: { receipt: 'valid' } },
  ...(['unsigned', 'unknown-signer', 'bad-signature', 'signer-not-allowed'] as const).map((receipt) => ({
    name: `receipt-signed: ${receipt} names its code`,
    spec: { kind: 'receipt-signed' },
    facts: withBlock({ receipt }),
    pass: false,
    data: { receipt, code: `certify/receipt-${receipt}` },
  })),
  { name: 'run-ok: ran', spec: { kind: 'run-ok' }, facts: ok, pass: true },
  {
    name: 'run-ok: failed run',
    spec: { kind: 'run-ok' },
    facts: certifiableFacts({ run: { ok: false, columns: [], rowCount: 0, error: 'no such table: orders' } }),
    pass: false,
    data: { error: 'no such table: orders' },
  },
  { name: 'run-ok: too few rows', spec: { kind: 'run-ok', minRows: 1 }, facts: certifiableFacts({ run: { ok: true, columns: [], rowCount: 0 } }), pass: false },
  { name: 'sql-not-matches: explicit columns', spec: STAR, facts: ok, pass: true },
  { name: 'sql-not-matches: SELECT *', spec: STAR, facts: withBlock({ query: 'select  *\nfrom orders' }), pass: false, data: { match: 'select *' } },
  {
    name: 'sql-not-matches: comment and literal ignored',
    spec: STAR,
    facts: withBlock({ query: "-- SELECT * was slow\nSELECT a, 'SELECT *' AS b FROM t" }),
    pass: true,
  },
  { name: 'tests-pass: all pass', spec: { kind: 'tests-pass' }, facts: ok, pass: true },
  {
    name: 'tests-pass: one fails',
    spec: { kind: 'tests-pass' },
    facts: certifiableFacts({
      tests: [
        { text: 'row_count > 0', pass: true },
        { text: 'revenue >= 0', pass: false, failures: 3 },
      ],
    }),
    pass: false,
    data: { failed: 1, first: 'revenue >= 0', failures: 3, summary: '1 of 2 tests fail (first: revenue >= 0)' },
  },
  {
    name: 'tests-pass: declared but not run',
    spec: { kind: 'tests-pass' },
    facts: certifiableFacts({ tests: undefined }),
    pass: false,
    data: { summary: 'the tests did not run' },
  },
  {
    name: 'tests-pass: fewer results than tests',
    spec: { kind: 'tests-pass' },
    facts: certifiableFacts({ tests: [{ text: 'row_count > 0', pass: true }] }),
    pass: false,
  },
  { name: 'tests-present: has tests', spec: { kind: 'tests-present' }, facts: ok, pass: true },
  { name: 'tests-present: none', spec: { kind: 'tests-present' }, facts: withBlock({ tests: [] }), pass: false, data: { count: 0, min: 1 } },
  {
    name: 'when: condition holds, then passes',
    spec: { kind: 'when', if: { kind: 'field-equals', field: 'status', value: 'certified' }, then: { kind: 'field-present', field: 'owner' } },
    facts: ok,
    pass: true,
  },
  {
    name: 'when: condition holds, then fails',
    spec: { kind: 'when', if: { kind: 'field-equals', field: 'status', value: 'certified' }, then: { kind: 'field-present', field: 'owner' } },
    facts: withBlock({ owner: undefined }),
    pass: false,
  },
  {
    name: 'when: condition false, no else',
    spec: { kind: 'when', if: { kind: 'field-equals', field: 'status', value: 'draft' }, then: { kind: 'compiles' } },
    facts: { block: certifiableBlock() },
    pass: true,
  },
  {
    name: 'when: condition false, else fails',
    spec: { kind: 'when', if: { kind: 'field-equals', field: 'status', value: 'draft' }, then: { kind: 'run-ok' }, else: { kind: 'compiles' } },
    facts: { block: certifiableBlock() },
    pass: false,
  },
];
