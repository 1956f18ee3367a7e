#!/usr/bin/env node
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/**
 * Build step: bundles the command line (dist/src/cli/entry/main.js and every command it loads on
 * demand) into dist/src/svc.js plus shared chunks beside it. A command starts by loading a
 * handful of files instead of about a hundred modules, which is most of a pre-commit lint's
 * time on a slow disk. Packages stay external (node_modules as installed), and the library
 * entry points (svc, svc/host) stay unbundled.
 *
 * The output goes directly into dist/src/ because src/source-asset.ts finds the schemas,
 * policies, validators and worker relative to the source root (see its invariant).
 *
 * Usage: node scripts/bundle-cli.mjs [--root DIR]
 */
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag !== -1 && process.argv[rootFlag + 1] ? process.argv[rootFlag + 1] : join(here, '..');
const out = join(root, 'dist/src');

// Chunks are content-named: remove the previous build's so none lingers (the build id hashes
// every .js file in dist/src).
for (const name of readdirSync(out)) {
  if (name === 'svc.js' || name === 'svc-compile-worker.js' || /^svc-chunk-[A-Za-z0-9_-]+\.js$/.test(name)) rmSync(join(out, name));
}

// Packages stay as installed, except the command-line parser every command loads first: bundled,
// it is one file instead of about thirty, which a pre-commit hook pays on every run.
const INLINED = new Set(['clipanion', 'typanion']);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {})
  .filter((name) => !INLINED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const result = await build({
  // The compile worker is an entry of its own: it then loads the chunks the command line
  // already shares (a few files) instead of the unbundled modules (about a hundred).
  entryPoints: { svc: join(out, 'cli/entry/main.js'), 'svc-compile-worker': join(out, 'compiler/cache/compile-worker.js') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // The inlined packages are CommonJS and require Node built-ins; ESM output needs a require for them.
  banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  chunkNames: 'svc-chunk-[hash]',
  logLevel: 'warning',
  metafile: true,
});
chmodSync(join(out, 'svc.js'), 0o755);
const files = Object.keys(result.metafile.outputs).length;
process.stderr.write(`bundle-cli: dist/src/svc.js, dist/src/svc-compile-worker.js and ${files - 2} chunks\n`);
