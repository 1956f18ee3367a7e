/**
 * What a server is built from when a test exercises only its routing, hooks or files: a manifest
 * with nothing in it and an executor no statement may reach (it fails any that tries).
 */
import type { Manifest } from '../../src/compiler/types.js';
import type { Executor } from '../../src/warehouse/types.js';

/** A manifest with no blocks, Apps or diagnostics. */
export function emptyManifest(): Manifest {
  return {
    manifestVersion: 1,
    project: 'p',
    contracts: { loaded: false, path: '', count: 0 },
    blocks: {},
    apps: {},
    lineage: [],
    diagnostics: [],
  } as unknown as Manifest;
}

/** An executor that refuses to run anything: a test that reaches it has a bug. */
export const unusedExecutor: Executor = { execute: () => Promise.reject(new Error('unused')), driverOf: () => 'sqlite', close: async () => {} };
