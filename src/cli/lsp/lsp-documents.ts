/**
 * Per-document answers that need no project: lint diagnostics with the same codes as `svc lint`
 * (the unsaved text read in place of the file), the document's symbols (its blocks and their
 * fields) and `svc fmt`'s layout as one edit.
 */
import { dirname } from 'node:path';
import { DiagnosticSeverity, type DocumentSymbol, type Diagnostic as LspDiagnostic, SymbolKind, type TextEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Span } from '../../../grammar/diagnostics.js';
import { formatText, withFormatHeader } from '../../compiler/format/format-file.js';
import { lintFiles } from '../../rules/lint-files.js';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

function rangeOf(doc: TextDocument, span: Span | undefined) {
  if (span === undefined) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { start: doc.positionAt(span.start.offset), end: doc.positionAt(Math.max(span.start.offset, span.end.offset)) };
}

/** `svc lint`'s findings for the document's current text, as LSP diagnostics (project-wide notes left out). */
export function lintDiagnostics(doc: TextDocument, path: string, version: string): LspDiagnostic[] {
  const cwd = dirname(path);
  const name = path.slice(cwd.length + 1);
  const result = lintFiles([path], cwd, version, new Map([[path, doc.getText()]]));
  return result.diagnostics
    .filter((d) => d.file === name)
    .map((d) => ({
      range: rangeOf(doc, d.span),
      severity: SEVERITY[d.severity as keyof typeof SEVERITY] ?? DiagnosticSeverity.Information,
      code: d.code,
      source: 'svc',
      message: d.hint !== undefined ? `${d.message}\n${d.hint}` : d.message,
    }));
}

/** Each block with its fields and sections. */
export function documentSymbols(doc: TextDocument, path: string): DocumentSymbol[] {
  return parseBlockFile(doc.getText(), path).declarations.map((decl) => ({
    name: decl.name,
    kind: SymbolKind.Class,
    range: rangeOf(doc, decl.span),
    selectionRange: rangeOf(doc, decl.nameSpan),
    children: decl.members.flatMap((m): DocumentSymbol[] => {
      if (m.kind === 'field') return [{ name: m.key, kind: SymbolKind.Field, range: rangeOf(doc, m.span), selectionRange: rangeOf(doc, m.keySpan) }];
      if (m.kind === 'section') return [{ name: m.name, kind: SymbolKind.Namespace, range: rangeOf(doc, m.span), selectionRange: rangeOf(doc, m.nameSpan) }];
      return [];
    }),
  }));
}

/** `svc fmt`'s layout as one edit of the whole document; none when it is already formatted or does not parse. */
export function formatEdits(doc: TextDocument, path: string): TextEdit[] {
  const text = doc.getText();
  const formatted = formatText(text, path).output;
  // Exactly what `svc fmt` writes, its layout-version line included.
  const output = formatted === undefined ? undefined : withFormatHeader(formatted);
  if (output === undefined || output === text) return [];
  return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: output }];
}
