import { describe, expect, it } from 'vitest';
import { DRIVERS, lexStatement, UnreadableStatement } from '../../../grammar/sql/index.js';

/** Engines whose block comments nest. */
const NESTING: ReadonlySet<string> = new Set(['postgresql', 'duckdb', 'file', 'mssql', 'fabric']);

/** `kind:value` of every token, for compact expectations. */
function read(sql: string, driver: string): string[] {
  return lexStatement(sql, driver).map((t) => `${t.kind}:${t.value}`);
}

function reasonOf(sql: string, driver: string): string {
  try {
    lexStatement(sql, driver);
  } catch (error) {
    if (error instanceof UnreadableStatement) return error.reason;
    throw error;
  }
  return 'read';
}

describe('lexStatement: shared base', () => {
  it.each(DRIVERS)('%s reads an ordinary statement with placeholders', (driver) => {
    const tokens = read('SELECT a, b FROM s.t WHERE x = ? AND y = $1 AND z = :name AND w = @p -- note\n', driver);
    expect(tokens).toEqual([
      'word:select',
      'word:a',
      'punctuation:,',
      'word:b',
      'word:from',
      'word:s',
      'punctuation:.',
      'word:t',
      'word:where',
      'word:x',
      'operator:=',
      'parameter:?',
      'word:and',
      'word:y',
      'operator:=',
      'parameter:$1',
      'word:and',
      'word:z',
      'operator:=',
      'parameter::name',
      'word:and',
      'word:w',
      'operator:=',
      'parameter:@p',
    ]);
  });

  it('gives offsets with an exclusive end and keeps the exact text', () => {
    const [select, str] = lexStatement("SeLeCt  'It''s'", 'postgresql');
    expect(select).toMatchObject({ kind: 'word', text: 'SeLeCt', value: 'select', start: 0, end: 6 });
    expect(str).toMatchObject({ kind: 'string', text: "'It''s'", value: "It's", start: 8, end: 15 });
  });

  it.each(DRIVERS)('%s refuses unterminated strings and comments, and nested comments', (driver) => {
    expect(reasonOf("SELECT 'abc", driver)).toBe('unterminated-string');
    expect(reasonOf('SELECT 1 /* open', driver)).toBe('unterminated-comment');
    // PostgreSQL, DuckDB and T-SQL nest block comments; the other engines end at the first closer.
    if (NESTING.has(driver)) expect(read('SELECT /* a /* b */ c */ 1', driver)).toEqual(['word:select', 'number:1']);
    else expect(reasonOf('SELECT /* a /* b */ c */ 1', driver)).toBe('nested-comment');
    expect(reasonOf('SELECT /* a /* b */ 1', driver)).toBe(NESTING.has(driver) ? 'unterminated-comment' : 'nested-comment');
    expect(reasonOf('SELECT 1 -- x\u2028DROP TABLE t', driver)).toBe('foreign-line-break');
    expect(reasonOf('SELECT 1 -- x\rDROP TABLE t', driver)).toBe('foreign-line-break');
    expect(reasonOf('SELECT 1 -- x\u0085DROP TABLE t', driver)).toBe('foreign-line-break');
    expect(reasonOf('SELECT\u00a01', driver)).toBe('confusable-character');
    expect(reasonOf('SELECT 1\u200b', driver)).toBe('confusable-character');
    expect(reasonOf('SELECT 1\uff1b DROP TABLE t', driver)).toBe('confusable-character');
    expect(reasonOf('SELECT \u0001', driver)).toBe('unexpected-character');
  });

  it('reads a CRLF line comment like a LF one', () => {
    expect(read('SELECT 1 -- x\r\nFROM t', 'postgresql')).toEqual(['word:select', 'number:1', 'word:from', 'word:t']);
  });

  it('refuses an unknown driver', () => {
    expect(reasonOf('SELECT 1', 'oracle')).toBe('unknown-driver');
    expect(reasonOf('SELECT 1', 'PostgreSQL')).toBe('unknown-driver');
  });

  it('reads words that fold or normalise into keywords as those keywords', () => {
    expect(read('\uff23\uff2f\uff30\uff39 t TO x', 'duckdb')[0]).toBe('word:copy');
    expect(read('sElEcT 1', 'mysql')[0]).toBe('word:select');
    expect(read('SE\u017fSION', 'mysql')[0]).toBe('word:session'); // long s
    expect(read('\ud835\udc12\ud835\udc04\ud835\udc0b\ud835\udc04\ud835\udc02\ud835\udc13 1', 'postgresql')[0]).toBe('word:select');
    expect(read('SELECT caf\u00e9 FROM t', 'postgresql')[1]).toBe('word:caf\u00e9');
    expect(reasonOf('SELECT \u0130NSERT', 'mysql')).toBe('confusable-character');
  });

  it('keeps symbols in strings and quoted names as data', () => {
    expect(read("SELECT 'copy ; drop table x -- /* read_csv(' FROM t", 'duckdb')).toEqual([
      'word:select',
      'string:copy ; drop table x -- /* read_csv(',
      'word:from',
      'word:t',
    ]);
  });

  it('reads a backslash at the end of a standard string as an ordinary character (trino)', () => {
    expect(read("SELECT 'a\\'", 'trino')).toEqual(['word:select', 'string:a\\']);
  });
});

describe('lexStatement: PostgreSQL family', () => {
  it('reads E strings, dollar quoting and U& escapes', () => {
    expect(read("SELECT E'it\\'s\\n', $$ a ' b $$, $fn$ x $$ y $fn$", 'postgresql')).toEqual([
      'word:select',
      "string:it's\n",
      'punctuation:,',
      "string: a ' b ",
      'punctuation:,',
      'string: x $$ y ',
    ]);
    expect(read('SELECT * FROM U&"pg_st\\0061t_activity"', 'postgresql')[3]).toBe('quoted-name:pg_stat_activity');
  });

  it('reads a UESCAPE clause right after its literal, and refuses one read any other way and bad U& escapes', () => {
    expect(read("SELECT U&'d!0061t!+000061' UESCAPE '!'", 'postgresql')).toEqual(['word:select', 'string:data']);
    expect(read('SELECT U&"pg#005fsleep" uescape \'#\'', 'postgresql')).toEqual(['word:select', 'quoted-name:pg_sleep']);
    expect(reasonOf("SELECT U&'d!0061t' /* c */ UESCAPE '!'", 'postgresql')).toBe('unicode-escape');
    expect(reasonOf("SELECT U&'d\\0061t' UESCAPE '+'", 'postgresql')).toBe('unicode-escape');
    expect(reasonOf('SELECT U&"\\zz"', 'postgresql')).toBe('unicode-escape');
  });

  it('requires both standard_conforming_strings readings to agree', () => {
    // on: the string is `a\`; off: the quote is escaped and the string never ends, so under that
    // setting the engine rejects the whole text and runs nothing: the one reading that reads counts.
    expect(read("SELECT 'a\\'", 'postgresql')).toEqual(['word:select', 'string:a\\']);
    // With a `;` an engine running statements one by one could run what comes before: refused.
    expect(reasonOf("SELECT 'a\\'; SELECT 'b'", 'postgresql')).toBe('ambiguous-setting');
    expect(reasonOf("SELECT 'a\\' -- ', 1; DROP TABLE t", 'postgresql')).toBe('ambiguous-setting');
    // Ending in the same place, a string may decode differently: it is read, its value marked as varying.
    expect(lexStatement("SELECT 'C:\\temp'", 'postgresql')[1]).toMatchObject({ kind: 'string', value: 'C:\\temp', valueVaries: true });
    expect(lexStatement("SELECT 'C:\\temp'", 'redshift')[1]).toMatchObject({ kind: 'string', valueVaries: true });
    expect(lexStatement("SELECT 'C:temp'", 'postgresql')[1]).not.toHaveProperty('valueVaries');
    // E'' strings read the same under both.
    expect(read("SELECT E'C:\\\\temp'", 'postgresql')[1]).toBe('string:C:\\temp');
    expect(read('SELECT $$C:\\temp$$', 'postgresql')[1]).toBe('string:C:\\temp');
  });

  it('refuses unterminated dollar quotes', () => {
    expect(reasonOf('SELECT $a$ x $b$', 'postgresql')).toBe('unterminated-string');
  });

  it('reads `#` and `@` as operators', () => {
    expect(read('SELECT a # b, @ c', 'postgresql')).toEqual(['word:select', 'word:a', 'operator:#', 'word:b', 'punctuation:,', 'operator:@', 'word:c']);
  });
});

describe('lexStatement: MySQL', () => {
  it('reads # comments, -- only before a space, and backticks', () => {
    expect(read('SELECT `a``b`, 1--1 # comment', 'mysql')).toEqual([
      'word:select',
      'quoted-name:a`b',
      'punctuation:,',
      'number:1',
      'operator:-',
      'operator:-',
      'number:1',
    ]);
    expect(read('SELECT 1 -- c\nFROM t', 'mysql')).toEqual(['word:select', 'number:1', 'word:from', 'word:t']);
  });

  it('refuses executable comments and hints', () => {
    expect(reasonOf('SELECT 1 /*!50000 DROP TABLE t */', 'mysql')).toBe('executable-comment');
    expect(reasonOf('SELECT /*+ SET_VAR(sort_buffer_size = 16M) */ 1', 'mysql')).toBe('executable-comment');
    expect(reasonOf('SELECT 1 /*M! DROP TABLE t */', 'mysql')).toBe('executable-comment');
    expect(read('SELECT 1 /* ! plain */', 'mysql')).toEqual(['word:select', 'number:1']);
  });

  it('reads "..." as string-or-name, agreeing across ANSI_QUOTES without backslashes', () => {
    expect(read('SELECT "a""b" FROM t', 'mysql')[1]).toBe('string-or-name:a"b');
  });

  it('refuses backslashes whose reading depends on ANSI_QUOTES or NO_BACKSLASH_ESCAPES', () => {
    // The other settings leave a quote open to the end of a one-statement text: the engine under
    // them runs nothing, so the reading that reads is the statement.
    expect(read('SELECT "a\\"b" FROM t', 'mysql')).toEqual(['word:select', 'string-or-name:a"b', 'word:from', 'word:t']);
    expect(read("SELECT 'a\\'b' FROM t", 'mysql')).toEqual(['word:select', "string:a'b", 'word:from', 'word:t']);
    expect(read("SELECT 'abc\\'", 'mysql')).toEqual(['word:select', 'string:abc\\']);
    // A reading that fails any other way (a stray backslash), or a `;` that may end a statement in
    // one of them: refused.
    expect(reasonOf("SELECT 'a\\'b\\'c'", 'mysql')).toBe('ambiguous-setting');
    expect(reasonOf("SELECT 'a\\'; DELETE FROM t; SELECT '", 'mysql')).toBe('ambiguous-setting');
    expect(reasonOf("SELECT 'abc\\' ; SELECT 1", 'mysql')).toBe('unterminated-string');
    // LIKE escapes keep their backslash in every reading.
    expect(read("SELECT 'a\\%'", 'mysql')[1]).toBe('string:a\\%');
  });

  it('reads @@ variables', () => {
    expect(read('SELECT @@GLOBAL.secure_file_priv', 'mysql')).toEqual(['word:select', 'variable:@@global.secure_file_priv']);
  });
});

describe('lexStatement: other dialects', () => {
  it('bigquery: raw, triple and backtick paths', () => {
    expect(read("SELECT r'\\d+', '''a'b''', \"x\\ty\" FROM `p.d.t`", 'bigquery')).toEqual([
      'word:select',
      'string:\\d+',
      'punctuation:,',
      "string:a'b",
      'punctuation:,',
      'string:x\ty',
      'word:from',
      'quoted-name:p.d.t',
    ]);
    expect(reasonOf("SELECT r'abc\\'", 'bigquery')).toBe('ambiguous-escape');
    expect(read('SELECT 1 # c', 'bigquery')).toEqual(['word:select', 'number:1']);
  });

  it('snowflake: backslash strings, $$ strings and // comments', () => {
    expect(read("SELECT 'it\\'s', $$a'b$$ // comment", 'snowflake')).toEqual(['word:select', "string:it's", 'punctuation:,', "string:a'b"]);
    expect(read('SELECT * FROM @stage', 'snowflake')[3]).toBe('parameter:@stage');
  });

  it('mssql and fabric: brackets, temp tables, quoted identifiers either way', () => {
    for (const driver of ['mssql', 'fabric']) {
      expect(read('SELECT [a]]b], "c" FROM #tmp', driver)).toEqual([
        'word:select',
        'quoted-name:a]b',
        'punctuation:,',
        'string-or-name:c',
        'word:from',
        'word:#tmp',
      ]);
    }
    expect(reasonOf('SELECT [a', 'mssql')).toBe('unterminated-quoted-name');
  });

  it('sqlite: every quoting style', () => {
    expect(read('SELECT [a], `b`, "c", \'d\'', 'sqlite')).toEqual([
      'word:select',
      'quoted-name:a',
      'punctuation:,',
      'quoted-name:b',
      'punctuation:,',
      'string-or-name:c',
      'punctuation:,',
      'string:d',
    ]);
  });

  it('clickhouse: escapes in names, heredocs, # comments', () => {
    expect(read('SELECT `a\\`b`, $h$x$h$ # c', 'clickhouse')).toEqual(['word:select', 'quoted-name:a`b', 'punctuation:,', 'string:x']);
  });

  it('databricks: settings that change backslashes must agree', () => {
    expect(read("SELECT `a`, 'b' FROM t", 'databricks')).toEqual(['word:select', 'quoted-name:a', 'punctuation:,', 'string:b', 'word:from', 'word:t']);
    expect(lexStatement("SELECT 'a\\nb'", 'databricks')[1]).toMatchObject({ kind: 'string', valueVaries: true });
    // Double-quoted text may be a name (double-quoted identifiers): its value must agree.
    expect(reasonOf('SELECT "a\\nb"', 'databricks')).toBe('ambiguous-setting');
    expect(read("SELECT r'a\\nb'", 'databricks')[1]).toBe('string:a\\nb');
  });

  it('duckdb and file read the same', () => {
    const sql = "SELECT E'\\t', $$x$$, [1, 2][1] FROM 'data.csv'";
    expect(read(sql, 'file')).toEqual(read(sql, 'duckdb'));
  });

  it('trino and athena: U& strings; athena alone has backticks', () => {
    expect(read("SELECT U&'\\0041'", 'trino')[1]).toBe('string:A');
    expect(read('SELECT `a` FROM t', 'athena')[1]).toBe('quoted-name:a');
    expect(reasonOf('SELECT `a` FROM t', 'trino')).toBe('unexpected-character');
  });
});
