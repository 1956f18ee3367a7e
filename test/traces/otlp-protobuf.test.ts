/**
 * svc's OTLP export read by protobufjs against the OpenTelemetry protocol definitions (vendored
 * in test/fixtures/otlp-proto, see SOURCE.md there): every field of the OTLP/JSON is a field of
 * ExportTraceServiceRequest with the right type and survives a binary round trip; child spans
 * lie within their root in time; retrieval scores are doubles even when whole; a question and
 * its follow-up share `session.id` (their thread); the resource names service and version.
 */
import { isAbsolute, join } from 'node:path';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageVersion } from '../../src/source-asset.js';
import { type OutboundTrace, toOtlp } from '../../src/traces/index.js';
import { REPO } from '../helpers/project.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor } from './helpers.js';

const PROTO_DIR = join(REPO, 'test/fixtures/otlp-proto');
let Request: protobuf.Type;
const traces: OutboundTrace[] = [];

beforeAll(async () => {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (isAbsolute(target) ? target : join(PROTO_DIR, target));
  await root.load(join(PROTO_DIR, 'opentelemetry/proto/collector/trace/v1/trace_service.proto'));
  Request = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');

  const { recorder } = recorderFor({ sink: (t) => void traces.push(t) });
  askTier1(recorder, { question: 'what was revenue last week?' });
  askTier2(recorder, { question: 'orders by state' });
  askTier3(recorder, { question: 'what is the weather on mars?' });
  // A question and its follow-up in one thread; the follow-up's route has a whole score.
  for (const [runId, score] of [
    ['run_question', 0.75],
    ['run_follow_up', 1],
  ] as const) {
    const b = recorder.begin({ runId, kind: 'ask' });
    b.phase('route.tier1', { counts: { candidates: 1 } });
    b.candidate({ id: 'finance.weekly_revenue', role: 'answer', score, phase: 'route.tier1' });
    b.attempt({ tier: 1, outcome: 'answered', durationMs: 1 });
    b.finish({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue', threadId: 'thr_conversation1', questionText: runId });
  }
  await recorder.flush();
  // A phase whose measured end passes the finish time rounded to the millisecond.
  traces.push({
    ...(traces[0] as OutboundTrace),
    traceId: 'tr_00000000000000000000000000000001',
    durationMs: 2,
    finishedAt: new Date(Date.parse(traces[0]?.startedAt ?? '') + 2).toISOString(),
    phases: [{ code: 'query.execute', startMs: 1.2, durationMs: 1.3, counts: {} }],
  });
});
afterAll(cleanup);

/** The OTLP/JSON as proto3 JSON reads it: trace and span ids are hex in OTLP/JSON, base64 in proto3 JSON. */
function asProtoJson(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && /^(traceId|spanId|parentSpanId)$/.test(key)) return Buffer.from(value, 'hex').toString('base64');
  if (Array.isArray(value)) return value.map((v) => asProtoJson(v));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asProtoJson(v, k)]));
  return value;
}

/** Keys of `value` that are no field of `type`, at any depth (protobufjs would drop them in silence). */
function strangers(type: protobuf.Type, value: Record<string, unknown>, path = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const field = type.fields[key];
    if (field === undefined) return [`${path}${key}`];
    field.resolve();
    if (!(field.resolvedType instanceof protobuf.Type)) return [];
    const nested = field.resolvedType;
    const items = (field.repeated ? (v as unknown[]) : [v]) as Array<Record<string, unknown>>;
    return items.flatMap((item, i) => strangers(nested, item, `${path}${key}${field.repeated ? `[${i}]` : ''}.`));
  });
}

interface Attr {
  key: string;
  value: { stringValue?: string; intValue?: unknown; doubleValue?: number; value?: string };
}
interface DecodedSpan {
  traceId: Uint8Array;
  spanId: Uint8Array;
  parentSpanId: Uint8Array;
  startTimeUnixNano: { toString(): string };
  endTimeUnixNano: { toString(): string };
  attributes: Attr[];
}

function decoded() {
  const json = asProtoJson(toOtlp(traces)) as Record<string, unknown>;
  const message = Request.fromObject(json);
  const again = Request.decode(Request.encode(message).finish()) as unknown as {
    resourceSpans: Array<{ resource: { attributes: Attr[] }; scopeSpans: Array<{ spans: DecodedSpan[] }> }>;
  };
  return { json, again, spans: again.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)) };
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const attr = (s: { attributes: Attr[] }, key: string) => s.attributes.find((a) => a.key === key)?.value;

describe('the OTLP export against the OpenTelemetry protocol definitions', () => {
  it('is an ExportTraceServiceRequest field for field, and survives a binary round trip', () => {
    const { json, again, spans } = decoded();
    // OTLP/JSON writes 64-bit integers as decimal strings, which fromObject reads and verify() (of plain objects) does not.
    expect(Request.verify(Request.fromObject(json))).toBeNull();
    expect(strangers(Request, json)).toEqual([]);
    expect(spans.length).toBe(traces.reduce((n, t) => n + 1 + t.phases.length, 0));
    expect(again.resourceSpans[0]?.resource.attributes.map((a) => [a.key, a.value.stringValue])).toEqual(
      expect.arrayContaining([
        ['service.name', 'svc'],
        ['service.version', packageVersion()],
      ]),
    );
  });

  it('keeps every child span within its parent in time', () => {
    const { spans } = decoded();
    const byId = new Map(spans.map((s) => [hex(s.spanId), s]));
    const children = spans.filter((s) => s.parentSpanId.length > 0);
    expect(children.length).toBeGreaterThan(traces.length);
    for (const child of children) {
      const parent = byId.get(hex(child.parentSpanId));
      expect(parent, hex(child.spanId)).toBeDefined();
      expect(BigInt(child.startTimeUnixNano.toString()) >= BigInt(parent?.startTimeUnixNano.toString() ?? '0')).toBe(true);
      expect(BigInt(child.endTimeUnixNano.toString()) <= BigInt(parent?.endTimeUnixNano.toString() ?? '0'), hex(child.spanId)).toBe(true);
    }
  });

  it('sends every retrieval score as a double, a whole one included', () => {
    const scores = decoded().spans.flatMap((s) => s.attributes.filter((a) => a.key.endsWith('.document.score')));
    expect(scores.length).toBeGreaterThan(3);
    for (const s of scores) expect(s.value.value, s.key).toBe('doubleValue');
    expect(scores.map((s) => s.value.doubleValue)).toContain(1);
  });

  it('gives a question and its follow-up one session.id, their thread', () => {
    const roots = decoded().spans.filter((s) => s.parentSpanId.length === 0);
    const session = (runId: string) => attr(roots.find((r) => attr(r, 'svc.run.id')?.stringValue === runId) as DecodedSpan, 'session.id')?.stringValue;
    expect(session('run_question')).toBe('thr_conversation1');
    expect(session('run_follow_up')).toBe('thr_conversation1');
    // A run in no thread is its own session.
    const lone = roots.find((r) => attr(r, 'svc.thread.id') === undefined) as DecodedSpan;
    expect(attr(lone, 'session.id')?.stringValue).toBe(attr(lone, 'svc.run.id')?.stringValue);
  });
});
