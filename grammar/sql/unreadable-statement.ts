/**
 * The one error the statement reader throws. Reading refuses what it cannot decide instead of
 * guessing, so every caller can fail closed on a single type. The message never quotes the
 * statement: statements may hold values a log must not see.
 */

/** Why a statement could not be read. Stable kebab codes; callers switch on them. */
export type UnreadableReason =
  | 'ambiguous-escape'
  | 'ambiguous-setting'
  | 'confusable-character'
  | 'executable-comment'
  | 'foreign-line-break'
  | 'nested-comment'
  | 'not-text'
  | 'unexpected-character'
  | 'unicode-escape'
  | 'unknown-driver'
  | 'unterminated-comment'
  | 'unterminated-quoted-name'
  | 'unterminated-string';

const MESSAGES: Record<UnreadableReason, string> = {
  'ambiguous-escape': 'A raw string ends in a backslash before its quote, which engines read differently.',
  'ambiguous-setting': 'The statement reads differently depending on an engine setting the service cannot see.',
  'confusable-character': 'The statement holds a character that engines read differently (a look-alike, invisible or foreign space character).',
  'executable-comment': 'The statement holds a comment that the engine executes or reads as hints.',
  'foreign-line-break': 'A line comment is ended by a line break that engines read differently.',
  'nested-comment': 'A block comment opens another block comment, which engines read differently.',
  'not-text': 'The statement is not text.',
  'unexpected-character': "The statement holds a character that is not part of the engine's SQL.",
  'unicode-escape': 'A Unicode escape in a string or name cannot be read.',
  'unknown-driver': 'The engine is not one the statement reader knows.',
  'unterminated-comment': 'A block comment is never closed.',
  'unterminated-quoted-name': 'A quoted name is never closed.',
  'unterminated-string': 'A string is never closed.',
};

/** Thrown by `lexStatement` (and everything built on it) for a statement it cannot decide. */
export class UnreadableStatement extends Error {
  override readonly name = 'UnreadableStatement';

  constructor(
    readonly reason: UnreadableReason,
    /** Offset (UTF-16 units) where reading stopped; -1 when it concerns the whole statement. */
    readonly offset: number = -1,
  ) {
    super(MESSAGES[reason]);
  }
}

/** Every reason code, for tables and documentation. */
export const UNREADABLE_REASONS = Object.keys(MESSAGES) as UnreadableReason[];
