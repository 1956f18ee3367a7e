/**
 * `runAsk`: the whole Ask cascade (spec 01 "What the service does", rules 1-10; DESIGN.md
 * section 7), shared by `POST /api/agent-runs`, `svc agent ask` and the agent tools.
 *
 *   Tier 1  the router's decision: an answer runs the certified block; a refusal is returned as
 *           the router worded it (a named block is never handed to written SQL).
 *   Tier 2  only on no match, and only when SQL can be had (an agent's proposedSql or a
 *           configured model): checked, run, labelled review required, captured as a draft.
 *   Tier 3  otherwise: refused with a stable code and the reason; nothing is invented.
 *
 * One exception, by design: when the best match is a draft the question did not name, that draft
 * is itself an earlier Tier-2 capture awaiting review, so Tier 2 runs when it can and the ask is
 * counted on it (the same question or SQL again increments asked_times); without Tier 2 the
 * draft refusal, with its certify command, is the answer.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Tier1Decision } from '../ask/types.js';
import { beginTrace, failTrace, finishTrace } from './record-trace.js';
import { refusedRun, tier1RefusedRun, type RunBase } from './run-shapes.js';
import { answerTier1 } from './tier1-answer.js';
import { answerTier2 } from './tier2-answer.js';
import type { AskContext, AskRequest, AskRun } from './types.js';

function tier2Possible(ctx: AskContext, request: AskRequest): boolean {
  return request.proposedSql !== undefined || ctx.provider !== undefined;
}

/** True for a ranked (not named) refusal of a draft: an earlier capture, not a governed block. */
function unnamedDraft(decision: Tier1Decision): boolean {
  return decision.kind === 'refused' && decision.code === 'BLOCK_DRAFT' && !decision.named;
}

async function cascade(ctx: AskContext, request: AskRequest, decision: Tier1Decision, base: RunBase): Promise<AskRun> {
  if (decision.kind === 'answer') return answerTier1(ctx, decision, base);
  if (decision.kind === 'refused' && !(unnamedDraft(decision) && tier2Possible(ctx, request))) return tier1RefusedRun(base, decision);
  return answerTier2(ctx, request, base);
}

/** Runs one Ask through the tiers and returns the run; refusals are values, never thrown. */
export async function runAsk(ctx: AskContext, request: AskRequest): Promise<AskRun> {
  const startedAt = performance.now();
  const id = ctx.ids ?? randomUUID;
  const runId = `run_${id()}`;
  const trace = beginTrace(ctx.recorder, runId, `trc_${id()}`);
  try {
    const question = request.question.trim();
    if (question === '') {
      const run = refusedRun({ runId, traceId: trace.traceId, question, candidates: [], startedAt }, { code: 'QUESTION_EMPTY', reason: 'There is no question to answer.' });
      finishTrace(trace, run, 0);
      return run;
    }
    const routed = performance.now();
    const decision = ctx.router.route(question, { now: ctx.now() });
    const tier1Ms = performance.now() - routed;
    const route = decision.route;
    const base: RunBase = { runId, traceId: trace.traceId, question, candidates: decision.candidates, ...(route !== undefined ? { route } : {}), startedAt };
    const run = await cascade(ctx, { ...request, question }, decision, base);
    finishTrace(trace, run, tier1Ms);
    return run;
  } catch (error) {
    failTrace(trace);
    throw error;
  }
}
