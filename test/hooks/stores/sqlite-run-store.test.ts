/**
 * The local answer-facts store: a record put is read back at once (before its batch commits), and
 * every record put is on disk after close, written together.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../src/hooks/stores/run-store.js';
import { openSqliteRunStore } from '../../../src/hooks/stores/sqlite-run-store.js';
import { WRITE_QUEUE_EVERY_MS } from '../../../src/traces/write-queue.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const record = (n: number): RunRecord => ({
  runId: `run_${n}`,
  owner: 'ada',
  at: '2026-01-01T00:00:00Z',
  question: `q${n}`,
  status: 'answered',
  tier: 1,
  trust: 'certified',
  tables: ['orders'],
  traceId: `trc_${n}`,
  sources: [],
});

describe('openSqliteRunStore', () => {
  it('reads a record back at once and keeps every record across a close', async () => {
    const root = makeProject({});
    const store = openSqliteRunStore(root);
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.put(record(i))));
    expect(await store.get('run_7')).toEqual(record(7));
    await store.put({ ...record(7), question: 'again' });
    expect((await store.get('run_7'))?.question).toBe('again');
    await store.close();
    const reopened = openSqliteRunStore(root);
    for (const i of [0, 7, 49]) expect((await reopened.get(`run_${i}`))?.runId).toBe(`run_${i}`);
    expect((await reopened.get('run_7'))?.question).toBe('again');
    expect(await reopened.get('run_50')).toBeUndefined();
    await reopened.close();
  });

  it('commits within a few milliseconds without a close', async () => {
    const root = makeProject({});
    const store = openSqliteRunStore(root);
    await store.put(record(1));
    await new Promise((d) => setTimeout(d, WRITE_QUEUE_EVERY_MS * 4));
    const other = openSqliteRunStore(root);
    expect((await other.get('run_1'))?.question).toBe('q1');
    await other.close();
    await store.close();
  });

  it('takes a put after close without failing, and keeps nothing of it', async () => {
    const root = makeProject({});
    const store = openSqliteRunStore(root);
    await store.close();
    await store.put(record(9));
    await new Promise((d) => setImmediate(d));
    const reopened = openSqliteRunStore(root);
    expect(await reopened.get('run_9')).toBeUndefined();
    await reopened.close();
  });
});
