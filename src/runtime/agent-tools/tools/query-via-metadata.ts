/**
 * query_via_metadata (Tier 2): only after Tier 1 found no match. The agent brings SQL it wrote
 * from the manifest and the schema; when the Tier-1 router would answer the question from a
 * certified block, the tool refuses (TIER1_MATCH) and names the block and parameters for
 * query_via_block, running nothing. Otherwise the Ask service (the one lifecycle of every Ask
 * surface) runs the SQL through the one executor (statement check, read-only, deadline), labels
 * the answer review required, and writes the
 * draft itself (unless `saveDraft: false`): the answer carries `uncertified: true` and
 * `draftBlockPath`.
 */
import { z } from 'zod';
import type { AskRequest } from '../../agent-runs/types.js';
import { askOutcome, defineTool, refuse } from '../tool.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

export const queryViaMetadata = defineTool({
  name: 'query_via_metadata',
  description:
    'Tier 2, only after Tier 1 found no match: run SQL you wrote from the manifest and schema for the question. Refused with TIER1_MATCH when a certified block answers it (use query_via_block). The answer is review required, carries uncertified: true, and is saved as a draft block (draftBlockPath) unless saveDraft is false.',
  readOnly: false,
  inputSchema: {
    question: z.string().min(1).max(4_000),
    proposedSql: z.string().min(1).max(100_000).describe('One read-only SELECT statement'),
    proposedDomain: z.string().regex(NAME).optional(),
    proposedEntity: z.string().regex(NAME).optional(),
    upstreamRefs: z.array(z.string().min(1).max(300)).max(100).optional().describe('Blocks, tables or models the SQL was written from'),
    saveDraft: z.boolean().optional().describe('false opts out of writing the draft'),
  },
  async handler(args, ctx) {
    const tier1 = ctx.asks.router().route(args.question, { now: ctx.now() });
    if (tier1.kind === 'answer') {
      return refuse('TIER1_MATCH', `Certified block ${tier1.block} answers this question; ask it with query_via_block instead of writing SQL.`, {
        block: tier1.block,
        params: tier1.params,
        ...(tier1.contract !== undefined ? { contract: tier1.contract } : {}),
        next: 'query_via_block',
      });
    }
    const request: AskRequest = { question: args.question, proposedSql: args.proposedSql };
    if (args.proposedDomain !== undefined) request.proposedDomain = args.proposedDomain;
    if (args.proposedEntity !== undefined) request.proposedEntity = args.proposedEntity;
    if (args.upstreamRefs !== undefined) request.upstreamRefs = args.upstreamRefs;
    if (args.saveDraft !== undefined) request.saveDraft = args.saveDraft;
    return askOutcome(await ctx.asks.ask(request, ctx.ask.asker));
  },
});
