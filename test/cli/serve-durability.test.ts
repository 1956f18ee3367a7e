/**
 * What an Ask writes (trace, answer facts, thread run) is batched off the response path, and
 * still: a run is readable the moment its Ask returns (its thread, its trace, a follow-up in its
 * thread), and every batched write is on disk once `svc serve` stops on SIGTERM, even when the
 * signal comes right after the last answer. A crash (SIGKILL) loses at most the writes queued at
 * that moment: every store still opens, and what was committed before is all there.
 * Real `svc serve` child processes over the commerce fixture; needs the build.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { RUN_STORE_FILE } from '../../src/hooks/stores/sqlite-run-store.js';
import { THREAD_STORE_FILE } from '../../src/hooks/stores/sqlite-thread-store.js';
import { traceStorePath } from '../../src/traces/index.js';
import { WRITE_QUEUE_EVERY_MS } from '../../src/traces/write-queue.js';
import { SVC_BIN } from '../helpers/cli.js';
import { cleanupProjects, makeProject, REPO } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

const QUESTIONS = ['weekly revenue', 'top 3 states by revenue', 'revenue per month', 'category sales'];

/** `svc serve` on `root`: its URL once printed, and its exit code when it ends. */
async function serve(root: string): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [SVC_BIN, 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) done(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => fail(new Error(`svc serve exited (${code}) before printing a URL`)));
  });
  return { child, url, exited };
}

type Run = { runId: string; traceId: string; threadId: string; tier: number; trust: string; followUp?: unknown };

async function ask(url: string, body: Record<string, unknown>): Promise<Run> {
  const res = await fetch(`${url}/api/agent-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Run;
}

/** Run ids in each local store of `root`, read from the files as another process would. */
function stored(root: string): { facts: Set<string>; threadRuns: Set<string>; traces: Map<string, string> } {
  const read = <T>(file: string, sql: string): T[] => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
  const facts = read<{ run_id: string }>(join(root, RUN_STORE_FILE), 'SELECT run_id FROM run_facts');
  const runs = read<{ run_id: string }>(join(root, THREAD_STORE_FILE), 'SELECT run_id FROM runs');
  const traces = read<{ run_id: string; status: string }>(traceStorePath(root), 'SELECT run_id, status FROM summaries');
  return {
    facts: new Set(facts.map((r) => r.run_id)),
    threadRuns: new Set(runs.map((r) => r.run_id)),
    traces: new Map(traces.map((r) => [r.run_id, r.status])),
  };
}

describe('svc serve batches what an Ask writes', () => {
  it('reads a run back the moment its Ask returns, and has every write on disk after SIGTERM', async () => {
    const root = await commerceProject();
    const { child, url, exited } = await serve(root);
    try {
      const first = await ask(url, { question: 'weekly revenue' });
      // Read-through the queue: nothing of this run has been committed yet.
      const [thread, trace, followUp] = await Promise.all([
        fetch(`${url}/api/agent-runs/${first.runId}/thread`).then(async (r) => ({ status: r.status, body: (await r.json()) as { runs: Run[] } })),
        fetch(`${url}/api/ask-traces/by-run/${first.runId}`).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { traceId: string; status: string },
        })),
        ask(url, { question: 'only for the top 3 states', threadId: first.threadId }),
      ]);
      expect(thread.status).toBe(200);
      expect(thread.body.runs.map((r) => r.runId)).toContain(first.runId);
      expect(trace).toMatchObject({ status: 200, body: { traceId: first.traceId, status: 'complete' } });
      expect(followUp.threadId).toBe(first.threadId);
      // Many Asks at once, then the signal while their writes are still queued.
      const runs = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(url, { question: QUESTIONS[i % QUESTIONS.length] })));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const disk = stored(root);
      for (const r of [first, followUp, ...runs]) {
        expect(disk.facts.has(r.runId), `answer facts of ${r.runId}`).toBe(true);
        expect(disk.threadRuns.has(r.runId), `thread run of ${r.runId}`).toBe(true);
        expect(disk.traces.get(r.runId), `trace of ${r.runId}`).toBe('complete');
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('loses at most the queued writes on a crash: the stores open and every earlier commit is there', async () => {
    const root = await commerceProject();
    const { child, url, exited } = await serve(root);
    try {
      const committed = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(url, { question: QUESTIONS[i % QUESTIONS.length] })));
      // Past the batch interval: these are committed.
      await new Promise((done) => setTimeout(done, WRITE_QUEUE_EVERY_MS * 20));
      // The Asks whose writes are queued when the process dies; they may or may not be on disk.
      await Promise.all(Array.from({ length: 20 }, (_, i) => ask(url, { question: QUESTIONS[i % QUESTIONS.length] })));
      child.kill('SIGKILL');
      await exited;
      const disk = stored(root);
      for (const r of committed) {
        expect(disk.facts.has(r.runId)).toBe(true);
        expect(disk.threadRuns.has(r.runId)).toBe(true);
        expect(disk.traces.get(r.runId)).toBe('complete');
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('commits what a process queued when it exits without closing its stores', () => {
    const root = makeProject({});
    const module = join(REPO, 'dist/src/hooks/stores/sqlite-run-store.js');
    const script = `const { openSqliteRunStore } = await import(${JSON.stringify(module)});
      const store = openSqliteRunStore(${JSON.stringify(root)});
      for (let i = 0; i < 300; i++) await store.put({ runId: 'run_' + i, at: new Date().toISOString(), question: 'q', status: 'answered', tier: 1, trust: 'certified', tables: [], traceId: 'tr_' + i, sources: [] });
      process.exit(0);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const db = new Database(join(root, RUN_STORE_FILE), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) FROM run_facts').pluck().get()).toBe(300);
    } finally {
      db.close();
    }
  });
});
