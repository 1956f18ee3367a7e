/**
 * Text rendering of diagnostics: `file:line:col severity code message`, then the hint on its
 * own indented line, as compilers and linters print them so editors can jump to the place.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { paint } from './colors.js';

function where(d: Diagnostic): string {
  const file = d.file ?? '(project)';
  return d.span ? `${file}:${d.span.start.line}:${d.span.start.column}` : file;
}

function severity(d: Diagnostic): string {
  const p = paint();
  return d.severity === 'error' ? p.red(p.bold(d.severity)) : d.severity === 'warning' ? p.yellow(d.severity) : p.blue(d.severity);
}

/** One diagnostic as text (two lines when it has a hint); coloured only when the run colours. */
export function diagnosticText(d: Diagnostic): string {
  const p = paint();
  const head = `${p.bold(where(d))} ${severity(d)} ${p.dim(d.code)} ${d.message}`;
  return d.hint ? `${head}\n  ${p.dim('hint:')} ${d.hint}` : head;
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
