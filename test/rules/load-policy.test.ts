/** loadPolicy: malformed policies are diagnostics with JSON pointers, never exceptions. */
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/rules/load-policy.js';

const rule = (over: Record<string, unknown> = {}) => ({
  id: 'acme/grain-required',
  severity: 'error',
  description: 'Every certified block declares grain.',
  check: { kind: 'field-present', field: 'grain' },
  message: 'Block {{block}} has no grain.',
  hint: 'Add grain = "day".',
  ...over,
});
const doc = (rules: unknown[], over: Record<string, unknown> = {}) => ({ policy: 'acme.extra', version: 1, rules, ...over });

/** [name, document, pointers expected in diagnostics] */
const MALFORMED: Array<[string, unknown, string[]]> = [
  ['not an object', [], ['/']],
  ['missing rules', { policy: 'acme.extra', version: 1 }, ['/rules']],
  ['wrong version', doc([], { version: 2 }), ['/version']],
  ['bad policy name', doc([], { policy: 'Acme' }), ['/policy']],
  ['unknown top-level key', doc([], { rulez: [] }), ['/rulez']],
  ['bad rule id', doc([rule({ id: 'NoSlash' })]), ['/rules/0/id']],
  ['bad severity', doc([rule({ severity: 'fatal' })]), ['/rules/0/severity']],
  ['missing message', doc([{ ...rule(), message: undefined }]), ['/rules/0/message']],
  ['unknown rule key', doc([rule({ sevrity: 'error' })]), ['/rules/0/sevrity']],
  ['unknown check kind', doc([rule({ check: { kind: 'field-exists', field: 'grain' } })]), ['/rules/0/check/kind']],
  ['missing check option', doc([rule({ check: { kind: 'field-present' } })]), ['/rules/0/check/field']],
  ['unknown check option', doc([rule({ check: { kind: 'field-present', field: 'grain', fild: 'x' } })]), ['/rules/0/check/fild']],
  ['bad option value', doc([rule({ check: { kind: 'array-min-length', field: 'outputs', min: -1 } })]), ['/rules/0/check/min']],
  ['bad regex', doc([rule({ check: { kind: 'field-matches', field: 'owner', pattern: '([' } })]), ['/rules/0/check/pattern']],
  ['stateful regex flag', doc([rule({ check: { kind: 'field-matches', field: 'owner', pattern: 'a', flags: 'g' } })]), ['/rules/0/check/flags']],
  [
    'bad nested check',
    doc([rule({ check: { kind: 'all', checks: [{ kind: 'run-ok' }, { kind: 'not', check: { kind: 'nope' } }] } })]),
    ['/rules/0/check/checks/1/check/kind'],
  ],
  ['bad selector check', doc([rule({ appliesTo: { check: { kind: 'field-in', field: 'x', values: [] } } })]), ['/rules/0/appliesTo/check/values']],
  ['bad selector status', doc([rule({ appliesTo: { statuses: ['certifed'] } })]), ['/rules/0/appliesTo/statuses/0']],
  ['duplicate rule id', doc([rule(), rule()]), ['/rules/1/id']],
  ['rule id is a registered code', doc([rule({ id: 'compile/missing-field' })]), ['/rules/0/id']],
  ['two problems at once', doc([rule({ severity: 'loud' }), rule({ id: 'acme/x', check: { kind: 'zzz' } })]), ['/rules/0/severity', '/rules/1/check/kind']],
];

describe('loadPolicy', () => {
  it('accepts a valid policy', () => {
    const r = loadPolicy(doc([rule()]), 'acme.json');
    expect(r.diagnostics).toEqual([]);
    expect(r.policy?.rules[0]?.id).toBe('acme/grain-required');
  });

  it.each(MALFORMED)('%s', (_n, document, pointers) => {
    const r = loadPolicy(document, 'acme.json');
    expect(r.policy).toBeUndefined();
    expect(r.diagnostics.every((d) => d.code === 'policy/invalid' && d.file === 'acme.json')).toBe(true);
    expect(r.diagnostics.map((d) => d.data?.pointer)).toEqual(pointers);
  });

  it('reads JSON text and reports a syntax error at the root', () => {
    expect(loadPolicy(JSON.stringify(doc([rule()])), 'a.json').policy).toBeDefined();
    const r = loadPolicy('{ "policy": ', 'a.json');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'policy/invalid', severity: 'error', data: { pointer: '/' } });
  });

  it('names the known kinds for an unknown kind', () => {
    const r = loadPolicy(doc([rule({ check: { kind: 'field-exists' } })]), 'a.json');
    expect(r.diagnostics[0]?.message).toMatch(/unknown check kind "field-exists" \(known: all, answer-gate, any, /);
    expect(r.diagnostics[0]?.hint).toBe('Fix the value at /rules/0/check/kind.');
  });
});
