/**
 * Worker side of compile-parallel.ts: compiles the files it claims from the shared counter with
 * the same code the main thread uses, posts the results (with their indexes) on its port, then
 * raises the shared flag the main thread waits on. Any failure is posted as an error, and the
 * main thread compiles the files left without a result itself.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { snapshotNames } from '../analyze/sql-names.js';
import { resolveConnection } from '../project/config.js';
import { claimJobs, DONE, type WorkerInput, type WorkerOutput } from './compile-parallel.js';
import { type Ctx, type FreshJob, runJobs, type UnitResult } from './compile-units.js';
import { DirListing } from './dir-listing.js';

/**
 * Moves every block fragment into one buffer that is transferred, not cloned: a structured clone
 * copies the worker's half of a 50,000-block manifest (about 50 MB) through a serialisation
 * buffer while the worker still holds the originals, which is what raised the compile's peak RSS.
 */
function pack(results: UnitResult[]): ArrayBuffer {
  const total = results.reduce((sum, r) => sum + r.blocks.reduce((n, b) => n + b.text.length, 0), 0);
  const packed = new ArrayBuffer(total);
  let at = 0;
  for (const r of results) {
    for (const b of r.blocks) {
      const view = Buffer.from(packed, at, b.text.length);
      b.text.copy(view);
      b.text = view;
      at += view.length;
    }
  }
  return packed;
}

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
  const results: UnitResult[] = [];
  const indexes: number[] = [];
  claimJobs(shared, jobs.length, (i) => {
    results.push(...runJobs(ctx, [jobs[i] as FreshJob]));
    indexes.push(i);
  });
  const packed = pack(results);
  port.postMessage({ results, indexes } satisfies WorkerOutput, [packed]);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerOutput);
} finally {
  Atomics.store(shared, DONE, 1);
  Atomics.notify(shared, DONE);
}
