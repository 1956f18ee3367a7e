import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { traceStorePath } from '../../src/traces/index.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor, tempRoot } from './helpers.js';

afterEach(cleanup);

describe('a broken store never affects an Ask', () => {
  it('a corrupt store file: the Ask answers, the trace reference says unavailable', () => {
    const root = tempRoot();
    const path = traceStorePath(root);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, Buffer.alloc(64 * 1024, 0x5a));
    const { recorder, failures } = recorderFor({ root });
    const answer = askTier1(recorder, { question: 'What was revenue last week?' });
    expect(answer).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
    expect(answer.rows).toHaveLength(2);
    expect(answer.trace).toEqual({ traceId: answer.traceId, status: 'unavailable', code: 'TRACE_STORE_UNAVAILABLE' });
    expect(recorder.compactRef(answer.traceId).status).toBe('unavailable');
    expect(recorder.status().store).toMatchObject({ available: false, code: 'TRACE_STORE_UNAVAILABLE', reason: 'corrupt' });
    expect(recorder.status().failures.store).toBeGreaterThan(0);
    expect(failures).toContain('store:TRACE_STORE_UNAVAILABLE:corrupt');
  });

  it('a store corrupted while in use: later Asks still answer', () => {
    const { recorder, root } = recorderFor();
    askTier1(recorder, { question: 'first' });
    recorder.store.close();
    writeFileSync(traceStorePath(root), Buffer.alloc(8192, 0x17));
    const again = recorderFor({ root });
    for (const ask of [askTier1, askTier2, askTier3]) expect(ask(again.recorder, { question: 'again' }).trace.status).toBe('unavailable');
  });

  it('a store locked by another writer: the Ask answers without waiting, its queued trace is marked unavailable (locked), then it recovers', async () => {
    const { recorder, root, failures } = recorderFor();
    askTier1(recorder, { question: 'warm' });
    await recorder.flush();
    const other = new Database(traceStorePath(root));
    other.exec('BEGIN EXCLUSIVE');
    const started = performance.now();
    const answer = askTier2(recorder, { question: 'while locked' });
    // The trace waits in the write queue; the commit that meets the lock gives up at once.
    await recorder.flush();
    // A writer that waited on the lock would wait seconds (SQLite's usual busy timeouts).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.trust).toBe('review_required');
    expect(recorder.compactRef(answer.traceId)).toEqual({ traceId: answer.traceId, status: 'unavailable', code: 'TRACE_STORE_UNAVAILABLE' });
    expect(recorder.status().failures.store).toBeGreaterThan(0);
    expect(failures).toContain('store:TRACE_STORE_UNAVAILABLE:locked');
    other.exec('COMMIT');
    other.close();
    const after = askTier3(recorder, { question: 'after' });
    expect(after.trace.status).toBe('complete');
    expect(recorder.store.summary(after.traceId).status).toBe('complete');
  });

  it('a full store (size cap reached): unavailable (full)', () => {
    const { recorder } = recorderFor({ limits: { maxBytes: 8192 } });
    const answer = askTier3(recorder, { question: 'anything' });
    expect(answer.refusal?.code).toBe('NO_DATA');
    expect(answer.trace).toMatchObject({ status: 'unavailable', code: 'TRACE_STORE_UNAVAILABLE' });
    expect(recorder.status().store).toMatchObject({ available: false, reason: 'full' });
  });

  it('a store that cannot be created (its folder is a file): unavailable', () => {
    const root = tempRoot();
    writeFileSync(join(root, '.svc'), 'not a folder');
    const { recorder } = recorderFor({ root });
    expect(askTier1(recorder, { question: 'q' }).trace.status).toBe('unavailable');
    expect(recorder.status().store.available).toBe(false);
  });

  it('sink errors (thrown or rejected) are counted and change nothing', async () => {
    let calls = 0;
    const { recorder, failures } = recorderFor({
      traceSalt: 'host-salt',
      sink: () => {
        calls++;
        if (calls % 2 === 1) throw new Error('sink down');
        return Promise.reject(new Error('sink rejected'));
      },
    });
    const a = askTier1(recorder, { question: 'one' });
    const b = askTier2(recorder, { question: 'two' });
    expect([a.trace.status, b.trace.status]).toEqual(['complete', 'complete']);
    await recorder.flush();
    expect(calls).toBe(2);
    expect(recorder.status().failures.sink).toBe(2);
    expect(failures.map((f) => f.split(':').slice(0, 2))).toEqual([
      ['sink', 'TRACE_SINK_FAILED'],
      ['sink', 'TRACE_SINK_FAILED'],
    ]);
  });

  it('a damaged install salt: the trace leaves without a keyed fingerprint, and the failure is logged once per trace', async () => {
    const root = tempRoot();
    mkdirSync(join(root, '.svc/local/private'), { recursive: true });
    writeFileSync(join(root, '.svc/local/private/trace-salt'), 'not a key\n');
    const sent: Array<{ fingerprints: { question?: string } }> = [];
    const { recorder, failures } = recorderFor({ root, sink: (t) => void sent.push(t) });
    expect(askTier2(recorder, { question: 'orders by state' }).trace.status).toBe('complete');
    await recorder.flush();
    expect(failures.map((f) => f.split(':').slice(0, 2))).toEqual([['salt', 'TRACE_SALT_UNAVAILABLE']]);
    expect(recorder.status().failures.salt).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.fingerprints.question).toBeUndefined();
  });

  it('builder calls with wrong shapes neither throw nor store anything', () => {
    const { recorder } = recorderFor();
    const t = recorder.begin({ runId: 'run-bad-input' });
    const junk = [null, undefined, 42, {}, [], 'has space', 'x'.repeat(300)] as unknown[];
    for (const j of junk) {
      t.phase(j as string, { counts: j as Record<string, number>, durationMs: j as number });
      t.candidate({ id: j as string, role: j as string, score: j as number });
      t.attempt({ tier: j as 1, outcome: j as 'answered' });
    }
    const ref = t.finish({ tier: 9 as 1, trust: 'sure' as 'certified', sources: junk as string[], questionText: 7 as unknown as string });
    expect(ref.status).toBe('complete');
    const d = recorder.store.detail(t.traceId);
    expect(d.phases).toEqual([]);
    expect(d.candidates).toEqual([]);
    expect(d.attempts).toEqual([]);
    expect(d.dropped).toBeGreaterThan(10);
    expect(t.finish()).toEqual(ref);
  });
});
