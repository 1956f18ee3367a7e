/**
 * allowedDirectories: a file reader passes only for a plain string path inside an allowed
 * folder (spec 03, query path item 7).
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

const ALLOWED = ['/data/allowed'];

const PASS: readonly string[] = [
  "SELECT * FROM read_csv('/data/allowed/x.csv')",
  "SELECT * FROM read_parquet('/data/allowed/sub/*.parquet', hive_partitioning = true)",
  "SELECT * FROM read_parquet('/data/allowed/**/x.parquet')",
  "SELECT * FROM read_csv(['/data/allowed/a.csv', '/data/allowed/b.csv'])",
  "SELECT * FROM '/data/allowed/x.parquet'",
  "SELECT * FROM '/data/allowed/x.parquet' a JOIN read_json('/data/allowed/y.json') b ON a.id = b.id",
];

const REFUSED: readonly string[] = [
  "SELECT * FROM read_csv('/data/allowed/../secret.csv')",
  "SELECT * FROM read_csv('/data/allowed/..hidden/x.csv')",
  "SELECT * FROM read_csv('/data/allowed*/x.csv')",
  "SELECT * FROM read_csv('/data/*/x.csv')",
  "SELECT * FROM read_csv('/data/allowedother/x.csv')",
  "SELECT * FROM read_csv('/data/allowed')",
  "SELECT * FROM read_csv(['/data/allowed/a.csv', '/etc/passwd'])",
  "SELECT * FROM read_csv('/data/allowed/x.csv' || '')",
  "SELECT * FROM read_csv(E'/data/allowed/x.csv')",
  "SELECT * FROM read_csv('/data/allowed/it''s.csv')",
  "SELECT * FROM read_csv(concat('/data/allowed/', 'x.csv'))",
  'SELECT * FROM "/data/allowed/x.parquet"',
  "SELECT * FROM read_csv('s3://bucket/data/allowed/x.csv')",
  "SELECT * FROM read_csv('file:///data/allowed/x.csv')",
  "SELECT * FROM read_csv('~/x.csv')",
  "SELECT * FROM read_csv('x.csv')",
  "SELECT * FROM read_csv('/data/allowed\\x.csv')",
  'SELECT * FROM read_csv(?)',
  "SELECT getenv('HOME') FROM read_csv('/data/allowed/x.csv')",
];

describe('allowedDirectories', () => {
  for (const driver of ['duckdb', 'file']) {
    it.each(PASS)(`${driver} lets through %s`, (sql) => {
      expect(hostedStatementRefusal(sql, driver, ALLOWED)).toBeNull();
      expect(hostedStatementRefusal(sql, driver, ['/data/allowed/'], { readOnly: true })).toBeNull();
    });

    it.each(REFUSED)(`${driver} refuses %s`, (sql) => {
      expect(hostedStatementRefusal(sql, driver, ALLOWED)?.code).toBe('ROW_POLICY_REFUSED');
    });
  }

  it('allows nothing by default', () => {
    expect(hostedStatementRefusal("SELECT * FROM read_csv('/data/allowed/x.csv')", 'duckdb')?.reason).toBe('file-reader');
  });

  it('lets only file readers through, never other file features', () => {
    expect(hostedStatementRefusal("SELECT pg_read_file('/data/allowed/x')", 'postgresql', ALLOWED)?.reason).toBe('file-reader');
    expect(hostedStatementRefusal("COPY t TO '/data/allowed/x.csv'", 'duckdb', ALLOWED)?.reason).toBe('copy');
  });
});
