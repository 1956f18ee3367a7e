/**
 * Line-oriented output for the formatter. It knows the current indentation level and one
 * rule that keeps the output parseable whatever the AST holds: after a `//` comment nothing
 * may follow on that line, so the next text starts a continuation line instead.
 */
import type { Comment } from '../../../grammar/block/ast.js';

export const INDENT = '  ';
export const MAX_WIDTH = 80;
/** Trailing comments after a member start at this 0-based column (or one space further right). */
export const COMMENT_COLUMN = 37;

export class Writer {
  private readonly done: string[] = [];
  private line = '';
  private depth = 0;
  private breakPending = false;

  /** Text on the current line (may contain line breaks, e.g. a block comment). */
  text(s: string): void {
    if (this.breakPending) {
      this.breakPending = false;
      this.endLine();
      this.line += INDENT;
    }
    const lastBreak = s.lastIndexOf('\n');
    if (lastBreak < 0) {
      this.line += s;
      return;
    }
    this.done.push(this.line + s.slice(0, lastBreak));
    this.line = s.slice(lastBreak + 1);
  }

  /** A single space, unless the line is empty so far (only indentation) or already ends in one. */
  gap(): void {
    if (this.breakPending || this.atLineStart() || this.line.endsWith(' ')) return;
    this.line += ' ';
  }

  /**
   * A comment inside a line: block comments may be followed by more text, line comments not.
   * `align` puts it at COMMENT_COLUMN, so the comments of consecutive lines form a column.
   */
  comment(c: Comment, align = false): void {
    if (align && !this.breakPending && this.line.length < COMMENT_COLUMN) {
      this.line = this.line.padEnd(COMMENT_COLUMN);
    }
    this.gap();
    this.text(c.text);
    if (c.kind === 'line') this.breakPending = true;
  }

  /** The trailing comments of a line-level node: the first one aligned, the rest following. */
  trailing(comments: readonly Comment[]): void {
    comments.forEach((c, i) => this.comment(c, i === 0));
  }

  /** Makes the next text start a continuation line. */
  breakNext(): void {
    this.breakPending = true;
  }

  /** Comments each on a line of their own (leading and dangling comments). */
  commentLines(comments: readonly Comment[]): void {
    for (const c of comments) {
      this.startLine();
      this.text(c.text);
      this.endLine();
    }
  }

  /** Ends the current line and starts the next one at the current indentation. */
  endLine(): void {
    this.breakPending = false;
    this.done.push(this.line.trimEnd() === '' ? '' : this.line);
    this.line = INDENT.repeat(this.depth);
  }

  /** Makes sure the cursor is at the start of a fresh line. */
  startLine(): void {
    if (this.breakPending || !this.atLineStart()) this.endLine();
  }

  /** An empty line (between declarations). */
  blankLine(): void {
    this.startLine();
    if (this.done.length > 0 && this.done[this.done.length - 1] !== '') this.done.push('');
  }

  indent(): void {
    this.depth++;
    if (this.atLineStart()) this.line = INDENT.repeat(this.depth);
  }

  dedent(): void {
    this.depth--;
    if (this.atLineStart()) this.line = INDENT.repeat(this.depth);
  }

  /** Indentation of the current block, for multi-line string content. */
  currentIndent(): string {
    return INDENT.repeat(this.depth);
  }

  /** Column (0-based) where the next text would start. */
  column(): number {
    return this.breakPending ? INDENT.length * (this.depth + 1) : this.line.length;
  }

  private atLineStart(): boolean {
    return this.line.trim() === '';
  }

  /** The whole output, ending with one newline (or empty). */
  finish(): string {
    if (!this.atLineStart() || this.breakPending) this.endLine();
    while (this.done.length > 0 && this.done[this.done.length - 1] === '') this.done.pop();
    return this.done.length === 0 ? '' : `${this.done.join('\n')}\n`;
  }
}
