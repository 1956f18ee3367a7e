/** The evaluator: selectors, data, rendering and locations. */
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, findingToDiagnostic, ruleApplies } from '../../src/rules/evaluate.js';
import type { Policy, PolicyRule } from '../../src/rules/policy.js';
import { certifiableBlock, certifiableFacts, tileFacts } from './fixtures.js';

const rule = (over: Partial<PolicyRule> = {}): PolicyRule => ({
  id: 'acme/owner-required',
  severity: 'warning',
  description: 'Owner is set.',
  check: { kind: 'field-present', field: 'owner' },
  message: 'Block {{block}} ({{status}}) has no {{field}}; {{unknown}} stays visible.',
  hint: 'Set {{field}}.',
  ...over,
});
const policy = (...rules: PolicyRule[]): Policy => ({ policy: 'acme.test', version: 1, rules });

describe('evaluatePolicy', () => {
  it('renders templates from check data and base data', () => {
    const [f] = evaluatePolicy(policy(rule()), { block: certifiableBlock({ owner: undefined }) });
    expect(f).toEqual({
      rule: 'acme/owner-required',
      severity: 'warning',
      message: 'Block finance.weekly_revenue (certified) has no owner; {{unknown}} stays visible.',
      hint: 'Set owner.',
      data: { block: 'finance.weekly_revenue', status: 'certified', field: 'owner', value: '(none)' },
      file: 'domains/finance/blocks/weekly_revenue.svc',
      span: certifiableBlock().span,
    });
  });

  it('block is always in the data, even without block facts', () => {
    const [f] = evaluatePolicy(policy(rule({ check: { kind: 'run-ok' }, message: '[{{block}}]' })), {});
    expect(f).toMatchObject({ message: '[]', data: { block: '' } });
    expect(f?.file).toBeUndefined();
  });

  it('a check cannot overwrite base data', () => {
    const r = rule({ check: { kind: 'field-present', subject: 'facts', field: 'nothing' }, message: '{{block}}' });
    expect(evaluatePolicy(policy(r), certifiableFacts())[0]?.message).toBe('finance.weekly_revenue');
  });

  it('keeps rule order and skips passing rules', () => {
    const rules = [rule({ id: 'a/one', check: { kind: 'compiles' } }), rule({ id: 'a/two' }), rule({ id: 'a/three', check: { kind: 'run-ok' } })];
    expect(evaluatePolicy(policy(...rules), { block: certifiableBlock({ owner: '' }), compileErrors: 0 }).map((f) => f.rule)).toEqual(['a/two', 'a/three']);
  });

  it('tile findings point at the App file', () => {
    const [f] = evaluatePolicy(policy(rule({ check: { kind: 'compiles' } })), tileFacts());
    expect(f).toMatchObject({ file: 'apps/growth/svc.app.json', data: { tile: 'revenue', app: 'growth', page: 'overview' } });
    expect(f?.span).toBeUndefined();
  });

  it('converts a finding to a diagnostic whose code is the rule id', () => {
    const [f] = evaluatePolicy(policy(rule()), { block: certifiableBlock({ owner: undefined }) });
    expect(findingToDiagnostic(f!)).toMatchObject({ code: 'acme/owner-required', severity: 'warning', hint: 'Set owner.', file: f!.file });
  });
});

describe('ruleApplies', () => {
  const facts = certifiableFacts({}, { status: 'draft' });
  it.each([
    ['no selector', undefined, true],
    ['status listed', { statuses: ['draft', 'review'] }, true],
    ['status not listed', { statuses: ['certified'] }, false],
    ['status needs a block', { statuses: ['draft'] }, false, {}],
    ['facts present', { facts: ['block', 'run'] }, true],
    ['facts missing', { facts: ['tile'] }, false],
    ['condition holds', { check: { kind: 'run-ok' } }, true],
    ['condition fails', { check: { kind: 'field-equals', field: 'status', value: 'certified' } }, false],
  ] as const)('%s', (_n, selector, expected, other?: object) => {
    expect(ruleApplies(selector as never, (other ?? facts) as never)).toBe(expected);
  });
});
