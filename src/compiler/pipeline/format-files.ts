/**
 * `svc fmt`: rewrites block files in the canonical layout. A file with parse errors is left as
 * it is (formatting a half-read file could drop what the parser skipped). Writes are atomic.
 */
import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { formatText, withFormatHeader } from '../format/index.js';
import { loadConfig } from '../project/config.js';
import { discoverBlockFiles } from '../project/discover.js';
import { readSource } from '../project/read-source.js';
import { atomicWrite } from '../write-file.js';

export interface FormatOutcome {
  file: string;
  changed: boolean;
  written: boolean;
}

export interface FormatResult {
  files: FormatOutcome[];
  diagnostics: Diagnostic[];
  exitCode: 0 | 1 | 2;
}

function targets(paths: readonly string[], opts: { cwd: string; project?: string }): { abs: string[]; base: string; diagnostics: Diagnostic[] } {
  if (paths.length > 0) return { abs: paths.map((p) => resolve(opts.cwd, p)), base: opts.cwd, diagnostics: [] };
  const loaded = loadConfig(opts);
  if (!loaded.config) return { abs: [], base: opts.cwd, diagnostics: loaded.diagnostics };
  const found = discoverBlockFiles(loaded.root);
  return { abs: found.files.map((f) => f.abs), base: loaded.root, diagnostics: found.diagnostics };
}

/** Formats the named files, or every block file of the project when none are named. */
export function formatFiles(paths: readonly string[], opts: { cwd: string; project?: string; check?: boolean }): FormatResult {
  const t = targets(paths, opts);
  const result: FormatResult = { files: [], diagnostics: [...t.diagnostics], exitCode: 0 };
  if (t.diagnostics.some((d) => d.code.startsWith('config/'))) return { ...result, exitCode: 2 };
  for (const abs of t.abs) {
    const rel = relative(t.base, abs).split(sep).join('/');
    const source = readSource(abs, rel);
    if (source.text === undefined) {
      result.diagnostics.push(...source.diagnostics);
      continue;
    }
    const formatted = formatText(source.text, rel);
    if (formatted.output === undefined) {
      result.diagnostics.push(...formatted.diagnostics);
      continue;
    }
    // svc fmt leads every file with its layout version, as docs/block-language.md promises.
    const output = withFormatHeader(formatted.output);
    const changed = output !== source.text;
    const outcome: FormatOutcome = { file: rel, changed, written: false };
    if (changed && !opts.check) {
      atomicWrite(abs, output);
      outcome.written = true;
    }
    result.files.push(outcome);
  }
  const failed = result.diagnostics.some((d) => d.severity === 'error');
  const unformatted = opts.check === true && result.files.some((f) => f.changed);
  result.exitCode = failed || unformatted ? 1 : 0;
  return result;
}
