import { describe, expect, it } from 'vitest';
import { checkProblems } from '../../src/rules/check-validation.js';
import { evaluateCheck } from '../../src/rules/evaluate.js';
import { CHECK_CASES } from './check-cases.js';

describe('check vocabulary', () => {
  it.each(CHECK_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // Every case's spec must itself be a valid check, so the table documents real usage.
    expect(checkProblems(c.spec, '')).toEqual([]);
    const result = evaluateCheck(c.spec, c.facts);
    expect(result.pass).toBe(c.pass);
    if (c.data !== undefined) expect(result.data).toMatchObject(c.data);
  });

  it('an unknown kind fails closed at evaluation', () => {
    expect(evaluateCheck({ kind: 'no-such-check' }, {})).toEqual({ pass: false, data: { unknownCheck: 'no-such-check' } });
  });
});
