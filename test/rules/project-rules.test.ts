/** Project rules from svc.config.json: add rules and raise severities, never lower them. */
import { describe, expect, it } from 'vitest';
import { builtinPolicy, projectPolicy, validateProjectRules } from '../../src/rules/built-in-policies.js';
import { evaluatePolicy } from '../../src/rules/evaluate.js';
import { mergeProjectRules } from '../../src/rules/project-rules.js';
import { certifiableBlock, certifiableFacts } from './fixtures.js';

const grainRule = {
  id: 'acme/grain-required',
  severity: 'error',
  description: 'Every certified block declares grain.',
  appliesTo: { statuses: ['certified'] },
  check: { kind: 'field-present', field: 'grain' },
  message: 'Block {{block}} has no grain.',
  hint: 'Add grain = "day".',
};

describe('mergeProjectRules', () => {
  it('adds a rule: every certified block declares grain', () => {
    const { policy, diagnostics } = projectPolicy('block.lint', [{ policy: 'block.lint', rule: grainRule }]);
    expect(diagnostics).toEqual([]);
    const findings = evaluatePolicy(policy, { block: certifiableBlock({ grain: undefined }) });
    expect(findings.map((f) => [f.rule, f.severity, f.message])).toEqual([['acme/grain-required', 'error', 'Block finance.weekly_revenue has no grain.']]);
    expect(evaluatePolicy(policy, { block: certifiableBlock({ status: 'draft', grain: undefined, answerFingerprint: 'x' }) })).toEqual([]);
  });

  it('raises a severity', () => {
    const entries = [{ policy: 'block.lint', id: 'lint/contract-required', severity: 'error' }];
    const { policy, diagnostics } = projectPolicy('block.lint', entries);
    expect(diagnostics).toEqual([]);
    const [f] = evaluatePolicy(policy, { block: certifiableBlock({ contract: undefined }) });
    expect(f).toMatchObject({ rule: 'lint/contract-required', severity: 'error' });
    // The built-in is untouched.
    expect(builtinPolicy('block.lint').rules.find((r) => r.id === 'lint/contract-required')?.severity).toBe('warning');
  });

  it('cannot lower a severity', () => {
    const entries = [{ policy: 'certification.oss', id: 'certification/tests-required', severity: 'warning' }];
    const { policy, diagnostics } = projectPolicy('certification.oss', entries);
    expect(diagnostics.map((d) => [d.code, d.data?.pointer])).toEqual([['policy/severity-lowered', '/rules/0/severity']]);
    const [f] = evaluatePolicy(policy, certifiableFacts({ tests: [] }, { tests: [] }));
    expect(f).toMatchObject({ rule: 'certification/tests-required', severity: 'error' });
  });

  it('may raise a rule the project itself added, whatever the order', () => {
    const entries = [
      { policy: 'block.lint', id: 'acme/grain-required', severity: 'error' },
      { policy: 'block.lint', rule: { ...grainRule, severity: 'info' } },
    ];
    const { policy, diagnostics } = projectPolicy('block.lint', entries);
    expect(diagnostics).toEqual([]);
    expect(policy.rules.at(-1)).toMatchObject({ id: 'acme/grain-required', severity: 'error' });
  });

  it('entries for certification.oss reach certification.enterprise, which extends it', () => {
    const entries = [
      { policy: 'certification.oss', rule: grainRule },
      { policy: 'certification.oss', id: 'certification/owner-required', severity: 'error' },
    ];
    const { policy, diagnostics } = projectPolicy('certification.enterprise', entries);
    expect(diagnostics).toEqual([]);
    expect(policy.rules.map((r) => r.id)).toContain('acme/grain-required');
    expect(projectPolicy('certification.oss', [{ policy: 'certification.enterprise', rule: grainRule }]).policy.rules.map((r) => r.id)).not.toContain(
      'acme/grain-required',
    );
  });

  it('leaves entries for other policies alone', () => {
    const { policy } = projectPolicy('block.lint', [{ policy: 'certification.oss', rule: grainRule }]);
    expect(policy.rules.map((r) => r.id)).not.toContain('acme/grain-required');
  });

  /** [name, entries, [code, pointer][]] */
  const INVALID: Array<[string, unknown, Array<[string, string]>]> = [
    ['not an array', { policy: 'block.lint' }, [['policy/invalid', '/rules']]],
    ['entry not an object', ['lint'], [['policy/invalid', '/rules/0']]],
    ['raise without severity', [{ policy: 'block.lint', id: 'lint/select-star' }], [['policy/invalid', '/rules/0/severity']]],
    ['raise with bad severity', [{ policy: 'block.lint', id: 'lint/select-star', severity: 'fatal' }], [['policy/invalid', '/rules/0/severity']]],
    ['unknown policy', [{ policy: 'block.lnit', id: 'lint/select-star', severity: 'error' }], [['policy/unknown-policy', '/rules/0/policy']]],
    ['unknown rule id', [{ policy: 'block.lint', id: 'lint/select-all', severity: 'error' }], [['policy/unknown-rule', '/rules/0/id']]],
    [
      'added rule with a bad check',
      [{ policy: 'block.lint', rule: { ...grainRule, check: { kind: 'field-present' } } }],
      [['policy/invalid', '/rules/0/rule/check/field']],
    ],
    ['added rule reusing a built-in id', [{ policy: 'block.lint', rule: { ...grainRule, id: 'lint/select-star' } }], [['policy/invalid', '/rules/0/rule/id']]],
    ['added rule reusing a code', [{ policy: 'block.lint', rule: { ...grainRule, id: 'config/invalid' } }], [['policy/invalid', '/rules/0/rule/id']]],
    [
      'added twice',
      [
        { policy: 'block.lint', rule: grainRule },
        { policy: 'block.lint', rule: grainRule },
      ],
      [['policy/invalid', '/rules/1/rule/id']],
    ],
    ['extra keys', [{ policy: 'block.lint', id: 'lint/select-star', severity: 'error', note: 'x' }], [['policy/invalid', '/rules/0/note']]],
  ];

  it.each(INVALID)('invalid: %s', (_n, entries, expected) => {
    const { policy, diagnostics } = projectPolicy('block.lint', entries);
    expect(diagnostics.map((d) => [d.code, d.data?.pointer])).toEqual(expected);
    expect(diagnostics.every((d) => d.file === 'svc.config.json')).toBe(true);
    // Built-in rules keep their severities whatever the invalid entries said.
    const severities = (rules: typeof policy.rules) => rules.filter((r) => r.id.startsWith('lint/')).map((r) => [r.id, r.severity]);
    expect(severities(policy.rules)).toEqual(severities(builtinPolicy('block.lint').rules));
  });

  it('uses the given source and pointer', () => {
    const d = mergeProjectRules(builtinPolicy('block.lint'), [{ policy: 'block.lint', id: 'lint/nope', severity: 'error' }], {
      source: 'other/svc.config.json',
      pointer: '/certification/rules',
    }).diagnostics;
    expect(d[0]).toMatchObject({ file: 'other/svc.config.json', data: { pointer: '/certification/rules/0/id' } });
  });

  it('no entries is no change', () => {
    const base = builtinPolicy('block.lint');
    expect(mergeProjectRules(base, undefined)).toEqual({ policy: base, diagnostics: [] });
  });
});

describe('validateProjectRules', () => {
  it('reports each problem once, whichever policy it targets', () => {
    const entries = [
      { policy: 'certification.oss', id: 'certification/owner-required', severity: 'info' },
      { policy: 'nope.policy', id: 'a/b', severity: 'error' },
      { policy: 'block.lint', rule: grainRule },
    ];
    expect(validateProjectRules(entries).map((d) => [d.code, d.data?.pointer])).toEqual([
      ['policy/unknown-policy', '/rules/1/policy'],
      ['policy/severity-lowered', '/rules/0/severity'],
    ]);
  });
});
