/**
 * Running an evaluation set through the same cascade as `svc agent ask` (runAsk): no draft is
 * captured (spec 01 rule 8, `reviewDraftCapture: 'off'`), no Ask trace is written, and threads
 * live in memory only, so an evaluation leaves the project as it found it. Questions sharing a
 * `thread` run in file order in one conversation. The set's Asks share warm knowledge servers.
 */

import { createMemoryThreadStore } from '../../hooks/stores/thread-store.js';
import { runAsk } from '../agent-runs/run-ask.js';
import type { AskContext, AskRun } from '../agent-runs/types.js';
import { createKnowledgePool } from '../knowledge/knowledge-pool.js';
import type { EvalItem, EvalSet } from './eval-set.js';
import { type BlockDefaults, type EvalVerdict, judgeRun } from './judge-run.js';

export interface EvalResult extends EvalVerdict {
  id: string;
  kind: EvalItem['kind'];
  question: string;
  expect: EvalItem['expect'];
}

export type EvalContext = Omit<AskContext, 'threads' | 'recorder' | 'now' | 'ids'>;

/** The declared defaults of the block that answered, by parameter name. */
function defaultsOf(ctx: EvalContext, block: string | undefined): BlockDefaults {
  const params = block === undefined ? [] : (ctx.manifest.blocks[block]?.params ?? []);
  return Object.fromEntries(params.filter((p) => p.default !== undefined).map((p) => [p.name, p.default]));
}

/** Runs every question in order and judges each run. */
export async function runEval(ctx: EvalContext, set: EvalSet, now: Date): Promise<EvalResult[]> {
  let n = 0;
  const ids = (): string => `eval${String(++n).padStart(5, '0')}`;
  // One set's questions share their knowledge servers, each started once and closed at the end.
  const knowledge = ctx.knowledge ?? createKnowledgePool();
  const ask: AskContext = { ...ctx, threads: createMemoryThreadStore(ids), now: () => now, ids, knowledge };
  const threads = new Map<string, string>();
  const out: EvalResult[] = [];
  try {
    for (const item of set.questions) {
      const threadId = item.thread === undefined ? undefined : threads.get(item.thread);
      const run: AskRun = await runAsk(ask, { question: item.question, reviewDraftCapture: 'off', ...(threadId !== undefined ? { threadId } : {}) });
      if (item.thread !== undefined && threadId === undefined && run.threadId !== undefined) threads.set(item.thread, run.threadId);
      out.push({ id: item.id, kind: item.kind, question: item.question, expect: item.expect, ...judgeRun(item, run, defaultsOf(ctx, run.block)) });
    }
  } finally {
    if (ctx.knowledge === undefined) await knowledge.close();
  }
  return out;
}
