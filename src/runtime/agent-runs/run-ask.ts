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
 * In a thread (`threadId`), a question following a certified answer is routed as a follow-up
 * (ask/follow-up.ts): held to that block, answered by a certified drilldown block, or proposed
 * for review through Tier 2 with the two questions together (spec 01 rules 5 and 9).
 *
 * One exception, by design: when the best match is a draft the question did not name, that draft
 * is itself an earlier Tier-2 capture awaiting review, so Tier 2 runs when it can and the ask is
 * counted on it (the same question or SQL again increments asked_times); without Tier 2 the
 * draft refusal, with its certify command, is the answer.
 */

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sqlFingerprint } from '../../../grammar/sql/index.js';
import { declaredMeasureWords, declaredPeople, declaredSensitive } from '../../ask/declared-sensitive.js';
import { sensitiveWording } from '../../ask/sensitive-wording.js';
import type { Tier1Decision } from '../../ask/types.js';
import { figuresAtStake, reviewFiguresShown, withoutFigures } from '../../hooks/answer-figures.js';
import { answerAudience } from '../../hooks/audience.js';
import { audit } from '../../hooks/audit.js';
import { blockSources } from '../../hooks/source-access.js';
import { readKnowledge } from '../knowledge/knowledge-loop.js';
import { knowledgePlan } from '../knowledge/knowledge-plan.js';
import { poolPerson } from '../knowledge/knowledge-pool.js';
import { answerWords } from './answer-words.js';
import { definitionRun } from './definition-answer.js';
import { askMemo } from './question-memo.js';
import { type AskTrace, beginTrace, failTrace, finishTrace, traceAttempt, traceNames, traceRoute } from './record-trace.js';
import { recordFacts } from './run-facts.js';
import { type RunBase, refusedRun, tier1RefusedRun } from './run-shapes.js';
import { type OpenedThread, openThread, recordInThread } from './thread-step.js';
import { answerTier1 } from './tier1-answer.js';
import { answerTier2 } from './tier2-answer.js';
import type { AskContext, AskRefusal, AskRequest, AskRun } from './types.js';
import { viewRun } from './view-answer.js';
import type { EarlierAnswer } from './written-sql.js';

function tier2Possible(ctx: AskContext, request: AskRequest): boolean {
  return request.proposedSql !== undefined || ctx.provider !== undefined;
}

/** True for a ranked (not named) refusal of a draft: an earlier capture, not a governed block. */
function unnamedDraft(decision: Tier1Decision): boolean {
  return decision.kind === 'refused' && decision.code === 'BLOCK_DRAFT' && !decision.named;
}

/** A refusal that offered review-required exploration, taken by an explicit request field. */
function explorationTaken(decision: Tier1Decision, request: AskRequest): boolean {
  return decision.kind === 'refused' && decision.nextAction === 'explore-review-required' && request.explore === true;
}

/**
 * Refusals of a governed block that is not certified now (never certified, pending
 * recertification, untested). Asked for by name they are the answer; matched by an unnamed
 * question they only mean no certified artifact resolves it, which is Tier 2's case (spec 01
 * tiers): the question goes on, the block stays in the candidates as evidence. A certified block
 * its owner flagged for review (REVIEW_REQUIRED) is a deliberate hold: its refusal stands, so the
 * owner's hold is not written around.
 */
const NOT_CERTIFIED_NOW: ReadonlySet<string> = new Set(['BLOCK_NOT_CERTIFIED', 'BLOCK_PENDING_RECERTIFICATION', 'BLOCK_UNTESTED']);

function unnamedUncertified(decision: Tier1Decision): boolean {
  return decision.kind === 'refused' && !decision.named && NOT_CERTIFIED_NOW.has(decision.code);
}

/**
 * A Tier-1 refusal that goes on to Tier 2: an unnamed match of a block not certified now always
 * (without a model, Tier 2 says so); a draft's, or an exploration taken, when Tier 2 can run (a
 * draft's refusal names the earlier capture, more use than "no model").
 */
function goesOn(ctx: AskContext, request: AskRequest, decision: Tier1Decision): boolean {
  if (unnamedUncertified(decision)) return true;
  return (unnamedDraft(decision) || explorationTaken(decision, request)) && tier2Possible(ctx, request);
}

/** The tiers in priority order, each attempt recorded in the trace as it ends. */
async function cascade(
  ctx: AskContext,
  request: AskRequest,
  decision: Tier1Decision,
  base: RunBase,
  trace: AskTrace,
  tier1Ms: number,
  earlier?: EarlierAnswer,
): Promise<AskRun> {
  const routed = (route: 'tier1' | 'tier2' | 'refused') =>
    ctx.progress?.({ kind: 'routed', runId: base.runId, trace: { traceId: base.traceId, status: 'recording' }, route });
  if (decision.kind === 'answer') {
    routed('tier1');
    const started = performance.now();
    const run = await answerTier1(ctx, decision, base);
    traceAttempt(trace, 1, run.tier === 1 ? 'answered' : 'failed', tier1Ms + performance.now() - started, run.refusal?.code);
    return run;
  }
  if (decision.kind === 'refused' && !goesOn(ctx, request, decision)) {
    routed('refused');
    traceAttempt(trace, 1, 'refused', tier1Ms, decision.code);
    return tier1RefusedRun(base, decision);
  }
  traceAttempt(trace, 1, decision.kind === 'refused' ? 'refused' : 'no_match', tier1Ms, decision.code);
  routed('tier2');
  // A drilldown proposal: written SQL answers the two questions together, never certified.
  const question = decision.kind === 'no-match' && decision.drilldown !== undefined ? decision.drilldown.question : request.question;
  const started = performance.now();
  const run = await answerTier2(ctx, { ...request, question }, base, earlier);
  traceAttempt(trace, 2, run.tier === 2 ? 'answered' : 'refused', performance.now() - started, run.refusal?.code);
  return run;
}

/** Tier 1's decision: a follow-up of the thread's certified answer, or a question on its own. */
function decide(ctx: AskContext, question: string, thread: OpenedThread): Tier1Decision {
  const options = { now: ctx.now(), ...(thread.afterUncertified === true ? { afterUncertified: true } : {}) };
  return thread.previous === undefined ? ctx.router.route(question, options) : ctx.router.followUp(question, thread.previous, options);
}

/** What the run says about the conversation: its thread, and how a follow-up was routed. */
function threadFields(thread: OpenedThread, decision: Tier1Decision): Pick<AskRun, 'threadId' | 'followUp' | 'drilldown'> {
  const of = thread.previous?.runId ?? '';
  return {
    ...(thread.id !== undefined ? { threadId: thread.id } : {}),
    ...(decision.kind === 'answer' && decision.followUp !== undefined ? { followUp: { of, ...decision.followUp } } : {}),
    ...(decision.kind === 'no-match' && decision.drilldown !== undefined ? { drilldown: { of, ...decision.drilldown } } : {}),
  };
}

async function answer(
  ctx: AskContext,
  request: AskRequest,
  question: string,
  base: Omit<RunBase, 'candidates'>,
  thread: OpenedThread,
  trace: AskTrace,
): Promise<AskRun> {
  // Before planning and before any model call (spec 02 sensitiveQuestions: 'wording'); a host
  // that chose 'columns' decides through its row policy, which sees every statement instead.
  const byColumns = ctx.asker?.host?.hooks.sensitiveQuestions === 'columns';
  // Worked out once per question over a router (question-memo.ts): the router's manifest and config declare the cues, its values are the data's.
  const sensitive = byColumns
    ? undefined
    : askMemo(ctx.router, `sensitive\u0000${question}`, () =>
        sensitiveWording(
          question,
          declaredSensitive(ctx.manifest, ctx.config),
          (phrase) => ctx.router.isValue(phrase),
          declaredPeople(ctx.manifest, ctx.config),
          declaredMeasureWords(ctx.manifest, ctx.config),
        ),
      );
  if (sensitive !== undefined) {
    const refused = refusedRun(
      { ...base, candidates: [] },
      { code: 'SENSITIVE_QUESTION', reason: sensitive.reason },
      'Ask for an aggregate (a count, an average, a share by group) instead.',
      'rephrase',
    );
    return { ...refused, ...(thread.id !== undefined ? { threadId: thread.id } : {}) };
  }
  const defined = definitionRun(ctx, question, { ...base, candidates: [] }) ?? viewRun(ctx, question, { ...base, candidates: [] });
  if (defined !== undefined) return { ...defined, ...threadFields(thread, { kind: 'no-match', code: 'NO_MATCH', candidates: [] }) };
  const routed = performance.now();
  const decision = decide(ctx, question, thread);
  const tier1Ms = performance.now() - routed;
  const route = decision.route;
  traceRoute(trace, decision.candidates, tier1Ms, traceNames(ctx.manifest, ctx.root), route);
  const full: RunBase = { ...base, candidates: decision.candidates, ...(route !== undefined ? { route } : {}) };
  const run = await cascade(ctx, { ...request, question }, decision, full, trace, tier1Ms, thread.previous);
  return { ...run, question, ...threadFields(thread, decision) };
}

/** Tells the host what was answered: trust, sources and the SQL's fingerprint, never the SQL or question. */
function auditAnswer(ctx: AskContext, request: AskRequest, run: AskRun): void {
  const block = run.block !== undefined ? ctx.manifest.blocks[run.block] : undefined;
  const fingerprint =
    block !== undefined ? block.sqlFingerprint : run.sql !== undefined ? sqlFingerprint(run.sql, ctx.executor.driverOf(request.connection)) : undefined;
  audit(
    'answer',
    {
      runId: run.runId,
      tier: run.tier,
      trust: run.trust,
      sources: block !== undefined && run.tier === 1 ? blockSources(block) : [],
      ...(fingerprint !== undefined ? { sqlFingerprint: fingerprint } : {}),
      ...(run.refusal !== undefined ? { refusalCode: run.refusal.code } : {}),
    },
    ctx.asker,
  );
}

/**
 * The run as this person receives it, and as every store keeps it from the first write: its
 * written answer for their audience, without its figures when the host withholds them.
 */
async function presented(ctx: AskContext, request: AskRequest, run: AskRun): Promise<AskRun> {
  const audience = await answerAudience(ctx.asker, request.audience);
  const worded: AskRun = { ...run, audience, answer: answerWords(run, audience) };
  if (!figuresAtStake(run.trust) || (await reviewFiguresShown(ctx.asker))) return worded;
  return withoutFigures(worded);
}

/** Whether the Ask's model (if any) is on this machine: where project documents may go. */
const modelIsLocal = (ctx: AskContext): boolean => ctx.provider === undefined || ctx.provider.kind === 'local';

/** A governed answer gains team documents as context (spec 03 "Knowledge sources"); nothing else does. */
async function withKnowledge(ctx: AskContext, run: AskRun): Promise<AskRun> {
  if (run.trust !== 'certified') return run;
  const plan = await knowledgePlan(ctx.asker, ctx.root, modelIsLocal(ctx));
  if (plan.servers.length === 0 && plan.notRead.length === 0) return run;
  const pool = ctx.knowledge;
  const person = poolPerson(ctx.asker);
  const read = await readKnowledge(ctx.asker, run.question, plan, run.runId, pool === undefined ? undefined : (s) => pool.client(s, person));
  return { ...run, ...(read.knowledge !== undefined ? { knowledge: read.knowledge } : {}), ...(read.steps.length > 0 ? { steps: read.steps } : {}) };
}

/** Runs one Ask through the tiers and returns the run; refusals are values, never thrown. */
export async function runAsk(ctx: AskContext, request: AskRequest): Promise<AskRun> {
  const startedAt = performance.now();
  const id = ctx.ids ?? randomUUID;
  const runId = `run_${id()}`;
  const trace = beginTrace(ctx.recorder, runId, `trc_${id()}`, ctx.asker);
  ctx.progress?.({ kind: 'started', runId, trace: { traceId: trace.traceId, status: 'recording' } });
  try {
    const question = request.question.trim();
    const base = { runId, traceId: trace.traceId, question, startedAt };
    const thread = question === '' ? {} : await openThread(ctx, ctx.threads, request);
    if (question === '' || thread === undefined) {
      const refusal: AskRefusal =
        question === ''
          ? { code: 'QUESTION_EMPTY', reason: 'There is no question to answer.' }
          : { code: 'THREAD_NOT_FOUND', reason: 'This conversation does not exist, or it is not yours; ask again without it to start a new one.' };
      const run = await presented(ctx, request, refusedRun({ ...base, candidates: [] }, refusal));
      finishTrace(trace, run);
      return run;
    }
    const run = await withKnowledge(ctx, await presented(ctx, request, await answer(ctx, request, question, base, thread, trace)));
    finishTrace(trace, run);
    recordInThread(ctx.threads, run, ctx.now().toISOString());
    auditAnswer(ctx, request, run);
    recordFacts(ctx, request, run);
    return run;
  } catch (error) {
    failTrace(trace);
    throw error;
  }
}
