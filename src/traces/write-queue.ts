/**
 * The write queue of one local store database: what an Ask writes (its trace, answer facts, run
 * and thread) waits here, off the response path, and is committed in one transaction with every
 * other write queued within `everyMs` (or as soon as `maxItems` are queued). Reads that must see
 * a write just made read through `items()` or call `flush()` first.
 *
 * Bounded: the queue never holds more than `maxItems`; the write that fills it commits the batch
 * at once, inside the caller (back-pressure: a burst pays for its own commits, memory never grows).
 * A batch that fails to commit is handed to `failed` and dropped, never retried, so a broken store
 * cannot hold memory either.
 *
 * Durability: `close()` commits what is queued, and every queue still open is committed when the
 * process exits normally (the `exit` event, after SIGINT/SIGTERM handling closed the server, or a
 * plain `process.exit`), so a clean shutdown loses nothing. A crash (SIGKILL, power loss, a fatal
 * error) loses at most what was queued: the last `everyMs` of writes, never more than `maxItems`.
 */

export interface WriteQueueOptions<T> {
  /** Commits one batch in one transaction; a throw fails the whole batch. */
  commit: (batch: readonly T[]) => void;
  /** Told of a batch that did not commit (it is dropped). */
  failed?: (batch: readonly T[], error: unknown) => void;
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

/** Queues holding writes, committed on a normal exit; an empty queue is not held here, so a store dropped without close() can still be collected. */
const holding = new Set<WriteQueue<unknown>>();
let exitHooked = false;

function commitAllOnExit(): void {
  for (const q of [...holding]) q.close();
}

export class WriteQueue<T> {
  private queued = new Map<string, T>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private seq = 0;
  private readonly everyMs: number;
  readonly maxItems: number;

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
    if (this.queued.size >= this.maxItems) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.everyMs).unref();
    return true;
  }

  /** The queued item with `key` (queues with a key function). */
  get(key: string): T | undefined {
    return this.queued.get(key);
  }

  /** Everything queued, oldest first. */
  items(): T[] {
    return [...this.queued.values()];
  }

  get size(): number {
    return this.queued.size;
  }

  /** Commits what is queued now, in one transaction. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queued.size === 0) return;
    const batch = [...this.queued.values()];
    this.queued = new Map();
    holding.delete(this as WriteQueue<unknown>);
    try {
      this.opts.commit(batch);
    } catch (error) {
      try {
        this.opts.failed?.(batch, error);
      } catch {
        // a failing listener changes nothing: the batch is dropped either way
      }
    }
  }

  /** Commits what is queued and takes no more; safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
  }
}
