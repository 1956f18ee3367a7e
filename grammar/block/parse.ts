/**
 * parseBlockFile: the one entry point from text to AST. Never throws: every problem, even a
 * bug in the parser itself, comes back as a diagnostic.
 */
import type { IToken } from 'chevrotain';
import { diag } from '../diagnostics.js';
import { spanFromTokens } from '../span.js';
import type { BlockFile, Comment } from './ast.js';
import { attachComments } from './attach-comments.js';
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

/** Parses the text of a `.svc` file. `file` (project-relative) is copied into diagnostics. */
export function parseBlockFile(text: string, file?: string): BlockFile {
  const reporter = new Reporter(text, file);
  try {
    const { tokens, comments } = lexBlockText(text, reporter);
    const declarations = parser().parseTokens(tokens, reporter);
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
