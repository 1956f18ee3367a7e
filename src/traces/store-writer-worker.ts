/**
 * The store-writer thread (store-writer.ts starts it): it owns the write connections of the local
 * SQLite stores (trace store, answer facts, threads) and commits each batch the main thread posts,
 * in one transaction, so an Ask's response never waits on SQLite.
 *
 * Messages come in lists (what the stores sent within one turn) and are handled strictly in the
 * order posted (each waits for the one before), so a store's batches commit in order and a
 * `close` follows every batch posted before it. After each list its replies go out first, as one
 * message, and the shared counter is raised to the list's last number second: a main thread that
 * sees the counter reach a message's number finds its reply waiting on the port.
 *
 * A store's writer comes from its module (`openWriter(options)`), opened on its first batch and
 * dropped after a batch that fails, so the next batch opens the file afresh (a store that was
 * locked, full or missing is tried again).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { type MessagePort, workerData } from 'node:worker_threads';
import type { WireError, WriterMessage, WriterReply, WriterSpec } from './store-writer.js';

interface Writer {
  commit(rows: readonly unknown[], now: number): void;
  close(): void;
}

const { port, shared } = workerData as { port: MessagePort; shared: Int32Array };

/** This thread's nice value: below the threads that answer, so a commit waits for a free core instead of taking one from an Ask. */
const WRITER_NICE = 5;

/** Linux gives each thread its own nice value; elsewhere the thread keeps the process's priority. */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, WRITER_NICE);
  } catch {
    // no per-thread priority here: the commits share the cores as they are
  }
}
lowerPriority();
const specs = new Map<number, WriterSpec>();
const writers = new Map<number, Writer>();
let chain: Promise<void> = Promise.resolve();

async function writerOf(store: number): Promise<Writer> {
  const open = writers.get(store);
  if (open !== undefined) return open;
  const spec = specs.get(store);
  if (spec === undefined) throw new Error('no such store');
  const mod = (await import(spec.module)) as { openWriter: (options: unknown) => Writer };
  const writer = mod.openWriter(spec.options);
  writers.set(store, writer);
  return writer;
}

function drop(store: number): void {
  const writer = writers.get(store);
  writers.delete(store);
  try {
    writer?.close();
  } catch {
    // already unusable: the next batch opens the file afresh
  }
}

/** What the main thread can rebuild of a failure: its class name, code and reason, never a stack. */
function wireError(error: unknown): WireError {
  const e = error as { name?: unknown; code?: unknown; reason?: unknown; message?: unknown } | null;
  const out: WireError = { name: typeof e?.name === 'string' ? e.name : 'Error', message: typeof e?.message === 'string' ? e.message : String(error) };
  if (typeof e?.code === 'string') out.code = e.code;
  if (typeof e?.reason === 'string') out.reason = e.reason;
  return out;
}

async function handle(m: WriterMessage): Promise<WriterReply> {
  if (m.kind === 'open') {
    specs.set(m.store, m.spec);
    return { seq: m.seq };
  }
  if (m.kind === 'close') {
    drop(m.store);
    specs.delete(m.store);
    return { seq: m.seq };
  }
  try {
    (await writerOf(m.store)).commit(m.rows, m.now);
    return { seq: m.seq, batch: true };
  } catch (error) {
    drop(m.store);
    return { seq: m.seq, batch: true, error: wireError(error) };
  }
}

port.on('message', (messages: WriterMessage[]) => {
  chain = chain.then(async () => {
    const replies: WriterReply[] = [];
    for (const m of messages) replies.push(await handle(m));
    port.postMessage(replies);
    const last = messages[messages.length - 1];
    if (last === undefined) return;
    Atomics.store(shared, 0, last.seq);
    Atomics.notify(shared, 0);
  });
});
