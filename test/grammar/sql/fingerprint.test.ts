import { describe, expect, it } from 'vitest';
import { sqlFingerprint, UnreadableStatement } from '../../../grammar/sql/index.js';

describe('sqlFingerprint', () => {
  it('ignores comments, case and whitespace', () => {
    const a = sqlFingerprint('SELECT a, b FROM t WHERE x = 1', 'postgresql');
    const b = sqlFingerprint('select  A,\n  b /* note */ from T -- trailing\n where X = 1', 'postgresql');
    expect(a).toBe(b);
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('keeps string literals and quoted names exact', () => {
    const base = sqlFingerprint("SELECT * FROM t WHERE s = 'Abc'", 'postgresql');
    expect(sqlFingerprint("SELECT * FROM t WHERE s = 'abc'", 'postgresql')).not.toBe(base);
    expect(sqlFingerprint("SELECT * FROM t WHERE s = 'Abc '", 'postgresql')).not.toBe(base);
    expect(sqlFingerprint('SELECT "A" FROM t', 'postgresql')).not.toBe(sqlFingerprint('SELECT "a" FROM t', 'postgresql'));
  });

  it('reads comments per dialect', () => {
    // In MySQL `#` starts a comment; in PostgreSQL it is an operator.
    expect(sqlFingerprint('SELECT 1 # x', 'mysql')).toBe(sqlFingerprint('SELECT 1', 'mysql'));
    expect(sqlFingerprint('SELECT 1 # x', 'postgresql')).not.toBe(sqlFingerprint('SELECT 1', 'postgresql'));
  });

  it('throws UnreadableStatement when the statement cannot be read', () => {
    expect(() => sqlFingerprint("SELECT 'open", 'postgresql')).toThrow(UnreadableStatement);
    expect(() => sqlFingerprint('SELECT 1', 'nope')).toThrow(UnreadableStatement);
  });
});
