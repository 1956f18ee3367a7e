/**
 * `knownLexicon(driver)`: what the reader knows of an engine's lexical language, in words a
 * reviewer can check against the engine's documentation. Derived from the dialect data, so it
 * cannot drift from what `lexStatement` does.
 */
import { type DialectReading, readingsOf } from './dialects/base-dialect.js';
import { DIALECTS } from './dialects/index.js';
import { type Driver, isDriver } from './drivers.js';
import { UNREADABLE_REASONS, type UnreadableReason, UnreadableStatement } from './unreadable-statement.js';

export interface KnownLexicon {
  readonly driver: Driver;
  /** String literal forms. */
  readonly strings: readonly string[];
  /** Quoted name forms. */
  readonly quotedNames: readonly string[];
  /** Comment forms read (and the ones refused). */
  readonly comments: readonly string[];
  /** Placeholder and variable forms. */
  readonly parameters: readonly string[];
  /** Engine settings whose every value is read; readings must agree. */
  readonly settings: readonly string[];
  /** Number of distinct readings taken when a statement holds a backslash. */
  readonly readings: number;
  /** What the reader refuses rather than guesses. */
  readonly refuses: readonly UnreadableReason[];
}

function escapes(rule: DialectReading['singleQuote']): string {
  return rule === 'backslash' ? 'backslash escapes and doubled quotes' : 'doubled quotes only';
}

function stringForms(r: DialectReading): string[] {
  const out = [`'...' with ${escapes(r.singleQuote)}`];
  if (r.doubleQuoteKind !== 'quoted-name') out.push(`"..." (${r.doubleQuoteKind}) with ${escapes(r.doubleQuoteEscapes)}`);
  if (r.escapeStrings) out.push("E'...' with backslash escapes");
  if (r.unicodeEscapes) out.push("U&'...' with \\XXXX and \\+XXXXXX escapes (UESCAPE refused)");
  if (r.rawStrings) out.push("r'...' raw strings (a backslash before the closing quote is refused)");
  if (r.tripleQuotes) out.push('\'\'\'...\'\'\' and """...""" triple-quoted strings');
  if (r.dollarQuotes === 'plain') out.push('$$...$$');
  if (r.dollarQuotes === 'tagged') out.push('$$...$$ and $tag$...$tag$');
  if (r.dollarQuotes === 'heredoc') out.push('heredocs: $tag$...$tag$ where the tag is anything from a $ to the next $');
  return out;
}

function nameForms(r: DialectReading): string[] {
  const out: string[] = [];
  if (r.doubleQuoteKind !== 'string') out.push(`"..." with ${escapes(r.doubleQuoteEscapes)}`);
  if (r.backtick !== undefined) out.push(`\`...\` with ${escapes(r.backtick)}`);
  if (r.brackets) out.push('[...] with ]] escaping ]');
  if (r.unicodeEscapes) out.push('U&"..." with \\XXXX and \\+XXXXXX escapes');
  if (r.nameStartExtra !== '') out.push(`unquoted names may start with ${r.nameStartExtra}`);
  return out;
}

function commentForms(r: DialectReading): string[] {
  const out: string[] = r.lineComments.map((c) => (c === '--' && r.dashCommentNeedsSpace ? '-- followed by a space or control character' : c));
  out.push('/* ... */ (nesting refused)');
  for (const e of r.executableComments) out.push(`${e} ... */ refused`);
  if (r.settingHints) out.push('/*+ ... */ optimizer hints read as comments; a hint with SET_VAR refused');
  out.push('line comments ended by \\r, \\v, \\f, NEL, U+2028 or U+2029 refused');
  return out;
}

/** Describes the reading of `driver`; throws `UnreadableStatement('unknown-driver')` otherwise. */
export function knownLexicon(driver: string): KnownLexicon {
  if (!isDriver(driver)) throw new UnreadableStatement('unknown-driver');
  const d = DIALECTS[driver];
  const r = d.reading;
  const parameters = ['?', '?N', '$N', '$name', ':name', '@name'];
  if (r.systemVariables) parameters.push('@@name (server or session variable)');
  if (r.sqliteVariables) parameters.push('#name', 'Tcl forms $a::b and $a(...) refused (stock and Tcl-less builds read them differently)');
  return {
    driver,
    strings: stringForms(r),
    quotedNames: nameForms(r),
    comments: commentForms(r),
    parameters,
    settings: d.settings.map((s) => s.name),
    readings: readingsOf(d).length,
    refuses: UNREADABLE_REASONS.filter((reason) => reason !== 'unknown-driver'),
  };
}
