/**
 * Local Ask traces (spec 01 "Trace", "Portable bundle"; spec 02 `traces`, `traceSalt`).
 *
 * Recorder API, for the Ask path:
 *
 *   const recorder = createTraceRecorder({ root, now?, sink?, traceSalt?, otlp?, env? });
 *   const trace = recorder.begin({ runId, kind: 'ask' });      // writes a `recording` trace
 *   trace.phase('route.tier1', { counts: { candidates: 3 }, durationMs: 0.4 });
 *   trace.candidate({ id: 'finance.weekly_revenue', role: 'answer', score: 0.92, reasonCode? });
 *   trace.attempt({ tier: 1, outcome: 'answered', reasonCode?, durationMs? });
 *   const ref = trace.finish({ tier: 1, trust: 'certified', block, contract?, refusalCode?,
 *                              sources: ['finance.weekly_revenue'], questionText });
 *   // or, when the Ask threw: trace.fail('ASK_FAILED')
 *   run.trace = ref;                         // { traceId, status } — all a run/event carries
 *   recorder.compactRef(traceId);            // the same, for run lists and progress events
 *
 * Guarantees: no recorder or builder method throws or waits on the network. Inputs pass a
 * content gate (ids `<domain>.<name>`, UPPER_SNAKE reason codes, dotted lower-case phase codes,
 * integer counts, finite durations); anything else is dropped and counted in `dropped`.
 * `questionText` only feeds the fingerprint (HMAC-SHA256 under the project key, stored and sent) and
 * is never kept. A store that is missing, locked, full, corrupt or of a newer schema yields
 * `{ status: 'unavailable', code }` and the Ask goes on; `recorder.status()` counts failures.
 *
 * Also here: the store (`TraceStore`, read-only for the CLI), the fastify plugin
 * `askTraceRoutes(store)`, bundle export/validation/replay, compare, and the OTLP mapper.
 */

export { type AttemptInput, type CandidateInput, type FinishInput, type PhaseInput, TraceBuilder } from './builder.js';
export { buildBundle, type ExportOptions, writeBundle } from './bundle-export.js';
export { type BundleFinding, type BundleValidation, validateBundle } from './bundle-validate.js';
export { type LeakFinding, scanText, scanValue } from './canary.js';
export { compareTraces, type TraceComparison } from './compare.js';
export type { OutboundTrace, Tier, TraceDetail, TraceKind, TraceRef, TraceStatus, TraceSummary, Trust } from './content.js';
export { errorBody, TRACE_ERROR_CODES, TRACE_HTTP_STATUS, TraceError, type TraceErrorCode, type UnavailableReason } from './errors.js';
export { type OtlpExportRequest, toOtlp } from './otlp-mapper.js';
export { OtlpSender, otlpConfigFromEnv } from './otlp-sender.js';
export { createTraceRecorder, type TraceFailure, type TraceRecorder, type TraceRecorderOptions, type TraceRecorderStatus, type TraceSink } from './recorder.js';
export { DEFAULT_LIMITS, type RetentionLimits } from './retention.js';
export { type ReceiptReplay, replayReceipt } from './run-receipt-replay.js';
export { installSalt, keyedFingerprint, pseudonym, resolveSalt, saltPath } from './salt.js';
export { MIGRATIONS, migrate, SCHEMA_VERSION } from './schema.js';
export { StoreWriterThread } from './store-writer.js';
export { TRACE_STORE_FILE, TraceStore, type TraceStoreOptions, type TraceStoreStatus, traceStorePath } from './trace-store.js';
export type { ListPage } from './trace-store-read.js';
