/**
 * The one place where Chevrotain tokens (and raw offsets) become spans. Chevrotain reports
 * 1-based lines and columns and inclusive end offsets; spans use exclusive end offsets.
 */
import type { IToken } from 'chevrotain';
import type { Position, Span } from './diagnostics.js';

/** Span covering `first` through `last` (inclusive tokens). */
export function spanFromTokens(first: IToken, last: IToken = first): Span {
  const endOffset = (last.endOffset ?? last.startOffset + last.image.length - 1) + 1;
  const start: Position = {
    offset: first.startOffset,
    line: first.startLine ?? 1,
    column: first.startColumn ?? 1,
  };
  // endColumn is inclusive in Chevrotain; the exclusive end sits one column further.
  const end: Position = {
    offset: endOffset,
    line: last.endLine ?? start.line,
    column: (last.endColumn ?? start.column) + 1,
  };
  return { start, end };
}

/** Maps offsets to positions for a text; built once per text, each lookup is a binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
    }
  }

  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }

  span(startOffset: number, endOffset: number): Span {
    return { start: this.position(startOffset), end: this.position(endOffset) };
  }
}
