/**
 * kg_search (semantic): full-text search across blocks, metrics, dashboards (App pages), tiles
 * and Apps, ranked by the router's tokenisation and coverage scoring (knowledge-graph.ts). Each
 * hit says what it is and the facts needed to follow it (a block's trust and contract, a
 * tile's source, an App's lifecycle). Never returns rows.
 */
import { z } from 'zod';
import { type KgKind, knowledgeGraph } from '../knowledge-graph.js';
import { answer, defineTool, refuse } from '../tool.js';

const KINDS = ['block', 'metric', 'dashboard', 'tile', 'app'] as const satisfies readonly KgKind[];

export const kgSearch = defineTool({
  name: 'kg_search',
  description:
    'Semantic: full-text search across blocks, metrics, dashboards (App pages), tiles and Apps. Each hit has its kind, id, title, score and facts (block trust and contract, tile source, App lifecycle). Never returns rows.',
  readOnly: true,
  inputSchema: {
    query: z.string().min(1).max(2_000),
    kinds: z.array(z.enum(KINDS)).optional().describe('Only these kinds (default all)'),
    limit: z.number().int().min(1).max(100).default(20),
  },
  async handler(args, ctx) {
    if (args.query.trim() === '') return refuse('QUERY_EMPTY', 'Give some words to search for.');
    const graph = knowledgeGraph(ctx.manifest, ctx.catalog);
    const kinds = new Set<KgKind>(args.kinds ?? KINDS);
    const hits = graph.index
      .search(args.query)
      .map((h) => ({ hit: h, entry: graph.entries[h.doc] }))
      .filter((h) => h.entry !== undefined && kinds.has(h.entry.kind))
      .slice(0, args.limit)
      .map(({ hit, entry }) => ({ kind: entry?.kind, id: entry?.id, title: entry?.title, score: hit.score, ...entry?.facts }));
    return answer({ query: args.query, count: hits.length, hits });
  },
});
