/**
 * Sends finished traces as OTLP/JSON over HTTP when `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used
 * as given) or `OTEL_EXPORTER_OTLP_ENDPOINT` (plus `/v1/traces`) is set. Sending never slows or
 * fails an answer: `enqueue` only appends to a bounded queue; one background loop posts batches
 * with a time limit; every failure is counted and reported by code, and the trace is dropped
 * (no retry storms against a collector that is down).
 */
import type { OutboundTrace } from './content.js';
import { toOtlp } from './otlp-mapper.js';

export interface OtlpConfig {
  endpoint: string;
  headers: Record<string, string>;
  /** Time limit of one POST (default 5 s); a late collector counts as failed. */
  timeoutMs?: number;
}

export interface OtlpSenderOptions extends OtlpConfig {
  maxQueue?: number;
  maxBatch?: number;
  serviceVersion?: string;
  /** Told of each failure by a stable reason (`http-503`, `network`, `queue-full`). */
  onError?: (reason: string) => void;
}

export interface OtlpStats {
  sent: number;
  failed: number;
  dropped: number;
  queued: number;
}

function parseHeaders(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    try {
      out[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // a header that does not decode is skipped, not guessed at
    }
  }
  return out;
}

function httpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The OTLP destination the environment names, or undefined when sending is off. */
export function otlpConfigFromEnv(env: Record<string, string | undefined> = process.env): OtlpConfig | undefined {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return undefined;
  if (env['OTEL_TRACES_EXPORTER']?.trim().toLowerCase() === 'none') return undefined;
  const protocol = (env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] ?? env['OTEL_EXPORTER_OTLP_PROTOCOL'])?.trim();
  if (protocol === 'grpc') return undefined; // this sender speaks OTLP/HTTP only
  const specific = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  const general = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  const endpoint = specific ? specific : general ? `${general.replace(/\/+$/, '')}/v1/traces` : undefined;
  if (endpoint === undefined || !httpUrl(endpoint)) return undefined;
  const headers = { ...parseHeaders(env['OTEL_EXPORTER_OTLP_HEADERS']), ...parseHeaders(env['OTEL_EXPORTER_OTLP_TRACES_HEADERS']) };
  return { endpoint, headers };
}

export class OtlpSender {
  private readonly queue: OutboundTrace[] = [];
  private running: Promise<void> | undefined;
  readonly stats: OtlpStats = { sent: 0, failed: 0, dropped: 0, queued: 0 };

  constructor(private readonly opts: OtlpSenderOptions) {}

  /** Never throws, never waits. */
  enqueue(trace: OutboundTrace): void {
    if (this.queue.length >= (this.opts.maxQueue ?? 1000)) {
      this.stats.dropped++;
      this.report('queue-full');
      return;
    }
    this.queue.push(trace);
    this.stats.queued = this.queue.length;
    this.running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain()).finally(() => (this.running = undefined));
  }

  /** Resolves when everything queued so far was sent or failed. */
  async flush(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch ?? 64);
      this.stats.queued = this.queue.length;
      const reason = await this.post(batch);
      if (reason === undefined) this.stats.sent += batch.length;
      else {
        this.stats.failed += batch.length;
        this.report(reason);
      }
    }
  }

  private async post(batch: OutboundTrace[]): Promise<string | undefined> {
    try {
      const body = JSON.stringify(toOtlp(batch, this.opts.serviceVersion !== undefined ? { version: this.opts.serviceVersion } : {}));
      const res = await fetch(this.opts.endpoint, {
        method: 'POST',
        headers: { ...this.opts.headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? undefined : `http-${res.status}`;
    } catch (error) {
      return (error as { name?: string }).name === 'TimeoutError' ? 'timeout' : 'network';
    }
  }

  private report(reason: string): void {
    try {
      this.opts.onError?.(reason);
    } catch {
      // a failing logger changes nothing
    }
  }
}
