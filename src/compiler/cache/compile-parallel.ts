/**
 * Cold compiles of large projects on two or more cores: a worker thread compiles part of the files
 * while this thread compiles the rest. The call stays synchronous (compileProject is): this
 * thread waits on a shared flag and takes the worker's results with receiveMessageOnPort. A
 * worker that fails or goes quiet costs only speed: its files are compiled here instead.
 * Output is identical either way (test/cli/compile-parallel.test.ts compares the bytes).
 */

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { sourceAsset } from '../../source-asset.js';
import type { ContractIndex } from '../analyze/contract.js';
import type { CertifierTrust } from '../project/certifiers.js';
import type { SvcConfig } from '../project/config.js';
import type { SchemaSnapshot } from '../project/schema-snapshot.js';
import { type Ctx, type FreshJob, type JobRunner, runJobs, type UnitResult } from './compile-units.js';

/** Below this many files the worker's start-up costs more than it saves. */
export const PARALLEL_THRESHOLD = 400;
/** Share of the files this thread keeps: the worker starts about 100 ms later. */
const OWN_SHARE = 0.55;
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

function awaitWorker(shared: Int32Array, port: MessagePort): UnitResult[] | undefined {
  const deadline = Date.now() + WORKER_TIMEOUT_MS;
  while (Atomics.load(shared, 0) === 0 && Date.now() < deadline) Atomics.wait(shared, 0, 0, 1_000);
  for (let tries = 0; tries < 50; tries++) {
    const got = receiveMessageOnPort(port);
    if (got) return (got.message as { results?: UnitResult[] }).results;
    if (Atomics.load(shared, 0) === 0) return undefined;
    Atomics.wait(shared, 0, 1, 2);
  }
  return undefined;
}

/** The bundled worker when the build made one (it loads a few chunks), else the plain module. */
function workerScript(): URL {
  const bundled = sourceAsset('svc-compile-worker.js');
  return existsSync(bundled) ? bundled : sourceAsset('compiler/cache/compile-worker.js');
}

/** A runner that splits large job lists with one worker; small lists run here. */
export function parallelRunner(config: SvcConfig, contracts: ContractIndex, certifiers: CertifierTrust, snapshot?: SchemaSnapshot): JobRunner {
  return (ctx: Ctx, jobs: readonly FreshJob[]): UnitResult[] => {
    // On two cores the worker and this thread each run at little more than half speed (both
    // isolates allocate heavily and share the garbage collector's helper threads), yet a cold
    // 10,000-block compile with companions still ends about 11 % sooner in wall time (paired
    // runs, bench/compile.mjs), for about a third more CPU. One core gains nothing.
    const forced = process.env['SVC_WORKERS'] === '1';
    const usable = import.meta.url.endsWith('.js') && process.env['SVC_WORKERS'] !== '0' && (forced || availableParallelism() >= 2);
    if (!usable || jobs.length < PARALLEL_THRESHOLD) return runJobs(ctx, jobs);
    const split = Math.ceil(jobs.length * OWN_SHARE);
    const theirs = jobs.slice(split);
    const shared = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const input: WorkerInput = {
      root: ctx.root,
      nowNs: ctx.nowNs,
      config,
      contracts: { loaded: contracts.loaded, path: contracts.path, keys: [...contracts.keys] },
      certifiers,
      ...(snapshot !== undefined ? { snapshot } : {}),
      jobs: theirs,
    };
    let worker: Worker | undefined;
    try {
      worker = new Worker(workerScript(), { workerData: { input, port: port2, shared }, transferList: [port2] });
      worker.unref();
    } catch {
      return runJobs(ctx, jobs);
    }
    const mine = runJobs(ctx, jobs.slice(0, split));
    const received = awaitWorker(shared, port1);
    port1.close();
    void worker.terminate();
    return [...mine, ...(received ? revive(received) : runJobs(ctx, theirs))];
  };
}
