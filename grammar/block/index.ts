/**
 * The .svc block language: `parseBlockFile` turns text into an AST (ast.ts) plus parse/*
 * diagnostics, and never throws.
 */
export type * from './ast.js';
export { blockLexer, MAX_DEPTH } from './lexer.js';
export { parseBlockFile } from './parse.js';
export { BlockParser } from './parser.js';
export { MAX_PARSE_DIAGNOSTICS } from './reporter.js';
export { decodeJsonEscapes, dedentTriple, tripleRoundTrips } from './strings.js';
