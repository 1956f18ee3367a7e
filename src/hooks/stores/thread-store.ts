/**
 * Conversation threads of Ask runs: a thread keeps its runs in order and records its owner, so a
 * follow-up can be held to the certified block of the answer before it, and
 * `GET /api/agent-runs/:id/thread` shows the conversation to the person whose it is, and to no
 * one else. Every method returns a promise (spec 02: a host may replace the store). A run record
 * is the run's outcome, never its rows.
 */

export interface ThreadRun {
  runId: string;
  threadId: string;
  /** ISO 8601, when the run finished. */
  at: string;
  question: string;
  tier: 1 | 2 | 3;
  trust: 'certified' | 'review_required' | 'refused';
  block?: string;
  contract?: string;
  /** Parameters bound for the answer (Tier 1). */
  params?: Record<string, string | number | boolean>;
  /** Result column names (never rows). */
  columns: string[];
  rowCount: number;
  refusalCode?: string;
  /** The asker is not shown this needs-review answer's values. */
  figuresWithheld?: true;
  /** Compact reference to the run's local trace. */
  traceId: string;
}

export interface Thread {
  id: string;
  /** The principal id of the person whose thread it is; absent when no one was placed. */
  owner?: string;
  createdAt: string;
  runs: ThreadRun[];
}

export interface ThreadStore {
  /** Starts a thread for `owner`; returns its id. */
  create(owner: string | undefined, at: string): Promise<string>;
  /** The thread with its runs in order, or undefined. */
  get(threadId: string): Promise<Thread | undefined>;
  /** Adds a run at the end of its thread. */
  append(run: ThreadRun): Promise<void>;
  /** The thread a run belongs to, or undefined. */
  threadOf(runId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Thread ids: unguessable, so one person cannot continue another's thread by counting. */
export function newThreadId(random: () => string): string {
  return `thr_${random()}`;
}

/** A store that lives in memory: evaluation runs and tests, nothing written to disk. */
export function createMemoryThreadStore(ids: () => string): ThreadStore {
  const threads = new Map<string, Thread>();
  const byRun = new Map<string, string>();
  return {
    async create(owner, at) {
      const id = newThreadId(ids);
      threads.set(id, { id, ...(owner !== undefined ? { owner } : {}), createdAt: at, runs: [] });
      return id;
    },
    async get(threadId) {
      const t = threads.get(threadId);
      return t === undefined ? undefined : { ...t, runs: [...t.runs] };
    },
    async append(run) {
      const t = threads.get(run.threadId);
      if (t === undefined) throw new Error(`no thread ${run.threadId}`);
      t.runs.push(run);
      byRun.set(run.runId, run.threadId);
    },
    async threadOf(runId) {
      return byRun.get(runId);
    },
    async close() {},
  };
}
