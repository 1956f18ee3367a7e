/**
 * The import graph of the source tree, read from the text of each file (no compiler): every
 * relative `import`/`export ... from` and dynamic `import()`, each marked type-only when nothing
 * of it survives compilation. The layer meta-test judges it against the wings' arrows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const STATIC = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const BARE = /(?:^|[;\n])\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** True when every named specifier in `{ ... }` is marked `type` (and nothing else is imported). */
function allSpecifiersTyped(clause: string): boolean {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** The repository path a relative specifier names, given the files that exist. */
function resolveSpec(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}.ts`, `${base}/index.ts`]) if (files.has(c)) return c;
  return undefined;
}

/** Every import edge among `files` (path -> text). Imports of files not in the set are left out. */
export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const names = new Set(files.keys());
  const edges: ImportEdge[] = [];
  for (const [from, text] of files) {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const push = (spec: string, typeOnly: boolean) => {
      const to = resolveSpec(from, spec, names);
      if (to !== undefined) edges.push({ from, to, typeOnly });
    };
    for (const m of code.matchAll(STATIC)) push(m[4]!, m[2] !== undefined || (m[1] === 'import' && allSpecifiersTyped(m[3]!)));
    for (const m of code.matchAll(BARE)) push(m[1]!, false);
    for (const m of code.matchAll(DYNAMIC)) push(m[1]!, false);
  }
  return edges;
}

/** The TypeScript sources under `dirs` of `root`, keyed by repository path. */
export function readSources(root: string, dirs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) out.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}
