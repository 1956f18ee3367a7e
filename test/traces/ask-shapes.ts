/**
 * Realistic Ask shapes driving the trace recorder the way the Ask cascade does: Tier 1 answers
 * from `finance.weekly_revenue`, Tier 2 drafts SQL (review required), Tier 3 refuses. Each Ask
 * holds a question, parameters, SQL and rows, as the real one does; only ids, codes, counts and
 * the question (for its fingerprint) go to the recorder. `misuse` passes the Ask's raw values
 * into code and id slots as a buggy caller might, to prove the content gate holds.
 */
import { randomUUID } from 'node:crypto';
import type { TraceRecorder, TraceRef } from '../../src/traces/index.js';

/** A store clock the shapes advance by each phase's duration, so timings add up as in a real Ask. */
export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function makeClock(start = Date.parse('2026-03-02T09:00:00.000Z')): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

let shared: Clock | undefined;
/** Advances the clock the recorder was built with (see `useClock`), if any. */
function tick(ms: number): void {
  shared?.advance(ms);
}

/** Makes the shapes advance `clock`; pass the same clock's `now` to the recorder. */
export function useClock(clock: Clock | undefined): void {
  shared = clock;
}

type Builder = ReturnType<TraceRecorder['begin']>;
type PhaseOpts = Parameters<Builder['phase']>[1] & { durationMs: number };

function phase(trace: Builder, code: string, opts: PhaseOpts): void {
  tick(opts.durationMs);
  trace.phase(code, opts);
}

export interface AskInput {
  question: string;
  params?: Record<string, string | number>;
  rows?: Array<Record<string, string | number>>;
  sql?: string;
  runId?: string;
  /** Raw Ask values a buggy caller might pass as codes and ids. */
  misuse?: string[];
}

export interface AskAnswer {
  runId: string;
  traceId: string;
  tier: 1 | 2 | 3;
  trust: 'certified' | 'review_required' | 'refused';
  block?: string;
  rows: Array<Record<string, string | number>>;
  refusal?: { code: string; reason: string };
  trace: TraceRef;
}

const DEFAULT_ROWS = [
  { week_start: '2024-05-06', revenue: 18234.55 },
  { week_start: '2024-04-29', revenue: 17011.2 },
];

function plantMisuse(trace: Builder, misuse: string[] | undefined): void {
  for (const raw of misuse ?? []) {
    trace.phase(raw, { counts: { [raw]: 1, rows: 2 } });
    trace.candidate({ id: raw, role: raw, reasonCode: raw, phase: raw, matched: [raw, `measure=${raw}`, `filter=param:${raw}`], unmatched: [raw] });
    trace.attempt({ tier: 1, outcome: 'failed', reasonCode: raw });
  }
}

export function askTier1(recorder: TraceRecorder, input: AskInput): AskAnswer {
  const runId = input.runId ?? `run-${randomUUID()}`;
  const trace = recorder.begin({ runId, kind: 'ask' });
  phase(trace, 'question.received', { counts: { params: Object.keys(input.params ?? {}).length }, durationMs: 0.02 });
  phase(trace, 'route.tier1', { counts: { candidates: 3, blocks: 1200 }, durationMs: 0.61 });
  trace.candidate({
    id: 'finance.weekly_revenue',
    role: 'answer',
    score: 0.9312,
    phase: 'route.tier1',
    matched: ['measure=column:revenue', 'period=column:week_start'],
    unmatched: ['filter'],
  });
  trace.candidate({ id: 'finance.monthly_revenue', role: 'alternative', score: 0.7104, phase: 'route.tier1' });
  trace.candidate({ id: 'sales.orders_by_state', role: 'refused', reasonCode: 'BLOCK_DRAFT', score: 0.412, phase: 'route.tier1' });
  plantMisuse(trace, input.misuse);
  const rows = input.rows ?? DEFAULT_ROWS;
  phase(trace, 'query.execute', { counts: { statements: 1, rows: rows.length, columns: Object.keys(rows[0] ?? {}).length }, durationMs: 1.8 });
  phase(trace, 'tests.evaluate', { counts: { assertions: 2, failed: 0 }, durationMs: 0.05 });
  trace.attempt({ tier: 1, outcome: 'answered', reasonCode: 'CERTIFIED_MATCH', durationMs: 2.4 });
  const ref = trace.finish({
    tier: 1,
    trust: 'certified',
    block: 'finance.weekly_revenue',
    contract: 'finance.Revenue.weekly_revenue@1',
    sources: ['finance.weekly_revenue'],
    questionText: input.question,
  });
  return { runId, traceId: trace.traceId, tier: 1, trust: 'certified', block: 'finance.weekly_revenue', rows, trace: ref };
}

export function askTier2(recorder: TraceRecorder, input: AskInput): AskAnswer {
  const runId = input.runId ?? `run-${randomUUID()}`;
  const trace = recorder.begin({ runId, kind: 'ask' });
  phase(trace, 'question.received', { counts: { params: Object.keys(input.params ?? {}).length }, durationMs: 0.02 });
  phase(trace, 'route.tier1', { counts: { candidates: 1, blocks: 1200 }, durationMs: 0.55, reasonCode: 'NO_MATCH' });
  trace.candidate({ id: 'sales.orders_by_state', role: 'refused', reasonCode: 'BLOCK_DRAFT', score: 0.38, phase: 'route.tier1' });
  trace.attempt({ tier: 1, outcome: 'no_match', reasonCode: 'NO_MATCH', durationMs: 0.55 });
  plantMisuse(trace, input.misuse);
  phase(trace, 'provider.call', { counts: { calls: 1, promptTokens: 812, completionTokens: 64 }, durationMs: 420 });
  phase(trace, 'statement.check', { counts: { statements: 1, refused: 0 }, durationMs: 0.01 });
  const rows = input.rows ?? DEFAULT_ROWS;
  phase(trace, 'query.execute', { counts: { statements: 1, rows: rows.length }, durationMs: 3.2 });
  phase(trace, 'draft.capture', { counts: { created: 1, askedTimes: 1 }, durationMs: 0.9 });
  trace.attempt({ tier: 2, outcome: 'answered', reasonCode: 'METADATA_SQL', durationMs: 424 });
  const ref = trace.finish({ tier: 2, trust: 'review_required', sources: ['sales.orders'], questionText: input.question });
  return { runId, traceId: trace.traceId, tier: 2, trust: 'review_required', rows, trace: ref };
}

export function askTier3(recorder: TraceRecorder, input: AskInput): AskAnswer {
  const runId = input.runId ?? `run-${randomUUID()}`;
  const trace = recorder.begin({ runId, kind: 'ask' });
  phase(trace, 'question.received', { counts: { params: 0 }, durationMs: 0.02 });
  phase(trace, 'route.tier1', { counts: { candidates: 0, blocks: 1200 }, durationMs: 0.4, reasonCode: 'NO_MATCH' });
  trace.attempt({ tier: 1, outcome: 'no_match', reasonCode: 'NO_MATCH', durationMs: 0.4 });
  trace.attempt({ tier: 2, outcome: 'skipped', reasonCode: 'NO_PROVIDER' });
  plantMisuse(trace, input.misuse);
  trace.attempt({ tier: 3, outcome: 'refused', reasonCode: 'NO_DATA' });
  const ref = trace.finish({ tier: 3, trust: 'refused', refusalCode: 'NO_DATA', questionText: input.question });
  return {
    runId,
    traceId: trace.traceId,
    tier: 3,
    trust: 'refused',
    rows: [],
    refusal: { code: 'NO_DATA', reason: 'No data in this project answers that.' },
    trace: ref,
  };
}

export const ASKS = { 1: askTier1, 2: askTier2, 3: askTier3 } as const;
