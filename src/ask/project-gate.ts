/**
 * The answer gate a surface of this project uses: the manifest's gate under the project's merged
 * `answer.gate` policy (svc.config.json `rules` may add rules or raise severities, never lower
 * them). Problems in those entries are reported by `svc compile` and `svc lint`; here the valid
 * entries apply and the built-in rules always do.
 */
import type { SvcConfig } from '../compiler/project/config.js';
import type { CompiledTerm, CompiledView, Manifest } from '../compiler/types.js';
import { projectPolicy } from '../rules/built-in-policies.js';
import { type BlockGate, type GateDecision, manifestGate, termGate, viewGate } from '../rules/gates/answer-gate.js';
import { createTier1Router } from './route-tier1.js';
import type { Tier1Router } from './types.js';
import type { DataValues } from './value-lexicon.js';

export function projectGate(manifest: Pick<Manifest, 'diagnostics' | 'contracts'>, config?: Pick<SvcConfig, 'rules'>): BlockGate {
  const rules = config?.rules ?? [];
  if (Array.isArray(rules) && rules.length === 0) return manifestGate(manifest);
  return manifestGate(manifest, projectPolicy('answer.gate', rules).policy);
}

/** The project's merged answer.gate policy for terms. */
export function projectTermGate(config?: Pick<SvcConfig, 'rules'>): (term: CompiledTerm) => GateDecision {
  const rules = config?.rules ?? [];
  const policy = Array.isArray(rules) && rules.length === 0 ? undefined : projectPolicy('answer.gate', rules).policy;
  return (term) => termGate(term, policy);
}

/** The project's merged answer.gate policy for views. */
export function projectViewGate(config?: Pick<SvcConfig, 'rules'>): (view: CompiledView) => GateDecision {
  const rules = config?.rules ?? [];
  const policy = Array.isArray(rules) && rules.length === 0 ? undefined : projectPolicy('answer.gate', rules).policy;
  return (view) => viewGate(view, policy);
}

/** The Tier-1 router of a project's manifest, under the project's answer gate (and knowing the data's values, when loaded). */
export function projectRouter(manifest: Manifest, config?: Pick<SvcConfig, 'rules'>, values?: DataValues): Tier1Router {
  return createTier1Router(manifest, {
    gate: projectGate(manifest, config),
    termGate: projectTermGate(config),
    viewGate: projectViewGate(config),
    ...(values !== undefined ? { values } : {}),
  });
}
