/**
 * Files svc reads at run time beside its code (JSON Schemas, built-in policies, prebuilt
 * validators, the build id, the compile worker), addressed from the source root: `src/` when
 * running from source, `dist/src/` when built.
 *
 * Invariant: this module sits directly in the source root, and the command-line bundle
 * (scripts/bundle-cli.mjs) writes its entry and chunks directly into dist/src/, so wherever
 * this code ends up, `import.meta.url` names a file in the source root.
 */
import { readFileSync } from 'node:fs';

/** The URL of `rel` (a path below the source root, e.g. `compiler/schemas/app.schema.json`). */
export function sourceAsset(rel: string): URL {
  return new URL(rel, import.meta.url);
}

/** A JSON asset below the source root, parsed. */
export function readJsonAsset(rel: string): unknown {
  return JSON.parse(readFileSync(sourceAsset(rel), 'utf8')) as unknown;
}

/** svc's own package.json version, found by walking up from the source root. */
export function packageVersion(): string {
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(sourceAsset(up), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'svc-toolchain') return pkg.version ?? '0.0.0';
    } catch {
      // not at this level
    }
  }
  return '0.0.0';
}
