import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, SCHEMA_VERSION, TraceError, TraceStore, traceStorePath } from '../../src/traces/index.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor, tempRoot } from './helpers.js';

afterEach(cleanup);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof TraceError ? error.code : 'not-a-trace-error';
  }
}

describe('trace store', () => {
  it('lives at .svc/local/ask-observability in WAL mode, apart from run persistence', () => {
    const { recorder, root } = recorderFor();
    askTier1(recorder, { question: 'What was revenue last week?' });
    const path = traceStorePath(root);
    expect(path.endsWith('.svc/local/ask-observability')).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('retrieves a detailed trace by trace id or by Ask run id', () => {
    const { recorder } = recorderFor();
    const a = askTier1(recorder, { question: 'What was revenue last week?', runId: 'run-0001' });
    const b = askTier2(recorder, { question: 'orders by state', runId: 'run-0002' });
    expect(recorder.store.detail(a.traceId).outcome).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
    expect(recorder.store.traceIdOfRun('run-0002')).toBe(b.traceId);
    expect(recorder.store.resolve('run-0001')).toBe(a.traceId);
    expect(recorder.store.resolve(b.traceId)).toBe(b.traceId);
    expect(codeOf(() => recorder.store.detail('tr_00000000000000000000000000000000'))).toBe('TRACE_NOT_FOUND');
    expect(codeOf(() => recorder.store.traceIdOfRun('run-unknown'))).toBe('TRACE_NOT_FOUND');
  });

  it('finds a trace by a run id that is not id-shaped, without storing that text', () => {
    const { recorder } = recorderFor();
    const a = askTier3(recorder, { question: 'weather?', runId: 'run/with:odd chars' });
    expect(recorder.store.traceIdOfRun('run/with:odd chars')).toBe(a.traceId);
    expect(recorder.store.detail(a.traceId).runId).toMatch(/^h_[0-9a-f]{32}$/);
  });

  it('lists summaries newest first with limit <= 100 and an opaque cursor', () => {
    const { recorder } = recorderFor();
    const ids = Array.from({ length: 7 }, (_, i) => askTier1(recorder, { question: `q${i}` }).traceId).reverse();
    const first = recorder.store.list({ limit: 3 });
    expect(first.items.map((s) => s.traceId)).toEqual(ids.slice(0, 3));
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = recorder.store.list({ limit: 3, cursor: first.nextCursor! });
    const third = recorder.store.list({ limit: 3, cursor: second.nextCursor! });
    expect([...second.items, ...third.items].map((s) => s.traceId)).toEqual(ids.slice(3));
    expect(third.nextCursor).toBeUndefined();
    expect(first.items[0]).toMatchObject({ status: 'complete', tier: 1, trust: 'certified', detail: 'present', counts: { candidates: 3, sources: 1 } });
    expect(codeOf(() => recorder.store.list({ limit: 101 }))).toBe('TRACE_REQUEST_INVALID');
    expect(codeOf(() => recorder.store.list({ cursor: 'not-a-cursor' }))).toBe('TRACE_REQUEST_INVALID');
  });

  it('shows a trace as recording until it finishes', () => {
    const { recorder } = recorderFor();
    const trace = recorder.begin({ runId: 'run-live' });
    expect(recorder.compactRef(trace.traceId)).toEqual({ traceId: trace.traceId, status: 'recording' });
    expect(recorder.store.detail(trace.traceId).status).toBe('recording');
    expect(trace.finish({ tier: 3, trust: 'refused', refusalCode: 'NO_DATA' })).toEqual({ traceId: trace.traceId, status: 'complete' });
    expect(recorder.compactRef(trace.traceId).status).toBe('complete');
  });

  it('migrates a version-1 store forward, keeping its traces', () => {
    const root = tempRoot();
    const path = traceStorePath(root);
    mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    migrate(db, 1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.prepare(
      'INSERT INTO summaries (trace_id, run_id, status, started_at, summary_json) VALUES (\'tr_11111111111111111111111111111111\', \'run-old\', \'complete\', ?, \'{"traceId":"tr_11111111111111111111111111111111","runId":"run-old"}\')',
    ).run(Date.now());
    db.close();
    expect(MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3]);
    const reader = new TraceStore({ root, readonly: true });
    expect(reader.status().schema).toEqual({ version: 1, supported: SCHEMA_VERSION, state: 'outdated' });
    reader.close();
    const { recorder } = recorderFor({ root });
    askTier1(recorder, { question: 'q' });
    expect(recorder.store.status().schema.state).toBe('current');
    expect(recorder.store.traceIdOfRun('run-old')).toBe('tr_11111111111111111111111111111111');
    expect(codeOf(() => recorder.store.detail('tr_11111111111111111111111111111111'))).toBe('TRACE_DETAIL_EXPIRED');
  });

  it('refuses a store created by a newer schema, for writing and for reading', () => {
    const { recorder, root } = recorderFor();
    askTier1(recorder, { question: 'q' });
    recorder.store.close();
    const db = new Database(traceStorePath(root));
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const again = recorderFor({ root });
    const answer = askTier1(again.recorder, { question: 'What was revenue last week?' });
    expect(answer.rows.length).toBe(2);
    expect(answer.trace).toEqual({ traceId: answer.traceId, status: 'unavailable', code: 'TRACE_SCHEMA_UNSUPPORTED' });
    expect(again.recorder.status().store).toMatchObject({
      available: false,
      code: 'TRACE_SCHEMA_UNSUPPORTED',
      schema: { version: SCHEMA_VERSION + 1, state: 'newer' },
    });
    const reader = new TraceStore({ root, readonly: true });
    expect(codeOf(() => reader.list())).toBe('TRACE_SCHEMA_UNSUPPORTED');
    reader.close();
    const check = new Database(traceStorePath(root), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    check.close();
  });

  it('opens read-only without creating or migrating anything', () => {
    const root = tempRoot();
    const reader = new TraceStore({ root, readonly: true });
    expect(reader.status()).toMatchObject({ available: false, code: 'TRACE_STORE_UNAVAILABLE', reason: 'missing', mode: 'readonly' });
    expect(existsSync(traceStorePath(root))).toBe(false);
    expect(codeOf(() => reader.write({} as never, true))).toBe('TRACE_STORE_UNAVAILABLE');
  });
});
