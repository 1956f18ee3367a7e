/**
 * Worker side of compile-parallel.ts: compiles the files it was given with the same code the
 * main thread uses, posts the results on its port, then raises the shared flag the main thread
 * waits on. Any failure is posted as an error, and the main thread compiles those files itself.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { snapshotNames } from '../analyze/sql-names.js';
import { resolveConnection } from '../project/config.js';
import type { WorkerInput } from './compile-parallel.js';
import { type Ctx, runJobs } from './compile-units.js';
import { DirListing } from './dir-listing.js';

const { input, port, shared } = workerData as { input: WorkerInput; port: MessagePort; shared: Int32Array };

try {
  const ctx: Ctx = {
    root: input.root,
    env: {
      driverOf: (c: string) => resolveConnection(input.config, c).driver,
      contracts: { loaded: input.contracts.loaded, path: input.contracts.path, keys: new Set(input.contracts.keys) },
      certifiers: input.certifiers,
      ...(input.snapshot !== undefined ? { names: snapshotNames(input.snapshot) } : {}),
    },
    listing: new DirListing(input.root),
    nowNs: input.nowNs,
  };
  const jobs = input.jobs.map((j) => (j.bytes ? { ...j, bytes: Buffer.from(j.bytes.buffer, j.bytes.byteOffset, j.bytes.byteLength) } : j));
  port.postMessage({ results: runJobs(ctx, jobs) });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  Atomics.store(shared, 0, 1);
  Atomics.notify(shared, 0);
}
