/**
 * Grammar rules for the member forms that follow a key: parameter declarations
 * (`name: type = default`) and test assertions (`assert subject op value`).
 */
import type { IToken } from 'chevrotain';
import type { Assertion, AssertOp, ParamDecl, Value } from './ast.js';
import { assertNode, paramNode } from './nodes.js';
import { And, Between, CompareOp, Equals, In, Is, Key, Not, Null } from './tokens.js';
import { ValueRules } from './value-rules.js';

/** What follows the subject of an assertion, once read. */
interface AssertTail {
  op: AssertOp;
  value?: Value;
  value2?: Value;
}

export abstract class MemberRules extends ValueRules {
  /** After `name:` — the type word, then an optional `= default`. */
  protected paramTail = this.RULE('paramTail', (name: IToken): ParamDecl | undefined => {
    const type = this.OR<IToken | undefined>([
      { ALT: () => this.CONSUME(Key) },
      {
        ALT: () =>
          this.ACTION(() => {
            this.unexpected(this.LA(1), 'a type name');
            this.armSkip(name, true);
            return undefined;
          }),
      },
    ]);
    let hasDefault = false;
    const value = this.OPTION(() => {
      const eq = this.CONSUME(Equals);
      hasDefault = true;
      return this.SUBRULE(this.valueOrError, { ARGS: [eq, type === undefined] });
    });
    this.SUBRULE(this.skip);
    return this.ACTION(() => {
      if (type === undefined || (hasDefault && value === undefined)) return undefined;
      return paramNode(name, type, value);
    });
  });

  /** After the `assert` key: subject, operator and operands. */
  protected assertTail = this.RULE('assertTail', (keyword: IToken): Assertion | undefined => {
    const subject = this.CONSUME(Key);
    const tail = this.OR<AssertTail | undefined>([
      {
        ALT: () => {
          const op = this.CONSUME(CompareOp);
          const value = this.SUBRULE(this.valueOrError, { ARGS: [op, false] });
          return this.ACTION(() => withValue(op.image as AssertOp, value));
        },
      },
      {
        ALT: () => {
          const op = this.CONSUME(In);
          const value = this.SUBRULE2(this.valueOrError, { ARGS: [op, false] });
          return this.ACTION(() => withValue('in', value));
        },
      },
      { ALT: () => this.SUBRULE(this.notInTail, { ARGS: [keyword] }) },
      { ALT: () => this.SUBRULE(this.betweenTail, { ARGS: [keyword] }) },
      { ALT: () => this.SUBRULE(this.isTail, { ARGS: [keyword] }) },
      { ALT: () => this.ACTION(() => void this.expectWord('an operator (> < >= <= == != in, not in, between, is)', keyword)) },
    ]);
    this.SUBRULE(this.skip);
    return this.ACTION(() => {
      if (tail === undefined) return undefined;
      return assertNode({ keyword, subject, last: this.LA(0), ...tail });
    });
  });

  /** `not in values`. */
  private notInTail = this.RULE('notInTail', (keyword: IToken): AssertTail | undefined => {
    const not = this.CONSUME(Not);
    const op = this.OPTION(() => this.CONSUME(In));
    this.ACTION(() => op ?? this.expectWord("'in'", keyword));
    const value = this.SUBRULE(this.valueOrError, { ARGS: [op ?? not, op === undefined] });
    return this.ACTION(() => (op === undefined ? undefined : withValue('not in', value)));
  });

  /** `is null` / `is not null`. */
  private isTail = this.RULE('isTail', (keyword: IToken): AssertTail | undefined => {
    this.CONSUME(Is);
    const not = this.OPTION(() => this.CONSUME(Not));
    const nul = this.OPTION2(() => this.CONSUME(Null));
    return this.ACTION(() => {
      if (nul === undefined) return void this.expectWord("'null'", keyword);
      return { op: not === undefined ? 'is null' : 'is not null' } satisfies AssertTail;
    });
  });

  /** `between low and high`. */
  private betweenTail = this.RULE('betweenTail', (keyword: IToken): AssertTail | undefined => {
    const op = this.CONSUME(Between);
    const low = this.SUBRULE(this.valueOrError, { ARGS: [op, false] });
    const and = this.OPTION(() => this.CONSUME(And));
    // Once the low bound failed, its line is skipped: do not report the same statement twice.
    this.ACTION(() => and ?? (low === undefined ? undefined : this.expectWord("'and'", keyword)));
    const high = this.SUBRULE2(this.valueOrError, { ARGS: [and ?? op, and === undefined] });
    return this.ACTION(() => {
      if (low === undefined || high === undefined || and === undefined) return undefined;
      return { op: 'between', value: low, value2: high } satisfies AssertTail;
    });
  });

  /** Reports a missing word of an assertion and skips the rest of the statement's line. */
  private expectWord(expected: string, keyword: IToken): undefined {
    this.unexpected(this.LA(1), expected);
    this.armSkip(keyword, true);
    return undefined;
  }
}

function withValue(op: AssertOp, value: Value | undefined): AssertTail | undefined {
  return value === undefined ? undefined : { op, value };
}
