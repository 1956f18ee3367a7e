/**
 * answer_question (Tier 1 to 3): the whole Ask cascade, through the same Ask service as
 * `POST /api/agent-runs` and `svc agent ask` (one lifecycle, one trace shape). Tier 1 answers from a certified block; Tier 2
 * runs SQL a configured model wrote, labels it review required (`uncertified: true`) and returns
 * `reviewDraft` with the saved draft's path; Tier 3 refuses with a stable code and the reason.
 */
import { z } from 'zod';
import { askOutcome, defineTool } from '../tool.js';

export const answerQuestion = defineTool({
  name: 'answer_question',
  description:
    'Tiers 1 to 3: run the whole Ask cascade for a plain-language question. Tier 1 answers from a certified block (trust certified, with its contract); Tier 2 answers review required with uncertified: true and reviewDraft (the saved draft; show it unchanged and name svc certify --from-draft <path>); Tier 3 refuses with a code and reason. Never invent an answer after a refusal.',
  readOnly: false,
  inputSchema: {
    question: z.string().min(1).max(4_000).describe('The question, as the person asked it'),
    explore: z
      .boolean()
      .optional()
      .describe('true takes the review-required exploration a BLOCK_CANNOT_ANSWER refusal offered: SQL is written for the question, never certified'),
  },
  async handler(args, ctx) {
    return askOutcome(await ctx.asks.ask({ question: args.question, ...(args.explore === true ? { explore: true } : {}) }, ctx.ask.asker));
  },
});
