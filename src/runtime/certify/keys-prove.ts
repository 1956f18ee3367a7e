/**
 * `svc keys prove [BLOCK...]` as a library call: the project compiled as it is now (nothing is
 * written but the proofs' evidence), one executor on its connections, and the key proofs of
 * keys/prove-keys.ts for the local owner (no host: no row policy, the project's own credentials).
 * Exit code 0 when every proof passed, 1 when one failed or could not run, 2 when the project
 * cannot be opened or compiled.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { createExecutor } from '../../warehouse/executor.js';
import { proveKeys } from '../keys/prove-keys.js';
import type { KeyProofResults } from '../keys/types.js';
import { closeHeld } from './executor-runner.js';
import { localOwner } from './local-owner.js';
import { compiledManifest, openProject } from './project.js';

export interface KeysProveOptions {
  cwd: string;
  project?: string;
  /** Ids, names or project-relative files; none: every certified block with keys. */
  blocks?: readonly string[];
  relationships?: readonly string[];
  /** Where a warehouse failure's own words go (default: stderr). */
  log?: (line: string) => void;
}

export interface KeysProveResult extends Partial<KeyProofResults> {
  exitCode: 0 | 1 | 2;
  diagnostics: Diagnostic[];
}

/** Proves the keys of the project's certified blocks from the command line. */
export async function keysProve(opts: KeysProveOptions): Promise<KeysProveResult> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { exitCode: 2, diagnostics: opened.diagnostics };
  const { root, config } = opened.project;
  const compiled = compiledManifest(root);
  if (compiled.manifest === undefined) return { exitCode: 2, diagnostics: compiled.diagnostics.filter((d) => d.severity === 'error') };
  const executor = createExecutor({ root, config });
  try {
    const results = await proveKeys({
      root,
      manifest: compiled.manifest,
      executor,
      asker: undefined,
      log: opts.log ?? ((line) => process.stderr.write(`${line}\n`)),
      provedFor: localOwner(root, config).owner,
      ...(opts.blocks !== undefined && opts.blocks.length > 0 ? { blocks: opts.blocks } : {}),
      ...(opts.relationships !== undefined && opts.relationships.length > 0 ? { relationships: opts.relationships } : {}),
    });
    return { exitCode: results.ok ? 0 : 1, ...results, diagnostics: [] };
  } finally {
    await closeHeld(() => executor.close());
  }
}
