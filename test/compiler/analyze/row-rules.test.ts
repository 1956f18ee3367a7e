/**
 * `@rls(...)` row rules read from a block's query (spec 02 default row policy): where each rule is,
 * the attributes it reads, what is wrong with a malformed one, the owner's form (every row, the
 * predicate kept), the same-length form the lexer reads, and the lowering for one person's
 * attributes (bound, never spliced; a missing attribute or a list compared with = refuses).
 */
import { describe, expect, it } from 'vitest';
import { lowerRowRules, ownerRowRules, readableRowRules, rowRuleAttributes, rowRuleProblems, rowRules } from '../../../src/compiler/analyze/row-rules.js';

const Q = "SELECT state FROM orders WHERE status = 'done' AND @rls(state IN {user.states}) GROUP BY 1";

describe('reading row rules', () => {
  it.each([
    { query: Q, predicates: ['state IN {user.states}'] },
    { query: 'SELECT 1 WHERE @RLS ( region = { user.region } )', predicates: [' region = { user.region } '] },
    { query: "SELECT 1 WHERE @rls(note = ')' AND region = {user.region})", predicates: ["note = ')' AND region = {user.region}"] },
    { query: 'SELECT 1 WHERE @rls((a = {user.a}) OR (b IN {user.b}))', predicates: ['(a = {user.a}) OR (b IN {user.b})'] },
    { query: 'SELECT 1 WHERE @rls(a = {user.a}) AND @rls(b = {user.b})', predicates: ['a = {user.a}', 'b = {user.b}'] },
    { query: "SELECT '@rls(x)' AS s", predicates: [] },
    { query: "SELECT 'it''s' AS s -- @rls(y)\nWHERE @rls(a = {user.a}) /* @rls(z) */", predicates: ['a = {user.a}'] },
    { query: 'SELECT 1 WHERE @rls(a = {user.a}', predicates: [] },
    { query: 'SELECT rls FROM t', predicates: [] },
  ])('$query', ({ query, predicates }) => {
    expect(rowRules(query).map((r) => r.predicate)).toEqual(predicates);
  });

  it('names the attributes the rules read, sorted and once', () => {
    expect(rowRuleAttributes('SELECT 1 WHERE @rls(b = {user.b} OR a IN {user.a}) AND @rls(b = {user.b})')).toEqual(['a', 'b']);
  });

  it.each([
    { query: 'SELECT 1 WHERE @rls(a = {user.a}', problem: 'its parenthesis is never closed', offset: 15 },
    { query: 'SELECT 1 WHERE @rls(  )', problem: 'it is empty', offset: 15 },
    { query: 'SELECT 1 WHERE @rls(a = 1)', problem: 'it reads no {user.<name>} attribute, so it narrows no one', offset: 15 },
  ])('a malformed rule: $problem', ({ query, problem, offset }) => {
    expect(rowRuleProblems(query)).toEqual([{ offset, problem }]);
  });

  it('finds nothing wrong with well-formed rules', () => {
    expect(rowRuleProblems(Q)).toEqual([]);
  });
});

describe('the owner and the lexer', () => {
  it('reads every row as the owner, the predicate kept', () => {
    expect(ownerRowRules(Q)).toBe("SELECT state FROM orders WHERE status = 'done' AND (1 = 1 OR (state IN (NULL))) GROUP BY 1");
  });

  it.each([Q, 'SELECT 1 WHERE @rls ( a = { user.a } ) AND @rls(b IN {user.bb})', 'SELECT 1'])('keeps offsets for the lexer: %s', (query) => {
    const read = readableRowRules(query);
    expect(read).toHaveLength(query.length);
    expect(read).not.toContain('@rls');
    expect(read).not.toContain('{user.');
  });
});

describe('lowering for one person', () => {
  const marker = (i: number) => `m${i}`;
  it.each([
    { name: 'a list after IN', attributes: { states: ['CA', 'NY'] }, query: Q, sql: '(state IN (${m0}, ${m1}))', values: ['CA', 'NY'] },
    { name: 'one value after IN', attributes: { states: 'CA' }, query: Q, sql: '(state IN (${m0}))', values: ['CA'] },
    { name: 'an empty list', attributes: { states: [] }, query: Q, sql: '(1 = 0)', values: [] },
    {
      name: 'a quote in a value stays a value',
      attributes: { states: ["CA' OR '1'='1"] },
      query: Q,
      sql: '(state IN (${m0}))',
      values: ["CA' OR '1'='1"],
    },
    {
      name: 'a scalar compared',
      attributes: { region: 'west', level: 3 },
      query: 'SELECT 1 WHERE @rls(region = {user.region} AND level <= {user.level})',
      sql: '(region = ${m0} AND level <= ${m1})',
      values: ['west', 3],
    },
  ])('$name', ({ attributes, query, sql, values }) => {
    const lowered = lowerRowRules(query, attributes, marker);
    expect('query' in lowered && lowered.query).toContain(sql);
    expect('query' in lowered && lowered.query).not.toContain('@rls');
    expect('values' in lowered && lowered.values).toEqual(values);
  });

  it.each([
    { name: 'a missing attribute', attributes: {}, query: Q, refusal: { attribute: 'states', problem: 'missing' } },
    {
      name: 'a list compared with =',
      attributes: { region: ['west', 'east'] },
      query: 'SELECT 1 WHERE @rls(region = {user.region})',
      refusal: { attribute: 'region', problem: 'list' },
    },
    {
      name: 'an inherited name is not an attribute',
      attributes: {},
      query: 'SELECT 1 WHERE @rls(a = {user.constructor})',
      refusal: { attribute: 'constructor', problem: 'missing' },
    },
  ])('refuses $name', ({ attributes, query, refusal }) => {
    expect(lowerRowRules(query, attributes, marker)).toEqual(refusal);
  });
});
