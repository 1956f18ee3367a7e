import { createHash, createHmac } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseQuestion } from '../../src/traces/content.js';
import { installSalt, type OtlpExportRequest, type OutboundTrace, otlpConfigFromEnv, saltPath, toOtlp } from '../../src/traces/index.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor, tempRoot } from './helpers.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await cleanup();
});

interface Received {
  method?: string;
  url?: string;
  contentType?: string;
  body: OtlpExportRequest;
}

async function collector(status = 200, hold = false): Promise<{ endpoint: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (hold) return; // never answers: the sender's time limit must end it
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const attr = (attrs: Array<{ key: string; value: Record<string, unknown> }>, key: string) => attrs.find((a) => a.key === key)?.value;
const hmac = (key: string, q: string) => `hmac-sha256:${createHmac('sha256', key).update(q).digest('hex')}`;

describe('sending traces out', () => {
  it('reads the endpoint from OTEL_EXPORTER_OTLP_ENDPOINT or the _TRACES_ variant', () => {
    expect(otlpConfigFromEnv({})).toBeUndefined();
    expect(otlpConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' })?.endpoint).toBe('http://127.0.0.1:4318/v1/traces');
    expect(otlpConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/custom' })?.endpoint).toBe(
      'http://b:2/custom',
    );
    expect(otlpConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(otlpConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toBeUndefined();
    expect(otlpConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc,x-team=data%20eng' })?.headers).toEqual({
      'x-api-key': 'abc',
      'x-team': 'data eng',
    });
  });

  it('a loopback OTLP endpoint receives OTLP/JSON spans with OpenInference keys and only the keyed fingerprint', async () => {
    const { endpoint, received } = await collector();
    const { recorder, root: projectRoot } = recorderFor({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    const question = 'what was revenue last week?';
    const answer = askTier1(recorder, { question });
    askTier3(recorder, { question: 'what is the weather on mars?' });
    await recorder.flush();
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/traces', contentType: 'application/json' });
    const spans = received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
    expect(attr(received[0]!.body.resourceSpans[0]!.resource.attributes as never, 'service.name')).toEqual({ stringValue: 'svc' });
    const root = spans.find((s) => s.traceId === answer.traceId.slice(3) && s.parentSpanId === undefined)!;
    expect(root.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(root.spanId).toMatch(/^[0-9a-f]{16}$/);
    const a = root.attributes as never;
    expect(attr(a, 'openinference.span.kind')).toEqual({ stringValue: 'CHAIN' });
    expect(attr(a, 'svc.trust')).toEqual({ stringValue: 'certified' });
    expect(attr(a, 'svc.tier')).toEqual({ intValue: '1' });
    const salt = readFileSync(saltPath(projectRoot), 'utf8').trim();
    expect(attr(a, 'svc.question.fingerprint')).toEqual({ stringValue: hmac(salt, question) });
    const route = spans.find((s) => s.traceId === root.traceId && s.name === 'route.tier1')!;
    expect(attr(route.attributes as never, 'openinference.span.kind')).toEqual({ stringValue: 'RETRIEVER' });
    expect(attr(route.attributes as never, 'retrieval.documents.0.document.id')).toEqual({ stringValue: 'finance.weekly_revenue' });
    expect(root.events.map((e) => e.name)).toEqual(['svc.attempt']);
    const wire = JSON.stringify(received.map((r) => r.body));
    expect(wire).not.toContain(question);
    const bare = createHash('sha256').update(normaliseQuestion(question)).digest('hex');
    expect(wire).not.toContain(bare);
  });

  it('keys the fingerprint with the host traceSalt when it is non-empty text', async () => {
    const { endpoint, received } = await collector();
    const seen: OutboundTrace[] = [];
    const { recorder, root } = recorderFor({
      traceSalt: 'host-key-1',
      sink: (t) => void seen.push(t),
      env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` },
    });
    askTier2(recorder, { question: 'orders by state' });
    await recorder.flush();
    expect(seen[0]?.fingerprints.question).toBe(hmac('host-key-1', 'orders by state'));
    expect(JSON.stringify(received[0]?.body)).toContain(hmac('host-key-1', 'orders by state'));
    const ignored = recorderFor({ root, traceSalt: '', sink: (t) => void seen.push(t) });
    askTier2(ignored.recorder, { question: 'orders by state' });
    await ignored.recorder.flush();
    expect(seen[1]?.fingerprints.question).toBe(hmac(installSalt(root), 'orders by state'));
  });

  it('a failing or silent collector never slows or fails an answer', async () => {
    for (const [status, hold] of [
      [503, false],
      [200, true],
    ] as const) {
      const { endpoint } = await collector(status, hold);
      // The sender gives up after 2 s; an answer that waited for it would take at least that.
      const { recorder, failures } = recorderFor({ otlp: { endpoint: `${endpoint}/v1/traces`, headers: {}, timeoutMs: 2000 } });
      const started = performance.now();
      const answer = askTier1(recorder, { question: 'q' });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(answer.trace.status).toBe('complete');
      await recorder.flush();
      expect(recorder.status().otlp).toMatchObject({ enabled: true, sent: 0, failed: 1 });
      expect(recorder.status().failures.otlp).toBe(1);
      expect(failures.map((f) => f.split(':').slice(0, 2))).toEqual([['otlp', 'TRACE_EXPORT_FAILED']]);
    }
    const { recorder } = recorderFor({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' } });
    expect(askTier3(recorder, { question: 'q' }).trace.status).toBe('complete');
    await recorder.flush();
    expect(recorder.status().otlp).toMatchObject({ failed: 1 });
  });

  it('generates the install salt once, mode 0600, and never overwrites it', () => {
    const root = tempRoot();
    const first = installSalt(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(saltPath(root)).mode & 0o777).toBe(0o600);
    expect(installSalt(root)).toBe(first);
    writeFileSync(saltPath(root), 'damaged');
    expect(() => installSalt(root)).toThrow();
    expect(readFileSync(saltPath(root), 'utf8')).toBe('damaged');
  });

  it('maps deterministically (same trace, same spans)', () => {
    const t = {
      format: 'svc.ask-trace',
      version: 1,
      traceId: 'tr_0123456789abcdef0123456789abcdef',
      runId: 'run-1',
      kind: 'ask',
      status: 'failed',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:00.010Z',
      durationMs: 10,
      phases: [{ code: 'provider.call', startMs: 1, durationMs: 5, counts: { calls: 1 } }],
      candidates: [],
      attempts: [],
      outcome: { errorCode: 'PROVIDER_FAILED' },
      sources: { used: [], considered: 0, eligible: 0 },
      fingerprints: {},
      dropped: 0,
    } as OutboundTrace;
    const a = toOtlp([t]);
    expect(toOtlp([t])).toEqual(a);
    const [root, phase] = a.resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(root).toMatchObject({
      traceId: '0123456789abcdef0123456789abcdef',
      status: { code: 2 },
      startTimeUnixNano: '1767225600000000000',
      endTimeUnixNano: '1767225600010000000',
    });
    expect(phase).toMatchObject({ name: 'provider.call', parentSpanId: root!.spanId, startTimeUnixNano: '1767225600001000000' });
    expect(attr(phase!.attributes as never, 'openinference.span.kind')).toEqual({ stringValue: 'LLM' });
  });
});
