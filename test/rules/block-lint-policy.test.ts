/** block.lint: the pre-commit rules, facts in, rule ids out. */
import { describe, expect, it } from 'vitest';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { builtinPolicy } from '../../src/rules/built-in-policies.js';
import { evaluatePolicy } from '../../src/rules/evaluate.js';
import { certifiableBlock } from './fixtures.js';

const capturedDraft: Partial<CompiledBlock> = {
  status: 'draft',
  description: 'Review required: drafted from a question.',
  tags: ['review-required'],
  contract: undefined,
  tests: [],
  answerFingerprint: 'sha256:abc',
  proposed: { asked_times: 3 },
};

const CASES: Array<[string, Partial<CompiledBlock>, string[]]> = [
  ['clean certified block', {}, []],
  ['certified without owner', { owner: undefined }, ['lint/owner-required']],
  ['certified, description says review required', { description: 'Review required: check joins' }, ['lint/review-required-certified']],
  ['certified, tag says review required', { tags: ['kpi', 'Review-Required'] }, ['lint/review-required-certified']],
  ['certified without tests', { tests: [] }, ['lint/tests-required']],
  ['certified without description', { description: undefined }, ['lint/description-required']],
  ['certified without contract', { contract: undefined }, ['lint/contract-required']],
  ['certified SELECT *', { query: 'SELECT * FROM orders' }, ['lint/select-star']],
  ['certified SELECT t.*', { query: 'SELECT o.*, 1 AS n FROM orders o' }, ['lint/select-star']],
  ['COUNT(*) is fine', { query: 'SELECT COUNT(*) AS n FROM orders' }, []],
  ['certified without examples', { examples: [] }, ['lint/examples-recommended']],
  ['owner not an address', { owner: 'finance team' }, ['lint/owner-format']],
  ['captured draft with provenance', capturedDraft, []],
  ['draft without provenance', { ...capturedDraft, answerFingerprint: undefined, proposed: undefined }, ['lint/draft-provenance']],
  ['draft: certified-only rules do not apply', { status: 'draft', owner: undefined, tests: [], answerFingerprint: 'sha256:x' }, []],
  ['deprecated without replacement', { status: 'deprecated' }, ['lint/deprecated-replacement']],
  ['deprecated, replaced_by field', { status: 'deprecated', extra: { replaced_by: 'finance.revenue_v2' } }, []],
  ['deprecated, description names replacement', { status: 'deprecated', description: 'Replaced by finance.revenue_v2.' }, []],
  [
    'several problems, in policy order',
    { owner: 'bob', tests: [], query: 'select * from orders', description: undefined },
    ['lint/tests-required', 'lint/description-required', 'lint/select-star', 'lint/owner-format'],
  ],
];

describe('block.lint', () => {
  it.each(CASES)('%s', (_n, block, expected) => {
    const findings = evaluatePolicy(builtinPolicy('block.lint'), { block: certifiableBlock(block) });
    expect(findings.map((f) => f.rule)).toEqual(expected);
  });

  it('quotes what said review required', () => {
    const [f] = evaluatePolicy(builtinPolicy('block.lint'), { block: certifiableBlock({ tags: ['needs-review'] }) });
    expect(f?.message).toBe('Certified block finance.weekly_revenue still says it needs review (tags: needs-review).');
  });

  it('errors agree with certification (owner, review wording, tests)', () => {
    const errors = builtinPolicy('block.lint')
      .rules.filter((r) => r.severity === 'error')
      .map((r) => r.id);
    expect(errors).toEqual(['lint/owner-required', 'lint/review-required-certified', 'lint/tests-required']);
  });
});
