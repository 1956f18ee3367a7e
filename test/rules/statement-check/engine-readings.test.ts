/**
 * Statements that engines read differently from how a careless reader would: each row names the
 * engine fact it rests on. A bypass row is a statement that an older reading let through as one
 * harmless statement while the engine runs more.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lexStatement, UnreadableStatement } from '../../../grammar/sql/index.js';
import { hostedStatementRefusal } from '../../../src/rules/statement-check/index.js';

type Case = readonly [driver: string, sql: string, reason: string | null, why: string];

const READ_ONLY: readonly Case[] = [
  // SQLite tokenize.c: CC_DOLLAR / CC_VARALPHA variables; stock builds read Tcl `(...)` suffixes.
  ['sqlite', "SELECT $a(') AS v; DELETE FROM orders --'", 'unreadable', "stock SQLite reads $a(') as one variable"],
  ['sqlite', "SELECT @a(') AS v; DELETE FROM orders --'", 'unreadable', '@ starts a variable with the same Tcl suffix'],
  ['sqlite', "SELECT :a(') AS v; DELETE FROM orders --'", 'unreadable', ': starts a variable with the same Tcl suffix'],
  ['sqlite', "SELECT #a(') AS v; DELETE FROM orders --'", 'unreadable', '# starts a variable in SQLite'],
  ['sqlite', 'SELECT $a::b FROM t', null, ':: joins a Tcl variable in stock builds; other builds read no statement from it (the second : is illegal)'],
  ['sqlite', 'SELECT count(*) FROM ab WHERE a = $::cp200 LIMIT $::n', null, "Tcl's namespace form of a variable, one token in stock builds"],
  ['sqlite', "SELECT $::a(') AS v; DELETE FROM orders --'", 'unreadable', 'a Tcl suffix after a namespaced name swallows the quote too'],
  ['sqlite', 'SELECT $:: FROM t', 'unreadable', 'no identifier character after the sigil and its :: is an illegal token'],
  ['sqlite', 'SELECT $ FROM t', 'unreadable', 'a sigil without identifier characters is an illegal token'],
  ['sqlite', 'SELECT :x, @y, $z, #w, ?1, ? FROM t', null, 'plain variables of every form'],
  ['sqlite', 'SELECT @1x FROM t', null, 'a variable may start with a digit after its sigil'],
  ['sqlite', 'SELECT $a$b FROM t', null, '$ is an identifier character inside a variable'],
  ['sqlite', "SELECT $a (') AS v; DELETE FROM orders --')", null, 'a space ends the variable before the ('],
  // SQLite parse.y: `nm ::= id | STRING | JOIN_KW`, so a string where a name must stand is that name.
  ['sqlite', "SELECT * FROM 'pragma_database_list'", 'relation-not-allowed', "FROM 'x' reads the relation x: here the database files' paths"],
  ['sqlite', "SELECT * FROM main.'dbstat'", 'relation-not-allowed', 'a string after a dot is the name part'],
  ['sqlite', "SELECT o.'total' FROM 'orders' o", null, "the project's own table and column, named by strings"],
  // Snowflake: a quoted stage path in a table position reads staged files.
  ['snowflake', "SELECT $1 FROM '@orders_stage/2026/'", 'stage', 'a string starting with @ in FROM is a stage'],
  // ClickHouse Lexer.cpp: `//` opens a line comment.
  ['clickhouse', "SELECT 1 // '\n; INSERT INTO t VALUES (1) -- '", 'several-statements', '// is a comment, so the quote after it opens nothing'],
  ['clickhouse', 'SELECT 1 // a note\nFROM t', null, '// comment before the next line'],
  ['clickhouse', 'SELECT 4 / 2 FROM t', null, 'a single / divides'],
  // ClickHouse heredocs: the tag runs from a $ to the next $, quotes included.
  ['clickhouse', "SELECT $t'$ a ' b $t'$; DROP TABLE t -- '", 'several-statements', "the heredoc tag $t'$ holds a quote"],
  ['clickhouse', "SELECT $x y$ it's here $x y$ AS v FROM t", null, 'a tag may hold a space; the body a quote'],
  ['clickhouse', 'SELECT $$ ; DROP TABLE t $$', null, 'the empty tag'],
  ['clickhouse', 'SELECT $a FROM t', null, 'no closing tag: not a heredoc'],
  // No limit on leading heads.
  ['postgresql', `${'EXPLAIN '.repeat(9)}DELETE FROM t`, 'write', 'nine EXPLAINs still wrap a DELETE'],
  ['postgresql', `${'EXPLAIN '.repeat(40)}SELECT 1`, null, 'many EXPLAINs of a read'],
  ['duckdb', `${'DESCRIBE '.repeat(12)}SELECT 1`, null, 'many DESCRIBEs of a read'],
];

describe('engine readings', () => {
  it.each(READ_ONLY)('%s: %j -> %s (%s)', (driver, sql, reason) => {
    expect(hostedStatementRefusal(sql, driver, [], { readOnly: true })?.reason ?? null).toBe(reason);
  });
});

describe('option values', () => {
  const WRITE = 'DELETE FROM t';
  it.each<[string, unknown]>([
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
    ['an object', {}],
  ])('readOnly as %s is a usage error, never read as "may write"', (_, readOnly) => {
    expect(hostedStatementRefusal(WRITE, 'postgresql', [], { readOnly } as never)?.reason).toBe('invalid-option');
    expect(hostedStatementRefusal('SELECT 1', 'postgresql', [], { readOnly } as never)?.reason).toBe('invalid-option');
  });

  it('takes readOnly false and absent as they are', () => {
    expect(hostedStatementRefusal(WRITE, 'postgresql', [], { readOnly: false })).toBeNull();
    expect(hostedStatementRefusal(WRITE, 'postgresql', [], {})).toBeNull();
    expect(hostedStatementRefusal(WRITE, 'postgresql', [], { readOnly: true })?.reason).toBe('write');
  });

  it('refuses allowedDirectories that is not a list, and skips an entry that is not a path', () => {
    expect(hostedStatementRefusal('SELECT 1', 'duckdb', null as never)?.reason).toBe('invalid-option');
    expect(hostedStatementRefusal('SELECT 1', 'duckdb', '/data' as never)?.reason).toBe('invalid-option');
    expect(hostedStatementRefusal('SELECT 1', 'duckdb', [null, 7] as never)).toBeNull();
    expect(hostedStatementRefusal("SELECT * FROM read_csv('/data/ok/x.csv')", 'duckdb', [null, '/data/ok'] as never)).toBeNull();
    expect(hostedStatementRefusal("SELECT * FROM read_csv('/etc/passwd')", 'duckdb', [null, '/data/ok'] as never)?.reason).toBe('file-reader');
  });

  it.each<[string, unknown]>([
    ['a number', 42],
    ['null', null],
    ['an object', { sql: 'SELECT 1' }],
  ])('lexStatement on %s throws its documented error', (_, sql) => {
    expect(() => lexStatement(sql as never, 'postgresql')).toThrow(UnreadableStatement);
    expect(hostedStatementRefusal(sql as never, 'postgresql')?.reason).toBe('unreadable');
  });
});

describe('allowedDirectories on real paths', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-allowed-'));
  const allowed = join(root, 'allowed');
  const outside = join(root, 'outside');
  mkdirSync(join(allowed, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(allowed, 'ok.csv'), 'a\n1\n');
  writeFileSync(join(outside, 'secret.csv'), 'a\n1\n');
  symlinkSync(join(outside, 'secret.csv'), join(allowed, 'link.csv'));
  symlinkSync(outside, join(allowed, 'sub', 'out'));
  const linkedFolder = join(root, 'linked');
  symlinkSync(allowed, linkedFolder);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const read = (path: string, folders: string[] = [allowed]): string | null =>
    hostedStatementRefusal(`SELECT * FROM read_csv('${path}')`, 'duckdb', folders)?.reason ?? null;

  it.each<[string, string, string | null]>([
    ['a real file inside', 'ok.csv', null],
    ['a file not there yet, inside', 'later/new.csv', null],
    ['a link to a file outside', 'link.csv', 'file-reader'],
    ['a path through a linked folder outside', 'sub/out/secret.csv', 'file-reader'],
    ['a glob that could match a link outside', '*.csv', 'file-reader'],
    ['a glob over a subtree holding a link outside', 'sub/**/*.csv', 'file-reader'],
    ['a percent-escaped dot pair', '%2e%2e/outside/secret.csv', 'file-reader'],
    ['a double slash and a dot segment', './ok.csv', null],
  ])('%s', (_, rel, reason) => {
    expect(read(`${allowed}/${rel}`)).toBe(reason);
  });

  it('judges a folder given through a link by where it really is', () => {
    expect(read(`${linkedFolder}/ok.csv`, [linkedFolder])).toBeNull();
    expect(read(`${linkedFolder}/link.csv`, [linkedFolder])).toBe('file-reader');
  });

  it('refuses a path not in Unicode NFC', () => {
    expect(read(`${allowed}/cafe\u0301.csv`)).toBe('file-reader');
    expect(read(`${allowed}/caf\u00e9.csv`)).toBeNull();
  });
});
