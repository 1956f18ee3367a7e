#!/usr/bin/env node
import { createHash } from 'node:crypto';
/**
 * tsc emits only .js/.d.ts; the JSON assets the code loads at run time (JSON Schemas under
 * src/<area>/schemas/ and the built-in policies under src/rules/policies/) are copied here
 * into dist/, mirroring their paths (src/x/schemas/a.json -> dist/src/x/schemas/a.json), so
 * modules find them relative to import.meta.url in both layouts.
 *
 * Usage: node scripts/copy-assets.mjs [--root DIR]
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag !== -1 && process.argv[rootFlag + 1] ? process.argv[rootFlag + 1] : join(here, '..');
const srcDir = join(root, 'src');
const outDir = join(root, 'dist');

/** Project-relative path with forward slashes, for matching and for the log line. */
function rel(path) {
  return relative(root, path).split(sep).join('/');
}

/** The asset patterns: src/**\/schemas/*.json and src/rules/policies/*.json. */
function isAsset(relPath) {
  if (!relPath.endsWith('.json')) return false;
  const parts = relPath.split('/');
  const folder = parts[parts.length - 2];
  if (parts[0] !== 'src') return false;
  if (folder === 'schemas') return true;
  return relPath.startsWith('src/rules/policies/') && parts.length === 4;
}

/** Every file under dir, depth first, in a stable order. */
function* walk(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function main() {
  if (!existsSync(srcDir)) {
    process.stderr.write(`copy-assets: no src folder under ${root}\n`);
    return 2;
  }
  let copied = 0;
  for (const file of walk(srcDir)) {
    const r = rel(file);
    if (!isAsset(r)) continue;
    const target = join(outDir, r);
    mkdirSync(dirname(target), { recursive: true });
    // Remove first so a read-only copy from an earlier build never blocks the overwrite.
    rmSync(target, { force: true });
    copyFileSync(file, target);
    copied += 1;
  }
  process.stderr.write(`copy-assets: ${copied} JSON assets copied into ${rel(outDir) || 'dist'}/\n`);
  copyPublicSchemas();
  writeBuildId();
  return 0;
}

/**
 * The schemas editors and other tools read (svc-toolchain/schemas/<name>, `$schema` in a
 * project's files), flat in dist/schemas/ under the names their `$id`s end in
 * (scripts/public-schemas.json maps each source file to its name).
 */
function copyPublicSchemas() {
  const list = join(root, 'scripts', 'public-schemas.json');
  if (!existsSync(list)) return;
  const names = JSON.parse(readFileSync(list, 'utf8'));
  rmSync(join(outDir, 'schemas'), { recursive: true, force: true });
  mkdirSync(join(outDir, 'schemas'), { recursive: true });
  for (const [source, name] of Object.entries(names)) copyFileSync(join(root, source), join(outDir, 'schemas', name));
}

/**
 * dist/src/build-id.txt: a hash of every emitted .js file and asset. The compile cache keys on
 * it, so results computed by one build of svc are never reused by another.
 */
function writeBuildId() {
  const hash = createHash('sha256');
  for (const file of walk(join(outDir, 'src'))) {
    if (!file.endsWith('.js') && !file.endsWith('.cjs') && !file.endsWith('.json')) continue;
    hash.update(rel(file)).update('\0').update(readFileSync(file)).update('\0');
  }
  writeFileSync(join(outDir, 'src', 'build-id.txt'), `${hash.digest('hex')}\n`);
}

process.exitCode = main();
