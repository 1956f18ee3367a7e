/** The compiled commerce fixture, shared by the Ask routing tests (compiled once per file). */
import { afterAll, beforeAll } from 'vitest';
import { createTier1Router, type Tier1Router } from '../../src/ask/index.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

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

/**
 * Marks a block certified the way `svc certify` leaves it: status, a receipt for its current
 * source in its companion, and the compiler's verdict on that receipt. Tests use it for cases
 * the fixture does not hold; the answer gate still judges everything else about the block.
 */
export function certifyInPlace(b: CompiledBlock): void {
  b.status = 'certified';
  b.effectiveStatus = 'certified';
  b.receipt = 'valid';
  b.companion = {
    file: `semantic-layer/blocks/${b.domain}/${b.name}.yaml`,
    reviewStatus: 'certified',
    certification: {
      certifiedBy: b.owner ?? 'owner@acme.test',
      certifiedAt: '2026-01-20T08:15:00Z',
      via: 'cli',
      rules: 'oss',
      sourceSha256: b.sourceSha256,
      checks: ['metadata', 'validation', 'run', 'tests'],
    },
  };
}

/** Compiles the fixture and builds its router before a test file's tests; read the fields inside tests. */
export function useCommerceRouter(): { readonly manifest: Manifest; readonly router: Tier1Router } {
  const holder: { manifest?: Manifest; router?: Tier1Router } = {};
  beforeAll(() => {
    holder.manifest = compileCommerce();
    holder.router = createTier1Router(holder.manifest);
  });
  afterAll(cleanupProjects);
  return holder as { readonly manifest: Manifest; readonly router: Tier1Router };
}
