/**
 * A small SQL tokenizer for the public corpus, written apart from svc's own reader (grammar/sql)
 * so the corpus does not inherit that reader's mistakes. It only has to know where strings,
 * quoted names, comments and dollar-quoted bodies begin and end, per source dialect:
 *
 * - `--` and `/* *\/` comments everywhere; `#` comments in MySQL, BigQuery and ClickHouse; nested block
 *   comments in PostgreSQL, DuckDB and T-SQL.
 * - `'...'` strings with `''`; backslash escapes in MySQL, BigQuery, Databricks, ClickHouse,
 *   Snowflake and Redshift, and in `E'...'` strings; raw `r'...'` strings and `'''...'''`
 *   triple-quoted strings in BigQuery (raw strings in Databricks too).
 * - `"..."` (strings or names, `""` doubled), backquoted names where the dialect has them,
 *   `[...]` names in T-SQL and SQLite.
 * - `$tag$...$tag$` bodies in PostgreSQL, Redshift, DuckDB, Snowflake, ClickHouse and Databricks.
 *
 * Tokens: `{ k, v, at, end }` with k one of w (word, lower-cased), q (quoted name), s (string),
 * n (number), p (punctuation), o (operator), v (`@name`, `@@name`, Snowflake `$name` variable),
 * x (placeholder `?`, `$1`), h (an optimizer hint `/*+ ... *\/` or MySQL executable comment `/*! ... *\/`).
 */

const BASE = {
  dollar: false,
  nested: false,
  backslash: false,
  backtick: false,
  hash: false,
  brackets: false,
  triple: false,
  raw: false,
  dqString: false,
  at: false,
  dollarNames: false,
};

const DIALECTS = {
  postgresql: { dollar: true, nested: true },
  redshift: { dollar: true, backslash: true },
  duckdb: { dollar: true, nested: true },
  snowflake: { dollar: true, backslash: true, at: true, dollarNames: true },
  clickhouse: { dollar: true, backslash: true, backtick: true, hash: true },
  databricks: { dollar: true, backslash: true, backtick: true, raw: true, dqString: true },
  bigquery: { backslash: true, backtick: true, hash: true, triple: true, raw: true, dqString: true, at: true },
  mysql: { backslash: true, backtick: true, hash: true, dqString: true, at: true },
  mssql: { nested: true, brackets: true, at: true },
  fabric: { nested: true, brackets: true, at: true },
  sqlite: { backtick: true, brackets: true, at: true },
  trino: {},
  athena: { backtick: true },
};

/** The lexical options of a driver's dialect. */
export function dialectOptions(driver) {
  return { ...BASE, ...(DIALECTS[driver] ?? {}) };
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[\w$\u0080-\uffff]/;
const OPERATOR = /[+\-*/<>=~!@#%^&|?:]/;
const PUNCT = new Set(['(', ')', ',', ';', '.', '[', ']', '{', '}']);

class Unterminated extends Error {
  constructor(what, at) {
    super(`unterminated ${what}`);
    this.at = at;
  }
}

/** Tokens of `text`; `error` and `errorAt` when a string or comment never ends. */
export function tokenize(text, driver) {
  const o = dialectOptions(driver);
  const tokens = [];
  let i = 0;
  try {
    while (i < text.length) {
      const t = nextToken(text, i, o);
      if (t.k !== null) tokens.push(t);
      i = t.end;
    }
  } catch (error) {
    if (!(error instanceof Unterminated)) throw error;
    return { tokens, error: error.message, errorAt: error.at };
  }
  return { tokens, error: null, errorAt: -1 };
}

function nextToken(text, i, o) {
  const c = text[i];
  if (/\s/.test(c)) return skip(i, i + 1);
  const comment = commentEnd(text, i, o);
  // Optimizer hints (/*+ ... */) and MySQL's executable comments (/*! ... */) are kept: they act.
  if (comment > i && /^\/\*[+!]/.test(text.slice(i, i + 3))) return { k: 'h', v: text.slice(i, comment).toLowerCase(), at: i, end: comment };
  if (comment > i) return skip(i, comment);
  const quoted = quotedToken(text, i, o);
  if (quoted !== null) return quoted;
  if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) return { k: 'x', v: text.slice(i, digitsEnd(text, i + 1)), at: i, end: digitsEnd(text, i + 1) };
  if (c === '@' && o.at && /[A-Za-z_]|@[A-Za-z_]/.test(text.slice(i + 1, i + 3))) return variableToken(text, i);
  if (c === '$' && o.dollarNames && /[A-Za-z_]/.test(text[i + 1] ?? '')) return variableToken(text, i);
  if (c === '#' && o.brackets && WORD_START.test(text[i + 1] ?? '#')) return wordToken(text, i, i + 1);
  if (WORD_START.test(c)) return wordToken(text, i, i);
  if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) return numberToken(text, i);
  if (PUNCT.has(c)) return { k: 'p', v: c, at: i, end: i + 1 };
  if (c === '?') return { k: 'x', v: '?', at: i, end: i + 1 };
  if (OPERATOR.test(c)) return operatorToken(text, i, o);
  return { k: 'o', v: c, at: i, end: i + 1 };
}

const skip = (at, end) => ({ k: null, v: '', at, end });

function digitsEnd(text, i) {
  let j = i;
  while (j < text.length && /[0-9]/.test(text[j])) j++;
  return j;
}

function wordToken(text, at, from) {
  let j = from + 1;
  while (j < text.length && WORD_PART.test(text[j])) j++;
  return { k: 'w', v: text.slice(at, j).toLowerCase(), at, end: j };
}

function variableToken(text, at) {
  let j = at + 1;
  while (j < text.length && /[@\w$.]/.test(text[j])) j++;
  return { k: 'v', v: text.slice(at, j).toLowerCase(), at, end: j };
}

function numberToken(text, at) {
  const m = /^(0x[0-9a-f]+|[0-9_]*\.?[0-9_]*(e[+-]?[0-9]+)?)/i.exec(text.slice(at, at + 64));
  const end = at + Math.max(1, m?.[0].length ?? 1);
  return { k: 'n', v: text.slice(at, end), at, end };
}

function operatorToken(text, at, o) {
  let j = at + 1;
  while (j < text.length && OPERATOR.test(text[j]) && commentEnd(text, j, o) === j) j++;
  return { k: 'o', v: text.slice(at, j), at, end: j };
}

/** The end of a comment starting at `i`, or `i` when none starts there. */
function commentEnd(text, i, o) {
  const two = text.slice(i, i + 2);
  if (two === '--' || (o.hash && text[i] === '#')) {
    const nl = text.indexOf('\n', i);
    return nl < 0 ? text.length : nl;
  }
  if (two !== '/*') return i;
  let depth = 1;
  let j = i + 2;
  while (j < text.length) {
    const pair = text.slice(j, j + 2);
    if (pair === '*/') depth--;
    else if (o.nested && pair === '/*') depth++;
    if (pair === '*/' || (o.nested && pair === '/*')) j += 2;
    else j++;
    if (depth === 0) return j;
  }
  throw new Unterminated('comment', i);
}

/** A string, quoted name or dollar-quoted body starting at `i`, or null. */
function quotedToken(text, i, o) {
  const c = text[i];
  const prefix = stringPrefix(text, i, o);
  if (prefix !== null) return prefix;
  if (c === "'") return quoted(text, i, i, "'", o.backslash, 's');
  if (c === '"') return quoted(text, i, i, '"', o.backslash && o.dqString, o.dqString ? 's' : 'q');
  if (c === '`' && o.backtick) return quoted(text, i, i, '`', false, 'q');
  if (c === '[' && o.brackets) return quoted(text, i, i, ']', false, 'q');
  if (c === '$' && o.dollar) return dollarQuoted(text, i);
  return null;
}

/** `E'..'`, `r'..'`, `b'..'`, `N'..'`, `'''..'''`: prefixed and triple-quoted strings. */
function stringPrefix(text, i, o) {
  const m = /^([A-Za-z]{1,2}|[Uu]&)?('''|"""|'|")/.exec(text.slice(i, i + 5));
  if (m === null || (i > 0 && WORD_PART.test(text[i - 1]))) return null;
  const letters = (m[1] ?? '').toLowerCase();
  const quote = m[2].length === 3 && !o.triple ? m[2][0] : m[2];
  const raw = o.raw && letters.includes('r');
  if (quote.length === 3 && o.triple) return quoted(text, i, i + letters.length, quote, o.backslash && !raw, 's');
  if (letters === '') return null;
  if (quote === '"' && !o.dqString) return null;
  if (letters === 'e') return quoted(text, i, i + 1, quote, true, 's');
  if (['n', 'x', 'b', 'u&'].includes(letters) || (o.raw && /^(r|b|rb|br)$/.test(letters)))
    return quoted(text, i, i + letters.length, quote, o.backslash && !raw, 's');
  return null;
}

function quoted(text, at, open, quote, backslash, k) {
  let j = open + (quote === ']' ? 1 : quote.length);
  while (j < text.length) {
    if (backslash && text[j] === '\\') j += 2;
    else if (text.startsWith(quote, j)) {
      if (quote.length === 1 && text[j + 1] === quote) j += 2;
      else return { k, v: text.slice(at, j + quote.length), at, end: j + quote.length };
    } else j++;
  }
  throw new Unterminated(k === 's' ? 'string' : 'quoted name', at);
}

function dollarQuoted(text, at) {
  const m = /^\$([A-Za-z_][\w]*)?\$/.exec(text.slice(at, at + 64));
  if (m === null || (at > 0 && WORD_PART.test(text[at - 1]))) return null;
  const close = text.indexOf(m[0], at + m[0].length);
  if (close < 0) throw new Unterminated('dollar-quoted body', at);
  return { k: 's', v: text.slice(at, close + m[0].length), at, end: close + m[0].length };
}
