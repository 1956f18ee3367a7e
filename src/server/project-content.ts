/**
 * Project content (spec 03 "File and environment restrictions" 1-2): the files a request may name
 * by path: notebooks, blocks, Apps and pages, domains, the semantic layer and docs, by extension
 * (`.svcnb`, `.svc`, `.svcd`, `.md`, `.sql`, `.yaml`, `.yml`, `.json`), inside the project.
 * Refused: an absolute or escaping path, any dot folder or dotfile (local state, `.git/`, `.env`),
 * `svc.config.json`, `data/`, `target/`, `node_modules/`, transformation-tool profiles, and a
 * symlink whose target is not such content. A refusal never says whether the path exists.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

const EXTENSIONS = ['.svcnb', '.svc', '.svcd', '.md', '.sql', '.yaml', '.yml', '.json'];
const REFUSED_TOP = new Set(['data', 'target', 'node_modules']);
const REFUSED_FILES = new Set(['svc.config.json', 'profiles.yml', 'profiles.yaml']);

/** True when the project-relative `path`, written as a request sent it, names project content by its words. */
function contentByName(path: string): boolean {
  if (path === '' || isAbsolute(path) || path.includes('\\') || /[\u0000-\u001f]/.test(path)) return false;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '..' || s.startsWith('.'))) return false;
  if (REFUSED_TOP.has(segments[0] ?? '')) return false;
  const file = segments.at(-1) ?? '';
  if (REFUSED_FILES.has(file.toLowerCase())) return false;
  return EXTENSIONS.some((e) => file.toLowerCase().endsWith(e));
}

/** True when `path` (project-relative, `/`-separated) is project content of the project at `root`; a symlink is judged by its target. */
export function isProjectContent(root: string, path: string): boolean {
  if (!contentByName(path)) return false;
  const full = join(root, path);
  if (!existsSync(full)) return true;
  try {
    const real = realpathSync(full);
    const inside = relative(realpathSync(root), real);
    return !inside.startsWith('..') && !isAbsolute(inside) && contentByName(inside.split(sep).join('/'));
  } catch {
    return false;
  }
}
