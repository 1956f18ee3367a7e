/**
 * Builds the Chevrotain lexer for one reading of a dialect. Patterns are tried in order and
 * the first match wins, so comments come before operators (`--`, `/*`), prefixed strings before
 * words (`E'..'`), dollar quotes before `$1`. Every pattern declares its first characters, which
 * keeps Chevrotain's first-character optimisation on: reading stays a table lookup per token.
 * Recovery is off: the first character nothing matches ends reading, so bad input costs no
 * more than good input.
 *
 * Every token's image also takes the spaces that follow it (`lexStatement` cuts them off):
 * one match per token instead of two roughly halves the lexer's work. Whitespace is only ever
 * ` \t\n\r`, so this never changes where a token ends.
 */
import type { TokenType } from 'chevrotain';
import { createToken, Lexer } from '../chevrotain.js';
import type { DialectReading } from './base-dialect.js';
import { blockCommentScanner, lineCommentScanner } from './scan-comments.js';
import { bracketScanner, dollarScanner, prefixedScanner, quotedScanner } from './scan-quoted.js';
import { sqliteVariableScanner } from './scan-variables.js';
import type { SqlTokenKind } from './sql-token.js';

export interface BuiltLexer {
  readonly lexer: Lexer;
  /** Kind of each token type that carries no payload, indexed by `tokenTypeIdx`. */
  readonly kinds: readonly (SqlTokenKind | undefined)[];
}

/** A token pattern followed by the spaces its image absorbs. */
function spaced(source: string): RegExp {
  return new RegExp(`(?:${source})[ \\t\\n\\r]*`);
}

const NUMBER = spaced(/0[xX][0-9A-Fa-f]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.source);
// `@@name`, also with non-ASCII name characters (MySQL reads them as part of the name) and
// bare `@@` (MySQL takes a quoted or spaced name after it: @@\`version\`), always a variable.
const VARIABLE = spaced(/@@(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_$.\u0080-\uffff]*)?/.source);
const PARAMETER = spaced(/\?\d*|\$\d+|\$[A-Za-z_][A-Za-z0-9_]*|:[A-Za-z_][A-Za-z0-9_]*|@[A-Za-z_][A-Za-z0-9_$]*/.source);
const OPERATOR = spaced(/::|:=|=>|->>|->|<=>|<>|<=|>=|!=|\|\||<<|>>|&&|[-+*/%<>=~!^&|:@#]/.source);
const PUNCTUATION = spaced(/[(),;.[\]{}]/.source);

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, '\\$&');
}

function custom(name: string, exec: (text: string, offset: number) => unknown, hint: string[], skip = false): TokenType {
  return createToken({
    name,
    pattern: exec as never,
    start_chars_hint: hint,
    line_breaks: true,
    ...(skip ? { group: Lexer.SKIPPED } : {}),
  });
}

function commentTokens(r: DialectReading): TokenType[] {
  const hint = r.lineComments.map((c) => c[0] as string);
  return [
    custom('BlockComment', blockCommentScanner(r), ['/'], true),
    custom('LineComment', lineCommentScanner(r), [...new Set(hint)], true),
  ];
}

function quotedTokens(r: DialectReading): TokenType[] {
  const tokens: TokenType[] = [];
  const prefixes = [r.escapeStrings ? 'Ee' : '', r.unicodeEscapes ? 'Uu' : '', r.rawStrings ? 'RrBb' : ''].join('');
  if (prefixes !== '') tokens.push(custom('Prefixed', prefixedScanner(r), [...prefixes]));
  if (r.dollarQuotes !== 'none') tokens.push(custom('Dollar', dollarScanner(r), ['$']));
  tokens.push(custom('Single', quotedScanner("'", 'string', r.singleQuote, r), ["'"]));
  tokens.push(custom('Double', quotedScanner('"', r.doubleQuoteKind, r.doubleQuoteEscapes, r), ['"']));
  if (r.backtick !== undefined) tokens.push(custom('Backtick', quotedScanner('`', 'quoted-name', r.backtick, r), ['`']));
  if (r.brackets) tokens.push(custom('Bracket', bracketScanner(), ['[']));
  return tokens;
}

/** The lexer and kind table for `reading`. */
export function buildLexer(reading: DialectReading): BuiltLexer {
  const kinds: (SqlTokenKind | undefined)[] = [];
  const plain = (kind: SqlTokenKind, pattern: RegExp): TokenType => {
    const t = createToken({ name: kind, pattern });
    kinds[t.tokenTypeIdx as number] = kind;
    return t;
  };
  const extra = escapeClass(reading.nameStartExtra);
  const name = `[A-Za-z_\\u0080-\\uffff${extra}][A-Za-z0-9_$\\u0080-\\uffff${extra}]*`;
  // A word takes the dotted parts that follow it (`schema.table`) in the same match;
  // `lexStatement` splits them again. Qualified names are a large share of all tokens.
  const word = spaced(`${name}(?:\\.${name})*`);
  const tokens: TokenType[] = [
    createToken({ name: 'Whitespace', pattern: /[ \t\n\r]+/, group: Lexer.SKIPPED, line_breaks: true }),
    ...commentTokens(reading),
    ...quotedTokens(reading),
    ...(reading.sqliteVariables ? [custom('SqliteVariable', sqliteVariableScanner, ['$', '@', ':', '#'])] : []),
    plain('number', NUMBER),
    ...(reading.systemVariables ? [plain('variable', VARIABLE)] : []),
    plain('parameter', PARAMETER),
    plain('word', word),
    plain('operator', OPERATOR),
    plain('punctuation', PUNCTUATION),
  ];
  const lexer = new Lexer(tokens, {
    positionTracking: 'onlyOffset',
    ensureOptimizations: true,
    recoveryEnabled: false,
    skipValidations: true,
  });
  return { lexer, kinds };
}
