/**
 * Worker side of compile-parallel.ts: compiles the files it claims from the shared counter with
 * the same code the main thread uses, posts the results (with their indexes) on its port in
 * batches as it goes, then its last message and the shared flag the main thread waits on. Any failure is posted as an error, and the
 * main thread compiles the files left without a result itself.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { snapshotNames } from '../analyze/sql-names.js';
import { resolveConnection } from '../project/config.js';
import { BATCH, claimJobs, DONE, type WorkerInput, type WorkerOutput } from './compile-parallel.js';
import { type Ctx, type FreshJob, runJobs, type UnitResult } from './compile-units.js';
import { DirListing } from './dir-listing.js';

/**
 * The buffers holding the results' block fragments, to be transferred, not cloned: a structured
 * clone copies the worker's share of a 50,000-block manifest (about 50 MB) while the worker still
 * holds the originals, which raised the compile's peak RSS. Fragments are cut from slabs
 * (manifest/fragments.ts), so transferring the slabs moves every fragment without a copy; the
 * main thread receives views on the same bytes. A slab is not used again here once transferred:
 * its length reads 0, and the next fragment takes a new one.
 */
function slabsOf(results: UnitResult[]): ArrayBuffer[] {
  const slabs = new Set<ArrayBuffer>();
  for (const r of results) for (const b of r.blocks) slabs.add(b.text.buffer as ArrayBuffer);
  return [...slabs];
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
  let results: UnitResult[] = [];
  let indexes: number[] = [];
  const post = (): void => {
    port.postMessage({ results, indexes } satisfies WorkerOutput, slabsOf(results));
    results = [];
    indexes = [];
  };
  claimJobs(shared, jobs.length, (i) => {
    results.push(...runJobs(ctx, [jobs[i] as FreshJob]));
    indexes.push(i);
    if (results.length >= BATCH) post();
  });
  if (results.length > 0) post();
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerOutput);
} finally {
  port.postMessage({ end: true } satisfies WorkerOutput);
  Atomics.store(shared, DONE, 1);
  Atomics.notify(shared, DONE);
}
