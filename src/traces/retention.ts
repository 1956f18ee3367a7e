/**
 * Retention of the trace store (spec 01 "Limits"), enforced on every write inside the write's
 * transaction: detailed traces up to 500 for 30 days, summaries up to 2,000 for 180 days, and
 * the database within 256 MiB. Detail always goes before its summary, so a summary survives
 * its evidence and reads as TRACE_DETAIL_EXPIRED (a summary without a detail row is expired).
 *
 * Cost on the write path, which an Ask waits for: a trace's detail and summary share one
 * sequence number, handed out without gaps, so "the newest N" is "seq > newest - N" and each
 * count limit is a range delete on the rowid, run in small batches (see afterInsert). The age sweeps
 * run at most once a minute of store time (ages are in days) and scan at most 2,000 rows; the
 * size check reads two pragmas once per batch, adds a generous estimate of each row's bytes
 * within it and reads them again only when that estimate nears the limit, and the hard cap
 * (max_page_count) stops any write that would still pass the limit.
 */
import type { Database, Statement } from 'better-sqlite3';

export interface RetentionLimits {
  detailMax: number;
  detailMaxAgeMs: number;
  summaryMax: number;
  summaryMaxAgeMs: number;
  /** Hard cap of the database file; writes past it fail as a full store. */
  maxBytes: number;
  /** Traces still recording after this long are marked abandoned. */
  abandonAfterMs: number;
}

const DAY = 86_400_000;

export const DEFAULT_LIMITS: RetentionLimits = {
  detailMax: 500,
  detailMaxAgeMs: 30 * DAY,
  summaryMax: 2000,
  summaryMaxAgeMs: 180 * DAY,
  maxBytes: 256 * 1024 * 1024,
  abandonAfterMs: 3_600_000,
};

/** Pruning starts here, below the hard cap, so ordinary writes never hit SQLITE_FULL. */
const SIZE_HEADROOM = 0.9;
const SWEEP_EVERY_MS = 60_000;
const SIZE_BATCH = 50;

/** What a row of `n` text characters may add to the file at most: 3 bytes a character, its index entries and a page split's slack. */
const rowBytesAtMost = (chars: number): number => 3 * chars + 8192;

export class Retention {
  private readonly s: Record<string, Statement>;
  private lastSweep = Number.NEGATIVE_INFINITY;
  /** The page size never changes for an open file (only VACUUM could), so it is read once. */
  private readonly pageSize: number;
  /** Bytes used when last read, and what rows written since may have added (rowBytesAtMost). */
  private measured = 0;
  private addedSince = 0;

  constructor(
    db: Database,
    private readonly limits: RetentionLimits,
  ) {
    this.s = {
      detailsUpTo: db.prepare('DELETE FROM details WHERE seq <= ?'),
      summariesUpTo: db.prepare('DELETE FROM summaries WHERE seq <= ?'),
      oldDetails: db.prepare('DELETE FROM details WHERE written_at < ?'),
      lastOldSummary: db.prepare('SELECT max(seq) FROM summaries WHERE started_at < ?').pluck(),
      abandon: db.prepare("UPDATE summaries SET status = 'abandoned' WHERE status = 'recording' AND started_at < ?"),
      nthOldestDetail: db.prepare('SELECT seq FROM details ORDER BY seq LIMIT 1 OFFSET ?').pluck(),
      nthOldestSummary: db.prepare('SELECT seq FROM summaries ORDER BY seq LIMIT 1 OFFSET ?').pluck(),
      countSummaries: db.prepare('SELECT count(*) FROM summaries').pluck(),
      countDetails: db.prepare('SELECT count(*) FROM details').pluck(),
      pageCount: db.prepare('PRAGMA page_count').pluck(),
      freePages: db.prepare('PRAGMA freelist_count').pluck(),
    };
    this.pageSize = Number(db.pragma('page_size', { simple: true }));
    this.usedBytes();
  }

  /**
   * Runs inside the write transaction of a trace first stored with sequence number `seq`.
   * Count limits trim in batches of `b` (1/8 of the limit, at most 16) every `b`-th sequence
   * number, down to `limit - b` rows: the count never passes the limit, and the deletes touch
   * neighbouring rows together instead of one page per Ask.
   */
  afterInsert(seq: number, now: number): void {
    this.trim(seq, this.limits.detailMax, false);
    this.trim(seq, this.limits.summaryMax, true);
    if (now - this.lastSweep >= SWEEP_EVERY_MS || now < this.lastSweep) this.sweepAges(now);
  }

  private trim(seq: number, limit: number, summaries: boolean): void {
    const batch = Math.max(1, Math.min(16, Math.floor(limit / 8)));
    if (seq % batch !== 0) return;
    const cut = seq - limit + batch - 1;
    if (cut <= 0) return;
    this.s['detailsUpTo']!.run(cut);
    if (summaries) this.s['summariesUpTo']!.run(cut);
  }

  private sweepAges(now: number): void {
    this.lastSweep = now;
    this.s['oldDetails']!.run(now - this.limits.detailMaxAgeMs);
    // summaries are deleted as a prefix of seq, which keeps seq gap-free at its newest end
    const cut = this.s['lastOldSummary']!.get(now - this.limits.summaryMaxAgeMs) as number | null;
    if (cut !== null) {
      this.s['detailsUpTo']!.run(cut);
      this.s['summariesUpTo']!.run(cut);
    }
    this.s['abandon']!.run(now - this.limits.abandonAfterMs);
  }

  usedBytes(): number {
    const pages = Number(this.s['pageCount']!.get()) - Number(this.s['freePages']!.get());
    this.measured = pages * this.pageSize;
    this.addedSince = 0;
    return this.measured;
  }

  /**
   * Runs inside a batch's transaction after each row of `chars` text characters: the size is
   * enforced at once when the estimate of what the batch added nears the budget, so a batch of
   * large traces never reaches the hard cap before its end; else it waits for the batch's end.
   */
  afterRow(chars: number): void {
    this.addedSince += rowBytesAtMost(chars);
    if (this.measured + this.addedSince > this.limits.maxBytes * SIZE_HEADROOM) this.enforceSize();
  }

  /**
   * Over the size budget (checked on every write; three pragma reads from the page cache):
   * oldest details go first, then oldest summaries, never the newest detail or summary. `share` > 0 frees that
   * share of the budget below it, used once after a write failed as full.
   */
  enforceSize(share = 0): void {
    const budget = this.limits.maxBytes * (SIZE_HEADROOM - share);
    for (let guard = 0; guard < 10_000 && this.usedBytes() > budget; guard++) {
      const details = Number(this.s['countDetails']!.get());
      const detailCut = details > 1 ? (this.s['nthOldestDetail']!.get(Math.min(SIZE_BATCH, details - 1) - 1) as number | undefined) : undefined;
      if (detailCut !== undefined) {
        this.s['detailsUpTo']!.run(detailCut);
        continue;
      }
      const remaining = Number(this.s['countSummaries']!.get());
      if (remaining <= 1) return;
      const summaryCut = this.s['nthOldestSummary']!.get(Math.min(SIZE_BATCH, remaining - 1) - 1) as number | undefined;
      if (summaryCut === undefined) return;
      this.s['detailsUpTo']!.run(summaryCut);
      this.s['summariesUpTo']!.run(summaryCut);
    }
  }
}
