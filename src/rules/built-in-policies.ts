/**
 * The built-in policies, shipped as JSON beside this file (scripts/copy-assets.mjs copies them
 * into dist/). Each is read and validated once, on first use; `extends` is resolved here, so
 * callers always get a flat rule list. A broken built-in is a bug in svc, not in a project,
 * and is the one place this engine throws.
 */
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { readJsonAsset } from '../source-asset.js';
import { loadPolicy } from './load-policy.js';
import type { Policy } from './policy.js';
import { type MergeResult, mergeProjectRules } from './project-rules.js';

export const POLICY_NAMES = ['answer.gate', 'answer.trust', 'block.lint', 'certification.enterprise', 'certification.oss', 'publication.preflight'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

const cache = new Map<PolicyName, Policy>();
/** Every policy a built-in extends, directly or not, in evaluation order. */
const ancestors = new Map<PolicyName, PolicyName[]>();

export function isPolicyName(name: string): name is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name);
}

function readBuiltin(name: PolicyName, chain: readonly PolicyName[]): Policy {
  if (chain.includes(name)) throw new Error(`built-in policy ${name} extends itself via ${chain.join(' -> ')}`);
  const file = `src/rules/policies/${name}.json`;
  const { policy, diagnostics } = loadPolicy(readJsonAsset(`rules/policies/${name}.json`), file, { trusted: true });
  if (policy === undefined) {
    throw new Error(`built-in policy ${name} is invalid: ${diagnostics.map((d) => d.message).join('; ')}`);
  }
  const parents = (policy.extends ?? []).map((parent) => {
    if (!isPolicyName(parent)) throw new Error(`built-in policy ${name} extends unknown ${parent}`);
    return parent;
  });
  const inherited = parents.flatMap((parent) => cached(parent, [...chain, name]).rules);
  ancestors.set(name, [...new Set(parents.flatMap((p) => [...(ancestors.get(p) ?? []), p]))]);
  const rules = [...inherited, ...policy.rules];
  const ids = new Set(rules.map((r) => r.id));
  if (ids.size !== rules.length) throw new Error(`built-in policy ${name} repeats a rule id of a policy it extends`);
  const flat: Policy = { policy: policy.policy, version: policy.version, rules };
  if (policy.description !== undefined) flat.description = policy.description;
  return flat;
}

function cached(name: PolicyName, chain: readonly PolicyName[]): Policy {
  let policy = cache.get(name);
  if (policy === undefined) {
    policy = readBuiltin(name, chain);
    cache.set(name, policy);
  }
  return policy;
}

/** A built-in policy with `extends` resolved (read and validated once). */
export function builtinPolicy(name: PolicyName): Policy {
  return cached(name, []);
}

export interface ProjectRulesOptions {
  /** File the entries came from (default svc.config.json). */
  source?: string;
  /** Pointer of the entries array in that file (default /rules). */
  pointer?: string;
}

/**
 * The policy a project actually runs: the built-in plus the project's `rules` entries from
 * svc.config.json (entries for a policy it extends apply too: an oss rule is an enterprise rule). Diagnostics cover every entry (a config error is reported whichever policy
 * a command needs), so `svc lint` also catches a broken certification entry.
 */
export function projectPolicy(name: PolicyName, entries: unknown, options: ProjectRulesOptions = {}): MergeResult {
  const base = builtinPolicy(name);
  const inherits = ancestors.get(name) ?? [];
  return mergeProjectRules(base, entries, { ...options, knownPolicies: POLICY_NAMES, inherits });
}

/** All problems of a project's `rules` entries, each reported once. */
export function validateProjectRules(entries: unknown, options: ProjectRulesOptions = {}): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const name of POLICY_NAMES) {
    for (const d of projectPolicy(name, entries, options).diagnostics) {
      const key = JSON.stringify([d.code, d.data]);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(d);
      }
    }
  }
  return out;
}
