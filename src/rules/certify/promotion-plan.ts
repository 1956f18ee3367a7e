/**
 * Where a promoted draft goes and which contract it binds. Pure: the caller supplies the
 * draft as compiled and the contract index it loaded. Destinations follow the tier rules:
 * `domains/<domain>/blocks/<slug>.svc` (domain-first) or `blocks/<domain>/<slug>.svc` (legacy).
 */
import { type ContractIndex, parseContractRef } from '../../compiler/analyze/contract.js';
import { companionPath } from '../../compiler/project/companion.js';
import type { CompiledBlock } from '../../compiler/types.js';

const DOMAIN = /^[a-z][a-z0-9_]*$/;

/** True when `domain` can name a domain folder. */
export function isDomainName(domain: string): boolean {
  return DOMAIN.test(domain);
}

/** Project-relative destination of a promoted draft. */
export function promotionPath(layout: CompiledBlock['layout'], domain: string, fileName: string): string {
  return layout === 'domain' ? `domains/${domain}/blocks/${fileName}` : `blocks/${domain}/${fileName}`;
}

/** Companion path of the promoted block (out of `_drafts`, in its possibly new domain). */
export function promotedCompanionPath(block: Pick<CompiledBlock, 'name'>, domain: string): string {
  return companionPath({ domain, name: block.name, inDrafts: false });
}

export interface ContractChoice {
  /** `<id>@<version>` to bind. */
  binding: string;
  id: string;
  version: number;
  /** flag: --contract; suggested: the draft's `_proposed.contract_id`. */
  from: 'flag' | 'suggested';
  /** listed: the manifest resolves it now; unlisted: it will once the patch is applied; unchecked: no manifest. */
  status: 'listed' | 'unlisted' | 'unchecked';
}

export type ContractDecision = { kind: 'bind'; choice: ContractChoice } | { kind: 'none' } | { kind: 'invalid'; value: string; from: 'flag' | 'suggested' };

/** The highest version of `id` the manifest lists, if any. */
function listedVersion(index: ContractIndex, id: string): number | undefined {
  let best: number | undefined;
  for (const key of index.keys) {
    const ref = parseContractRef(key);
    if (ref?.id === id && (best === undefined || ref.version > best)) best = ref.version;
  }
  return best;
}

/** Reads `<id>` or `<id>@<version>`; undefined when neither form fits. */
function readContract(value: string, index: ContractIndex): { id: string; version: number } | undefined {
  if (value.includes('@')) return parseContractRef(value);
  const ref = parseContractRef(`${value}@1`);
  if (ref === undefined) return undefined;
  // Without a version, bind what the manifest already lists; version 1 otherwise.
  return { id: ref.id, version: listedVersion(index, ref.id) ?? 1 };
}

/**
 * The contract a promotion binds: `--contract` wins over the draft's suggested id. Never
 * invents a binding silently: the status says whether the manifest resolves it.
 */
export function chooseContract(flag: string | undefined, suggested: string | undefined, index: ContractIndex): ContractDecision {
  const from = flag !== undefined ? 'flag' : 'suggested';
  const value = flag ?? suggested;
  if (value === undefined || value.trim() === '') return { kind: 'none' };
  const ref = readContract(value.trim(), index);
  if (ref === undefined) return { kind: 'invalid', value, from };
  const binding = `${ref.id}@${ref.version}`;
  const status = !index.loaded ? 'unchecked' : index.keys.has(binding) ? 'listed' : 'unlisted';
  return { kind: 'bind', choice: { binding, id: ref.id, version: ref.version, from, status } };
}

/**
 * The suggested contract id a captured draft carries, if any, for the domain the block is
 * promoted into: a contract id is `<domain>.<Entity>.<name>`, so promoting into another domain
 * moves the suggestion with it (the draft was filed under a guessed domain).
 */
export function suggestedContract(block: CompiledBlock, domain: string = block.domain): string | undefined {
  const value = block.proposed?.['contract_id'];
  if (typeof value !== 'string') return undefined;
  const parts = value.split('.');
  return parts.length >= 3 && parts[0] === block.domain ? [domain, ...parts.slice(1)].join('.') : value;
}
