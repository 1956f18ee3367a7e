/**
 * The local trace of one Ask (spec 01 "Trace"): only ids, codes, counts and timings reach the
 * recorder; the question goes in solely as fingerprint input, and rows, SQL and values never do.
 * Without a recorder the run still gets a traceId so callers have one shape; nothing is stored.
 * A recorder never throws into an Ask (its own guarantee), and none of this changes an answer.
 */

import { randomBytes } from 'node:crypto';
import type { Tier1Route } from '../../ask/types.js';
import type { Manifest } from '../../compiler/types.js';
import { type Asker, ownerKey } from '../../hooks/context/request-context.js';
import { pseudonym, resolveSalt, type TraceBuilder, type TraceRecorder } from '../../traces/index.js';
import type { AskRun } from './types.js';

/** Install salts by project root, read once; a root whose salt cannot be had gets a key of this process. */
const keys = new Map<string, string>();

function keyFor(root: string): string {
  let key = keys.get(root);
  if (key === undefined) {
    key = resolveSalt(root) ?? randomBytes(32).toString('hex');
    keys.set(root, key);
  }
  return key;
}

/**
 * How a trace names a block. A captured draft is named from the question that produced it, so
 * its id is question text in another form: every block not declared certified outside the
 * drafts folder is recorded as `drafts.d<keyed pseudonym>` instead (stable on one install, so
 * traces still compare, and unlinkable to the question without the install's key).
 */
export function traceNames(manifest: Manifest, root: string): (id: string) => string {
  return (id) => {
    const block = Object.hasOwn(manifest.blocks, id) ? manifest.blocks[id] : undefined;
    if (block !== undefined && block.status === 'certified' && !block.inDrafts) return id;
    return `drafts.d${pseudonym(keyFor(root), 'block', id)}`;
  };
}

export interface AskTrace {
  traceId: string;
  builder?: TraceBuilder;
  /** True once a tier attempt was recorded as it happened (the cascade's own steps). */
  attempted?: boolean;
}

/** Starts the trace of run `runId`; `fallbackId` names it when there is no recorder. */
export function beginTrace(recorder: TraceRecorder | undefined, runId: string, fallbackId: string, asker: Asker): AskTrace {
  if (recorder === undefined) return { traceId: fallbackId };
  try {
    // Whose trace: outside any request the local owner's; inside one, the person asking, or no one when no one was placed.
    const builder = recorder.begin({ runId, kind: 'ask', owner: asker === undefined ? '' : ownerKey(asker.principal) });
    return { traceId: builder.traceId, builder };
  } catch {
    return { traceId: fallbackId };
  }
}

function outcomeOf(run: AskRun): 'answered' | 'refused' {
  return run.trust === 'refused' ? 'refused' : 'answered';
}

function guarded(fn: () => void): void {
  try {
    fn();
  } catch {
    // Ask is never affected by a trace failure.
  }
}

/**
 * The route's explanation as a trace keeps it: each part the block gives by its declaration, and
 * the kinds of parts it does not give; never the question's words. Only a block named as itself
 * (certified, not a draft) is explained: a draft's column names may echo the question that made it.
 */
function routeEvidence(route: Tier1Route | undefined, id: string, named: string): { matched?: string[]; unmatched?: string[] } {
  if (route === undefined || route.block !== id || named !== id) return {};
  const matched = route.parts.filter((p) => p.by !== undefined).map((p) => `${p.kind}=${p.by}`);
  const unmatched = route.parts.filter((p) => p.by === undefined).map((p) => p.kind);
  return { ...(matched.length > 0 ? { matched } : {}), ...(unmatched.length > 0 ? { unmatched } : {}) };
}

/** Records Tier-1 routing as it ends: its phase (placed when it ran), its candidates and how the route matched. */
export function traceRoute(trace: AskTrace, candidates: AskRun['candidates'], durationMs: number, nameOf: (id: string) => string, route?: Tier1Route): void {
  const b = trace.builder;
  if (b === undefined) return;
  guarded(() => {
    b.phase('route.tier1', { counts: { candidates: candidates.length }, durationMs });
    for (const c of candidates) {
      const name = nameOf(c.id);
      b.candidate({ id: name, role: c.role, score: c.score, ...routeEvidence(route, c.id, name) });
    }
  });
}

/** Records one tier's attempt as it ends, so a trace reads every tier tried, in order. */
export function traceAttempt(
  trace: AskTrace,
  tier: 1 | 2,
  outcome: 'answered' | 'no_match' | 'refused' | 'failed',
  durationMs: number,
  reasonCode?: string,
): void {
  trace.attempted = true;
  const b = trace.builder;
  if (b === undefined) return;
  guarded(() => b.attempt({ tier, outcome, durationMs, ...(reasonCode !== undefined ? { reasonCode } : {}) }));
}

/** Records the finished run's evidence and closes the trace. */
export function finishTrace(trace: AskTrace, run: AskRun): void {
  const b = trace.builder;
  if (b === undefined) return;
  try {
    // A run refused before any tier was tried (an empty or sensitive question): one attempt says so.
    if (trace.attempted !== true)
      b.attempt({
        tier: run.tier,
        outcome: outcomeOf(run),
        ...(run.refusal !== undefined ? { reasonCode: run.refusal.code } : {}),
        durationMs: run.durationMs,
      });
    if (run.tier !== 3) b.phase('answer.rows', { counts: { rows: run.rowCount } });
    b.finish({
      tier: run.tier,
      trust: run.trust,
      ...(run.refusal !== undefined ? { refusalCode: run.refusal.code } : {}),
      ...(run.block !== undefined && run.tier === 1 ? { block: run.block, sources: [run.block] } : {}),
      ...(run.contract !== undefined ? { contract: run.contract } : {}),
      ...(run.threadId !== undefined ? { threadId: run.threadId } : {}),
      questionText: run.question,
    });
  } catch {
    // Ask is never affected by a trace failure.
  }
}

/** Marks the trace failed when the Ask itself threw (a bug, not a refusal). */
export function failTrace(trace: AskTrace): void {
  try {
    trace.builder?.fail('ASK_FAILED');
  } catch {
    // Ask is never affected by a trace failure.
  }
}
