/**
 * The block files `svc lint` and `svc fmt` read: the named files; every `.svc` file under a
 * named folder; the `.svc` files a glob matches (quoted globs, which the shell left alone:
 * `svc lint 'domains/**\/*.svc'`); and, with nothing named, every block file of the project
 * (found from --project or the current folder). A glob that matches nothing stays as written,
 * so the reader reports it as a file that cannot be read instead of linting nothing in silence.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { projectRootOf } from '../compiler/project/config.js';
import { listBlockFiles } from '../compiler/project/discover.js';

/** Folders never searched for block files. */
const SKIPPED = new Set(['.svc', '.git', 'node_modules']);

function svcFilesUnder(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) svcFilesUnder(p, out);
    else if (e.name.endsWith('.svc')) out.push(p);
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The `.svc` files a glob matches under `cwd`, sorted, skipping svc's state and dependencies. */
function globbed(pattern: string, cwd: string): string[] {
  const found = globSync(pattern, { cwd, ignore: ['**/node_modules/**', '**/.svc/**', '**/.git/**'], onlyFiles: true, expandDirectories: false });
  return found.filter((f) => f.endsWith('.svc')).sort();
}

/** Paths to read (relative to `cwd` where they were given so, absolute for the project's own). */
export function blockTargets(args: readonly string[], cwd: string, project?: string): string[] {
  if (args.length === 0) {
    const root = projectRootOf({ cwd, ...(project !== undefined ? { project } : {}) });
    if (root === undefined) return [];
    return listBlockFiles(root).paths.map((p) => relative(cwd, join(root, p)) || p);
  }
  const out: string[] = [];
  for (const arg of args) {
    const abs = resolve(cwd, arg);
    if (!existsSync(abs) && isDynamicPattern(arg)) {
      const matched = globbed(arg, cwd);
      out.push(...(matched.length > 0 ? matched : [arg]));
      continue;
    }
    if (!isFolder(abs)) {
      out.push(arg);
      continue;
    }
    const found: string[] = [];
    svcFilesUnder(abs, found);
    out.push(...found.sort().map((f) => relative(cwd, f)));
  }
  return out;
}
