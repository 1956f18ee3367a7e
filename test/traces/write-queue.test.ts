/**
 * The write queue every local store batches its writes in: one commit per batch, never more than
 * its bound queued, items of one key written once, a failed batch dropped and told, close commits
 * and refuses later writes. Over a real SQLite table, as the stores use it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WRITE_QUEUE_EVERY_MS, WriteQueue, type WriteQueueOptions } from '../../src/traces/write-queue.js';

interface Row {
  id: string;
  n: number;
}

const dirs: string[] = [];
const dbs: Database.Database[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A queue over a real table; `commits` counts transactions, `failOn` makes a batch holding that id fail. */
function table(opts: Partial<WriteQueueOptions<Row>> & { failOn?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-write-queue-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'q.db'));
  dbs.push(db);
  db.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, n INTEGER)');
  const insert = db.prepare('INSERT OR REPLACE INTO rows (id, n) VALUES (?, ?)');
  const stats = { commits: 0, biggest: 0, failed: [] as string[][] };
  const tx = db.transaction((batch: readonly Row[]) => {
    for (const r of batch) {
      if (r.id === opts.failOn) throw new Error('refused');
      insert.run(r.id, r.n);
    }
  });
  const queue = new WriteQueue<Row>({
    commit: (batch) => {
      stats.commits++;
      stats.biggest = Math.max(stats.biggest, batch.length);
      tx(batch);
    },
    failed: (batch) => void stats.failed.push(batch.map((r) => r.id)),
    ...opts,
  });
  const rows = () => db.prepare('SELECT id, n FROM rows ORDER BY id').all() as Row[];
  return { queue, stats, rows };
}

const row = (i: number, n = i): Row => ({ id: `r${String(i).padStart(4, '0')}`, n });
const later = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('WriteQueue', () => {
  const cases: Array<{
    name: string;
    opts: Partial<WriteQueueOptions<Row>> & { failOn?: string };
    push: Row[];
    commits: number;
    biggest: number;
    stored: number;
    failed?: number;
  }> = [
    { name: 'writes pushed together share one commit', opts: {}, push: Array.from({ length: 100 }, (_, i) => row(i)), commits: 1, biggest: 100, stored: 100 },
    {
      name: 'the bound commits a full queue at once, so no batch is bigger',
      opts: { maxItems: 64 },
      push: Array.from({ length: 200 }, (_, i) => row(i)),
      commits: 4,
      biggest: 64,
      stored: 200,
    },
    {
      name: 'items of one key are written once, the later kept',
      opts: { key: (r) => r.id },
      push: [row(1, 1), row(2, 2), row(1, 10), row(1, 11)],
      commits: 1,
      biggest: 2,
      stored: 2,
    },
    {
      name: 'a batch that fails is dropped and told, and later batches go on',
      opts: { failOn: row(3).id },
      push: [row(1), row(2), row(3)],
      commits: 1,
      biggest: 3,
      stored: 0,
      failed: 3,
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const { queue, stats, rows } = table(c.opts);
      for (const r of c.push) {
        queue.push(r);
        expect(queue.size).toBeLessThan(queue.maxItems);
      }
      await later(WRITE_QUEUE_EVERY_MS * 6);
      expect(stats).toMatchObject({ commits: c.commits, biggest: c.biggest });
      expect(rows()).toHaveLength(c.stored);
      expect(stats.failed.flat()).toHaveLength(c.failed ?? 0);
      queue.push(row(9999));
      queue.close();
      expect(rows().map((r) => r.id)).toContain(row(9999).id);
    });

  it('holds items for reads until their commit, then commits within a few milliseconds', async () => {
    const { queue, stats, rows } = table({ key: (r) => r.id });
    queue.push(row(1, 5));
    expect(queue.get(row(1).id)).toEqual(row(1, 5));
    expect(queue.items()).toEqual([row(1, 5)]);
    expect(rows()).toEqual([]);
    await later(WRITE_QUEUE_EVERY_MS * 6);
    expect(stats.commits).toBe(1);
    expect(queue.get(row(1).id)).toBeUndefined();
    expect(rows()).toEqual([row(1, 5)]);
  });

  it('close commits everything queued and refuses what comes after', () => {
    const { queue, stats, rows } = table();
    for (let i = 0; i < 10; i++) queue.push(row(i));
    queue.close();
    expect(rows()).toHaveLength(10);
    expect(queue.push(row(11))).toBe(false);
    queue.close();
    expect(stats.commits).toBe(1);
    expect(rows()).toHaveLength(10);
  });

  it('commits in the order items were pushed, batch after batch, a keyed item keeping its first place', async () => {
    const order: string[] = [];
    const { queue } = table({ maxItems: 4, key: (r) => r.id, commit: (batch) => void order.push(...batch.map((r) => r.id)) });
    const pushed = [3, 1, 2, 1, 7, 5, 9, 8, 6, 4, 0];
    for (const i of pushed) queue.push(row(i));
    queue.close();
    // r1 pushed twice within its batch is written once, where it was first pushed.
    expect(order).toEqual([3, 1, 2, 7, 5, 9, 8, 6, 4, 0].map((i) => row(i).id));
  });

  it('merges a later item into an earlier one of its key when told how', async () => {
    const { queue, rows } = table({ key: (r) => r.id, merge: (a, b) => ({ id: a.id, n: a.n + b.n }) });
    for (const n of [1, 2, 3]) queue.push(row(1, n));
    queue.flush();
    expect(rows()).toEqual([row(1, 6)]);
  });
});
