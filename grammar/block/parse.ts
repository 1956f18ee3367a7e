/**
 * parseBlockFile: the one entry point from text to AST. Never throws: every problem, even a
 * bug in the parser itself, comes back as a diagnostic.
 */
import type { IToken } from 'chevrotain';
import { diag } from '../diagnostics.js';
import { spanFromTokens } from '../span.js';
import type { BlockFile, Comment, Declaration } from './ast.js';
import { attachComments } from './attach-comments.js';
import { parseDirect } from './direct-parse.js';
import { lexBlockText } from './lexer.js';
import { BlockParser } from './parser.js';
import { Reporter } from './reporter.js';
import { LineComment } from './tokens.js';

let shared: BlockParser | undefined;

/** The process-wide parser; building one analyses the grammar, so it is done once. */
function parser(): BlockParser {
  shared ??= new BlockParser(false);
  return shared;
}

function toComment(token: IToken): Comment {
  return { kind: token.tokenType === LineComment ? 'line' : 'block', text: token.image, span: spanFromTokens(token) };
}

/**
 * The declarations of `tokens`: read directly when the lexer reported nothing and the file is
 * well formed (most files), else by the grammar, which reports and recovers. A direct reading
 * that gave up may have reported (an invalid escape): the grammar then starts from a fresh
 * reporter, which is where it stood after a lexing that reported nothing.
 */
function readDeclarations(tokens: IToken[], reporter: Reporter): { declarations: Declaration[]; reporter: Reporter } {
  if (!reporter.isEmpty()) return { declarations: parser().parseTokens(tokens, reporter), reporter };
  const direct = parseDirect(tokens, reporter);
  if (direct !== undefined) return { declarations: direct, reporter };
  const fresh = reporter.isEmpty() ? reporter : new Reporter(reporter.text, reporter.file);
  return { declarations: parser().parseTokens(tokens, fresh), reporter: fresh };
}

/** Parses the text of a `.svc` file. `file` (project-relative) is copied into diagnostics. */
export function parseBlockFile(text: string, file?: string): BlockFile {
  let reporter = new Reporter(text, file);
  try {
    const { tokens, comments } = lexBlockText(text, reporter);
    const read = readDeclarations(tokens, reporter);
    reporter = read.reporter;
    const declarations = read.declarations;
    const result: BlockFile = { declarations, dangling: [], diagnostics: [] };
    attachComments(result, comments.map(toComment));
    result.diagnostics = reporter.diagnostics();
    return result;
  } catch (error) {
    // A bug must not take the compiler down with it; the parser is rebuilt on the next call.
    shared = undefined;
    const problem = error instanceof Error ? error.message : String(error);
    const where = { ...(file === undefined ? {} : { file }), span: reporter.rangeSpan(0, 0) };
    const diagnostics = [...reporter.diagnostics(), diag('parse/internal-error', { problem }, where)];
    return { declarations: [], dangling: [], diagnostics };
  }
}
