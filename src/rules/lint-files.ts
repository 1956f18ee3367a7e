/**
 * `svc lint`: compiles only the named files and evaluates the block.lint policy (with the
 * project's own rules from svc.config.json) on each block. The evaluator stays free of I/O;
 * this module gathers the facts.
 */

import { relative, resolve, sep } from 'node:path';
import { CODES, isRegisteredCode } from '../../grammar/codes.js';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { compareDiagnostics, diag, hasErrors } from '../../grammar/diagnostics.js';
import { compileFiles } from '../compiler/pipeline/compile-files.js';
import { builtinPolicy, projectPolicy } from './built-in-policies.js';
import { evaluatePolicy, findingToDiagnostic } from './evaluate.js';
import type { Policy } from './policy.js';

export interface LintResult {
  diagnostics: Diagnostic[];
  exitCode: 0 | 1;
  /** Rule metadata for SARIF output. */
  describe(code: string): { description: string; helpText?: string };
  version: string;
}

function policyFor(rules: unknown, cache: Map<unknown, { policy: Policy; diagnostics: Diagnostic[] }>): { policy: Policy; diagnostics: Diagnostic[] } {
  let entry = cache.get(rules);
  if (!entry) {
    const merged = projectPolicy('block.lint', rules, { source: 'svc.config.json', pointer: '/rules' });
    entry = { policy: merged.policy, diagnostics: merged.diagnostics };
    cache.set(rules, entry);
  }
  return entry;
}

/** Rule metadata (for SARIF) per code: a policy rule's description and hint, else the code table's. */
export function describer(policies: readonly Policy[]): LintResult['describe'] {
  const ruleText = new Map<string, { description: string; helpText?: string }>();
  for (const p of policies) for (const r of p.rules) ruleText.set(r.id, { description: r.description, ...(r.hint ? { helpText: r.hint } : {}) });
  return (code) => {
    const rule = ruleText.get(code);
    if (rule) return rule;
    if (isRegisteredCode(code)) {
      const entry = CODES[code];
      const description = entry.message.replace(/\{\{\w+\}\}/g, '…');
      return 'hint' in entry && entry.hint ? { description, helpText: entry.hint.replace(/\{\{\w+\}\}/g, '…') } : { description };
    }
    return { description: code };
  };
}

/** Lints the named files (`texts`: unsaved texts by absolute path, read instead of the disk); exit 1 when any error is found. */
export function lintFiles(paths: readonly string[], cwd: string, version = '0.0.0', texts?: ReadonlyMap<string, string>): LintResult {
  if (paths.length === 0) {
    return { diagnostics: [diag('lint/no-files')], exitCode: 0, describe: describer([]), version };
  }
  const compiled = compileFiles(paths, cwd, texts);
  const diagnostics = [...compiled.diagnostics];
  const policies = new Map<unknown, { policy: Policy; diagnostics: Diagnostic[] }>();
  const reported = new Set<unknown>();
  compiled.blocks.forEach((block, i) => {
    const project = compiled.projects[i];
    const { policy, diagnostics: policyDiags } = policyFor(project?.configRules ?? [], policies);
    // The project's own rules are findings on its svc.config.json, named from cwd like every other file.
    const fromCwd = (file: string): string =>
      project === undefined || project.root === '' ? file : relative(cwd, resolve(project.root, file)).split(sep).join('/');
    if (!reported.has(policy)) diagnostics.push(...policyDiags.map((d) => (d.file === undefined ? d : { ...d, file: fromCwd(d.file) })));
    reported.add(policy);
    const compileErrors = compiled.diagnostics.filter((d) => d.severity === 'error' && d.file === block.file).length;
    const facts = { block, compileErrors, contractsLoaded: project?.contractsLoaded ?? false };
    diagnostics.push(...evaluatePolicy(policy, facts).map(findingToDiagnostic));
  });
  diagnostics.sort(compareDiagnostics);
  const used = [...policies.values()].map((e) => e.policy);
  return { diagnostics, exitCode: hasErrors(diagnostics) ? 1 : 0, describe: describer(used.length ? used : [builtinPolicy('block.lint')]), version };
}
