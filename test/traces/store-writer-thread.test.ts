/**
 * The local stores' batches commit on the store-writer thread when svc runs built in a process
 * that enabled it (a server: `svc serve`, startLocalServer), and keep every guarantee of the write queue: a write is readable the moment
 * it is made (answer facts and thread runs from the queue or the batch in flight, a trace after
 * its batch commits), close() and a normal exit commit everything, and a batch the writer thread
 * refuses is told to its writer. Each case is a real child process over the built stores (from
 * TypeScript sources there is no built worker, and the queues commit on their own thread: the
 * other store tests cover that path); the files are then read by this process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist/src');
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** Opens the three built stores at ROOT, writes N runs (facts, thread runs, traces), then runs the case's ending. */
const PRELUDE = `
// The queues' timers never hold a process open; this one stands in for a server's.
const alive = setInterval(() => undefined, 1000);
const { openSqliteRunStore } = await import(DIST + '/hooks/stores/sqlite-run-store.js');
const { openSqliteThreadStore } = await import(DIST + '/hooks/stores/sqlite-thread-store.js');
const { TraceStore } = await import(DIST + '/traces/trace-store.js');
const { StoreWriterThread } = await import(DIST + '/traces/store-writer.js');
// As a server does (startLocalServer); a one-shot command commits on its own thread.
if (ENABLE) StoreWriterThread.enable();
const runs = openSqliteRunStore(ROOT);
const threads = openSqliteThreadStore(ROOT);
const failedTraces = [];
const traces = new TraceStore({ root: ROOT, batched: true, onBatchFailed: (ids) => failedTraces.push(...ids) });
const thread = await threads.create('ana', new Date().toISOString());
const detail = (i) => ({ format: 'svc.ask-trace', version: 1, traceId: 'tr_' + i.toString(16).padStart(16, '0'), runId: 'run_' + i,
  kind: 'ask', status: 'complete', startedAt: new Date().toISOString(), phases: [], candidates: [], attempts: [], outcome: {},
  sources: { used: [], considered: 0, eligible: 0 }, fingerprints: {}, dropped: 0 });
const appended = [];
for (let i = 0; i < N; i++) {
  await runs.put({ runId: 'run_' + i, owner: 'ana', question: 'q' + i });
  appended.push(threads.append({ runId: 'run_' + i, threadId: thread, at: new Date().toISOString(), question: 'q' + i, tier: 1, trust: 'certified' }));
  traces.write(detail(i), true, 'ana');
}
const out = { thread };
`;

interface Case {
  name: string;
  n: number;
  /** Whether the process enables the writer thread, as a server does (default true). */
  enable?: boolean;
  /** What the child does after its writes; it prints `out` as JSON. */
  ending: string;
  /** What the child printed and the stores' files hold. */
  check: (out: Record<string, unknown>, files: Files) => void;
}

interface Files {
  facts: number;
  threadRuns: number;
  threads: number;
  traces: number;
}

const READ_OWN = `
out.writer = StoreWriterThread.get()?.running === true;
out.fact = (await runs.get('run_' + (N - 1)))?.question;
out.threadRuns = (await threads.get(thread)).runs.map((r) => r.runId);
out.traceStatus = traces.detail(detail(N - 1).traceId, 'ana').status;
out.threadOf = await threads.threadOf('run_' + (N - 1));
await Promise.all(appended);
out.committed = StoreWriterThread.get()?.committed;
out.after = (await threads.get(thread)).runs.length;
traces.close(); await runs.close(); await threads.close();
clearInterval(alive);
console.log(JSON.stringify(out));
`;

const CASES: Case[] = [
  {
    name: 'commits on the writer thread and reads its own writes at once',
    n: 600,
    ending: READ_OWN,
    check: (out, files) => {
      expect(out['writer']).toBe(true);
      expect(out['fact']).toBe('q599');
      expect(out['threadRuns']).toEqual(Array.from({ length: 600 }, (_, i) => `run_${i}`));
      expect(out['traceStatus']).toBe('complete');
      expect(out['threadOf']).toBe(out['thread']);
      expect(out['committed']).toBeGreaterThanOrEqual(3);
      expect(out['after']).toBe(600);
      expect(files).toEqual({ facts: 600, threadRuns: 600, threads: 1, traces: 600 });
    },
  },
  {
    name: 'a process that does not enable it (a one-shot command) commits on its own thread and starts none',
    n: 300,
    enable: false,
    ending: READ_OWN,
    check: (out, files) => {
      expect(out['writer']).toBe(false);
      expect(out['committed']).toBeUndefined();
      expect(out['threadRuns']).toHaveLength(300);
      expect(out['traceStatus']).toBe('complete');
      expect(files).toEqual({ facts: 300, threadRuns: 300, threads: 1, traces: 300 });
    },
  },
  {
    name: 'a process that exits right after its writes keeps every one',
    n: 300,
    ending: 'console.log(JSON.stringify(out)); process.exit(0);',
    check: (_out, files) => expect(files).toEqual({ facts: 300, threadRuns: 300, threads: 1, traces: 300 }),
  },
  {
    name: 'a batch the writer thread refuses is told to its writer and the others stay',
    n: 10,
    ending: `
traces.flush();
await Promise.all(appended);
out.refused = await threads.append({ runId: 'run_3', threadId: thread, at: new Date().toISOString(), question: 'again', tier: 1, trust: 'certified' }).then(() => 'committed', () => 'refused');
traces.write(detail(3), true, 'ana');
traces.flush();
out.failedTraces = failedTraces;
traces.close(); await runs.close(); await threads.close();
clearInterval(alive);
console.log(JSON.stringify(out));
`,
    check: (out, files) => {
      expect(out['refused']).toBe('refused');
      expect(out['failedTraces']).toEqual([`tr_${(3).toString(16).padStart(16, '0')}`]);
      expect(files).toEqual({ facts: 10, threadRuns: 10, threads: 1, traces: 10 });
    },
  },
];

function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('the store-writer thread', () => {
  it('is built', () => {
    expect(existsSync(join(DIST, 'traces/store-writer-worker.js')), 'dist is missing the worker: run npm run build (npm test does)').toBe(true);
  });

  it.each(CASES)('$name', (c) => {
    const root = mkdtempSync(join(tmpdir(), 'svc-store-writer-'));
    roots.push(root);
    const script = `const DIST = ${JSON.stringify(DIST)}; const ROOT = ${JSON.stringify(root)}; const N = ${c.n}; const ENABLE = ${c.enable !== false};\n${PRELUDE}\n${c.ending}`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const local = join(root, '.svc/local');
    c.check(JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>, {
      facts: count(join(local, 'answer-facts.db'), 'SELECT count(*) AS n FROM run_facts'),
      threadRuns: count(join(local, 'agent-runs.db'), 'SELECT count(*) AS n FROM runs'),
      threads: count(join(local, 'agent-runs.db'), 'SELECT count(*) AS n FROM threads'),
      traces: count(join(local, 'ask-observability'), 'SELECT count(*) AS n FROM summaries'),
    });
  });
});
