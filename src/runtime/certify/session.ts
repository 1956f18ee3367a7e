/**
 * What both certify paths set up first: the project, the certification policy it runs
 * (built-in plus svc.config.json rules), the rules level, and the runner; and the shapes of
 * their results. A broken config or policy entry is a configuration error (exit 2).
 */

import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { hasErrors } from '../../../grammar/diagnostics.js';
import { projectPolicy } from '../../rules/built-in-policies.js';
import { type CertificationRules, certificationPolicyName } from '../../rules/certify/index.js';
import { findingToDiagnostic } from '../../rules/evaluate.js';
import type { Policy } from '../../rules/policy.js';
import type { Judgement } from './judge.js';
import { localOwner } from './local-owner.js';
import { type CertifyProject, openProject } from './project.js';
import { rootCauses } from './root-causes.js';
import type { BlockRunner, CertifyCommon, CertifyResult } from './types.js';

export interface Session {
  project: CertifyProject;
  policy: Policy;
  rules: CertificationRules;
  runner: BlockRunner;
}

/** Opens the project and its policy; the runner is the caller's or one on the project's connections. */
export async function openSession(opts: CertifyCommon): Promise<{ session?: Session; diagnostics: Diagnostic[] }> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { diagnostics: opened.diagnostics };
  const project = opened.project;
  const rules: CertificationRules = opts.enterprise === true || project.config.certification?.rules === 'enterprise' ? 'enterprise' : 'oss';
  const merged = projectPolicy(certificationPolicyName(rules), project.config.rules ?? [], { source: 'svc.config.json', pointer: '/rules' });
  if (hasErrors(merged.diagnostics)) return { diagnostics: merged.diagnostics };
  const runner = opts.runner ?? (await import('./executor-runner.js')).createBlockRunner(project.root, project.config);
  return { session: { project, policy: merged.policy, rules, runner }, diagnostics: [] };
}

/** Closes the runner when the session made it. */
export async function closeSession(session: Session, opts: CertifyCommon): Promise<void> {
  if (opts.runner === undefined) await session.runner.close();
}

export function certifiedBy(session: Session, opts: CertifyCommon): string {
  const resolve = opts.resolveOwner ?? ((root, config) => localOwner(root, config));
  return resolve(session.project.root, session.project.config).owner;
}

/** A result that certified nothing. */
export function notCertified(rules: CertificationRules, exitCode: 1 | 2, diagnostics: Diagnostic[]): CertifyResult {
  return { ok: false, exitCode, rules, changed: [], checks: [], tests: [], written: [], diagnostics };
}

/** The judgement's part of a result: rule outcomes, run, tests and failing findings. */
export function judged(rules: CertificationRules, judgement: Judgement): CertifyResult {
  const { facts, decision } = judgement;
  const result: CertifyResult = {
    ok: decision.ok,
    exitCode: decision.ok ? 0 : 1,
    rules,
    changed: judgement.certified?.changed ?? [],
    checks: decision.rules,
    tests: facts.tests ?? [],
    written: [],
    diagnostics: [...judgement.diagnostics, ...rootCauses(decision.findings.map(findingToDiagnostic), facts, judgement.source)],
  };
  if (facts.block !== undefined) Object.assign(result, { block: facts.block.id, file: facts.block.file });
  if (facts.validation !== undefined) result.validation = { ...facts.validation };
  if (facts.run !== undefined) {
    result.run = { ok: facts.run.ok, rowCount: facts.run.rowCount, columns: facts.run.columns };
    if (facts.run.error !== undefined) result.run.error = facts.run.error;
  }
  return result;
}
