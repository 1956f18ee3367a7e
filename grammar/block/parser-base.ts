/**
 * State and error-recovery helpers shared by the grammar rules in parser.ts.
 *
 * Recovery is explicit rather than Chevrotain's automatic re-sync: every list (declarations,
 * members, array items, object entries) has an alternative that swallows tokens which cannot
 * start an element (one diagnostic per run), every closing bracket is optional (a missing one
 * is reported where it was expected), and a member that goes wrong mid-way skips the rest of
 * its line (and any bracketed group opened on it). So no rule ever throws, one mistake costs at
 * most its own member, and the rest of the file still becomes AST.
 */
import type { IToken, TokenType } from 'chevrotain';
import { EmbeddedActionsParser, EOF } from '../chevrotain.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeToken, Reporter } from './reporter.js';
import { ALL_TOKENS, LBracket, LCurly, RBracket, RCurly } from './tokens.js';

interface SkipState {
  /** Line of the token that went wrong. */
  line: number;
  /** Open brackets being skipped. */
  depth: number;
  /** Also skip the rest of `line` (not only an open group). */
  wholeLine: boolean;
}

export abstract class BlockParserBase extends EmbeddedActionsParser {
  protected reporter: Reporter = new Reporter('', undefined);
  /** The diagnostic of the run of stray tokens being skipped, while the run lasts. */
  protected junk: Diagnostic | undefined;
  private skipState: SkipState | undefined;

  constructor(validate: boolean) {
    super(ALL_TOKENS, { recoveryEnabled: false, maxLookahead: 2, skipValidations: !validate });
  }

  /** Reports `token` where `expected` should be. */
  protected unexpected(token: IToken, expected: string): Diagnostic | undefined {
    if (token === this.LA(1) && this.afterDroppedChars()) return undefined;
    return this.reporter.add('parse/unexpected-token', { found: describeToken(token), expected }, this.reporter.tokenSpan(token));
  }

  /** True when the lexer dropped bad characters right before the next token (already reported). */
  protected afterDroppedChars(): boolean {
    const previous = this.LA(0);
    const next = this.LA(1);
    const from = Number.isNaN(previous.startOffset) ? 0 : (previous.endOffset ?? previous.startOffset) + 1;
    const to = Number.isNaN(next.startOffset) ? this.reporter.text.length : next.startOffset;
    return this.reporter.droppedBetween(from, to);
  }

  /** A closing token is missing: reports the next token and returns the last real one for spans. */
  protected missing(expected: string): IToken {
    this.unexpected(this.LA(1), expected);
    return this.LA(0);
  }

  /** A stray token: extends the current run's diagnostic, or starts a new run. */
  protected stray(token: IToken, expected: string): void {
    const run = this.junk;
    if (run?.span !== undefined) {
      run.span = { start: run.span.start, end: this.reporter.tokenSpan(token).end };
      return;
    }
    const span = this.reporter.tokenSpan(token);
    // When the spot was already reported (say, as a missing `]`), the run continues silently.
    this.junk = this.unexpected(token, expected) ?? { code: '', severity: 'error', message: '', span };
    if (isOpener(token.tokenType)) this.armSkip(token, false, 1);
  }

  /** After skipping a stray group: the run's diagnostic covers what was skipped. */
  protected extendJunk(): void {
    const run = this.junk;
    const last = this.LA(0);
    if (run?.span !== undefined && !Number.isNaN(last.startOffset)) {
      run.span = { start: run.span.start, end: this.reporter.tokenSpan(last).end };
    }
  }

  /** A node was parsed: any run of stray tokens has ended. */
  protected endJunk(): void {
    this.junk = undefined;
  }

  /**
   * Prepares the `skip` rule: skip the rest of `from`'s line (when `wholeLine`) and any
   * bracketed group that opens there, so the next member starts cleanly.
   */
  protected armSkip(from: IToken, wholeLine: boolean, depth = 0): void {
    this.skipState = { line: from.startLine ?? 0, depth, wholeLine };
  }

  /** GATE of the `skip` rule's loop. */
  protected skipping(): boolean {
    const state = this.skipState;
    if (state === undefined) return false;
    const next = this.LA(1);
    let more = next.tokenType !== EOF;
    if (more && state.depth === 0) {
      more = state.wholeLine && next.startLine === state.line && next.tokenType !== RCurly;
    }
    if (!more) this.skipState = undefined;
    return more;
  }

  /** Called for each token the `skip` rule consumes. */
  protected skipped(token: IToken): void {
    const state = this.skipState;
    if (state === undefined) return;
    if (isOpener(token.tokenType)) state.depth++;
    else if ((token.tokenType === RCurly || token.tokenType === RBracket) && state.depth > 0) state.depth--;
  }

  /** Turns anything Chevrotain itself recorded (should be nothing) into diagnostics. */
  protected reportEngineErrors(): void {
    for (const error of this.errors) {
      this.unexpected(error.token, 'valid syntax');
    }
  }

  protected resetState(reporter: Reporter): void {
    this.reporter = reporter;
    this.junk = undefined;
    this.skipState = undefined;
  }
}

function isOpener(type: TokenType): boolean {
  return type === LCurly || type === LBracket;
}
