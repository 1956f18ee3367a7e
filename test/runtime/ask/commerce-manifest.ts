/** The compiled commerce fixture, shared by the Ask routing tests (compiled once per file). */
import { compileProject } from '../../../src/compiler/compile-project.js';
import type { CompiledBlock, Manifest } from '../../../src/compiler/types.js';
import { copyFixture } from '../../helpers/project.js';

export const NOW = '2026-02-15T10:00:00Z';

export function compileCommerce(): Manifest {
  const r = compileProject({ project: copyFixture('commerce'), cache: false });
  return JSON.parse(r.text ?? '{}') as Manifest;
}

/** A deep copy with some blocks replaced or added, for cases the fixture does not hold. */
export function withBlocks(manifest: Manifest, edit: (blocks: Record<string, CompiledBlock>) => void): Manifest {
  const copy = structuredClone(manifest);
  edit(copy.blocks);
  return copy;
}
