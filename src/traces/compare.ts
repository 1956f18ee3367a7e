/**
 * `svc agent trace compare`: compares two traces by structure and timing only: routing stages
 * (phase sequence and counts), candidate roles and reasons, tier attempts, the trust outcome and
 * durations. There is no prose in a trace to compare, and none is ever added here.
 * Timing always differs a little, so `same` speaks of structure only.
 */
import type { TraceDetail } from './content.js';

export interface CandidateChange {
  id: string;
  left?: { role: string; reasonCode?: string };
  right?: { role: string; reasonCode?: string };
}

export interface TraceComparison {
  mode: 'compare';
  left: { traceId: string; runId: string };
  right: { traceId: string; runId: string };
  /** True when routing, candidates, attempts and trust are equal. */
  same: boolean;
  routing: { equal: boolean; left: string[]; right: string[]; counts: Array<{ code: string; left?: Record<string, number>; right?: Record<string, number> }> };
  candidates: { equal: boolean; changes: CandidateChange[] };
  attempts: { equal: boolean; left: string[]; right: string[] };
  trust: { equal: boolean; left: Outcome; right: Outcome };
  timing: { totalMs: Delta; phases: Array<{ code: string } & Delta> };
}

interface Outcome {
  tier?: number;
  trust?: string;
  refusalCode?: string;
  block?: string;
}

interface Delta {
  left?: number;
  right?: number;
  deltaMs?: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const attemptKey = (a: TraceDetail['attempts'][number]) => `tier${a.tier}:${a.outcome}${a.reasonCode !== undefined ? `:${a.reasonCode}` : ''}`;

function delta(left: number | undefined, right: number | undefined): Delta {
  const d: Delta = {};
  if (left !== undefined) d.left = left;
  if (right !== undefined) d.right = right;
  if (left !== undefined && right !== undefined) d.deltaMs = Math.round((right - left) * 1000) / 1000;
  return d;
}

function outcome(t: TraceDetail): Outcome {
  const o: Outcome = {};
  if (t.outcome.tier !== undefined) o.tier = t.outcome.tier;
  if (t.outcome.trust !== undefined) o.trust = t.outcome.trust;
  if (t.outcome.refusalCode !== undefined) o.refusalCode = t.outcome.refusalCode;
  if (t.outcome.block !== undefined) o.block = t.outcome.block;
  return o;
}

function candidateChanges(left: TraceDetail, right: TraceDetail): CandidateChange[] {
  const pick = (c: TraceDetail['candidates'][number]) => ({ role: c.role, ...(c.reasonCode !== undefined ? { reasonCode: c.reasonCode } : {}) });
  const l = new Map(left.candidates.map((c) => [c.id, pick(c)]));
  const r = new Map(right.candidates.map((c) => [c.id, pick(c)]));
  const ids = [...new Set([...l.keys(), ...r.keys()])].sort();
  const changes: CandidateChange[] = [];
  for (const id of ids) {
    const a = l.get(id);
    const b = r.get(id);
    if (same(a, b)) continue;
    changes.push({ id, ...(a !== undefined ? { left: a } : {}), ...(b !== undefined ? { right: b } : {}) });
  }
  return changes;
}

/** Phase timing paired by code and occurrence (the second `route.tier1` pairs with the second). */
function phaseTiming(left: TraceDetail, right: TraceDetail): Array<{ code: string } & Delta> {
  const keyed = (t: TraceDetail) => {
    const seen = new Map<string, number>();
    return t.phases.map((p) => {
      const n = (seen.get(p.code) ?? 0) + 1;
      seen.set(p.code, n);
      return { key: `${p.code}#${n}`, code: p.code, ms: p.durationMs };
    });
  };
  const l = keyed(left);
  const r = new Map(keyed(right).map((p) => [p.key, p]));
  const out = l.map((p) => ({ code: p.code, ...delta(p.ms, r.get(p.key)?.ms) }));
  const known = new Set(l.map((p) => p.key));
  for (const p of r.values()) if (!known.has(p.key)) out.push({ code: p.code, ...delta(undefined, p.ms) });
  return out;
}

function routingCounts(left: TraceDetail, right: TraceDetail): TraceComparison['routing']['counts'] {
  const r = new Map(right.phases.map((p) => [p.code, p.counts]));
  const out: TraceComparison['routing']['counts'] = [];
  for (const p of left.phases) {
    const other = r.get(p.code);
    if (!same(p.counts, other)) out.push({ code: p.code, left: p.counts, ...(other !== undefined ? { right: other } : {}) });
  }
  return out;
}

export function compareTraces(left: TraceDetail, right: TraceDetail): TraceComparison {
  const routingL = left.phases.map((p) => p.code);
  const routingR = right.phases.map((p) => p.code);
  const counts = routingCounts(left, right);
  const changes = candidateChanges(left, right);
  const attemptsL = left.attempts.map(attemptKey);
  const attemptsR = right.attempts.map(attemptKey);
  const routing = { equal: same(routingL, routingR) && counts.length === 0, left: routingL, right: routingR, counts };
  const attempts = { equal: same(attemptsL, attemptsR), left: attemptsL, right: attemptsR };
  const trust = { equal: same(outcome(left), outcome(right)), left: outcome(left), right: outcome(right) };
  return {
    mode: 'compare',
    left: { traceId: left.traceId, runId: left.runId },
    right: { traceId: right.traceId, runId: right.runId },
    same: routing.equal && changes.length === 0 && attempts.equal && trust.equal,
    routing,
    candidates: { equal: changes.length === 0, changes },
    attempts,
    trust,
    timing: { totalMs: delta(left.durationMs, right.durationMs), phases: phaseTiming(left, right) },
  };
}
