/**
 * The one store-writer thread of this process (store-writer-worker.ts), as the write queues of the
 * local SQLite stores see it: a store is registered once, then each batch is posted (plain rows:
 * strings and numbers, copied, so what is stored is exactly what this thread serialised) and its
 * reply comes back on a message port. What the stores send within one turn of the event loop goes
 * as one message, answered with one message: a wake-up of either thread costs more than the copy.
 *
 * Waiting is possible without the event loop: the worker raises a shared counter after each
 * reply, so `waitFor` blocks on it (Atomics.wait) and then takes the replies from the port itself
 * (receiveMessageOnPort). That is how a read sees its own writes, how `close()` commits what is
 * queued, and how the writes still queued are committed when the process exits normally.
 *
 * The thread is started on first use in a process that enabled it (a server: see `enable`) and
 * never keeps the process alive. When it cannot be
 * started (no built worker script, as when running from TypeScript sources), or it stops or stops
 * answering, every batch it had not answered fails and the queues commit on their own thread from
 * then on.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { sourceAsset } from '../source-asset.js';
import type { TraceErrorCode } from './errors.js';
import { TraceError, type UnavailableReason } from './errors.js';

/** Where a store's writer comes from in the worker: `module` (a file URL) exports `openWriter(options)`. */
export interface WriterSpec {
  module: string;
  options: unknown;
}

export type WriterMessage =
  | { kind: 'open'; seq: number; store: number; spec: WriterSpec }
  | { kind: 'commit'; seq: number; store: number; rows: readonly unknown[]; now: number }
  | { kind: 'close'; seq: number; store: number };

export interface WireError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
}

export interface WriterReply {
  seq: number;
  /** Set on the reply to a batch. */
  batch?: boolean;
  error?: WireError;
}

/** Longest a waiting thread waits for the worker's answer before it gives the worker up. */
const WAIT_MS = 15_000;

/** A failure rebuilt on this thread: a trace error as itself, anything else as an Error with its code. */
function rebuilt(e: WireError): Error {
  if (e.name === 'TraceError' && e.code !== undefined) {
    const opts: { reason?: UnavailableReason; message: string } = { message: e.message };
    if (e.reason !== undefined) opts.reason = e.reason as UnavailableReason;
    return new TraceError(e.code as TraceErrorCode, opts);
  }
  return Object.assign(new Error(e.message), e.code === undefined ? {} : { code: e.code });
}

export class StoreWriterThread {
  private seq = 0;
  private stores = 0;
  private readonly waiting = new Map<number, (error: Error | undefined) => void>();
  private gone = false;
  /** Messages sent within this turn, posted together at its end (one wake-up of the worker for all the stores' batches). */
  private outbox: WriterMessage[] = [];
  private outboxDue = false;
  /** Batches this thread committed (a count for status and tests). */
  committed = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly shared: Int32Array,
  ) {
    port.on('message', (replies: WriterReply[]) => this.settleAll(replies));
    port.unref();
    worker.on('error', () => this.giveUp());
    worker.on('exit', () => this.giveUp());
    worker.unref();
  }

  /** Whether batches go to the worker (false once it is gone). */
  get running(): boolean {
    return !this.gone;
  }

  /** Registers a store; its number names it in `post`. */
  open(spec: WriterSpec): number {
    const store = ++this.stores;
    this.send({ kind: 'open', seq: ++this.seq, store, spec }, () => undefined);
    return store;
  }

  /** Posts `rows` for `store`'s writer; `done` is told the outcome (undefined: committed). Returns the message's number. */
  commit(store: number, rows: readonly unknown[], now: number, done: (error: Error | undefined) => void): number {
    const seq = ++this.seq;
    this.send({ kind: 'commit', seq, store, rows, now }, done);
    return seq;
  }

  /** Closes `store`'s writer after every batch posted before, and waits for it. */
  close(store: number): void {
    const seq = ++this.seq;
    this.send({ kind: 'close', seq, store }, () => undefined);
    this.waitFor(seq);
  }

  private send(m: WriterMessage, done: (error: Error | undefined) => void): void {
    if (this.gone) return done(new Error('the store writer has stopped'));
    // Held open while an answer is due, so a write's promise settles before the process ends.
    if (this.waiting.size === 0) this.port.ref();
    this.waiting.set(m.seq, done);
    this.outbox.push(m);
    if (this.outboxDue) return;
    this.outboxDue = true;
    queueMicrotask(() => this.post());
  }

  /** Posts the messages sent so far, in one message. */
  private post(): void {
    this.outboxDue = false;
    if (this.outbox.length === 0) return;
    const messages = this.outbox;
    this.outbox = [];
    try {
      this.port.postMessage(messages);
    } catch (error) {
      this.settleAll(messages.map((m) => ({ seq: m.seq, error: { name: 'Error', message: (error as Error).message } })));
    }
  }

  private settleAll(replies: readonly WriterReply[]): void {
    for (const r of replies) this.settle(r);
  }

  private settle(r: WriterReply): void {
    const done = this.waiting.get(r.seq);
    this.waiting.delete(r.seq);
    if (this.waiting.size === 0) this.port.unref();
    if (r.error === undefined && r.batch === true) this.committed++;
    done?.(r.error === undefined ? undefined : rebuilt(r.error));
  }

  /** Blocks this thread until message `seq` is answered, and settles every answer that came. */
  waitFor(seq: number): void {
    this.post();
    const deadline = Date.now() + WAIT_MS;
    while (!this.gone && this.waiting.has(seq)) {
      for (let m = receiveMessageOnPort(this.port); m !== undefined; m = receiveMessageOnPort(this.port)) this.settleAll(m.message as WriterReply[]);
      if (!this.waiting.has(seq)) return;
      if (Date.now() > deadline) return this.giveUp();
      // Reached but its reply not yet on the port: look again in a moment.
      const reached = Atomics.load(this.shared, 0);
      Atomics.wait(this.shared, 0, reached, reached < seq ? 50 : 1);
    }
  }

  /** The worker stopped or stopped answering: what it had not answered fails; queues commit on their own thread from now on. */
  private giveUp(): void {
    if (this.gone) return;
    this.gone = true;
    void this.worker.terminate();
    const stranded = [...this.waiting.values()];
    this.waiting.clear();
    for (const done of stranded) done(new Error('the store writer has stopped'));
  }

  private static shared: StoreWriterThread | undefined | null = null;
  private static wanted = false;

  /**
   * Lets this process's write queues commit on the writer thread from now on. A serving process
   * calls it (startLocalServer); a one-shot command does not: starting the thread and loading
   * its writers costs about 100 ms, more than a few commits on its own thread.
   */
  static enable(): void {
    StoreWriterThread.wanted = true;
  }

  /** The process's store-writer thread, started on first use once enabled; undefined when there is none to be had. */
  static get(): StoreWriterThread | undefined {
    if (!StoreWriterThread.wanted) return undefined;
    if (StoreWriterThread.shared === null) StoreWriterThread.shared = StoreWriterThread.start();
    return StoreWriterThread.shared?.running === true ? StoreWriterThread.shared : undefined;
  }

  private static start(): StoreWriterThread | undefined {
    const script = sourceAsset('traces/store-writer-worker.js');
    if (!existsSync(fileURLToPath(script))) return undefined;
    try {
      const shared = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      // No flags of this process's own (an --eval or --input-type would change how the script loads).
      const worker = new Worker(script, { workerData: { port: port2, shared }, transferList: [port2], execArgv: [] });
      return new StoreWriterThread(worker, port1, shared);
    } catch {
      return undefined;
    }
  }
}

/** The file URL of a writer module below the source root (e.g. `traces/trace-store-writer.js`). */
export function writerModule(rel: string): string {
  return sourceAsset(rel).href;
}
