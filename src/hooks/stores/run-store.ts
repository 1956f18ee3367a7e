/**
 * Answer facts of Ask runs (spec 03 "Answer facts"): what `GET /api/host/answers/:runId` reads.
 * A record holds the question, status, trust, the SQL and where it came from, its fingerprint
 * and sha256, the tables read, the trace id, the sources, the owner, and the first table of at
 * most 500 rows (shown only to the owner and only when asked for). Every method returns a
 * promise (spec 02: a host may replace the store with `stores.runs`).
 */

/** Rows kept with a run for `?values=1`. */
export const FACT_ROWS = 500;

export interface RunRecord {
  runId: string;
  /** The principal id of the person who asked; absent when no one was placed. */
  owner?: string;
  at: string;
  question: string;
  status: 'answered' | 'refused';
  tier: 1 | 2 | 3;
  trust: 'certified' | 'review_required' | 'refused';
  /** Where the SQL came from: a certified block, or written for the question (model or agent). */
  sqlFrom?: 'block' | 'written';
  sql?: string;
  /** The connection the SQL ran on: a block's own, or the one the request named for written SQL (absent: the project's default). */
  connection?: string;
  sqlFingerprint?: string;
  sqlSha256?: string;
  /**
   * A block's answer: the values the question bound (the declared defaults fill the rest, as
   * when it ran), and the rows it kept of the block's result, so an export reruns exactly it.
   */
  rerun?: {
    params: Record<string, string | number | boolean>;
    within?: { column: string; start?: string; end: string };
    keep?: Array<{ column: string; values: string[] }>;
  };
  tables: string[];
  traceId: string;
  /** `block:<domain>.<name>` and `app:block:<domain>:<hash>` for a block's answer; empty otherwise. */
  sources: string[];
  refusalCode?: string;
  /** `autopilot`: an App Autopilot run (no SQL, no values; never an answer to add to a page); absent: an Ask. */
  kind?: 'autopilot';
  /** The asker was not shown this needs-review answer's values: none were ever stored. */
  figuresWithheld?: true;
  /** The written answer (`text`) and the first table; absent when figures were withheld. */
  values?: { columns: string[]; rows: Array<Record<string, unknown>>; rowCount: number; text?: string };
}

export interface RunStore {
  put(record: RunRecord): Promise<void>;
  get(runId: string): Promise<RunRecord | undefined>;
  close(): Promise<void>;
}

/** A store in memory: evaluation runs and tests. */
export function createMemoryRunStore(): RunStore {
  const records = new Map<string, RunRecord>();
  return {
    async put(record) {
      records.set(record.runId, structuredClone(record));
    },
    async get(runId) {
      const r = records.get(runId);
      return r === undefined ? undefined : structuredClone(r);
    },
    async close() {},
  };
}
