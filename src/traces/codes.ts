/**
 * The traces wing's one code table: the trace error vocabulary of spec 01 ("Errors"), each with
 * the HTTP status of the local trace endpoints (`status`; the command line's `--format json`
 * prints the same bodies), and the codes a trace or the recorder's failure log carries (no
 * status: they are never an error answer). A trace failure never changes an answer. Meanings
 * of the coded errors are the fixed sentences those errors say: never the text of the
 * underlying failure, which could name a local path.
 */
import type { CodeMeaning } from '../rules/code-table.js';

export const TRACE_CODES = {
  ASK_FAILED: {
    meaning: "The Ask threw before it answered; its trace keeps this code instead of the error's words.",
    hint: 'Look in the server log at the time of the trace, and report it as a bug in svc.',
  },
  TRACE_BUNDLE_INVALID: {
    meaning: 'A trace bundle does not pass validation (a missing or unexpected file, JSON, format, version, checksum or consistency); `check` says which.',
    hint: 'Export the trace again with svc agent trace export; a bundle is not edited by hand.',
  },
  TRACE_DETAIL_EXPIRED: {
    status: 410,
    meaning: 'The detailed evidence of this trace has expired; its summary remains.',
    hint: 'Read the summary that remains; detail is kept only for the retention period.',
  },
  TRACE_EXPORT_FAILED: {
    meaning: 'Sending a trace over OTLP failed; answers are unaffected.',
    hint: 'Check the OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT) and that its collector is running.',
  },
  TRACE_EXPORT_REDACTION_FAILED: {
    status: 422,
    meaning: 'The export cannot pass its redaction and canary check.',
    hint: 'Nothing was written; report the trace id so the redaction can be fixed.',
  },
  TRACE_NOT_FOUND: { status: 404, meaning: 'No local trace matches this id.', hint: 'Check the id; svc agent trace list shows the kept traces.' },
  TRACE_REQUEST_INVALID: { status: 400, meaning: 'The request is not valid.', hint: 'Fix the request as the message says.' },
  TRACE_SALT_UNAVAILABLE: {
    meaning: "The install's trace salt could not be read or made, so no keyed fingerprint leaves with the trace; answers are unaffected.",
    hint: 'Check that .svc/local/private/trace-salt is a 64-character hex key in a writable folder (or set the host traceSalt).',
  },
  TRACE_SCHEMA_UNSUPPORTED: {
    status: 503,
    meaning: 'The trace store was created by a newer version of svc.',
    hint: 'Use that version of svc, or move the store aside to start a new one.',
  },
  TRACE_SINK_FAILED: { meaning: "The host's trace sink threw or rejected; answers are unaffected.", hint: "Fix the host's trace sink." },
  TRACE_STORE_UNAVAILABLE: {
    status: 503,
    meaning: 'Local tracing is unavailable; Ask is unaffected.',
    hint: 'The reason says why (missing, locked, full, corrupt, readonly, io, closed); fix that, then try again.',
  },
} as const satisfies Record<string, CodeMeaning & { status?: number }>;

export type TraceCode = keyof typeof TRACE_CODES;
