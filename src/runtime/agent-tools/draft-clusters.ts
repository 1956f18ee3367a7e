/**
 * Grouping Tier-2 captures for suggest_block. Each draft of the review queue is compiled from
 * its file as it is now (so drafts captured since the server started count), and drafts that
 * read the same set of tables fall in one cluster: the same question asked many ways tends to
 * produce SQL over the same tables with different fingerprints. A cluster ranks by the asks it
 * gathers. Reads files only.
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { compileText, type SourceEnv } from '../../rules/certify/index.js';
import { readText } from '../certify/project.js';
import { listProposals, type Proposal } from '../drafts/list-proposals.js';

export interface DraftCapture {
  proposal: Proposal;
  block: CompiledBlock;
}

export interface DraftCluster {
  /** The sorted tables its drafts read, joined with commas. */
  key: string;
  tables: string[];
  /** Most asked first (the queue's order). */
  drafts: DraftCapture[];
  askedTimes: number;
}

/** Readable drafts of the queue with their compiled declarations. */
export function draftCaptures(root: string, env: SourceEnv, askedAtLeastTimes?: number): DraftCapture[] {
  const compiled = new Map<string, CompiledBlock[]>();
  const out: DraftCapture[] = [];
  for (const proposal of listProposals(root, askedAtLeastTimes === undefined ? {} : { askedAtLeastTimes })) {
    if (!proposal.readable) continue;
    if (!compiled.has(proposal.path)) {
      const text = readText(root, proposal.path);
      compiled.set(proposal.path, text === undefined ? [] : compileText(text, proposal.path, env).blocks);
    }
    const block = compiled.get(proposal.path)?.find((b) => b.name === proposal.name);
    if (block !== undefined) out.push({ proposal, block });
  }
  return out;
}

/** Clusters by table set, most asked first (then more drafts, then key). */
export function clusterDrafts(captures: readonly DraftCapture[]): DraftCluster[] {
  const byKey = new Map<string, DraftCluster>();
  for (const c of captures) {
    const tables = [...new Set(c.block.tables)].sort();
    const key = tables.join(',');
    const cluster = byKey.get(key) ?? { key, tables, drafts: [], askedTimes: 0 };
    cluster.drafts.push(c);
    cluster.askedTimes += c.proposal.askedTimes;
    byKey.set(key, cluster);
  }
  return [...byKey.values()].sort((a, b) => b.askedTimes - a.askedTimes || b.drafts.length - a.drafts.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The domain most of the cluster's asks propose (ties: the most-asked draft's). */
export function clusterDomain(cluster: DraftCluster): string {
  const weights = new Map<string, number>();
  for (const d of cluster.drafts) {
    const proposed = d.block.proposed?.['domain'];
    const domain = typeof proposed === 'string' ? proposed : d.block.domain;
    weights.set(domain, (weights.get(domain) ?? 0) + d.proposal.askedTimes);
  }
  const first = cluster.drafts[0]?.block.domain ?? '';
  let best = first;
  for (const [domain, w] of weights) if (w > (weights.get(best) ?? 0)) best = domain;
  return best;
}
