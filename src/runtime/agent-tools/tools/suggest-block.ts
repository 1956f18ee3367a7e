/**
 * suggest_block (curated draft): a hand-shaped proposal aggregating many Tier-2 captures.
 * Drafts reading the same tables are grouped (draft-clusters.ts); the proposal for the most
 * asked group (or the group holding a named draft) suggests an id and domain, takes the SQL of
 * its most-asked draft as the starting point, and lists every draft it covers, so a person can
 * fold them into one block and promote it. It writes nothing: the file a person edits and
 * promotes with `svc certify --from-draft` is one of the drafts it names.
 */
import { z } from 'zod';
import { openProject } from '../../certify/project.js';
import { clusterDomain, clusterDrafts, type DraftCluster, draftCaptures } from '../draft-clusters.js';
import { readSelect } from '../select-columns.js';
import { answer, defineTool, refuse } from '../tool.js';

function proposalOf(cluster: DraftCluster): Record<string, unknown> {
  const lead = cluster.drafts[0];
  if (lead === undefined) return {};
  const domain = clusterDomain(cluster);
  const contract = lead.block.proposed?.['contract_id'];
  const entity = lead.block.proposed?.['entity'];
  return {
    suggestedId: `${domain}.${lead.block.name}`,
    domain,
    ...(typeof entity === 'string' ? { entity } : {}),
    ...(typeof contract === 'string' ? { contractId: contract } : {}),
    sql: lead.block.query,
    outputs: readSelect(lead.block.query).columns.map((c) => c.name),
    tables: cluster.tables,
    askedTimes: cluster.askedTimes,
    basedOn: lead.proposal.path,
    covers: cluster.drafts.map((d) => ({
      id: d.proposal.id ?? d.block.id,
      path: d.proposal.path,
      askedTimes: d.proposal.askedTimes,
      answerFingerprint: d.block.answerFingerprint ?? null,
    })),
    next: `Fold the covered drafts into ${lead.proposal.path}, review it (description, owner, tests), then: svc certify --from-draft ${lead.proposal.path} --domain ${domain}`,
  };
}

export const suggestBlock = defineTool({
  name: 'suggest_block',
  description:
    'Curated draft: a proposal aggregating many Tier-2 captures (drafts reading the same tables): suggested id and domain, the SQL of the most-asked draft, and every draft it covers. Writes nothing; a person edits one draft and promotes it with svc certify --from-draft.',
  readOnly: true,
  inputSchema: {
    draft: z.string().max(1_000).optional().describe('A draft id or path: propose for its group (default: the most asked group)'),
    asked_at_least_times: z.number().int().min(1).max(1_000_000).optional().describe('Only count drafts asked at least this many times'),
  },
  async handler(args, ctx) {
    const opened = openProject({ cwd: ctx.root, project: ctx.root });
    if (opened.project === undefined) return refuse('PROJECT_UNAVAILABLE', 'The project configuration could not be read.');
    const clusters = clusterDrafts(draftCaptures(ctx.root, opened.project.env, args.asked_at_least_times));
    if (clusters.length === 0)
      return refuse('NO_DRAFTS', 'No captured drafts to aggregate yet; Tier-2 answers are saved as drafts by query_via_metadata and answer_question.');
    const wanted = args.draft;
    const chosen = wanted === undefined ? clusters[0] : clusters.find((c) => c.drafts.some((d) => d.proposal.path === wanted || d.proposal.id === wanted));
    if (chosen === undefined) return refuse('DRAFT_NOT_FOUND', `No draft ${wanted ?? ''} is in the review queue.`, { draft: wanted });
    const others = clusters
      .filter((c) => c !== chosen)
      .map((c) => ({ tables: c.tables, drafts: c.drafts.length, askedTimes: c.askedTimes, lead: c.drafts[0]?.proposal.path ?? null }));
    return answer({ proposal: proposalOf(chosen), otherGroups: others, written: [] });
  },
});
