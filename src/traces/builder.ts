/**
 * TraceBuilder: collects one Ask's trace in memory while it runs. Every input passes the
 * content gate of `content.ts`; a value of the wrong shape is dropped and counted, never
 * stored and never thrown. No method throws: the Ask calls these on its hot path.
 */
import {
  type AttemptOutcome,
  cleanContractId,
  cleanCount,
  cleanCountKey,
  cleanMs,
  cleanOutcome,
  cleanPhaseCode,
  cleanQualifiedId,
  cleanReasonCode,
  cleanRole,
  cleanRouteKind,
  cleanRouteMatch,
  cleanScore,
  cleanTier,
  cleanTrust,
  storedRunId,
  type Tier,
  type TraceDetail,
  type TraceRef,
  type Trust,
} from './content.js';

export interface PhaseInput {
  /** Counts by camelCase key (`candidates`, `rows`, `statements`, ...): non-negative integers. */
  counts?: Record<string, number>;
  durationMs?: number;
  /** Offset from the trace start; defaults to now minus durationMs. */
  startMs?: number;
  reasonCode?: string;
}

export interface CandidateInput {
  /** `<domain>.<name>` */
  id: string;
  /** `answer`, `named`, `alternative`, `refused`, `cannot-answer` (Tier-1 router roles) */
  role: string;
  reasonCode?: string;
  score?: number;
  phase?: string;
  /** `kind=declaration` for each asked part the block gives (see TraceCandidate). */
  matched?: string[];
  /** Kinds of asked parts the block does not give. */
  unmatched?: string[];
}

export interface AttemptInput {
  tier: Tier;
  outcome: AttemptOutcome;
  reasonCode?: string;
  durationMs?: number;
}

export interface FinishInput {
  tier?: Tier;
  trust?: Trust;
  refusalCode?: string;
  block?: string;
  contract?: string;
  /** The conversation thread of the run. */
  threadId?: string;
  /** Qualified ids of the sources the answer used. */
  sources?: string[];
  /** Used only to compute fingerprints; never stored, logged or sent. */
  questionText?: string;
}

/** What the recorder does with a builder's trace; implemented by recorder.ts. */
export interface BuilderHost {
  now(): number;
  finish(detail: TraceDetail, questionText: string | undefined): TraceRef;
  ref(traceId: string): TraceRef;
}

const MAX = { phases: 200, candidates: 100, attempts: 20, counts: 32, sources: 100 };
const NOT_ELIGIBLE = new Set(['refused', 'cannot-answer']);

export class TraceBuilder {
  private done = false;
  private final: TraceRef | undefined;

  constructor(
    private readonly host: BuilderHost,
    private readonly detail: TraceDetail,
    private readonly startedMs: number,
  ) {}

  get traceId(): string {
    return this.detail.traceId;
  }

  get runId(): string {
    return this.detail.runId;
  }

  /** The compact reference a run, run list or progress event carries. */
  ref(): TraceRef {
    return this.final ?? this.guard(() => this.host.ref(this.traceId), { traceId: this.traceId, status: 'recording' });
  }

  phase(code: string, input: PhaseInput = {}): this {
    return this.step(() => {
      const c = cleanPhaseCode(code);
      if (c === undefined || this.detail.phases.length >= MAX.phases) return void this.detail.dropped++;
      const durationMs = cleanMs(input.durationMs) ?? 0;
      const startMs = cleanMs(input.startMs) ?? Math.max(0, this.elapsed() - durationMs);
      const phase: TraceDetail['phases'][number] = { code: c, startMs: cleanMs(startMs) ?? 0, durationMs, counts: this.counts(input.counts) };
      const reason = this.optional(input.reasonCode, cleanReasonCode);
      if (reason !== undefined) phase.reasonCode = reason;
      this.detail.phases.push(phase);
    });
  }

  candidate(input: CandidateInput): this {
    return this.step(() => {
      const id = cleanQualifiedId(input.id);
      const role = cleanRole(input.role);
      if (id === undefined || role === undefined || this.detail.candidates.length >= MAX.candidates) return void this.detail.dropped++;
      const cand: TraceDetail['candidates'][number] = { id, role };
      const reason = this.optional(input.reasonCode, cleanReasonCode);
      if (reason !== undefined) cand.reasonCode = reason;
      const score = this.optional(input.score, cleanScore);
      if (score !== undefined) cand.score = score;
      const phase = this.optional(input.phase, cleanPhaseCode);
      if (phase !== undefined) cand.phase = phase;
      const matched = this.list(input.matched, cleanRouteMatch);
      if (matched !== undefined) cand.matched = matched;
      const unmatched = this.list(input.unmatched, cleanRouteKind);
      if (unmatched !== undefined) cand.unmatched = unmatched;
      this.detail.candidates.push(cand);
    });
  }

  attempt(input: AttemptInput): this {
    return this.step(() => {
      const tier = cleanTier(input.tier);
      const outcome = cleanOutcome(input.outcome);
      if (tier === undefined || outcome === undefined || this.detail.attempts.length >= MAX.attempts) return void this.detail.dropped++;
      const durationMs = this.optional(input.durationMs, cleanMs);
      const attempt: TraceDetail['attempts'][number] = { tier, outcome, startMs: cleanMs(this.elapsed() - (durationMs ?? 0)) ?? 0 };
      const reason = this.optional(input.reasonCode, cleanReasonCode);
      if (reason !== undefined) attempt.reasonCode = reason;
      if (durationMs !== undefined) attempt.durationMs = durationMs;
      this.detail.attempts.push(attempt);
    });
  }

  /** Ends the trace with the Ask's outcome; returns the compact reference. Idempotent. */
  finish(input: FinishInput = {}): TraceRef {
    if (this.done) return this.ref();
    this.done = true;
    return this.guard(
      () => {
        const o = this.detail.outcome;
        const set = <K extends keyof typeof o>(k: K, v: (typeof o)[K] | undefined) => v !== undefined && (o[k] = v);
        set('tier', this.optional(input.tier, cleanTier));
        set('trust', this.optional(input.trust, cleanTrust));
        set('refusalCode', this.optional(input.refusalCode, cleanReasonCode));
        set('block', this.optional(input.block, cleanQualifiedId));
        set('contract', this.optional(input.contract, cleanContractId));
        set('threadId', typeof input.threadId === 'string' && input.threadId !== '' ? storedRunId(input.threadId) : undefined);
        this.detail.sources = this.coverage(input.sources ?? (o.block !== undefined ? [o.block] : []));
        return this.close('complete', input.questionText);
      },
      { traceId: this.traceId, status: 'unavailable', code: 'TRACE_STORE_UNAVAILABLE' },
    );
  }

  /** Ends the trace of an Ask that threw; `reasonCode` is a stable code, never the message. */
  fail(reasonCode = 'ASK_FAILED', questionText?: string): TraceRef {
    if (this.done) return this.ref();
    this.done = true;
    return this.guard(
      () => {
        this.detail.outcome.errorCode = cleanReasonCode(reasonCode) ?? 'ASK_FAILED';
        this.detail.sources = this.coverage([]);
        return this.close('failed', questionText);
      },
      { traceId: this.traceId, status: 'unavailable', code: 'TRACE_STORE_UNAVAILABLE' },
    );
  }

  private close(status: 'complete' | 'failed', questionText: string | undefined): TraceRef {
    const end = this.host.now();
    this.detail.status = status;
    this.detail.finishedAt = new Date(end).toISOString();
    this.detail.durationMs = cleanMs(end - this.startedMs) ?? 0;
    this.final = this.host.finish(this.detail, typeof questionText === 'string' ? questionText : undefined);
    return this.final;
  }

  private coverage(sources: unknown[]): TraceDetail['sources'] {
    const used = [...new Set(sources.map((s) => this.optional(s, cleanQualifiedId)).filter((s): s is string => s !== undefined))].slice(0, MAX.sources);
    const considered = this.detail.candidates.length;
    const eligible = this.detail.candidates.filter((c) => !NOT_ELIGIBLE.has(c.role)).length;
    return { used, considered, eligible };
  }

  private counts(input: Record<string, number> | undefined): Record<string, number> {
    const out: Record<string, number> = {};
    if (input === null || typeof input !== 'object') return out;
    for (const [key, value] of Object.entries(input).slice(0, MAX.counts)) {
      const k = cleanCountKey(key);
      const v = cleanCount(value);
      if (k === undefined || v === undefined) this.detail.dropped++;
      else out[k] = v;
    }
    return out;
  }

  /** A cleaned optional value; a present value that fails its gate counts as dropped. */
  private optional<T>(value: unknown, clean: (v: unknown) => T | undefined): T | undefined {
    if (value === undefined || value === null) return undefined;
    const v = clean(value);
    if (v === undefined) this.detail.dropped++;
    return v;
  }

  /** A list of cleaned values (at most 32), each bad one dropped and counted; undefined when none are left. */
  private list(values: readonly unknown[] | undefined, clean: (v: unknown) => string | undefined): string[] | undefined {
    if (values === undefined) return undefined;
    const kept = values
      .slice(0, 32)
      .map((v) => this.optional(v, clean))
      .filter((v): v is string => v !== undefined);
    this.detail.dropped += Math.max(0, values.length - 32);
    return kept.length > 0 ? kept : undefined;
  }

  private elapsed(): number {
    return this.host.now() - this.startedMs;
  }

  private step(fn: () => void): this {
    if (!this.done) this.guard(fn, undefined);
    return this;
  }

  private guard<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch {
      // a trace must never break an Ask; the recorder counts store failures itself
      return fallback;
    }
  }
}
