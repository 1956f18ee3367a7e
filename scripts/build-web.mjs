#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
/**
 * Builds the browser app into dist/web/: src/web/main.tsx bundled with its libraries (Preact,
 * Observable Plot) into ES modules (app.js, with chunks it loads when first needed), the
 * stylesheet, the page and its icon beside it, each script and the stylesheet also written
 * precompressed (.br, .gz). Everything is served by svc itself: no CDN, so the app works offline.
 * The app is type-checked first, together with the server's HTTP contract (src/server/contract):
 * the app imports the contract's types only (`import type`), which the bundle drops, so no
 * server code reaches the browser.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/web');
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'src/web/tsconfig.json')], { stdio: 'inherit' });
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });
await build({
  entryPoints: [join(root, 'src/web/main.tsx')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // app.js is the shell; each screen (app.tsx fetches it with its first visit), the code screens
  // share and Plot (with the first chart) come as chunks beside it, from the same origin.
  splitting: true,
  outdir: join(out, 'assets'),
  entryNames: 'app',
  chunkNames: 'chunk-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
});
copyFileSync(join(root, 'src/web/styles.css'), join(out, 'assets/app.css'));
copyFileSync(join(root, 'src/web/index.html'), join(out, 'index.html'));
copyFileSync(join(root, 'src/web/favicon.ico'), join(out, 'favicon.ico'));
// Each script and stylesheet is also written compressed at the strongest settings (.br, .gz), once
// here rather than at a fast setting on every request; the server sends these to a browser
// that accepts them, which keeps an App page's first load under 100 KB of script.
for (const name of readdirSync(join(out, 'assets')).filter((f) => /\.(js|css)$/.test(f))) {
  const file = join(out, 'assets', name);
  const bytes = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
process.stdout.write('build-web: dist/web/index.html and assets written\n');
