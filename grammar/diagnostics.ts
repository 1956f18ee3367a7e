/**
 * Diagnostics are values, never exceptions. Every layer of svc (grammar, compiler, rules,
 * runtime, cli) reports problems as `Diagnostic` objects whose `code` is registered in
 * `grammar/codes.ts`.
 */
import { CODES, type Code } from './codes.js';

/** A point in a source text: offset is 0-based (UTF-16 units), line and column are 1-based. */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

/** A source range; `end` is exclusive. */
export interface Span {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticData = Record<string, string | number | boolean>;

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  file?: string;
  span?: Span;
  hint?: string;
  data?: DiagnosticData;
}

export interface DiagnosticLocation {
  file?: string;
  span?: Span;
}

/** Fills `{{name}}` placeholders from data; unknown placeholders stay visible so tests catch them. */
export function renderTemplate(template: string, data: DiagnosticData = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** Builds a diagnostic from the registry: message and hint come from the code's templates. */
export function diag(code: Code, data: DiagnosticData = {}, where: DiagnosticLocation = {}, severity?: Severity): Diagnostic {
  const entry = CODES[code];
  const d: Diagnostic = {
    code,
    severity: severity ?? entry.severity,
    message: renderTemplate(entry.message, data),
  };
  if (where.file !== undefined) d.file = where.file;
  if (where.span !== undefined) d.span = where.span;
  if (entry.hint) d.hint = renderTemplate(entry.hint, data);
  if (Object.keys(data).length > 0) d.data = data;
  return d;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Stable order for output: file, then position, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fa = a.file ?? '';
  const fb = b.file ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  const oa = a.span?.start.offset ?? -1;
  const ob = b.span?.start.offset ?? -1;
  if (oa !== ob) return oa - ob;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}
