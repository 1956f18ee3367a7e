/**
 * An Ask in its conversation: the thread it continues (or a new one), the certified answer a
 * follow-up may narrow, and the run recorded at the end. A thread is its owner's alone: a
 * `threadId` that is unknown, or another person's, is refused as not found (never joined). A
 * store that fails to record a run costs the person nothing but the thread's memory of it.
 */
import type { ThreadRun, ThreadStore } from '../../hooks/stores/thread-store.js';
import type { AskContext, AskRequest, AskRun } from './types.js';

export interface OpenedThread {
  /** The thread the run belongs to (absent without a thread store). */
  id?: string;
  /** The thread's last answer when it was certified: what a follow-up may narrow. */
  previous?: { runId: string; block: string; params: Record<string, string | number | boolean>; question: string; chain: string[] };
  /** The thread has earlier turns and the last was not certified (its rows are no certified answer's). */
  afterUncertified?: true;
}

/** The person the thread belongs to: the request's principal, else the local owner of drafts. */
function ownerOf(ctx: AskContext): string | undefined {
  return ctx.asker?.principal?.id ?? ctx.draftOwner;
}

function previousOf(runs: readonly ThreadRun[]): OpenedThread['previous'] {
  const last = runs[runs.length - 1];
  if (last === undefined || last.tier !== 1 || last.block === undefined) return undefined;
  // The certified turns this one continues, oldest first: what they asked for is still asked.
  const chain: string[] = [];
  for (let i = runs.length - 1; i >= 0 && runs[i]?.tier === 1; i--) chain.unshift((runs[i] as ThreadRun).question);
  return { runId: last.runId, block: last.block, params: last.params ?? {}, question: last.question, chain };
}

/** Opens the request's thread; `undefined` when the request names a thread that is not the asker's. */
export async function openThread(ctx: AskContext, store: ThreadStore | undefined, request: AskRequest): Promise<OpenedThread | undefined> {
  if (store === undefined) return request.threadId === undefined ? {} : undefined;
  const owner = ownerOf(ctx);
  if (request.threadId === undefined) return { id: await store.create(owner, ctx.now().toISOString()) };
  const thread = await store.get(request.threadId);
  if (thread === undefined || thread.owner !== owner) return undefined;
  const previous = previousOf(thread.runs);
  if (previous === undefined && thread.runs.length > 0) return { id: thread.id, afterUncertified: true };
  return { id: thread.id, ...(previous !== undefined ? { previous } : {}) };
}

/** The run as its thread keeps it: the outcome, never the rows. */
export function threadRunOf(run: AskRun, threadId: string, at: string): ThreadRun {
  return {
    runId: run.runId,
    threadId,
    at,
    question: run.question,
    tier: run.tier,
    trust: run.trust,
    columns: run.columns,
    rowCount: run.rowCount,
    traceId: run.traceId,
    ...(run.block !== undefined ? { block: run.block } : {}),
    ...(run.contract !== undefined ? { contract: run.contract } : {}),
    ...(run.params !== undefined ? { params: run.params } : {}),
    ...(run.refusal !== undefined ? { refusalCode: run.refusal.code } : {}),
    ...(run.figuresWithheld === true ? { figuresWithheld: true } : {}),
  };
}

/**
 * Records the run in its thread without holding up the answer: the store reads it back at once
 * (a follow-up sees it) and commits it with others. A store failure is swallowed: the person
 * keeps their answer; only the thread's memory of it is lost.
 */
export function recordInThread(store: ThreadStore | undefined, run: AskRun, at: string): void {
  if (store === undefined || run.threadId === undefined) return;
  try {
    store.append(threadRunOf(run, run.threadId, at)).catch(() => undefined);
  } catch {
    // As above: a store that throws at once is a store that failed.
  }
}
