/** certification.oss and certification.enterprise: facts in, failing rule ids out. */
import { describe, expect, it } from 'vitest';
import { builtinPolicy } from '../../src/rules/built-in-policies.js';
import { evaluatePolicy } from '../../src/rules/evaluate.js';
import type { Facts } from '../../src/rules/facts.js';
import { type certifiableBlock, certifiableFacts } from './fixtures.js';

const draft = (over: Parameters<typeof certifiableBlock>[0] = {}) => certifiableFacts({}, { status: 'draft', ...over });

const OSS: Array<[string, Facts, string[]]> = [
  ['certifiable draft', draft(), []],
  ['no owner', draft({ owner: undefined }), ['certification/owner-required']],
  ['description says review required', draft({ description: 'Review required: drafted from a question.' }), ['certification/review-required-description']],
  ['description says needs review', draft({ description: 'Revenue by week; NEEDS REVIEW before use' }), ['certification/review-required-description']],
  // Certify removes the review-required tag itself (spec: Block status), so the tag alone does not refuse.
  ['review-required tag only', draft({ tags: ['review-required'] }), []],
  ['compile errors', certifiableFacts({ compileErrors: 1 }), ['certification/compiles']],
  ['not compiled', certifiableFacts({ compileErrors: undefined }), ['certification/compiles']],
  ['unresolved contract', draft({ contract: { raw: 'x.Y.z@9', id: 'x.Y.z', version: 9, status: 'unresolved' } }), ['certification/contract-resolves']],
  ['run failed', certifiableFacts({ run: { ok: false, columns: [], rowCount: 0, error: 'boom' } }), ['certification/run-ok']],
  ['not run', certifiableFacts({ run: undefined }), ['certification/run-ok']],
  ['no tests', certifiableFacts({ tests: [] }, { tests: [] }), ['certification/tests-required']],
  [
    'failing test',
    certifiableFacts({
      tests: [
        { text: 'row_count > 0', pass: true },
        { text: 'revenue >= 0', pass: false },
      ],
    }),
    ['certification/tests-pass'],
  ],
  ['tests not run', certifiableFacts({ tests: undefined }), ['certification/tests-pass']],
  ['enterprise fields absent do not matter', draft({ grain: undefined, pattern: undefined, outputs: [] }), []],
];

const ENTERPRISE: Array<[string, Facts, string[]]> = [
  ['certifiable', certifiableFacts(), []],
  ['inherits oss rules', certifiableFacts({}, { owner: '' }), ['certification/owner-required']],
  ['no grain', certifiableFacts({}, { grain: undefined }), ['certification/grain-required']],
  ['no outputs', certifiableFacts({}, { outputs: [] }), ['certification/outputs-required']],
  ['outputs differ from run', certifiableFacts({ run: { ok: true, columns: ['week', 'revenue'], rowCount: 3 } }), ['certification/outputs-match-run']],
  ['failed run reported once', certifiableFacts({ run: { ok: false, columns: [], rowCount: 0 } }), ['certification/run-ok']],
  ['no sourceSystems', certifiableFacts({}, { sourceSystems: [] }), ['certification/source-systems-required']],
  ['lineage misses a table', certifiableFacts({}, { tables: ['customers', 'orders'] }), ['certification/lineage-matches-tables']],
  ['pattern outside vocabulary', certifiableFacts({}, { pattern: 'chart' }), ['certification/pattern-known']],
  ['no review cadence', certifiableFacts({}, { reviewCadence: undefined }), ['certification/review-cadence-known']],
  ['cadence outside vocabulary', certifiableFacts({}, { reviewCadence: 'whenever' }), ['certification/review-cadence-known']],
];

const ids = (name: 'certification.oss' | 'certification.enterprise', facts: Facts) => evaluatePolicy(builtinPolicy(name), facts).map((f) => f.rule);

describe('certification.oss', () => {
  it.each(OSS)('%s', (_n, facts, expected) => expect(ids('certification.oss', facts)).toEqual(expected));

  it('renders messages and points at the block', () => {
    const [f] = evaluatePolicy(builtinPolicy('certification.oss'), draft({ owner: undefined }));
    expect(f).toMatchObject({
      rule: 'certification/owner-required',
      severity: 'error',
      message: 'Block finance.weekly_revenue has no owner.',
      file: 'domains/finance/blocks/weekly_revenue.svc',
      span: { start: { line: 2, column: 1 } },
      data: { block: 'finance.weekly_revenue', field: 'owner' },
    });
  });

  it('every rule carries a receipt category', () => {
    const categories = new Set(builtinPolicy('certification.enterprise').rules.map((r) => r.category));
    expect([...categories].sort()).toEqual(['metadata', 'run', 'tests', 'validation']);
  });
});

describe('certification.enterprise', () => {
  it.each(ENTERPRISE)('%s', (_n, facts, expected) => expect(ids('certification.enterprise', facts)).toEqual(expected));

  it('starts with every oss rule', () => {
    const oss = builtinPolicy('certification.oss').rules.map((r) => r.id);
    expect(
      builtinPolicy('certification.enterprise')
        .rules.slice(0, oss.length)
        .map((r) => r.id),
    ).toEqual(oss);
  });
});
