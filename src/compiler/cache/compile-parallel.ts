/**
 * Cold compiles of large projects on two or more cores: a worker thread and this thread take
 * the files from one shared counter, a few at a time, so both stay busy until the list is done
 * however unevenly the cores are shared (a fixed split left one thread idle while the other
 * finished, on a loaded machine for seconds). The worker posts its results in batches as it
 * goes, and this thread takes them between its own files, so little is left to send and receive
 * once the last file is done (at 50,000 blocks the worker's half, sent at the end in one message,
 * kept this thread waiting most of a second). The call stays synchronous (compileProject is):
 * this thread waits on a shared flag and takes the worker's results with receiveMessageOnPort.
 * A worker that fails or goes quiet costs only speed: any file without its result is compiled
 * here. Results are placed by their index in the job list, so the output is identical whoever
 * compiled what (test/cli/compile-parallel.test.ts compares the bytes).
 */

import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { sourceAsset } from '../../source-asset.js';
import type { ContractIndex } from '../analyze/contract.js';
import type { CertifierTrust } from '../project/certifiers.js';
import type { SvcConfig } from '../project/config.js';
import type { SchemaSnapshot } from '../project/schema-snapshot.js';
import { type Ctx, type FreshJob, type JobRunner, runJobs, type UnitResult } from './compile-units.js';

/** Below this many files the worker's start-up costs more than it saves. */
export const PARALLEL_THRESHOLD = 400;
/** Files taken from the shared counter at a time: small enough that neither thread waits long at the end. */
export const CLAIM = 8;
/** Slots of the shared Int32Array: the worker's done flag, and the index of the next unclaimed job. */
export const DONE = 0;
export const NEXT = 1;
const WORKER_TIMEOUT_MS = 120_000;

export interface WorkerInput {
  root: string;
  nowNs: string;
  config: SvcConfig;
  contracts: { loaded: boolean; path: string; keys: string[] };
  certifiers: CertifierTrust;
  snapshot?: SchemaSnapshot;
  jobs: FreshJob[];
}

/** Results the worker gathers before posting them (with the slabs holding their blocks' text). */
export const BATCH = 256;
/** This thread looks for the worker's batches after every this many of its own files. */
const TAKE_EVERY = 64;

/**
 * What the worker posts: a batch of results, each with its index in the job list; then, last,
 * `end` (after an error too: the batches before it still count).
 */
export interface WorkerOutput {
  results?: UnitResult[];
  indexes?: number[];
  error?: string;
  end?: boolean;
}

/**
 * Compiles jobs claimed from the shared counter until none is left: `compile(i)` for each claimed
 * index, in claim order. Both threads run this over the same job list.
 */
export function claimJobs(shared: Int32Array, count: number, compile: (i: number) => void): void {
  for (;;) {
    const from = Atomics.add(shared, NEXT, CLAIM);
    if (from >= count) return;
    for (let i = from; i < Math.min(from + CLAIM, count); i++) compile(i);
  }
}

/** Structured clone turns Buffers into plain Uint8Arrays; make them Buffers again. */
function revive(results: UnitResult[]): UnitResult[] {
  for (const r of results) {
    for (const b of r.blocks) {
      const t = b.text as Uint8Array;
      b.text = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
    }
  }
  return results;
}

/** Places every batch waiting on the port; true once the worker's last message (`end`) is in. */
function take(port: MessagePort, out: Array<UnitResult | undefined>): boolean {
  for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) {
    const { results, indexes, end } = got.message as WorkerOutput;
    if (results && indexes && results.length === indexes.length) {
      revive(results).forEach((r, k) => {
        out[indexes[k] as number] = r;
      });
    }
    if (end) return true;
  }
  return false;
}

/** Waits for the worker's flag, then takes what it posted; a worker that goes quiet is given up on. */
function awaitWorker(shared: Int32Array, port: MessagePort, out: Array<UnitResult | undefined>): void {
  const deadline = Date.now() + WORKER_TIMEOUT_MS;
  while (Atomics.load(shared, DONE) === 0 && Date.now() < deadline) Atomics.wait(shared, DONE, 0, 1_000);
  for (let tries = 0; tries < 50; tries++) {
    if (take(port, out) || Atomics.load(shared, DONE) === 0) return;
    Atomics.wait(shared, DONE, 1, 2);
  }
}

/** Every job's result: the one placed, or compiled here when the worker left it without one. */
function gather(ctx: Ctx, jobs: readonly FreshJob[], out: Array<UnitResult | undefined>): UnitResult[] {
  return out.map((r, i) => r ?? (runJobs(ctx, [jobs[i] as FreshJob])[0] as UnitResult));
}

/** The bundled worker when the build made one (it loads a few chunks), else the plain module. */
function workerScript(): URL {
  const bundled = sourceAsset('svc-compile-worker.js');
  return existsSync(bundled) ? bundled : sourceAsset('compiler/cache/compile-worker.js');
}

/** Starts the worker on the whole job list; undefined when it cannot start (this thread then compiles everything). */
function startWorker(input: WorkerInput, shared: Int32Array, port: MessagePort): Worker | undefined {
  try {
    const worker = new Worker(workerScript(), { workerData: { input, port, shared }, transferList: [port] });
    worker.unref();
    return worker;
  } catch {
    return undefined;
  }
}

/**
 * True when the cores have had room over the last minute: the 1-minute load average is below the
 * number of cores (the average lags, so a build or test run that just ended still counts for a
 * while; below the cores less one it kept the worker off an idle 2-core machine after any
 * command). A worker on cores that other work already keeps busy only
 * competes for them, and it costs CPU of its own (a second isolate loads the compiler and
 * optimises it again): on 2 cores under a load average of 9 to 13, a cold compile with the
 * worker took 1.5x the CPU at 10,000 blocks and longer in wall time, and 1.15x the CPU at
 * 50,000 for the same wall time. Where no load average is reported (0), the cores count.
 */
export function coreToSpare(cores: number, load: number): boolean {
  return cores >= 2 && load < cores;
}

/**
 * A runner that shares large job lists with one worker; small lists run here. `mark` closes a
 * timing phase (timings.ts): this thread's own compiling, then its wait for the worker's last
 * files, which shows how evenly the two threads finished.
 */
export function parallelRunner(
  config: SvcConfig,
  contracts: ContractIndex,
  certifiers: CertifierTrust,
  snapshot?: SchemaSnapshot,
  mark: (phase: string) => void = () => {},
): JobRunner {
  return (ctx: Ctx, jobs: readonly FreshJob[]): UnitResult[] => {
    // On two idle cores the worker and this thread each run at little more than half speed (both
    // isolates allocate heavily and share the garbage collector's helper threads), yet a cold
    // 10,000-block compile with companions still ends sooner in wall time, for about a third
    // more CPU. One core, or cores already busy, gain nothing (coreToSpare).
    const forced = process.env['SVC_WORKERS'] === '1';
    const usable = import.meta.url.endsWith('.js') && process.env['SVC_WORKERS'] !== '0' && (forced || coreToSpare(availableParallelism(), loadavg()[0] ?? 0));
    if (!usable || jobs.length < PARALLEL_THRESHOLD) return runJobs(ctx, jobs);
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    const keys = [...contracts.keys];
    const input: WorkerInput = {
      root: ctx.root,
      nowNs: ctx.nowNs,
      config,
      contracts: { loaded: contracts.loaded, path: contracts.path, keys },
      certifiers,
      jobs: [...jobs],
    };
    if (snapshot !== undefined) input.snapshot = snapshot;
    const worker = startWorker(input, shared, port2);
    if (worker === undefined) return runJobs(ctx, jobs);
    const out = new Array<UnitResult | undefined>(jobs.length);
    let own = 0;
    claimJobs(shared, jobs.length, (i) => {
      out[i] = runJobs(ctx, [jobs[i] as FreshJob])[0];
      if (++own % TAKE_EVERY === 0) take(port1, out);
    });
    mark('compile (this thread)');
    awaitWorker(shared, port1, out);
    port1.close();
    void worker.terminate();
    mark('wait for worker');
    return gather(ctx, jobs, out);
  };
}
