/**
 * answer_question (Tier 1 to 3): the whole Ask cascade, through the same `runAsk` as
 * `POST /api/agent-runs` and `svc agent ask`. Tier 1 answers from a certified block; Tier 2
 * runs SQL a configured model wrote, labels it review required (`uncertified: true`) and returns
 * `reviewDraft` with the saved draft's path; Tier 3 refuses with a stable code and the reason.
 */
import { z } from 'zod';
import { runAsk } from '../../agent-runs/run-ask.js';
import { askOutcome, defineTool } from '../tool.js';

export const answerQuestion = defineTool({
  name: 'answer_question',
  description:
    'Tiers 1 to 3: run the whole Ask cascade for a plain-language question. Tier 1 answers from a certified block (trust certified, with its contract); Tier 2 answers review required with uncertified: true and reviewDraft (the saved draft; show it unchanged and name svc certify --from-draft <path>); Tier 3 refuses with a code and reason. Never invent an answer after a refusal.',
  readOnly: false,
  inputSchema: {
    question: z.string().min(1).max(4_000).describe('The question, as the person asked it'),
  },
  async handler(args, ctx) {
    return askOutcome(await runAsk(ctx.ask, { question: args.question }));
  },
});
