/**
 * Building AskRun values: the fields every run carries (ids, question, candidates, timing) and
 * the shapes of a refusal, so each tier only says what is particular to it. A refusal never
 * carries rows, SQL or a warehouse's own words.
 */
import { performance } from 'node:perf_hooks';
import type { NextAction, Tier1Candidate, Tier1Refusal, Tier1Route } from '../../ask/types.js';
import type { AskRefusal, AskRun } from './types.js';

export interface RunBase {
  runId: string;
  traceId: string;
  question: string;
  candidates: Tier1Candidate[];
  /** Why Tier 1 chose or passed over its best candidate (absent when nothing was considered). */
  route?: Tier1Route;
  startedAt: number;
}

type Particular = Omit<AskRun, 'runId' | 'traceId' | 'question' | 'candidates' | 'route' | 'durationMs' | 'columns' | 'rows' | 'rowCount' | 'truncated'> &
  Partial<Pick<AskRun, 'columns' | 'rows' | 'rowCount' | 'truncated'>>;

/** The run with the common fields filled in and its duration measured now. */
export function finishRun(base: RunBase, particular: Particular): AskRun {
  const rows = particular.rows ?? [];
  return {
    runId: base.runId,
    traceId: base.traceId,
    question: base.question,
    ...particular,
    columns: particular.columns ?? [],
    rows,
    rowCount: particular.rowCount ?? rows.length,
    truncated: particular.truncated ?? false,
    candidates: base.candidates,
    ...(base.route !== undefined ? { route: base.route } : {}),
    durationMs: Math.round((performance.now() - base.startedAt) * 1000) / 1000,
  };
}

/** A Tier-3 run refused with `refusal`, and what to do next. */
export function refusedRun(base: RunBase, refusal: AskRefusal, next?: string, nextAction?: NextAction): AskRun {
  return finishRun(base, {
    tier: 3,
    trust: 'refused',
    refusal,
    ...(refusal.block !== undefined ? { block: refusal.block } : {}),
    ...(next !== undefined ? { next } : {}),
    ...(nextAction !== undefined ? { nextAction } : {}),
  });
}

/** The run of a Tier-1 refusal (a named block that may not answer, a refused best match). */
export function tier1RefusedRun(base: RunBase, decision: Tier1Refusal): AskRun {
  const refusal: AskRefusal = { code: decision.code, reason: decision.reason, ...(decision.block !== undefined ? { block: decision.block } : {}) };
  return refusedRun(base, refusal, decision.next, decision.nextAction);
}

/** The command that promotes a captured draft (spec rule 10: always name the path forward). */
export function certifyCommand(path: string): string {
  return `svc certify --from-draft ${path}`;
}
