/** Temporary project roots and recorders for the trace tests, closed and removed afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTraceRecorder, type TraceRecorder, type TraceRecorderOptions } from '../../src/traces/index.js';
import { type Clock, makeClock, useClock } from './ask-shapes.js';

const roots: string[] = [];
const recorders: TraceRecorder[] = [];

export function tempRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-traces-'));
  roots.push(dir);
  return dir;
}

/** A recorder on a fresh root with a clock the Ask shapes advance; failures collected, not printed. */
export function recorderFor(opts: Partial<TraceRecorderOptions> = {}): { recorder: TraceRecorder; root: string; clock: Clock; failures: string[] } {
  const root = opts.root ?? tempRoot();
  const clock = makeClock();
  useClock(clock);
  const failures: string[] = [];
  const recorder = createTraceRecorder({
    ...(opts.env === undefined ? { otlp: false as const } : {}),
    now: clock.now,
    retryAfterMs: 0,
    onError: (e) => failures.push(`${e.source}:${e.code}:${e.reason ?? ''}`),
    ...opts,
    root,
  });
  recorders.push(recorder);
  return { recorder, root, clock, failures };
}

export async function cleanup(): Promise<void> {
  for (const r of recorders.splice(0)) await r.close().catch(() => undefined);
  useClock(undefined);
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
}
