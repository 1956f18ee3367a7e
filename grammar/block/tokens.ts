/**
 * Token types of the .svc block language.
 *
 * Order matters: Chevrotain takes the first pattern that matches, so longer forms come first
 * (`"""` before `"`, `>=` before `>`, `==` before `=`), and each "unterminated" fallback sits
 * right after its well-formed twin so a broken literal still becomes one token the parser can
 * use while the lexer reports it.
 *
 * Categories (pattern-less token types) let the grammar name groups of tokens:
 *   Key        identifiers and keywords: any of them may be a field key
 *   StringLit  every string form, terminated or not
 *   CompareOp  the six comparison operators of assertions
 *   *Junk      tokens that cannot start anything in a given list; the parser skips them with
 *              one diagnostic per run instead of abandoning the enclosing block
 *   AnyToken   everything, for resynchronisation
 */
import type { TokenType } from 'chevrotain';
import { createToken, Lexer } from '../chevrotain.js';

const cat = (name: string): TokenType => createToken({ name, pattern: Lexer.NA });

export const AnyToken = cat('AnyToken');
export const Key = cat('Key');
export const StringLit = cat('StringLit');
export const CompareOp = cat('CompareOp');
/** Cannot start a member; `}` ends the list. */
export const MemberJunk = cat('MemberJunk');
/** Cannot start a declaration (includes a stray `}`). */
export const TopJunk = cat('TopJunk');
/** Cannot start an inline-object entry; `}` and `]` end the object. */
export const EntryJunk = cat('EntryJunk');
/** Cannot start an array item; `]`, `}` and keys end the array. */
export const ItemJunk = cat('ItemJunk');

const JUNK_ALL = [MemberJunk, TopJunk, EntryJunk, ItemJunk];

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /\s+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  group: 'comments',
  line_breaks: true,
});
export const UnterminatedComment = createToken({
  name: 'UnterminatedComment',
  pattern: /\/\*[\s\S]*/,
  group: 'comments',
  line_breaks: true,
});
export const LineComment = createToken({
  name: 'LineComment',
  pattern: /\/\/[^\n\r]*/,
  group: 'comments',
  line_breaks: false,
});

const strCats = [StringLit, AnyToken, MemberJunk, TopJunk, EntryJunk];
export const TripleString = createToken({
  name: 'TripleString',
  pattern: /"""[\s\S]*?"""/,
  categories: strCats,
  line_breaks: true,
});
export const UnterminatedTriple = createToken({
  name: 'UnterminatedTriple',
  pattern: /"""[\s\S]*/,
  categories: strCats,
  line_breaks: true,
});
export const QuotedString = createToken({
  name: 'QuotedString',
  pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/,
  categories: strCats,
  line_breaks: false,
});
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*\\?/,
  categories: strCats,
  line_breaks: false,
});

export const NumberLit = createToken({
  name: 'NumberLit',
  pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/,
  categories: [AnyToken, MemberJunk, TopJunk, EntryJunk],
  line_breaks: false,
});

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [Key, AnyToken],
  line_breaks: false,
});

const keyword = (word: string): TokenType =>
  createToken({
    name: word[0]!.toUpperCase() + word.slice(1),
    pattern: new RegExp(word),
    longer_alt: Identifier,
    categories: [Key, AnyToken],
    line_breaks: false,
  });

export const True = keyword('true');
export const False = keyword('false');
export const Null = keyword('null');
export const In = keyword('in');
export const Not = keyword('not');
export const Between = keyword('between');
export const And = keyword('and');
export const Is = keyword('is');

const punct = (name: string, pattern: string, categories: TokenType[]): TokenType =>
  createToken({ name, pattern, categories: [AnyToken, ...categories], line_breaks: false });

export const LCurly = punct('LCurly', '{', [MemberJunk, TopJunk, EntryJunk]);
export const RCurly = punct('RCurly', '}', [TopJunk]);
export const LBracket = punct('LBracket', '[', [MemberJunk, TopJunk, EntryJunk]);
export const RBracket = punct('RBracket', ']', [MemberJunk, TopJunk]);
export const Comma = punct('Comma', ',', [MemberJunk, TopJunk]);
export const Colon = punct('Colon', ':', JUNK_ALL);
export const GreaterEq = punct('GreaterEq', '>=', [CompareOp, ...JUNK_ALL]);
export const LessEq = punct('LessEq', '<=', [CompareOp, ...JUNK_ALL]);
export const EqEq = punct('EqEq', '==', [CompareOp, ...JUNK_ALL]);
export const NotEq = punct('NotEq', '!=', [CompareOp, ...JUNK_ALL]);
export const Greater = punct('Greater', '>', [CompareOp, ...JUNK_ALL]);
export const Less = punct('Less', '<', [CompareOp, ...JUNK_ALL]);
export const Equals = punct('Equals', '=', JUNK_ALL);

/** Every token type in lexing order (categories last; they have no pattern). */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  BlockComment,
  UnterminatedComment,
  LineComment,
  TripleString,
  UnterminatedTriple,
  QuotedString,
  UnterminatedString,
  NumberLit,
  True,
  False,
  Null,
  In,
  Not,
  Between,
  And,
  Is,
  Identifier,
  LCurly,
  RCurly,
  LBracket,
  RBracket,
  Comma,
  Colon,
  GreaterEq,
  LessEq,
  EqEq,
  NotEq,
  Greater,
  Less,
  Equals,
  AnyToken,
  Key,
  StringLit,
  CompareOp,
  MemberJunk,
  TopJunk,
  EntryJunk,
  ItemJunk,
];
