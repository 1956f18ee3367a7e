/**
 * Text rendering of diagnostics: `file:line:col severity code message`, then the hint on its
 * own indented line, as compilers and linters print them so editors can jump to the place.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';

function where(d: Diagnostic): string {
  const file = d.file ?? '(project)';
  return d.span ? `${file}:${d.span.start.line}:${d.span.start.column}` : file;
}

/** One diagnostic as text (two lines when it has a hint). */
export function diagnosticText(d: Diagnostic): string {
  const head = `${where(d)} ${d.severity} ${d.code} ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** Counts by severity. */
export function tally(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors += 1;
    else if (d.severity === 'warning') warnings += 1;
    else infos += 1;
  }
  return { errors, warnings, infos };
}

/** `1 file`, `2 files`: a count with its noun. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `2 errors, 1 warning` */
export function tallyText(diagnostics: readonly Diagnostic[]): string {
  const t = tally(diagnostics);
  return `${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`;
}

/** All diagnostics, one per entry, then nothing else. */
export function diagnosticsText(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${diagnosticText(d)}\n`).join('');
}
