/**
 * The write queue of one local store database: what an Ask writes (its trace, answer facts, run
 * and thread) waits here, off the response path, and is committed in one transaction with every
 * other write queued within `everyMs` (or as soon as `maxItems` are queued). A queue given
 * `offThread` commits on the process's store-writer thread (store-writer.ts) when the process
 * enabled it (a server does): the batch is turned into plain rows here and posted, and the
 * transaction runs on the other thread, so an Ask's thread never waits on SQLite; without that
 * thread (not enabled, none built, or it stopped) `commit` runs here.
 * Reads that must see a write just made read through `get()`/`items()` (queued and posted
 * batches alike) or call `flush()` first, which returns once everything queued is committed.
 *
 * Bounded: the queue never holds more than `maxItems`, and at most MAX_POSTED batches wait on the
 * writer thread; the write that fills the queue sends the batch at once, inside the caller, and
 * waits for the oldest posted batch when too many are (back-pressure: a burst pays for its own
 * commits, memory never grows). A batch that fails to commit is handed to `failed` and dropped,
 * never retried, so a broken store cannot hold memory either.
 *
 * Durability: `close()` commits what is queued and waits for it, and every queue still holding
 * writes is committed the same way when the process exits normally (the `exit` event, after
 * SIGINT/SIGTERM handling closed the server, or a plain `process.exit`), so a clean shutdown loses
 * nothing. A crash (SIGKILL, power loss, a fatal error) loses at most what was queued and the
 * batches posted but not yet committed: the last `everyMs` of writes and the batch being
 * committed, never more than (MAX_POSTED + 1) x `maxItems`.
 */
import { StoreWriterThread, type WriterSpec } from './store-writer.js';

/** How a queue commits on the store-writer thread. */
export interface OffThread<T> {
  /** The writer that thread opens for this store. */
  writer: WriterSpec;
  /** A batch as the plain rows its writer commits, made on this thread when the batch is sent. */
  rows: (batch: readonly T[]) => unknown[];
  /** The store's clock in ms since the epoch, sent with each batch (retention ages); default Date.now. */
  now?: () => number;
}

export interface WriteQueueOptions<T> {
  /** Commits one batch in one transaction on this thread (no `offThread`, or no writer thread); a throw fails the whole batch. */
  commit: (batch: readonly T[]) => void;
  /** Commits on the store-writer thread instead, when there is one. */
  offThread?: OffThread<T>;
  /** Told of a batch once it is committed. */
  done?: (batch: readonly T[]) => void;
  /** Told of a batch that did not commit (it is dropped); `offThread` when it failed on the writer thread. */
  failed?: (batch: readonly T[], error: unknown, offThread: boolean) => void;
  /** Items with the same key share one slot: a later one replaces (or is merged into) the earlier. */
  key?: (item: T) => string;
  /** How a later item with an earlier one's key is kept; default: the later one. */
  merge?: (earlier: T, later: T) => T;
  /** Longest an item waits for its batch, in ms. */
  everyMs?: number;
  /** Most items queued; reaching it commits the batch at once. */
  maxItems?: number;
}

/** Defaults: a few milliseconds, and a batch small enough to commit in about a millisecond. */
export const WRITE_QUEUE_EVERY_MS = 5;
export const WRITE_QUEUE_MAX_ITEMS = 256;
/** Batches of one queue posted to the writer thread and not yet committed, at most. */
export const MAX_POSTED = 8;

/** Queues holding writes, committed on a normal exit; an empty queue is not held here, so a store dropped without close() can still be collected. */
const holding = new Set<WriteQueue<unknown>>();
let exitHooked = false;

/**
 * One timer per interval for every queue with writes waiting: the stores an Ask writes to send
 * their batches in the same turn, so they reach the writer thread as one message. An item still
 * waits at most its queue's `everyMs` (the timer started at the first write of the group).
 */
const ticks = new Map<number, Set<WriteQueue<unknown>>>();

function tick(everyMs: number, queue: WriteQueue<unknown>): void {
  let due = ticks.get(everyMs);
  if (due === undefined) {
    const queues = new Set<WriteQueue<unknown>>();
    due = queues;
    ticks.set(everyMs, queues);
    setTimeout(() => {
      ticks.delete(everyMs);
      for (const q of queues) q.send();
    }, everyMs).unref();
  }
  due.add(queue);
}

function commitAllOnExit(): void {
  for (const q of [...holding]) q.close();
}

/** A batch posted to the writer thread: its message number and its items, readable until it commits. */
interface Posted<T> {
  seq: number;
  items: Map<string, T>;
}

export class WriteQueue<T> {
  private queued = new Map<string, T>();
  private posted: Posted<T>[] = [];
  private closed = false;
  private seq = 0;
  private readonly everyMs: number;
  readonly maxItems: number;
  /** This store's number on the writer thread, once registered there. */
  private store: number | undefined;

  constructor(private readonly opts: WriteQueueOptions<T>) {
    this.everyMs = opts.everyMs ?? WRITE_QUEUE_EVERY_MS;
    this.maxItems = Math.max(1, opts.maxItems ?? WRITE_QUEUE_MAX_ITEMS);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', commitAllOnExit);
    }
  }

  /** Queues `item`; false when the queue is closed (the item is not kept). */
  push(item: T): boolean {
    if (this.closed) return false;
    const key = this.opts.key?.(item) ?? String(this.seq++);
    const earlier = this.queued.get(key);
    this.queued.set(key, earlier !== undefined && this.opts.merge !== undefined ? this.opts.merge(earlier, item) : item);
    holding.add(this as WriteQueue<unknown>);
    if (this.queued.size >= this.maxItems) this.send();
    else tick(this.everyMs, this as WriteQueue<unknown>);
    return true;
  }

  /** The item with `key` not yet committed, queued or posted (queues with a key function). */
  get(key: string): T | undefined {
    const queued = this.queued.get(key);
    if (queued !== undefined) return queued;
    for (let i = this.posted.length - 1; i >= 0; i--) {
      const posted = this.posted[i]?.items.get(key);
      if (posted !== undefined) return posted;
    }
    return undefined;
  }

  /** Everything not yet known to be committed, oldest first: the posted batches, then the queue. */
  items(): T[] {
    return [...this.posted.flatMap((p) => [...p.items.values()]), ...this.queued.values()];
  }

  /** Items queued and not yet sent. */
  get size(): number {
    return this.queued.size;
  }

  /** Commits what is queued now, in one transaction, and returns once it (and every batch posted before) is committed. */
  flush(): void {
    this.send();
    const last = this.posted[this.posted.length - 1];
    if (last !== undefined) this.thread()?.waitFor(last.seq);
  }

  /** Commits what is queued and takes no more; safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    if (this.store !== undefined) this.thread()?.close(this.store);
  }

  /** The writer thread, with this store registered there; undefined when batches commit here. */
  private thread(): StoreWriterThread | undefined {
    if (this.opts.offThread === undefined) return undefined;
    const thread = StoreWriterThread.get();
    if (thread !== undefined) this.store ??= thread.open(this.opts.offThread.writer);
    return thread;
  }

  /** Sends what is queued without waiting: posted to the writer thread, or committed here (the shared timer calls this). */
  send(): void {
    ticks.get(this.everyMs)?.delete(this as WriteQueue<unknown>);
    if (this.queued.size === 0) return;
    const items = this.queued;
    this.queued = new Map();
    const thread = this.thread();
    if (thread === undefined || this.opts.offThread === undefined || this.store === undefined) return this.commitHere([...items.values()]);
    let rows: unknown[];
    try {
      rows = this.opts.offThread.rows([...items.values()]);
    } catch (error) {
      return this.settled(undefined, [...items.values()], error, false);
    }
    const posted: Posted<T> = { seq: 0, items };
    this.posted.push(posted);
    posted.seq = thread.commit(this.store, rows, (this.opts.offThread.now ?? Date.now)(), (error) => this.settled(posted, [...items.values()], error, true));
    const oldest = this.posted[0];
    if (this.posted.length > MAX_POSTED && oldest !== undefined) thread.waitFor(oldest.seq);
  }

  private commitHere(batch: T[]): void {
    try {
      this.opts.commit(batch);
    } catch (error) {
      return this.settled(undefined, batch, error, false);
    }
    this.settled(undefined, batch, undefined, false);
  }

  /** A batch committed (no error) or failed: its listeners are told, and it is no longer read from here. */
  private settled(posted: Posted<T> | undefined, batch: T[], error: unknown, offThread: boolean): void {
    if (posted !== undefined) this.posted = this.posted.filter((p) => p !== posted);
    if (this.queued.size === 0 && this.posted.length === 0) holding.delete(this as WriteQueue<unknown>);
    try {
      if (error === undefined) this.opts.done?.(batch);
      else this.opts.failed?.(batch, error, offThread);
    } catch {
      // a failing listener changes nothing: the batch is committed or dropped either way
    }
  }
}
