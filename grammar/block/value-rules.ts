/**
 * Grammar rules for values: literals, arrays and inline objects, plus the `skip` rule used
 * after errors. Arrays and objects take their separators loosely (commas, newlines or plain
 * spaces) and report misplaced commas without leaving the list.
 */
import type { IOrAlt, IToken } from 'chevrotain';
import type { ArrayValue, Field, ObjectValue, Value } from './ast.js';
import { arrayNode, booleanNode, fieldNode, nullNode, numberNode, objectNode, stringNode } from './nodes.js';
import { BlockParserBase } from './parser-base.js';
import { describeToken } from './reporter.js';
import { AnyToken, Comma, EntryJunk, Equals, False, ItemJunk, Key, LBracket, LCurly, Null, NumberLit, RBracket, RCurly, StringLit, True } from './tokens.js';

/** Where a list is between separators: nothing yet, after an element, after a comma. */
type ListState = 'start' | 'element' | 'comma';

export abstract class ValueRules extends BlockParserBase {
  /** Rest of a line (and groups opened on it) after an error; armed by armSkip, else a no-op. */
  protected skip = this.RULE('skip', () => {
    this.MANY({
      GATE: () => this.skipping(),
      DEF: () => {
        const token = this.CONSUME(AnyToken);
        this.ACTION(() => this.skipped(token));
      },
    });
  });

  /**
   * Alternatives of `value`, built once: an OR called with a fresh array allocates it (and
   * seven closures) for every value read, which shows in the profile of a cold compile.
   */
  private valueAlts: IOrAlt<Value>[] | undefined;

  protected value = this.RULE(
    'value',
    (): Value =>
      this.OR<Value>(
        (this.valueAlts ??= [
          {
            ALT: () => {
              const t = this.CONSUME(StringLit);
              return this.ACTION(() => stringNode(t, this.reporter));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(NumberLit);
              return this.ACTION(() => numberNode(t));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(True);
              return this.ACTION(() => booleanNode(t));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(False);
              return this.ACTION(() => booleanNode(t));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(Null);
              return this.ACTION(() => nullNode(t));
            },
          },
          { ALT: () => this.SUBRULE(this.array) },
          { ALT: () => this.SUBRULE(this.object) },
        ]),
      ),
  );

  /** A value written right after a key with the `=` left out (`owner "x"`): read, reported. */
  protected unkeyedValue = this.RULE(
    'unkeyedValue',
    (): Value =>
      this.OR<Value>([
        {
          ALT: () => {
            const t = this.CONSUME(StringLit);
            return this.ACTION(() => stringNode(t, this.reporter));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(NumberLit);
            return this.ACTION(() => numberNode(t));
          },
        },
        { ALT: () => this.SUBRULE(this.array) },
      ]),
  );

  /** `key "x"`: the field is kept and the missing `=` reported. */
  protected unkeyedField = this.RULE('unkeyedField', (key: IToken): Field => {
    this.ACTION(() => this.unexpected(this.LA(1), "'='"));
    const value = this.SUBRULE(this.unkeyedValue);
    return this.ACTION(() => fieldNode(key, value));
  });

  /**
   * A value after `after` (`=`, an operator, ...). When none is there, reports
   * parse/expected-value (unless `quiet`: the statement already failed) and skips the rest
   * of the line if the offending token sits on it.
   */
  protected valueOrError = this.RULE('valueOrError', (after: IToken, quiet: boolean): Value | undefined => {
    const value = this.OR<Value | undefined>([{ ALT: () => this.SUBRULE(this.value) }, { ALT: () => this.ACTION(() => this.missingValue(after, quiet)) }]);
    this.SUBRULE(this.skip);
    return value;
  });

  private missingValue(after: IToken, quiet: boolean): undefined {
    if (quiet || this.afterDroppedChars()) return undefined;
    const found = this.LA(1);
    const data = { after: describeToken(after), found: describeToken(found) };
    this.reporter.add('parse/expected-value', data, this.reporter.tokenSpan(found));
    if (found.startLine === after.startLine) this.armSkip(after, true);
    return undefined;
  }

  protected array = this.RULE('array', (): ArrayValue => {
    const open = this.CONSUME(LBracket);
    const items: Value[] = [];
    let state: ListState = 'start';
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const item = this.SUBRULE(this.value);
            this.ACTION(() => {
              this.endJunk();
              items.push(item);
              state = 'element';
            });
          },
        },
        {
          ALT: () => {
            const c = this.CONSUME(Comma);
            this.ACTION(() => (state = this.comma(c, state, "a value or ']'")));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(ItemJunk);
            this.ACTION(() => this.stray(t, "a value, ',' or ']'"));
          },
        },
      ]);
    });
    const close = this.OPTION(() => this.CONSUME(RBracket));
    return this.ACTION(() => arrayNode(open, close ?? this.missing("']'"), items));
  });

  protected object = this.RULE('object', (): ObjectValue => {
    const open = this.CONSUME(LCurly);
    const entries: Field[] = [];
    let state: ListState = 'start';
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const entry = this.SUBRULE(this.entry);
            this.ACTION(() => {
              this.endJunk();
              if (entry !== undefined) entries.push(entry);
              state = 'element';
            });
          },
        },
        {
          ALT: () => {
            const c = this.CONSUME(Comma);
            this.ACTION(() => (state = this.comma(c, state, "an entry or '}'")));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(EntryJunk);
            this.ACTION(() => this.stray(t, "an entry, ',' or '}'"));
            this.SUBRULE(this.skip);
            this.ACTION(() => this.extendJunk());
          },
        },
      ]);
    });
    const close = this.OPTION(() => this.CONSUME(RCurly));
    return this.ACTION(() => objectNode(open, close ?? this.missing("'}'"), entries));
  });

  /** A comma is fine after an element; a leading or doubled comma is a stray token. */
  private comma(token: IToken, state: ListState, expected: string): ListState {
    if (state === 'element') {
      this.endJunk();
      return 'comma';
    }
    this.stray(token, expected);
    return state;
  }

  /** `key = value` inside an inline object. */
  protected entry = this.RULE('entry', (): Field | undefined => {
    const key = this.CONSUME(Key);
    const value = this.OR<Value | undefined>([
      {
        ALT: () => {
          const eq = this.CONSUME(Equals);
          return this.SUBRULE(this.valueOrError, { ARGS: [eq, false] });
        },
      },
      {
        ALT: () => {
          this.ACTION(() => this.unexpected(this.LA(1), "'='"));
          return this.SUBRULE(this.unkeyedValue);
        },
      },
      { ALT: () => this.ACTION(() => void this.unexpected(this.LA(1), "'='")) },
    ]);
    return this.ACTION(() => (value === undefined ? undefined : fieldNode(key, value)));
  });
}
