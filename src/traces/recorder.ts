/**
 * The trace recorder: the one object the Ask path holds. It hands out TraceBuilders, writes
 * finished traces to the local store, and sends them out (host `traces` sink; OTLP when the
 * environment names an endpoint) with the question fingerprint keyed.
 *
 * Invariant: nothing here throws into an Ask or makes it wait on the store. A trace's writes are
 * queued (write-queue.ts) and committed with others a few milliseconds later, a trace begun and
 * finished within one batch as one row. A store that cannot be opened (missing, full, corrupt,
 * newer schema) turns into a compact reference with status `unavailable` and a code at once; a
 * batch that later fails to commit (locked, full) marks its traces' references `unavailable`.
 * Sink and OTLP failures are logged and counted and change nothing (spec 02, rule 3). The
 * question text is used only to compute fingerprints during `finish` and is not kept.
 */

import { randomFillSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type BuilderHost, TraceBuilder } from './builder.js';
import type { TraceCode } from './codes.js';
import { type OutboundTrace, storedRunId, TRACE_FORMAT, TRACE_FORMAT_VERSION, type TraceDetail, type TraceKind, type TraceRef, toOutbound } from './content.js';
import { type TraceError, toTraceError } from './errors.js';
import { type OtlpConfig, OtlpSender, type OtlpStats, otlpConfigFromEnv } from './otlp-sender.js';
import type { RetentionLimits } from './retention.js';
import { keyedFingerprint, resolveSalt } from './salt.js';
import { TraceStore, type TraceStoreStatus } from './trace-store.js';

/** The host `traces` hook: receives each finished trace; its errors are counted, never raised. */
export type TraceSink = (trace: OutboundTrace) => void | Promise<void>;

export interface TraceRecorderOptions {
  /** Project root; the store lives at `<root>/.svc/local/ask-observability`. */
  root: string;
  /** Clock in ms since the epoch. */
  now?: () => number;
  sink?: TraceSink;
  /** The host's `traceSalt`; used only when it is non-empty text. */
  traceSalt?: unknown;
  /** OTLP destination; default from the environment (`env`, else process.env); `false` turns it off. */
  otlp?: OtlpConfig | false;
  env?: Record<string, string | undefined>;
  limits?: Partial<RetentionLimits>;
  retryAfterMs?: number;
  busyTimeoutMs?: number;
  /** Logger for failures (stable codes only). Default: one stderr line per distinct failure. */
  onError?: (event: TraceFailure) => void;
  /** Queue the store's writes and commit them in batches (default true; see TraceStoreOptions.batched). */
  batched?: boolean;
}

export interface TraceFailure {
  source: 'store' | 'sink' | 'otlp' | 'salt';
  code: TraceCode;
  reason?: string;
}

export interface TraceRecorderStatus {
  store: TraceStoreStatus;
  failures: { store: number; sink: number; otlp: number; salt: number };
  otlp: (OtlpStats & { enabled: true }) | { enabled: false };
  sink: boolean;
}

export interface TraceRecorder {
  /**
   * Starts a trace. `owner` is whose it is, as the caller keys owners: '' for the local owner
   * (the default: the command line, svc's own work), an id for a person, null for no one.
   */
  begin(input: { runId: string; kind?: TraceKind; owner?: string | null }): TraceBuilder;
  /** `{ traceId, status }` for runs, run lists and progress events; never throws. */
  compactRef(traceId: string): TraceRef;
  status(): TraceRecorderStatus;
  readonly store: TraceStore;
  /** Commits queued trace writes, then waits for sink calls and OTLP sends already started (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** How long close() waits for sink calls and OTLP sends still under way. */
const CLOSE_WAIT_MS = 2_000;
/** References kept in memory, newest last, so run lists need no store read. */
const REFS_KEPT = 2_000;
/** Owners of traces begun and not finished (an Ask that never ended); the oldest are forgotten past this. */
const OWNERS_KEPT = 10_000;

/**
 * Random bytes for trace ids, drawn from the system's generator 4 KiB at a time: one call per
 * 256 ids instead of one (and a new buffer) per Ask. Each id still takes 16 bytes no other id shares.
 */
const idPool = Buffer.alloc(4096);
let idAt = idPool.length;

function randomHex16(): string {
  if (idAt + 16 > idPool.length) {
    randomFillSync(idPool);
    idAt = 0;
  }
  idAt += 16;
  return idPool.toString('hex', idAt - 16, idAt);
}

function defaultLogger(): (e: TraceFailure) => void {
  const seen = new Set<string>();
  return (e) => {
    const key = `${e.source}:${e.code}:${e.reason ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    process.stderr.write(`svc: trace ${e.source} failed (${e.code}${e.reason ? `, ${e.reason}` : ''}); answers are unaffected.\n`);
  };
}

class Recorder implements TraceRecorder, BuilderHost {
  readonly store: TraceStore;
  private readonly refs = new Map<string, TraceRef>();
  /** Owner key of each trace being recorded, taken from the request that began it. */
  private readonly owners = new Map<string, string | null>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly otlp: OtlpSender | undefined;
  private readonly failures = { store: 0, sink: 0, otlp: 0, salt: 0 };
  private readonly log: (e: TraceFailure) => void;
  private salt: string | undefined | null = null;
  readonly now: () => number;

  constructor(private readonly opts: TraceRecorderOptions) {
    // Sub-millisecond and monotonic: phase and attempt starts are derived from it, and a clock
    // that ticks in whole milliseconds could place a later attempt before an earlier one.
    this.now = opts.now ?? (() => performance.timeOrigin + performance.now());
    this.log = opts.onError ?? defaultLogger();
    this.store = new TraceStore({
      root: opts.root,
      now: this.now,
      batched: opts.batched ?? true,
      onBatchFailed: (ids, err) => this.batchFailed(ids, err),
      ...pick(opts, ['limits', 'retryAfterMs', 'busyTimeoutMs']),
    });
    const otlp = opts.otlp === false ? undefined : (opts.otlp ?? otlpConfigFromEnv(opts.env ?? process.env));
    if (otlp !== undefined) this.otlp = new OtlpSender({ ...otlp, onError: (reason) => this.failed({ source: 'otlp', code: 'TRACE_EXPORT_FAILED', reason }) });
  }

  begin(input: { runId: string; kind?: TraceKind; owner?: string | null }): TraceBuilder {
    const started = this.now();
    const detail: TraceDetail = {
      format: TRACE_FORMAT,
      version: TRACE_FORMAT_VERSION,
      traceId: `tr_${randomHex16()}`,
      runId: storedRunId(typeof input?.runId === 'string' ? input.runId : 'unknown'),
      kind: input?.kind === 'conversation' || input?.kind === 'research' || input?.kind === 'autopilot' ? input.kind : 'ask',
      status: 'recording',
      startedAt: new Date(started).toISOString(),
      phases: [],
      candidates: [],
      attempts: [],
      outcome: {},
      sources: { used: [], considered: 0, eligible: 0 },
      fingerprints: {},
      dropped: 0,
    };
    // Kept from the start: the finish may come later on another turn.
    this.owners.set(detail.traceId, input.owner === undefined ? '' : input.owner);
    if (this.owners.size > OWNERS_KEPT) this.owners.delete(this.owners.keys().next().value as string);
    this.remember(this.write(detail, true, 'recording'));
    return new TraceBuilder(this, detail, started);
  }

  /** BuilderHost: writes the finished trace, then hands it to the outbound channels. */
  finish(detail: TraceDetail, questionText: string | undefined): TraceRef {
    // Keyed, never a bare hash: a guessed question cannot be confirmed from the store offline.
    const key = questionText !== undefined ? this.key() : undefined;
    if (questionText !== undefined && key !== undefined) detail.fingerprints = { question: keyedFingerprint(key, questionText) };
    const ref = this.remember(this.write(detail, !this.refs.has(detail.traceId) || this.refs.get(detail.traceId)?.status === 'unavailable', detail.status));
    this.owners.delete(detail.traceId);
    if (this.opts.sink !== undefined || this.otlp !== undefined) this.sendOut(detail, questionText);
    return ref;
  }

  ref(traceId: string): TraceRef {
    return this.compactRef(traceId);
  }

  compactRef(traceId: string): TraceRef {
    const known = this.refs.get(traceId);
    if (known !== undefined) return { ...known };
    try {
      const status = this.store.statusOf(traceId);
      return status === undefined ? { traceId, status: 'unavailable', code: 'TRACE_NOT_FOUND' } : { traceId, status };
    } catch (error) {
      const err = toTraceError(error);
      return { traceId, status: 'unavailable', code: err.code === 'TRACE_SCHEMA_UNSUPPORTED' ? err.code : 'TRACE_STORE_UNAVAILABLE' };
    }
  }

  private write(detail: TraceDetail, fresh: boolean, status: TraceDetail['status']): TraceRef {
    try {
      // A trace begun outside any request (the command line, svc's own work) is the local owner's.
      this.store.write(detail, fresh, this.owners.has(detail.traceId) ? (this.owners.get(detail.traceId) ?? null) : '');
      return { traceId: detail.traceId, status };
    } catch (error) {
      const err = toTraceError(error);
      const code = err.code === 'TRACE_SCHEMA_UNSUPPORTED' ? err.code : 'TRACE_STORE_UNAVAILABLE';
      this.failed({ source: 'store', code, ...(err.reason !== undefined ? { reason: err.reason } : {}) });
      return { traceId: detail.traceId, status: 'unavailable', code };
    }
  }

  /** A queued batch did not commit: its traces' references say so from now on (already counted by the store). */
  private batchFailed(traceIds: readonly string[], err: TraceError): void {
    const code = err.code === 'TRACE_SCHEMA_UNSUPPORTED' ? err.code : 'TRACE_STORE_UNAVAILABLE';
    for (const traceId of traceIds) this.remember({ traceId, status: 'unavailable', code });
    this.failed({ source: 'store', code, ...(err.reason !== undefined ? { reason: err.reason } : {}) });
  }

  /** Computes the keyed fingerprint now (the question is not kept), sends on the next turn. */
  private sendOut(detail: TraceDetail, questionText: string | undefined): void {
    const key = this.key();
    const out = toOutbound(detail, questionText !== undefined && key !== undefined ? keyedFingerprint(key, questionText) : undefined);
    setImmediate(() => {
      this.otlp?.enqueue(out);
      if (this.opts.sink !== undefined) this.callSink(out);
    });
  }

  private callSink(out: OutboundTrace): void {
    try {
      const result = this.opts.sink!(out);
      if (result !== null && typeof result === 'object' && typeof (result as Promise<void>).then === 'function') {
        const p = Promise.resolve(result).catch(() => this.failed({ source: 'sink', code: 'TRACE_SINK_FAILED' }));
        this.pending.add(p);
        void p.finally(() => this.pending.delete(p));
      }
    } catch {
      this.failed({ source: 'sink', code: 'TRACE_SINK_FAILED' });
    }
  }

  private key(): string | undefined {
    if (this.salt === null) {
      this.salt = resolveSalt(this.opts.root, this.opts.traceSalt);
      if (this.salt === undefined) this.failed({ source: 'salt', code: 'TRACE_SALT_UNAVAILABLE' });
    }
    return this.salt;
  }

  private failed(e: TraceFailure): void {
    this.failures[e.source]++;
    try {
      this.log(e);
    } catch {
      // a failing logger changes nothing either
    }
  }

  /** Keeps the newest refs in memory so run lists need no store read; bounded. */
  private remember(ref: TraceRef): TraceRef {
    this.refs.delete(ref.traceId);
    this.refs.set(ref.traceId, ref);
    if (this.refs.size > REFS_KEPT) this.refs.delete(this.refs.keys().next().value as string);
    return { ...ref };
  }

  status(): TraceRecorderStatus {
    return {
      store: this.store.status(),
      failures: { ...this.failures },
      otlp: this.otlp === undefined ? { enabled: false } : { enabled: true, ...this.otlp.stats },
      sink: this.opts.sink !== undefined,
    };
  }

  async flush(): Promise<void> {
    this.store.flush();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.otlp?.flush();
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    // Sends already started get a short while to finish; a host sink that never settles must
    // not hold a server's shutdown (spec 02: observers are not waited for).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush(),
      new Promise<void>((done) => {
        timer = setTimeout(done, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    this.store.close();
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

export function createTraceRecorder(opts: TraceRecorderOptions): TraceRecorder {
  return new Recorder(opts);
}
