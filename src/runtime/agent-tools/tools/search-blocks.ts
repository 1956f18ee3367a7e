/**
 * search_blocks (discovery): find Tier-1 candidates first. Ranks blocks for free text with the
 * Tier-1 router's own index and scoring, and says for each whether Tier 1 may serve it and why
 * not. Servable blocks are listed before ones that may not answer, each group by score, so the
 * first result is the block to try with query_via_block. Returns declarations only, never rows.
 */
import { z } from 'zod';
import { blockListing } from '../catalog.js';
import { answer, defineTool, refuse } from '../tool.js';

export const searchBlocks = defineTool({
  name: 'search_blocks',
  description:
    'Find Tier-1 candidates first: blocks matching the text, servable (certified, no review-required marking, contract resolved) before the rest, each with its trust status and contract. Never returns rows.',
  readOnly: true,
  inputSchema: {
    query: z.string().min(1).max(2_000).describe('Words of the question or of the block sought'),
    limit: z.number().int().min(1).max(50).default(10).describe('Results to return (default 10)'),
    servableOnly: z.boolean().default(false).describe('Only blocks query_via_block would run'),
  },
  async handler(args, ctx) {
    if (args.query.trim() === '') return refuse('QUERY_EMPTY', 'Give some words to search for.');
    const hits = ctx.catalog.search(args.query).map((h) => ({ ...h, servable: ctx.catalog.gate(h.block) === undefined }));
    const ordered = [...hits.filter((h) => h.servable), ...(args.servableOnly ? [] : hits.filter((h) => !h.servable))];
    const blocks = ordered.slice(0, args.limit).map((h) => ({ score: h.score, ...blockListing(ctx.catalog, h.block) }));
    return answer({ query: args.query, count: blocks.length, blocks });
  },
});
