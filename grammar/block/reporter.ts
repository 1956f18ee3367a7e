/**
 * Collects the diagnostics of one parse. Recovery can notice one problem from several places
 * (an unclosed array, then the field, then the block); keeping only the first diagnostic at a
 * given offset turns such a cascade into one report. A cap keeps a file of random bytes from
 * producing millions of diagnostics.
 */
import type { IToken } from 'chevrotain';
import type { Code } from '../codes.js';
import { type Diagnostic, type DiagnosticData, diag, type Span } from '../diagnostics.js';
import { LineIndex, spanFromTokens } from '../span.js';

export const MAX_PARSE_DIAGNOSTICS = 100;

export class Reporter {
  private readonly seen = new Set<number>();
  private readonly list: Diagnostic[] = [];
  private lines: LineIndex | undefined;
  private capped = false;
  /** Start offsets of bad-character runs, ascending (the lexer reports them in order). */
  private readonly badChars: number[] = [];

  constructor(
    readonly text: string,
    readonly file: string | undefined,
  ) {}

  /** Span of a character range (offsets 0-based, end exclusive). */
  rangeSpan(start: number, end: number): Span {
    this.lines ??= new LineIndex(this.text);
    return this.lines.span(start, end);
  }

  /** Span of a token; end-of-input (no offset) becomes an empty span at the end of the text. */
  tokenSpan(token: IToken): Span {
    if (Number.isNaN(token.startOffset) || token.tokenType.name === 'EOF') {
      return this.rangeSpan(this.text.length, this.text.length);
    }
    return spanFromTokens(token);
  }

  /** Records a bad-character run the lexer dropped from the token stream. */
  addBadChars(start: number, end: number, char: string): void {
    this.badChars.push(start);
    this.add('parse/invalid-character', { char }, this.rangeSpan(start, end));
  }

  /**
   * True when characters were dropped in [from, to): the parser then sees a gap where the
   * user wrote something, and its own complaint about that gap would repeat the lexer's.
   */
  droppedBetween(from: number, to: number): boolean {
    let lo = 0;
    let hi = this.badChars.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.badChars[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.badChars.length && this.badChars[lo]! < to;
  }

  /** Adds a diagnostic unless one already starts at the same offset; returns it when added. */
  add(code: Code, data: DiagnosticData, span: Span): Diagnostic | undefined {
    if (this.seen.has(span.start.offset)) return undefined;
    if (this.list.length >= MAX_PARSE_DIAGNOSTICS) {
      this.addCapNotice(span);
      return undefined;
    }
    this.seen.add(span.start.offset);
    const d = diag(code, data, this.where(span));
    this.list.push(d);
    return d;
  }

  private addCapNotice(span: Span): void {
    if (this.capped) return;
    this.capped = true;
    const data = { limit: MAX_PARSE_DIAGNOSTICS };
    this.list.push(diag('parse/too-many-errors', data, this.where(span)));
  }

  private where(span: Span): { file?: string; span: Span } {
    return this.file === undefined ? { span } : { file: this.file, span };
  }

  /** True while nothing has been reported. */
  isEmpty(): boolean {
    return this.list.length === 0;
  }

  /** Every diagnostic, in source order. */
  diagnostics(): Diagnostic[] {
    return this.list.slice().sort((a, b) => (a.span?.start.offset ?? 0) - (b.span?.start.offset ?? 0));
  }
}

/** How a token is named in `found` data: its text (shortened), or `end of file`. */
export function describeToken(token: IToken | undefined): string {
  if (token === undefined || token.tokenType.name === 'EOF' || Number.isNaN(token.startOffset)) {
    return 'end of file';
  }
  // Shortened by code points, so a long token never ends in half a surrogate pair.
  const image = token.image.length > 24 ? `${Array.from(token.image.slice(0, 48)).slice(0, 24).join('')}…` : token.image;
  return `'${image.replace(/[\r\n]+/g, ' ')}'`;
}
