/**
 * `svc fmt` layout: one canonical text per AST. Declarations are separated by one blank
 * line, members sit one per line at two spaces per level, `key = value` is not aligned, and
 * comments stay with the node they were attached to. Nothing is dropped: unknown fields and
 * sections are ordinary members here.
 */
import { type BlockFile, parseBlockFile } from '../../../grammar/block/index.js';
import { type Diagnostic, hasErrors } from '../../../grammar/diagnostics.js';
import { printDeclaration } from './print-members.js';
import { Writer } from './writer.js';

/** The first line of the block files `svc fmt` and draft capture write: the layout version (docs/block-language.md). */
export const FORMAT_HEADER = '// svc-format: 1';
const HEADER_LINE = /^\/\/ svc-format: \d+\n/;

/** A formatted file's text led by the layout-version line, unless it is empty or already has one. */
export function withFormatHeader(text: string): string {
  return text.trim() === '' || HEADER_LINE.test(text) ? text : `${FORMAT_HEADER}\n${text}`;
}

export function formatBlockFile(file: BlockFile): string {
  const w = new Writer();
  file.declarations.forEach((decl, i) => {
    if (i > 0) w.blankLine();
    printDeclaration(w, decl);
  });
  if (file.dangling.length > 0) {
    if (file.declarations.length > 0) w.blankLine();
    w.commentLines(file.dangling);
  }
  return w.finish();
}

export interface FormatTextResult {
  /** The formatted text; absent when the text has parse errors (formatting would drop what was skipped). */
  output?: string;
  diagnostics: Diagnostic[];
}

export function formatText(text: string, file?: string): FormatTextResult {
  const parsed = parseBlockFile(text, file);
  if (hasErrors(parsed.diagnostics)) return { diagnostics: parsed.diagnostics };
  return { output: formatBlockFile(parsed), diagnostics: parsed.diagnostics };
}
