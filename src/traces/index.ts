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
export { createTraceRecorder, type TraceRecorder, type TraceRecorderOptions, type TraceRecorderStatus, type TraceSink, type TraceFailure } from './recorder.js';
export { TraceBuilder, type PhaseInput, type CandidateInput, type AttemptInput, type FinishInput } from './builder.js';
export { TraceStore, traceStorePath, TRACE_STORE_FILE, type TraceStoreOptions, type TraceStoreStatus } from './trace-store.js';
export type { ListPage } from './trace-store-read.js';
export { TraceError, TRACE_ERROR_CODES, TRACE_HTTP_STATUS, errorBody, type TraceErrorCode, type UnavailableReason } from './errors.js';
export { SCHEMA_VERSION, MIGRATIONS, migrate } from './schema.js';
export { DEFAULT_LIMITS, type RetentionLimits } from './retention.js';
export { buildBundle, writeBundle, type ExportOptions } from './bundle-export.js';
export { validateBundle, type BundleValidation, type BundleFinding } from './bundle-validate.js';
export { replayReceipt, type ReceiptReplay } from './run-receipt-replay.js';
export { compareTraces, type TraceComparison } from './compare.js';
export { toOtlp, type OtlpExportRequest } from './otlp-mapper.js';
export { otlpConfigFromEnv, OtlpSender } from './otlp-sender.js';
export { installSalt, resolveSalt, keyedFingerprint, pseudonym, saltPath } from './salt.js';
export { scanValue, scanText, type LeakFinding } from './canary.js';
export type { TraceDetail, TraceSummary, TraceRef, OutboundTrace, Tier, Trust, TraceKind, TraceStatus } from './content.js';
