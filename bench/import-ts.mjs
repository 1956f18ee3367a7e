/**
 * Imports one of the repository's TypeScript test helpers from a bench script: esbuild (a dev
 * dependency already) bundles it to a temporary ES module, packages left external, so a bench
 * starts the same throwaway servers and loads the same data as the tests without a copy.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repo = new URL('..', import.meta.url).pathname;

/** The module at repository path `path` (a .ts file), compiled for this process. */
export async function importTs(path) {
  // Inside node_modules, so the bundle's own imports (pg, better-sqlite3) resolve from the repository.
  const cache = join(repo, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'svc-bench-ts-'));
  const outfile = join(dir, 'helper.mjs');
  try {
    await build({
      entryPoints: [join(repo, path)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      logLevel: 'silent',
      absWorkingDir: repo,
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    // The module is loaded; the file is no longer needed.
    rmSync(dir, { recursive: true, force: true });
  }
}
