/**
 * Reading of unquoted words holding characters beyond ASCII. Engines disagree on such words:
 * one treats a no-break space as a separator, another as part of a name; one folds a
 * fullwidth `ＣＯＰＹ` to `COPY`, another keeps it as a name. The reader takes the reading
 * that can do the most: the NFKC-normalised, case-folded form is the word's value (so a
 * disguised keyword reads as the keyword), and a word whose characters are not letters, marks
 * or digits before and after normalisation is refused.
 */
import { UnreadableStatement } from './unreadable-statement.js';

const NAME_CHARS = /^(?:[\p{L}\p{M}\p{N}_$#@\p{Extended_Pictographic}]|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d)+$/u;
/** An ASCII letter carrying a combining mark (a dotted capital I folds to one). */
const MARKED_ASCII = /[A-Za-z]\p{M}/u;

/** True when `text` holds any character beyond ASCII. */
export function hasNonAscii(text: string): boolean {
  return /[^\x00-\x7f]/.test(text);
}

/** Folded value of a word with non-ASCII characters; throws when it is not a plain name. */
export function normaliseWord(text: string, offset: number): string {
  if (!NAME_CHARS.test(text)) throw new UnreadableStatement('confusable-character', offset);
  // Upper then lower folds ß to ss, ſ to s and ligatures to their letters.
  const folded = text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
  if (!NAME_CHARS.test(folded) || MARKED_ASCII.test(folded)) {
    throw new UnreadableStatement('confusable-character', offset);
  }
  return folded;
}
