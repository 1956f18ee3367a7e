/**
 * The grammar (see ast.ts for its shape) as a Chevrotain embedded-actions parser that builds
 * the AST directly. Node building runs inside ACTION so Chevrotain's recording phase (which
 * walks every rule once to learn the grammar) builds nothing. The rules are split over a class
 * chain (parser-base -> value-rules -> member-rules -> this file) to keep each file small;
 * recovery helpers live in parser-base.ts.
 */
import type { IOrAlt, IToken } from 'chevrotain';
import type { Declaration, Member, Section, StringValue } from './ast.js';
import { MemberRules } from './member-rules.js';
import { declarationNode, fieldNode, keyAsNameNode, sectionNode, stringNode } from './nodes.js';
import type { Reporter } from './reporter.js';
import { Colon, Equals, Key, LCurly, MemberJunk, RCurly, StringLit, TopJunk } from './tokens.js';

export class BlockParser extends MemberRules {
  private declarations: Declaration[] = [];

  constructor(validate = false) {
    super(validate);
    // Every rule field of the whole class chain is initialised by now.
    this.performSelfAnalysis();
  }

  /** Parses a token vector; every problem goes to `reporter`. */
  parseTokens(tokens: IToken[], reporter: Reporter): Declaration[] {
    this.resetState(reporter);
    this.declarations = [];
    this.input = tokens;
    this.file();
    this.reportEngineErrors();
    const out = this.declarations;
    this.declarations = [];
    this.input = [];
    return out;
  }

  private file = this.RULE('file', () => {
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const decl = this.SUBRULE(this.declaration);
            this.ACTION(() => {
              this.endJunk();
              if (decl !== undefined) this.declarations.push(decl);
            });
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(TopJunk);
            this.ACTION(() => this.stray(token, 'a declaration such as block "<name>" { ... }'));
            this.SUBRULE(this.skip);
            this.ACTION(() => this.extendJunk());
          },
        },
      ]);
    });
  });

  /**
   * `<keyword> "<name>" { members }`. A missing `{` after a quoted name still reads the
   * members (the rest is probably fine); without a name the line is skipped.
   */
  private declaration = this.RULE('declaration', (): Declaration | undefined => {
    const keyword = this.CONSUME(Key);
    const name = this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(StringLit);
          return this.ACTION(() => stringNode(t, this.reporter));
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME2(Key);
          return this.ACTION(() => {
            this.unexpected(t, 'a quoted name');
            return keyAsNameNode(t);
          });
        },
      },
      // Empty alternative (what EMPTY_ALT builds; the Chevrotain shim exports no helpers).
      { ALT: (): StringValue | undefined => undefined },
    ]);
    const open = this.OPTION(() => this.CONSUME(LCurly));
    const ok = this.ACTION(() => this.checkOpen(keyword, name, open));
    const members = this.SUBRULE(this.members, { ARGS: [ok] });
    this.SUBRULE(this.skip);
    const close = this.OPTION2({ GATE: () => ok, DEF: () => this.CONSUME(RCurly) });
    return this.ACTION(() => {
      if (!ok || name === undefined) return undefined;
      return declarationNode(keyword, name, close ?? this.missing("'}'"), members);
    });
  });

  private checkOpen(keyword: IToken, name: StringValue | undefined, open: IToken | undefined): boolean {
    if (name === undefined) {
      this.unexpected(this.LA(1), 'a quoted name');
      this.armSkip(keyword, true);
      return false;
    }
    if (open === undefined) this.unexpected(this.LA(1), "'{'");
    return true;
  }

  /** The list the innermost `members` rule is filling (a section's members nest inside a block's). */
  private memberList: Member[] = [];

  /**
   * Alternatives of `members` and `member`, built once: an OR called with a fresh array
   * allocates it and a closure per alternative for every member read, which a cold compile of
   * 10,000 blocks feels. They read what they need from the parser (the list being filled, the
   * key just consumed as LA(0)) instead of closing over a rule's locals.
   */
  private membersAlts: IOrAlt<void>[] | undefined;
  private memberAlts: IOrAlt<Member | undefined>[] | undefined;

  /** Members of a declaration or section; `enabled` false reads none. */
  private members = this.RULE('members', (enabled: boolean): Member[] => {
    const list: Member[] = [];
    const outer = this.memberList;
    this.memberList = list;
    this.MANY({
      GATE: () => enabled,
      DEF: () => {
        this.OR(
          (this.membersAlts ??= [
            {
              ALT: () => {
                const member = this.SUBRULE(this.member);
                this.ACTION(() => {
                  this.endJunk();
                  if (member !== undefined) this.memberList.push(member);
                });
              },
            },
            {
              ALT: () => {
                const token = this.CONSUME(MemberJunk);
                this.ACTION(() => this.stray(token, "a member or '}'"));
                this.SUBRULE(this.skip);
                this.ACTION(() => this.extendJunk());
              },
            },
          ]),
        );
      },
    });
    this.memberList = outer;
    return list;
  });

  /** After a section's name: `{ members }`. */
  private sectionTail = this.RULE('sectionTail', (name: IToken): Section => {
    this.CONSUME(LCurly);
    const members = this.SUBRULE(this.members, { ARGS: [true] });
    const close = this.OPTION(() => this.CONSUME(RCurly));
    return this.ACTION(() => sectionNode(name, close ?? this.missing("'}'"), members));
  });

  /** `key = value`, `key: type [= value]`, `key { ... }` or `assert ...`. */
  private member = this.RULE('member', (): Member | undefined => {
    this.CONSUME(Key);
    // Each alternative starts right after the key, so the key is LA(0) there (and in each GATE).
    const member = this.OR<Member | undefined>(
      (this.memberAlts ??= [
        {
          ALT: () => {
            const key = this.LA(0);
            const eq = this.CONSUME(Equals);
            const value = this.SUBRULE(this.valueOrError, { ARGS: [eq, false] });
            return this.ACTION(() => (value === undefined ? undefined : fieldNode(key, value)));
          },
        },
        {
          ALT: () => {
            const key = this.LA(0);
            this.CONSUME(Colon);
            return this.SUBRULE(this.paramTail, { ARGS: [key] });
          },
        },
        { ALT: () => this.SUBRULE(this.sectionTail, { ARGS: [this.LA(0)] }) },
        { GATE: () => this.LA(0).image === 'assert', ALT: () => this.SUBRULE(this.assertTail, { ARGS: [this.LA(0)] }) },
        { ALT: () => this.SUBRULE(this.unkeyedField, { ARGS: [this.LA(0)] }) },
        {
          ALT: () => {
            const key = this.LA(0);
            return this.ACTION(() => {
              this.unexpected(this.LA(1), "'=', ':' or '{'");
              this.armSkip(key, true);
              return undefined;
            });
          },
        },
      ]),
    );
    this.SUBRULE2(this.skip);
    return member;
  });
}
