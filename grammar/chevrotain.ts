/**
 * The one place grammar code gets Chevrotain's runtime values from. The package entry loads
 * several hundred small ES modules (its lodash dependency, file by file), about 250 ms at
 * every start of `svc`; the single-file bundle the same package ships loads in about 20 ms,
 * which is what lets `svc lint` answer a pre-commit hook in budget. Both are the same release.
 * Types still come from 'chevrotain' itself (type imports vanish at build time);
 * test/grammar/chevrotain-shim.test.ts fails if another module imports its values directly.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Chevrotain = typeof import('chevrotain');

const entry = createRequire(import.meta.url).resolve('chevrotain');
// entry is <pkg>/lib/src/api.js; the bundle sits at <pkg>/lib/chevrotain.mjs.
const bundle = (await import(pathToFileURL(join(dirname(entry), '..', 'chevrotain.mjs')).href)) as Chevrotain;

export const {
  createToken,
  CstParser,
  EmbeddedActionsParser,
  EOF,
  Lexer,
  MismatchedTokenException,
  NoViableAltException,
  EarlyExitException,
  NotAllInputParsedException,
  tokenMatcher,
  tokenLabel,
} = bundle;

// The classes are types as well as values; these aliases keep `Lexer` etc. usable as types.
export type Lexer = import('chevrotain').Lexer;
export type CstParser = import('chevrotain').CstParser;
export type EmbeddedActionsParser = import('chevrotain').EmbeddedActionsParser;
