/**
 * Maps finished traces to OTLP/JSON (an ExportTraceServiceRequest) with OpenInference span
 * kinds and attribute names, for a reviewed local artifact or the OTLP sender. Input is the
 * outbound form, so the only question-derived value is the keyed fingerprint.
 *
 * Shape: one resource (`service.name` svc, `service.version` the package's), one scope
 * (`svc.ask-traces`), per trace a root CHAIN span, one child span per phase (route phases are
 * RETRIEVER spans listing candidates as `retrieval.documents.<i>.document.*`, the score always
 * a double), and one `svc.attempt` event per tier attempt. `session.id` is the conversation
 * thread (a follow-up shares its question's), the run id for a run in no thread. Invariant:
 * every child span lies within its root in time (the root is widened to its last child, as a
 * phase's measured end can pass the rounded finish time). Span ids are derived from the trace
 * id, so mapping the same trace twice gives equal output.
 */
import { createHash } from 'node:crypto';
import { packageVersion } from '../source-asset.js';
import type { OutboundTrace, TraceDetail } from './content.js';

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean } | { arrayValue: { values: AnyValue[] } };
export interface KeyValue {
  key: string;
  value: AnyValue;
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  events: Array<{ timeUnixNano: string; name: string; attributes: KeyValue[] }>;
  status: { code: number };
}
export interface OtlpExportRequest {
  resourceSpans: Array<{ resource: { attributes: KeyValue[] }; scopeSpans: Array<{ scope: { name: string; version: string }; spans: OtlpSpan[] }> }>;
}

const SPAN_KIND_INTERNAL = 1;
const STATUS = { unset: 0, ok: 1, error: 2 };

type Plain = string | number | boolean | string[] | { double: number };

function value(v: Plain): AnyValue {
  if (Array.isArray(v)) return { arrayValue: { values: v.map((s) => ({ stringValue: s })) } };
  if (typeof v === 'object') return { doubleValue: v.double };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: v };
}

function attrs(entries: Record<string, Plain | undefined>): KeyValue[] {
  return Object.entries(entries)
    .filter((e): e is [string, Plain] => e[1] !== undefined)
    .map(([key, v]) => ({ key, value: value(v) }));
}

const hex = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
const nanos = (ms: number) => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

function otlpTraceId(traceId: string): string {
  const m = /^tr_([0-9a-f]{32})$/.exec(traceId);
  return m?.[1] ?? hex(traceId, 32);
}

/** OpenInference span kind by phase family. */
function phaseKind(code: string): string {
  const family = code.split('.')[0] ?? '';
  if (family === 'route' || family === 'retrieve' || family === 'search') return 'RETRIEVER';
  if (family === 'provider' || family === 'llm' || family === 'model') return 'LLM';
  if (family === 'query' || family === 'tool' || family === 'statement') return 'TOOL';
  return 'CHAIN';
}

function candidateAttrs(t: TraceDetail, phase: string, firstRoute: boolean): KeyValue[] {
  const mine = t.candidates.filter((c) => c.phase === phase || (c.phase === undefined && firstRoute));
  return mine.flatMap((c, i) =>
    attrs({
      [`retrieval.documents.${i}.document.id`]: c.id,
      // OpenInference types the score as a float: a whole score is still sent as a double.
      [`retrieval.documents.${i}.document.score`]: c.score === undefined ? undefined : { double: c.score },
      [`retrieval.documents.${i}.document.metadata`]: JSON.stringify({ role: c.role, ...(c.reasonCode !== undefined ? { reasonCode: c.reasonCode } : {}) }),
    }),
  );
}

function rootSpan(t: OutboundTrace, id: string, start: number, end: number): OtlpSpan {
  const o = t.outcome;
  return {
    traceId: id,
    spanId: hex(`${t.traceId}/root`, 16),
    name: `svc.${t.kind}`,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: nanos(start),
    endTimeUnixNano: nanos(end),
    attributes: attrs({
      'openinference.span.kind': 'CHAIN',
      'session.id': o.threadId ?? t.runId,
      'svc.trace.id': t.traceId,
      'svc.run.id': t.runId,
      'svc.thread.id': o.threadId,
      'svc.trace.status': t.status,
      'svc.tier': o.tier,
      'svc.trust': o.trust,
      'svc.refusal.code': o.refusalCode,
      'svc.error.code': o.errorCode,
      'svc.block.id': o.block,
      'svc.contract.id': o.contract,
      'svc.sources': t.sources.used,
      'svc.sources.considered': t.sources.considered,
      'svc.sources.eligible': t.sources.eligible,
      'svc.question.fingerprint': t.fingerprints.question,
      'svc.dropped': t.dropped,
    }),
    events: t.attempts.map((a) => ({
      timeUnixNano: nanos(start + a.startMs),
      name: 'svc.attempt',
      attributes: attrs({ 'svc.tier': a.tier, 'svc.attempt.outcome': a.outcome, 'svc.reason.code': a.reasonCode, 'svc.duration_ms': a.durationMs }),
    })),
    status: { code: t.status === 'failed' ? STATUS.error : t.status === 'complete' ? STATUS.ok : STATUS.unset },
  };
}

function spansOf(t: OutboundTrace): OtlpSpan[] {
  const id = otlpTraceId(t.traceId);
  const start = Date.parse(t.startedAt);
  const finished = t.finishedAt !== undefined ? Date.parse(t.finishedAt) : start + (t.durationMs ?? 0);
  const end = Math.max(finished, ...t.phases.map((p) => start + p.startMs + p.durationMs));
  const root = rootSpan(t, id, start, end);
  const firstRoute = t.phases.find((p) => phaseKind(p.code) === 'RETRIEVER')?.code;
  const phases = t.phases.map((p, i): OtlpSpan => {
    const kind = phaseKind(p.code);
    const counts = Object.fromEntries(Object.entries(p.counts).map(([k, v]) => [`svc.count.${k}`, v]));
    return {
      traceId: id,
      spanId: hex(`${t.traceId}/phase/${i}`, 16),
      parentSpanId: root.spanId,
      name: p.code,
      kind: SPAN_KIND_INTERNAL,
      startTimeUnixNano: nanos(start + p.startMs),
      endTimeUnixNano: nanos(start + p.startMs + p.durationMs),
      attributes: [
        ...attrs({ 'openinference.span.kind': kind, 'svc.phase.code': p.code, 'svc.reason.code': p.reasonCode, ...counts }),
        ...(kind === 'RETRIEVER' ? candidateAttrs(t, p.code, p.code === firstRoute) : []),
      ],
      events: [],
      status: { code: STATUS.unset },
    };
  });
  return [root, ...phases];
}

export function toOtlp(traces: OutboundTrace[], service: { version?: string } = {}): OtlpExportRequest {
  return {
    resourceSpans: [
      {
        resource: {
          attributes: attrs({ 'service.name': 'svc', 'service.version': service.version ?? packageVersion(), 'telemetry.sdk.name': 'svc-ask-traces' }),
        },
        scopeSpans: [{ scope: { name: 'svc.ask-traces', version: '1' }, spans: traces.flatMap(spansOf) }],
      },
    ],
  };
}
