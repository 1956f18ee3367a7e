/**
 * The well-formed reading of a token vector, without Chevrotain's engine: a plain recursive
 * descent that builds the same nodes (nodes.ts) in the same order as the grammar in parser.ts
 * builds them, and gives up (returns undefined) at the first token the grammar would recover
 * from. A cold compile parses every block file once, and most files have no error: there the
 * engine's rule calls and lookahead cost more than the rest of the file's parse. Anything this
 * reader does not accept goes through parser.ts, which stays the definition (and the only one
 * that reports parse errors); test/grammar/block/direct-parse.property.test.ts holds the two to
 * the same AST and diagnostics on every text this one accepts.
 */
import type { IToken, TokenType } from 'chevrotain';
import type { Assertion, AssertOp, Declaration, Field, Member, Value } from './ast.js';
import {
  arrayNode,
  assertNode,
  booleanNode,
  declarationNode,
  fieldNode,
  nullNode,
  numberNode,
  objectNode,
  paramNode,
  sectionNode,
  stringNode,
} from './nodes.js';
import type { Reporter } from './reporter.js';
import {
  And,
  Between,
  Colon,
  Comma,
  EqEq,
  Equals,
  False,
  Greater,
  GreaterEq,
  Identifier,
  In,
  Is,
  LBracket,
  LCurly,
  Less,
  LessEq,
  Not,
  NotEq,
  Null,
  NumberLit,
  QuotedString,
  RBracket,
  RCurly,
  TripleString,
  True,
} from './tokens.js';

/** Token types of the `Key` category: any of them may be a key (or a declaration's keyword). */
const KEYS: ReadonlySet<TokenType> = new Set([Identifier, True, False, Null, In, Not, Between, And, Is]);
/** The six comparison operators of an assertion (the `CompareOp` category). */
const COMPARE: ReadonlySet<TokenType> = new Set([GreaterEq, LessEq, EqEq, NotEq, Greater, Less]);

/** Thrown (never outside this file) where the grammar would recover: parser.ts then reads the file. */
const GIVE_UP = Symbol('give up');

class DirectReader {
  private at = 0;

  constructor(
    private readonly tokens: IToken[],
    private readonly reporter: Reporter,
  ) {}

  private type(): TokenType | undefined {
    return this.tokens[this.at]?.tokenType;
  }

  /** The next token when it is of `type`, consumed; else give up. */
  private take(type: TokenType): IToken {
    const token = this.tokens[this.at];
    if (token?.tokenType !== type) throw GIVE_UP;
    this.at++;
    return token;
  }

  private takeKey(): IToken {
    const token = this.tokens[this.at];
    if (token === undefined || !KEYS.has(token.tokenType)) throw GIVE_UP;
    this.at++;
    return token;
  }

  /** `file`: declarations up to the end of input. */
  file(): Declaration[] {
    const declarations: Declaration[] = [];
    while (this.at < this.tokens.length) {
      const keyword = this.takeKey();
      const token = this.tokens[this.at];
      if (token?.tokenType !== QuotedString && token?.tokenType !== TripleString) throw GIVE_UP;
      this.at++;
      const name = stringNode(token, this.reporter);
      this.take(LCurly);
      const members = this.members();
      declarations.push(declarationNode(keyword, name, this.take(RCurly), members));
    }
    return declarations;
  }

  /** `members`: keyed members up to (not including) the closing `}`. */
  private members(): Member[] {
    const list: Member[] = [];
    for (let type = this.type(); type !== RCurly; type = this.type()) list.push(this.member());
    return list;
  }

  /** `member`: a key, then `= value`, `: type [= value]`, `{ members }` or an assertion. */
  private member(): Member {
    const key = this.takeKey();
    const next = this.type();
    if (next === Equals) {
      this.at++;
      return fieldNode(key, this.value());
    }
    if (next === Colon) {
      this.at++;
      const type = this.takeKey();
      if (this.type() !== Equals) return paramNode(key, type, undefined);
      this.at++;
      return paramNode(key, type, this.value());
    }
    if (next === LCurly) {
      this.at++;
      const members = this.members();
      return sectionNode(key, this.take(RCurly), members);
    }
    if (key.image === 'assert' && next !== undefined && KEYS.has(next)) return this.assertion(key);
    throw GIVE_UP;
  }

  /** After `assert`: subject, operator and operands. */
  private assertion(keyword: IToken): Assertion {
    const subject = this.takeKey();
    const token = this.tokens[this.at];
    const type = token?.tokenType;
    this.at++;
    let op: AssertOp;
    let value: Value | undefined;
    let value2: Value | undefined;
    if (token !== undefined && type !== undefined && COMPARE.has(type)) [op, value] = [token.image as AssertOp, this.value()];
    else if (type === In) [op, value] = ['in', this.value()];
    else if (type === Not) {
      this.take(In);
      [op, value] = ['not in', this.value()];
    } else if (type === Between) {
      value = this.value();
      this.take(And);
      [op, value2] = ['between', this.value()];
    } else if (type === Is) {
      const not = this.type() === Not;
      if (not) this.at++;
      this.take(Null);
      op = not ? 'is not null' : 'is null';
    } else throw GIVE_UP;
    const last = this.tokens[this.at - 1] as IToken;
    return assertNode({ keyword, subject, last, op, ...(value === undefined ? {} : { value }), ...(value2 === undefined ? {} : { value2 }) });
  }

  /** `value`: a literal, an array or an inline object. */
  private value(): Value {
    const token = this.tokens[this.at];
    const type = token?.tokenType;
    if (token === undefined) throw GIVE_UP;
    if (type === LBracket) return this.array();
    if (type === LCurly) return this.object();
    this.at++;
    if (type === QuotedString || type === TripleString) return stringNode(token, this.reporter);
    if (type === NumberLit) return numberNode(token);
    if (type === True || type === False) return booleanNode(token);
    if (type === Null) return nullNode(token);
    throw GIVE_UP;
  }

  /** `[ values ]`: separated by commas or spaces, one trailing comma allowed. */
  private array(): Value {
    const open = this.take(LBracket);
    const items: Value[] = [];
    let afterItem = false;
    for (let type = this.type(); type !== RBracket; type = this.type()) {
      if (type === Comma) {
        if (!afterItem) throw GIVE_UP;
        this.at++;
        afterItem = false;
      } else {
        items.push(this.value());
        afterItem = true;
      }
    }
    return arrayNode(open, this.take(RBracket), items);
  }

  /** `{ key = value ... }`: entries separated by commas or spaces, one trailing comma allowed. */
  private object(): Value {
    const open = this.take(LCurly);
    const entries: Field[] = [];
    let afterEntry = false;
    for (let type = this.type(); type !== RCurly; type = this.type()) {
      if (type === Comma) {
        if (!afterEntry) throw GIVE_UP;
        this.at++;
        afterEntry = false;
      } else {
        const key = this.takeKey();
        this.take(Equals);
        entries.push(fieldNode(key, this.value()));
        afterEntry = true;
      }
    }
    return objectNode(open, this.take(RCurly), entries);
  }
}

/**
 * The declarations of a well-formed token vector, or undefined where the grammar would report
 * and recover (then nothing this call added to `reporter` may be kept: parse again afresh).
 */
export function parseDirect(tokens: IToken[], reporter: Reporter): Declaration[] | undefined {
  try {
    return new DirectReader(tokens, reporter).file();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
