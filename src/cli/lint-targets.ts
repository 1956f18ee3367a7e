/**
 * The files `svc lint` reads: the named files; every `.svc` file under a named folder; and,
 * with nothing named, every block file of the project (found from --project or the current
 * folder), so `svc lint` alone lints the project and `svc lint domains/` lints a folder.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { listBlockFiles } from '../compiler/project/discover.js';
import { projectRootOf } from '../compiler/project/config.js';

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

/** Paths to lint (relative to `cwd` where they were given so, absolute for the project's own). */
export function lintTargets(args: readonly string[], cwd: string, project?: string): string[] {
  if (args.length === 0) {
    const root = projectRootOf({ cwd, ...(project !== undefined ? { project } : {}) });
    if (root === undefined) return [];
    return listBlockFiles(root).paths.map((p) => relative(cwd, join(root, p)) || p);
  }
  const out: string[] = [];
  for (const arg of args) {
    const abs = resolve(cwd, arg);
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
