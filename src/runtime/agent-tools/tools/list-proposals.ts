/**
 * list_proposals (review): the promotion loop's review queue (spec rule 12, step 2). Every
 * draft in a `_drafts` folder, read from disk now (so drafts captured since the server started
 * are listed), most asked first, optionally only those asked at least N times; each with the
 * command that promotes it once a person has reviewed it. Read-only.
 */
import { z } from 'zod';
import { listProposals } from '../../drafts/list-proposals.js';
import { answer, defineTool } from '../tool.js';

export const listProposalsTool = defineTool({
  name: 'list_proposals',
  description:
    'Review: draft blocks captured from Tier-2 answers, ranked by asked_times descending, optionally only those asked at least N times; each with its path and the svc certify --from-draft command a person runs after review. Read-only.',
  readOnly: true,
  inputSchema: {
    asked_at_least_times: z.number().int().min(1).max(1_000_000).optional().describe('Only drafts asked at least this many times'),
    limit: z.number().int().min(1).max(500).default(100),
  },
  async handler(args, ctx) {
    const all = listProposals(ctx.root, args.asked_at_least_times === undefined ? {} : { askedAtLeastTimes: args.asked_at_least_times });
    const proposals = all.slice(0, args.limit);
    return answer({ count: proposals.length, total: all.length, proposals });
  },
});
