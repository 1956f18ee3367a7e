/**
 * Pseudonymisation for the strict bundle profile: every identifier (trace id, run id, domain,
 * block, contract) is replaced by a keyed stand-in of the same shape, so the bundle still reads
 * as a trace (qualified ids stay `<domain>.<name>`, two blocks of one domain share a domain
 * stand-in, a trace id still maps to an OTLP trace id) while naming nothing of the project.
 * Keyed with the install salt: the same block gets the same stand-in in every strict export
 * of one install, so two bundles can be compared, and nobody without the key can test a guess.
 * Codes, tiers, counts and timings are vocabulary, not identifiers, and pass unchanged.
 */
import type { TraceDetail } from './content.js';
import { pseudonym } from './salt.js';

export interface PseudonymCounts {
  traces: number;
  runs: number;
  domains: number;
  blocks: number;
  contracts: number;
}

export class Pseudonymiser {
  private readonly seen: Record<keyof PseudonymCounts, Set<string>> = {
    traces: new Set(),
    runs: new Set(),
    domains: new Set(),
    blocks: new Set(),
    contracts: new Set(),
  };

  constructor(private readonly salt: string) {}

  private p(kind: keyof PseudonymCounts, id: string, length = 16): string {
    this.seen[kind].add(id);
    return pseudonym(this.salt, kind, id).padEnd(length, '0').slice(0, length);
  }

  traceId(id: string): string {
    return `tr_${this.p('traces', id)}${pseudonym(this.salt, 'traces-tail', id)}`;
  }

  runId(id: string): string {
    return `run_${this.p('runs', id)}`;
  }

  /** `<domain>.<name>` → `d_<hex>.b_<hex>`; the domain stand-in depends on the domain only. */
  qualifiedId(id: string): string {
    const dot = id.indexOf('.');
    const domain = dot < 0 ? id : id.slice(0, dot);
    return `d_${this.p('domains', domain, 10)}.b_${this.p('blocks', id)}`;
  }

  /** `<domain>.<Entity>.<name>@<version>` → same shape, version kept (it is not a name). */
  contractId(id: string): string {
    const at = id.lastIndexOf('@');
    const base = at < 0 ? id : id.slice(0, at);
    const version = at < 0 ? '' : id.slice(at);
    const [domain = '', entity = ''] = base.split('.');
    return `d_${this.p('domains', domain, 10)}.e_${pseudonym(this.salt, 'entities', `${domain}.${entity}`).slice(0, 10)}.c_${this.p('contracts', base)}${version}`;
  }

  counts(): PseudonymCounts {
    const n = (k: keyof PseudonymCounts) => this.seen[k].size;
    return { traces: n('traces'), runs: n('runs'), domains: n('domains'), blocks: n('blocks'), contracts: n('contracts') };
  }

  /** A pseudonymised deep copy of a detailed trace, with the local fingerprint removed. */
  trace(detail: TraceDetail): TraceDetail {
    const t = JSON.parse(JSON.stringify(detail)) as TraceDetail;
    t.traceId = this.traceId(detail.traceId);
    t.runId = this.runId(detail.runId);
    // A matched declaration's name (`column:revenue`) would name what the pseudonym hides: only its kind stays.
    t.candidates = t.candidates.map((c) => ({
      ...c,
      id: this.qualifiedId(c.id),
      ...(c.matched !== undefined ? { matched: c.matched.map((m) => m.replace(/:.*$/, '')) } : {}),
    }));
    if (t.outcome.block !== undefined) t.outcome.block = this.qualifiedId(t.outcome.block);
    if (t.outcome.contract !== undefined) t.outcome.contract = this.contractId(t.outcome.contract);
    t.sources = { ...t.sources, used: t.sources.used.map((s) => this.qualifiedId(s)) };
    t.fingerprints = {};
    return t;
  }
}
