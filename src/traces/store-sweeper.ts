/**
 * Retention of the local stores beside the trace store (answer facts; thread runs and their
 * threads), enforced the way the trace store's retention is (retention.ts): inside each write
 * batch's transaction, right after its rows, so no store ever grows past its cap between sweeps.
 *
 * - Count: rows are numbered by rowid in the order written, so "the newest N" are the rows above
 *   `max(rowid) - N`; when more are kept, the oldest go in one range delete down to N - batch
 *   (batch = N/8, at most 256), so the delete runs once per batch of writes, not per write, and
 *   the span of rowids is read only when the rows written since its last read may have filled it.
 * - Age: once a minute of store time, rows whose time column is older than the limit go.
 * - Size: over 90% of `maxBytes` the oldest eighth goes, until under; the hard cap
 *   (max_page_count, set by `capFile`) fails a write that would still pass the limit. The file's
 *   size is read once per batch; within a batch each row's bytes are added to it (a generous
 *   estimate), and the file is read again only when that estimate nears the limit.
 * - `after`: statements run after every sweep that deleted rows (a thread left without runs).
 */
import type { Database, Statement } from 'better-sqlite3';

export interface StoreLimits {
  /** Most rows kept. */
  maxRows: number;
  /** Rows older than this are deleted (by the table's time column). */
  maxAgeMs: number;
  /** Hard cap of the database file. */
  maxBytes: number;
}

export interface SweptTable {
  table: string;
  /** ISO 8601 time of the row (text, so it compares in time order); rows without one never age out. */
  atColumn: string;
  /** Statements run after rows were deleted, in the same transaction. */
  after?: string[];
}

const HEADROOM = 0.9;
/**
 * What a row of `n` text characters may add to the file at most, for the per-row size estimate:
 * up to 3 bytes a character in UTF-8, plus its index entries and a page split's slack. Generous
 * on purpose: an estimate over the truth only costs an early size check.
 */
const rowBytesAtMost = (chars: number): number => 3 * chars + 8192;
const SWEEP_EVERY_MS = 60_000;

/**
 * SQLite's page cache per store connection, in KiB: an LRU of recently used pages. SQLite's
 * default (2 MiB) is malloc'ed page by page as a busy store's file grows and never given back, so a
 * serving process grew by megabytes per thousand Asks; reads of these stores are rare and the
 * operating system caches the file anyway.
 */
export const STORE_PAGE_CACHE_KIB = 256;

/** Bounds the connection's page cache (STORE_PAGE_CACHE_KIB). */
export function capPageCache(db: Database): void {
  db.pragma(`cache_size = -${STORE_PAGE_CACHE_KIB}`);
}

/** Sets the database's hard size cap and bounded page cache; a write past the cap fails as full instead of growing the file. */
export function capFile(db: Database, maxBytes: number): void {
  capPageCache(db);
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  db.pragma(`max_page_count = ${Math.max(16, Math.floor(maxBytes / pageSize))}`);
  // The write-ahead log is emptied back to this size after each checkpoint.
  db.pragma('journal_size_limit = 4194304');
}

/**
 * Runs `write` (one transaction); when the store is full, frees a quarter of its budget from the
 * oldest rows and tries once more.
 */
export function writeOrFree(db: Database, sweeper: StoreSweeper, write: () => void): void {
  try {
    write();
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
    db.transaction(() => sweeper.trimSize(0.25))();
    write();
  }
}

export class StoreSweeper {
  private readonly s: Record<'span' | 'upTo' | 'older' | 'pageCount' | 'freePages', Statement>;
  private readonly after: Statement[];
  private lastSweep = Number.NEGATIVE_INFINITY;
  private deletedInBatch = 0;
  private readonly batch: number;
  /** The page size never changes for an open file (only VACUUM could), so it is read once. */
  private readonly pageSize: number;
  /** Bytes used when last read, and what rows written since may have added (rowBytesAtMost). */
  private measured = 0;
  private addedSince = 0;
  /**
   * Rows that can be written before the count could pass its cap, from the last read of the span
   * less each row written since (afterRow). Deletes only add to it, so it never overstates; rows
   * another process writes to the same file are counted at this connection's next read.
   */
  private countHeadroom = 0;

  constructor(
    db: Database,
    what: SweptTable,
    readonly limits: StoreLimits,
  ) {
    this.s = {
      // Two subqueries: SQLite answers a lone min() or max() of the rowid from the b-tree's edge,
      // but scans the whole table for both in one select.
      span: db.prepare(`SELECT (SELECT min(rowid) FROM ${what.table}) AS low, (SELECT max(rowid) FROM ${what.table}) AS high`),
      upTo: db.prepare(`DELETE FROM ${what.table} WHERE rowid <= ?`),
      older: db.prepare(`DELETE FROM ${what.table} WHERE ${what.atColumn} < ?`),
      pageCount: db.prepare('PRAGMA page_count').pluck(),
      freePages: db.prepare('PRAGMA freelist_count').pluck(),
    };
    this.pageSize = Number(db.pragma('page_size', { simple: true }));
    this.after = (what.after ?? []).map((sql) => db.prepare(sql));
    this.batch = Math.max(1, Math.min(256, Math.floor(limits.maxRows / 8)));
    this.usedBytes();
  }

  usedBytes(): number {
    this.measured = (Number(this.s.pageCount.get()) - Number(this.s.freePages.get())) * this.pageSize;
    this.addedSince = 0;
    return this.measured;
  }

  /**
   * Runs inside the write transaction of a batch after each row of `chars` text characters
   * (unknown: the file is read): a batch of large rows must not reach the hard cap before its end.
   */
  afterRow(chars?: number): void {
    this.countHeadroom--;
    if (chars !== undefined) {
      this.addedSince += rowBytesAtMost(chars);
      if (this.measured + this.addedSince <= this.limits.maxBytes * HEADROOM) return;
    }
    this.deletedInBatch += this.trimSize();
  }

  /** Runs inside the write transaction of a batch, after its rows; `now` in ms since the epoch. */
  afterBatch(now: number): void {
    let deleted = this.deletedInBatch + this.trimCount();
    this.deletedInBatch = 0;
    if (now - this.lastSweep >= SWEEP_EVERY_MS || now < this.lastSweep) {
      this.lastSweep = now;
      deleted += this.s.older.run(new Date(now - this.limits.maxAgeMs).toISOString()).changes;
    }
    deleted += this.trimSize();
    if (deleted > 0) for (const s of this.after) s.run();
  }

  private span(): { low: number; high: number } | undefined {
    const row = this.s.span.get() as { low: number | null; high: number | null };
    return row.low === null || row.high === null ? undefined : { low: row.low, high: row.high };
  }

  private trimCount(): number {
    // Rows this connection may still write before the count could pass the cap: the span is read
    // again only once they are used up (about once per `batch` rows at the cap, not per commit).
    if (this.countHeadroom > 0) return 0;
    const span = this.span();
    // The span counts rowids, so it is never less than the rows kept: trimming by it keeps at most maxRows.
    if (span === undefined || span.high - span.low + 1 <= this.limits.maxRows) {
      this.countHeadroom = this.limits.maxRows - (span === undefined ? 0 : span.high - span.low + 1);
      return 0;
    }
    this.countHeadroom = this.batch;
    return this.s.upTo.run(span.high - this.limits.maxRows + this.batch).changes;
  }

  /** Deletes the oldest rows (never the newest) until the store is under `share` less than its size budget. */
  trimSize(share = 0): number {
    let deleted = 0;
    for (let round = 0; round < 32 && this.usedBytes() > this.limits.maxBytes * (HEADROOM - share); round++) {
      const span = this.span();
      // The newest row always stays.
      if (span === undefined || span.low === span.high) break;
      deleted += this.s.upTo.run(Math.min(span.high - 1, span.low + Math.max(1, Math.floor((span.high - span.low + 1) / 8)))).changes;
    }
    return deleted;
  }
}
