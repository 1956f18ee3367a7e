import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, TraceError } from '../../src/traces/index.js';
import { askTier1, askTier2 } from './ask-shapes.js';
import { cleanup, recorderFor } from './helpers.js';

afterEach(cleanup);

const DAY = 86_400_000;

function error(fn: () => unknown): TraceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TraceError) return e;
  }
  throw new Error('expected a TraceError');
}

describe('retention, enforced on write', () => {
  it('uses the spec limits by default', () => {
    expect(DEFAULT_LIMITS).toMatchObject({
      detailMax: 500,
      detailMaxAgeMs: 30 * DAY,
      summaryMax: 2000,
      summaryMaxAgeMs: 180 * DAY,
      maxBytes: 256 * 1024 * 1024,
    });
  });

  it('keeps the newest detailed traces; older summaries survive their detail', () => {
    const { recorder } = recorderFor({ limits: { detailMax: 3, summaryMax: 5 } });
    const ids = Array.from({ length: 7 }, (_, i) => askTier1(recorder, { question: `q${i}` }).traceId);
    expect(recorder.store.status().counts).toEqual({ summaries: 5, details: 3 });
    for (const id of ids.slice(4)) expect(recorder.store.detail(id).traceId).toBe(id);
    const expired = error(() => recorder.store.detail(ids[2]!));
    expect(expired.code).toBe('TRACE_DETAIL_EXPIRED');
    expect(expired.data?.['summary']).toMatchObject({ traceId: ids[2], tier: 1, detail: 'expired' });
    expect(error(() => recorder.store.detail(ids[0]!)).code).toBe('TRACE_NOT_FOUND');
    expect(recorder.store.list({ limit: 100 }).items.map((s) => s.detail)).toEqual(['present', 'present', 'present', 'expired', 'expired']);
  });

  it('expires detail after 30 days and summaries after 180 days', () => {
    const { recorder, clock } = recorderFor();
    const old = askTier1(recorder, { question: 'old' }).traceId;
    clock.advance(31 * DAY);
    const mid = askTier2(recorder, { question: 'mid' }).traceId;
    expect(error(() => recorder.store.detail(old)).code).toBe('TRACE_DETAIL_EXPIRED');
    expect(recorder.store.summary(old)).toMatchObject({ detail: 'expired', trust: 'certified' });
    expect(recorder.store.detail(mid).status).toBe('complete');
    clock.advance(150 * DAY);
    askTier1(recorder, { question: 'new' });
    expect(error(() => recorder.store.summary(old)).code).toBe('TRACE_NOT_FOUND');
    expect(recorder.store.summary(mid).detail).toBe('expired');
  });

  it('marks a trace still recording after an hour as abandoned', () => {
    const { recorder, clock } = recorderFor();
    const stuck = recorder.begin({ runId: 'run-stuck' });
    clock.advance(2 * 3_600_000);
    askTier1(recorder, { question: 'later' });
    expect(recorder.store.summary(stuck.traceId).status).toBe('abandoned');
  });

  it('keeps the database within its size budget, dropping the oldest evidence first', () => {
    const maxBytes = 256 * 1024;
    const { recorder } = recorderFor({ limits: { maxBytes } });
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const t = recorder.begin({ runId: `run-${i}` });
      for (let c = 0; c < 100; c++)
        t.candidate({ id: `finance.block_${String.fromCharCode(97 + (c % 26))}${c}`, role: 'alternative', reasonCode: 'LOW_SCORE', score: c / 100 });
      for (let p = 0; p < 60; p++) t.phase(`route.stage_${String.fromCharCode(97 + (p % 26))}`, { counts: { candidates: p, rows: p * 2 }, durationMs: 0.1 });
      expect(t.finish({ tier: 3, trust: 'refused', refusalCode: 'NO_DATA' }).status).toBe('complete');
      ids.push(t.traceId);
    }
    const status = recorder.store.status();
    expect(status.bytes!).toBeLessThanOrEqual(maxBytes);
    expect(status.counts!.details).toBeLessThan(120);
    expect(error(() => recorder.store.detail(ids[0]!)).code).toBe('TRACE_DETAIL_EXPIRED');
    expect(recorder.store.detail(ids[119]!).candidates).toHaveLength(100);
  });
});
