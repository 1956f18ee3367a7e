/**
 * Tricks with comments, strings, quoting, case and Unicode: each must be read as the engine
 * reads it, and a check that refuses the harmless half is as wrong as one that passes the rest.
 */
import { describe, expect, it } from 'vitest';
import { hostedStatementRefusal, REFUSAL_MESSAGES } from '../../../src/rules/statement-check/index.js';

type Case = readonly [driver: string, sql: string, reason: string | null];

const CASES: readonly Case[] = [
  // Case folding and Unicode normalisation.
  ['duckdb', "\uff23\uff2f\uff30\uff39 t TO '/tmp/x'", 'copy'],
  ['duckdb', "sElEcT * FrOm ReAd_CsV('/etc/passwd')", 'file-reader'],
  ['duckdb', "SELECT * FROM \uff52\uff45\uff41\uff44_csv('/etc/passwd')", 'file-reader'],
  ['postgresql', "SELECT 1; \ud835\udc02\ud835\udc0e\ud835\udc0f\ud835\udc18 t TO '/x'", 'copy'],
  ['duckdb', 'SELECT 1\uff1b COPY t TO x', 'unreadable'],
  ['duckdb', 'SELECT\u00a0* FROM t', 'unreadable'],
  ['duckdb', 'SELECT * FROM t\u200b', 'unreadable'],
  // Quoted and qualified function names.
  ['duckdb', `SELECT * FROM "read_csv"('/etc/passwd')`, 'file-reader'],
  ['duckdb', `SELECT * FROM "READ_CSV" ('/etc/passwd')`, 'file-reader'],
  ['duckdb', "SELECT * FROM main.read_csv/**/('/etc/passwd')", 'file-reader'],
  ['duckdb', 'SELECT "read_csv", "getenv(" FROM t', null],
  // Comments: hiding nothing, or refused when engines disagree.
  ['postgresql', "SELECT 1 /* ; COPY t TO '/x' */", null],
  ['postgresql', "SELECT/**/1;/**/COPY t TO '/x'", 'copy'],
  // PostgreSQL nests block comments: the whole tail is one comment, as the server reads it.
  ['postgresql', "SELECT 1 /* /* */ ; COPY t TO '/x' */", null],
  ['postgresql', "SELECT 1 /* /* */ ; COPY t TO '/x'", 'unreadable'],
  ['redshift', "SELECT 1 /* /* */ ; COPY t TO '/x' */", 'unreadable'],
  ['mysql', 'SELECT 1 /*!50000 DROP TABLE t */', 'unreadable'],
  ['mysql', "SELECT 1 /*!LOAD DATA INFILE '/etc/passwd' INTO TABLE t */", 'unreadable'],
  ['mysql', 'SELECT 1 --1\nFROM t', null],
  ['mysql', "SELECT 1 #\nLOAD DATA INFILE 'x' INTO TABLE t", 'file-reader'],
  ['duckdb', "SELECT 1 -- x\u2028COPY t TO '/x'", 'unreadable'],
  ['duckdb', "SELECT 1 -- x\rCOPY t TO '/x'", 'unreadable'],
  ['postgresql', 'SELECT 1 -- note\r\nFROM t', null],
  // Strings and dollar quoting.
  ['postgresql', "SELECT $$ ; COPY t TO '/x' $$", null],
  ['postgresql', "SELECT $a$ $$ $a$; COPY t TO '/x'", 'copy'],
  ['postgresql', "SELECT E'\\' ; COPY t TO x'", null],
  ['postgresql', "SELECT 'a\\' ; COPY t TO '/x' -- '", 'unreadable'],
  // Under standard_conforming_strings=off the string never ends and nothing runs: the string is `abc\`.
  ['postgresql', "SELECT 'abc\\'", null],
  ['postgresql', "SELECT 'abc\\'; SELECT 1", 'unreadable'],
  ['trino', "SELECT 'abc\\'", null],
  ['snowflake', "SELECT 'a\\' ; LIST @s -- '", null],
  // ANSI_QUOTES both ways.
  ['mysql', 'SELECT "a" FROM t', null],
  ['mysql', 'SELECT "x\\" ; LOAD DATA INFILE \'/etc/passwd\' INTO TABLE t; -- "', 'unreadable'],
  ['mysql', 'SELECT * FROM "performance_schema"."threads"', 'system-catalog'],
  // Catalog names, however written.
  ['postgresql', 'SELECT * FROM "PG_CATALOG"."PG_STAT_ACTIVITY"', 'system-catalog'],
  ['postgresql', 'SELECT * FROM pg_catalog . pg_stat_activity', 'system-catalog'],
  ['postgresql', 'SELECT * FROM mydb.pg_catalog.pg_settings', 'system-catalog'],
  ['mssql', 'SELECT * FROM "sys"."dm_exec_sessions"', 'system-catalog'],
  // Unknown engines.
  ['oracle', 'SELECT 1 FROM dual', 'unknown-driver'],
];

describe('hostedStatementRefusal: adversarial', () => {
  it.each(CASES)('%s: %s', (driver, sql, reason) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason ?? null).toBe(reason);
  });

  it('never names anything from the statement', () => {
    const sql = "SELECT * FROM secret_schema.payroll_table WHERE ssn = '123-45-6789'; COPY payroll_table TO '/tmp/leak.csv'";
    const refusal = hostedStatementRefusal(sql, 'postgresql', [], { readOnly: true });
    expect(refusal?.code).toBe('ROW_POLICY_REFUSED');
    for (const word of ['secret_schema', 'payroll', 'ssn', '123', 'leak', '/tmp']) expect(refusal?.message).not.toContain(word);
    for (const message of Object.values(REFUSAL_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('text engines read differently', () => {
  it.each(['sqlite', 'postgresql', 'duckdb', 'mysql'])('%s refuses a NUL anywhere, even inside a string', (driver) => {
    for (const sql of ["SELECT 'a\u0000'", 'SELECT 1\u0000; DROP TABLE t', 'SELECT 1 -- \u0000\nFROM t']) {
      expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason, JSON.stringify(sql)).toBe('unreadable');
    }
  });
});
