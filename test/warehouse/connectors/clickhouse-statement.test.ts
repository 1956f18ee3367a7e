/**
 * How a statement is bound for ClickHouse: query parameters apart from the text when the
 * server has them (typed by the value), else literals in the text (their reading by a real
 * server is proven in clickhouse.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { bindClickhouse, parameterType } from '../../../src/warehouse/connectors/clickhouse-statement.js';

describe('bindClickhouse', () => {
  it('sends values apart from the text when the server binds them', () => {
    expect(bindClickhouse("SELECT '?' AS q FROM t WHERE a = ? AND b > ? AND c = ? AND d = ? LIMIT ?", ["x'y", 1.5, true, null, 3], true)).toEqual({
      query: "SELECT '?' AS q FROM t WHERE a = {p0:String} AND b > {p1:Float64} AND c = {p2:UInt8} AND d = {p3:Nullable(String)} LIMIT {p4:Int64}",
      params: { p0: "x'y", p1: 1.5, p2: 1, p3: null, p4: 3 },
    });
  });

  it('writes literals for a server without parameters', () => {
    expect(bindClickhouse('SELECT * FROM t WHERE a = ? AND b = ?', ["x'y\\", 2], false)).toEqual({ query: "SELECT * FROM t WHERE a = 'x\\'y\\\\' AND b = 2" });
  });

  it('leaves a statement without values as written', () => {
    expect(bindClickhouse('SELECT 1', [], true)).toEqual({ query: 'SELECT 1' });
  });

  it.each([
    ['text', 'x', 'String'],
    ['an integer', 7, 'Int64'],
    ['a fraction', 0.5, 'Float64'],
    ['an integer past 2^53', 2 ** 60, 'Float64'],
    ['a boolean', false, 'UInt8'],
    ['null', null, 'Nullable(String)'],
  ] as const)('types %s as %s', (_name, value, type) => {
    expect(parameterType(value)).toBe(type);
  });

  it('refuses placeholders and values that disagree', () => {
    expect(() => bindClickhouse('SELECT ?', [], false)).not.toThrow();
    expect(() => bindClickhouse('SELECT ?', [1, 2], false)).toThrow(/2 values/);
  });
});
