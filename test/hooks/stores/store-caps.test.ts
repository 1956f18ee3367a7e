/**
 * Every local store beside the trace store holds to its cap: the sweep that runs in each write
 * batch's transaction keeps the newest rows within the count, drops rows past their age, and
 * keeps the file within its size (the trace store's own caps: test/traces/retention.test.ts); the
 * feedback file is set aside once past its size, so the two files stay near twice the cap; page
 * editions and a person's Home runs keep their newest per page.
 * Real SQLite files under a temporary project, read back from the file after close.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileMemoryStore } from '../../../src/hooks/stores/file-memory-store.js';
import type { RunRecord } from '../../../src/hooks/stores/run-store.js';
import { ANSWER_FACTS_LIMITS, openSqliteRunStore, RUN_STORE_FILE } from '../../../src/hooks/stores/sqlite-run-store.js';
import { openSqliteThreadStore, THREAD_STORE_FILE, THREAD_STORE_LIMITS } from '../../../src/hooks/stores/sqlite-thread-store.js';
import { appendFeedback, FEEDBACK_FILE, FEEDBACK_MAX_BYTES } from '../../../src/runtime/agent-tools/tools/feedback-record.js';
import { RUNS_KEPT, readHomeState, recordPageRun, scopeOf } from '../../../src/runtime/home/home-state.js';
import { listEditions, settleEdition } from '../../../src/runtime/schedules/editions.js';
import type { StoreLimits } from '../../../src/traces/store-sweeper.js';
import { WRITE_QUEUE_EVERY_MS } from '../../../src/traces/write-queue.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

/** A store under test: writes run `i` at store time `at`, and reads what the file keeps. */
interface Subject {
  file: string;
  write: (root: string, limits: Partial<StoreLimits>, runs: Array<{ i: number; at: number; bytes: number }>, clock: { now: number }) => Promise<void>;
  kept: (db: Database.Database) => string[];
}

const padded = (bytes: number) => 'x'.repeat(bytes);

const facts: Subject = {
  file: RUN_STORE_FILE,
  async write(root, limits, runs, clock) {
    const store = openSqliteRunStore(root, { limits, now: () => clock.now });
    for (const r of runs) {
      // A new store time: what was put before is committed at the time it was put.
      if (r.at !== clock.now) await new Promise((done) => setTimeout(done, WRITE_QUEUE_EVERY_MS * 4));
      clock.now = r.at;
      const record: RunRecord = {
        runId: `run_${r.i}`,
        at: new Date(r.at).toISOString(),
        question: padded(r.bytes),
        status: 'answered',
        tier: 1,
        trust: 'certified',
        tables: [],
        traceId: `tr_${r.i}`,
        sources: [],
      };
      await store.put(record);
    }
    await store.close();
  },
  kept: (db) => (db.prepare('SELECT run_id FROM run_facts ORDER BY rowid').pluck().all() as string[]).map((id) => id.slice(4)),
};

const threads: Subject = {
  file: THREAD_STORE_FILE,
  async write(root, limits, runs, clock) {
    const store = openSqliteThreadStore(root, undefined, { limits, now: () => clock.now });
    for (const r of runs) {
      clock.now = r.at;
      const threadId = await store.create('ada', new Date(r.at).toISOString());
      const appended = store.append({
        runId: `run_${r.i}`,
        threadId,
        at: new Date(r.at).toISOString(),
        question: padded(r.bytes),
        tier: 1,
        trust: 'certified',
        columns: [],
        rowCount: 0,
        traceId: `tr_${r.i}`,
      });
      await appended;
    }
    await store.close();
  },
  kept: (db) => {
    // No thread outlives its runs.
    expect(db.prepare('SELECT count(*) FROM threads WHERE id NOT IN (SELECT thread_id FROM runs)').pluck().get()).toBe(0);
    return (db.prepare('SELECT run_id FROM runs ORDER BY rowid').pluck().all() as string[]).map((id) => id.slice(4));
  },
};

const range = (n: number, at: (i: number) => number = () => START, bytes = 50) => Array.from({ length: n }, (_, i) => ({ i, at: at(i), bytes }));

const cases: Array<{
  name: string;
  subject: Subject;
  limits: Partial<StoreLimits>;
  runs: ReturnType<typeof range>;
  most: number;
  newest: number;
  gone: number[];
}> = [
  { name: 'answer facts: the newest rows within the count', subject: facts, limits: { maxRows: 40 }, runs: range(300), most: 40, newest: 299, gone: [0, 259] },
  {
    name: 'answer facts: rows past their age are swept',
    subject: facts,
    limits: { maxAgeMs: DAY },
    runs: range(30, (i) => START + (i < 20 ? 0 : 3 * DAY)),
    most: 10,
    newest: 29,
    gone: [0, 19],
  },
  {
    name: 'answer facts: the file within its size',
    subject: facts,
    limits: { maxBytes: 512 * 1024 },
    runs: range(400, undefined, 8000),
    most: 400,
    newest: 399,
    gone: [0],
  },
  {
    name: 'thread runs: the newest runs within the count, threads with them',
    subject: threads,
    limits: { maxRows: 40 },
    runs: range(300),
    most: 40,
    newest: 299,
    gone: [0, 259],
  },
  {
    name: 'thread runs: runs past their age are swept, threads with them',
    subject: threads,
    limits: { maxAgeMs: DAY },
    runs: range(30, (i) => START + (i < 20 ? 0 : 3 * DAY)),
    most: 10,
    newest: 29,
    gone: [0, 19],
  },
  {
    name: 'thread runs: the file within its size',
    subject: threads,
    limits: { maxBytes: 512 * 1024 },
    runs: range(400, undefined, 8000),
    most: 400,
    newest: 399,
    gone: [0],
  },
];

describe('local store caps, enforced by the sweep of each write batch', () => {
  it('default caps are documented numbers', () => {
    expect(ANSWER_FACTS_LIMITS).toEqual({ maxRows: 5_000, maxAgeMs: 90 * DAY, maxBytes: 256 * 1024 * 1024 });
    expect(THREAD_STORE_LIMITS).toEqual({ maxRows: 5_000, maxAgeMs: 90 * DAY, maxBytes: 64 * 1024 * 1024 });
  });

  for (const c of cases)
    it(c.name, async () => {
      const root = makeProject({});
      await c.subject.write(root, c.limits, c.runs, { now: START });
      const file = join(root, c.subject.file);
      const db = new Database(file, { readonly: true });
      try {
        const kept = c.subject.kept(db).map(Number);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.length).toBeLessThanOrEqual(c.most);
        expect(kept).toContain(c.newest);
        for (const g of c.gone) expect(kept).not.toContain(g);
      } finally {
        db.close();
      }
      if (c.limits.maxBytes !== undefined) expect(statSync(file).size).toBeLessThanOrEqual(c.limits.maxBytes);
    });

  it('feedback: past its size the file is set aside, keeping the newest entries', () => {
    expect(FEEDBACK_MAX_BYTES).toBe(4 * 1024 * 1024);
    const root = makeProject({});
    const cap = 4096;
    for (let i = 0; i < 500; i++) appendFeedback(root, { runId: `run_${i}`, thumbs: 'up', at: '2026-01-01T00:00:00Z' }, cap);
    const file = join(root, FEEDBACK_FILE);
    const setAside = `${file}.1`;
    expect(existsSync(setAside)).toBe(true);
    expect(statSync(file).size).toBeLessThanOrEqual(cap);
    expect(statSync(setAside).size).toBeLessThanOrEqual(cap + 100);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1] ?? '{}')).toMatchObject({ runId: 'run_499' });
    expect(readFileSync(setAside, 'utf8')).not.toContain('"run_0"');
  });

  it('page editions: the newest 50 per page, newest last', () => {
    const root = makeProject({});
    for (let i = 0; i < 60; i++) {
      const edition = {
        appId: 'sales',
        pageId: 'overview',
        href: '/apps/sales/overview',
        runId: `run_${i}`,
        at: new Date(START + i * DAY).toISOString(),
        scheduleId: 'weekly',
      };
      settleEdition(root, edition, [{ tileId: 'revenue', value: i, trust: 'Certified' }], undefined, () => undefined);
    }
    const kept = listEditions(root, 'sales', 'overview').map((e) => e.runId);
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe('run_10');
    expect(kept.at(-1)).toBe('run_59');
  });

  it('home state: the newest 8 runs per page per person, newest last', async () => {
    expect(RUNS_KEPT).toBe(8);
    const root = makeProject({});
    const memory = openFileMemoryStore(root);
    for (let i = 0; i < 12; i++) {
      const run = { scope: scopeOf({}), complete: true, figures: [{ tileId: 'revenue', value: i, trust: 'Certified' }] };
      await recordPageRun(memory, 'ada', { appId: 'sales', pageId: 'overview', at: new Date(START + i * DAY), run });
    }
    const runs = (await readHomeState(openFileMemoryStore(root), 'ada')).runs.get('sales/overview') ?? [];
    expect(runs.map((r) => r.figures[0]?.value)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
