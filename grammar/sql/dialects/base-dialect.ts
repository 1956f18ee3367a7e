/**
 * The shared base every dialect is a small delta over: what a quote, a comment and a
 * placeholder mean. A dialect file overrides only what its engine reads differently and says
 * why. Settings the service cannot see become alternative readings; `lexStatement` requires
 * every reading to agree.
 *
 * Invariant: every setting modelled here changes only how a backslash reads. A statement with
 * no backslash therefore reads the same under all of a dialect's settings, which lets the
 * reader lex it once.
 */

/** How a quoted literal treats a backslash. `standard`: literally; `backslash`: as an escape. */
export type EscapeRule = 'standard' | 'backslash';

export interface DialectReading {
  /** `'...'` strings. Doubled quotes always escape a quote. */
  readonly singleQuote: EscapeRule;
  /** What `"..."` is. */
  readonly doubleQuoteKind: 'quoted-name' | 'string' | 'string-or-name';
  readonly doubleQuoteEscapes: EscapeRule;
  /** `` `...` `` quoted names, or absent when a backtick is not part of the language. */
  readonly backtick?: EscapeRule;
  /** `[...]` quoted names (`]]` escapes `]`). */
  readonly brackets: boolean;
  /** `E'...'` strings with backslash escapes whatever other strings do. */
  readonly escapeStrings: boolean;
  /** `U&'...'` and `U&"..."` with `\XXXX` and `\+XXXXXX` escapes. */
  readonly unicodeEscapes: boolean;
  /** `r'...'` raw strings (also `rb`/`br` bytes). */
  readonly rawStrings: boolean;
  /**
   * A raw string ends at the first quote, whatever stands before it (Spark's lexer: `R'` then
   * anything but `'`, then `'`), so `r"\\foo\"` is the text `\\foo\`. Where this is false a
   * backslash before the closing quote is refused: BigQuery keeps such a quote inside the string.
   */
  readonly rawEndsAtQuote?: boolean;
  /**
   * A currency symbol before a number marks a money constant (T-SQL: `$12`, `$-1`, `-$.01`,
   * `￡100`): the symbol reads as an operator token, which changes how nothing else reads.
   */
  readonly moneySigns?: boolean;
  /**
   * A `$` with no name, digit or quote after it is MATCH_RECOGNIZE's end-of-partition anchor
   * (`PATTERN (^ A B+ $)`): it reads as an operator token; anywhere else the engine rejects it.
   */
  readonly patternAnchors?: boolean;
  /**
   * A backslash outside a quote is no token of the language (Spark's lexer: UNRECOGNIZED), so a
   * reading that leaves one there is a text the engine rejects whole before running any of it.
   */
  readonly strayBackslashRejected?: boolean;
  /** `'''...'''` and `"""..."""`. */
  readonly tripleQuotes: boolean;
  /**
   * `$$...$$` (plain), also `$tag$...$tag$` (tagged), or ClickHouse heredocs whose tag is
   * everything from a `$` to the next `$` (heredoc).
   */
  readonly dollarQuotes: 'none' | 'plain' | 'tagged' | 'heredoc';
  /** Line comment openers. */
  readonly lineComments: readonly ('--' | '#' | '//')[];
  /** `--` opens a comment only when a space or control character follows (MySQL). */
  readonly dashCommentNeedsSpace: boolean;
  /** Block comment openers the engine executes or reads as hints; refused. */
  readonly executableComments: readonly string[];
  /**
   * Block comments nest (PostgreSQL, DuckDB's PostgreSQL-derived scanner, T-SQL): each `/*`
   * inside one opens another, and only the matching `*\/` ends the outer. Engines that do not
   * nest end at the first `*\/`, so a nested comment is refused there.
   */
  readonly nestedComments?: boolean;
  /**
   * `/*+ ... *\/` optimizer hints (MySQL) are read as comments, except a hint that sets a
   * variable (SET_VAR), which is refused as an executable comment.
   */
  readonly settingHints: boolean;
  /** Whose backslash escapes a backslash-escaping quote decodes (see decode-escapes.ts). */
  readonly escapeSet: 'common' | 'clickhouse';
  /** `@@name` reads a server or session variable. */
  readonly systemVariables: boolean;
  /** Characters that may start an unquoted name besides letters and `_`. */
  readonly nameStartExtra: string;
  /** Characters whose backslash escape keeps the backslash (MySQL `\%`, `\_`). */
  readonly keepBackslashBefore: string;
  /**
   * SQLite's variables: `$`, `@`, `:` or `#` before identifier characters, and in stock builds
   * (Tcl variables on) `::` inside them and a `(...)` suffix that runs to the first space or `)`.
   */
  readonly sqliteVariables: boolean;
}

/** A setting the service cannot see and the readings it allows beyond the base. */
export interface DialectSetting {
  readonly name: string;
  readonly alternatives: readonly Partial<DialectReading>[];
}

export interface Dialect {
  readonly name: string;
  /** The reading with every setting at its default. */
  readonly reading: DialectReading;
  readonly settings: readonly DialectSetting[];
}

/** ANSI-like base: standard strings, `"` names, `--` and `/* *\/` comments. */
export const BASE_READING: DialectReading = {
  singleQuote: 'standard',
  doubleQuoteKind: 'quoted-name',
  doubleQuoteEscapes: 'standard',
  brackets: false,
  escapeStrings: false,
  unicodeEscapes: false,
  rawStrings: false,
  tripleQuotes: false,
  dollarQuotes: 'none',
  lineComments: ['--'],
  dashCommentNeedsSpace: false,
  executableComments: [],
  systemVariables: false,
  nameStartExtra: '',
  keepBackslashBefore: '',
  sqliteVariables: false,
  settingHints: false,
  escapeSet: 'common',
};

/** Builds a dialect from the base and a delta. */
export function dialect(name: string, delta: Partial<DialectReading>, settings: readonly DialectSetting[] = [], over: DialectReading = BASE_READING): Dialect {
  return { name, reading: { ...over, ...delta }, settings };
}

/**
 * Every reading a dialect allows: the cartesian product of its settings' alternatives over the
 * default reading, without duplicates. The default reading comes first.
 */
export function readingsOf(d: Dialect): DialectReading[] {
  let readings: DialectReading[] = [d.reading];
  for (const setting of d.settings) {
    const next: DialectReading[] = [];
    for (const r of readings) {
      next.push(r);
      for (const alt of setting.alternatives) next.push({ ...r, ...alt });
    }
    readings = next;
  }
  const seen = new Set<string>();
  return readings.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
