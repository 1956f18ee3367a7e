/**
 * Certification receipts for test projects built from scratch: what `svc certify` leaves in a
 * companion after a passing run, written here for every block declared certified (its tests are
 * the test's own business). The receipt is for the source the compiler hashes now, so the
 * answer gate treats these blocks exactly as certified ones.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../src/compiler/types.js';

/** Writes a receipt beside every certified block of the project at `root`; returns the manifest compiled after. */
export function writeReceipts(root: string): Manifest {
  const before = JSON.parse(compileProject({ project: root, cache: false, check: true }).text ?? '{}') as Manifest;
  for (const b of Object.values(before.blocks)) {
    if (b.status !== 'certified') continue;
    const file = join(root, 'semantic-layer/blocks', b.domain, ...(b.inDrafts ? ['_drafts'] : []), `${b.name}.yaml`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      [
        `name: ${b.name}`,
        `domain: ${b.domain}`,
        'reviewStatus: certified',
        'certification:',
        `  certifiedBy: ${b.owner ?? 'owner@example.test'}`,
        '  certifiedAt: "2026-01-20T08:15:00Z"',
        '  via: cli',
        '  rules: oss',
        `  sourceSha256: ${b.sourceSha256}`,
        '  checks:',
        '    - metadata',
        '    - run',
        '    - tests',
        '',
      ].join('\n'),
    );
  }
  return JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest;
}
