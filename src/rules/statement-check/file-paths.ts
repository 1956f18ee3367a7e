/**
 * Allowed directories (spec 03, query path item 7): a file reader passes only for a plain
 * string path inside an allowed folder. Plain: a '...' literal with no escapes, no prefix and
 * no doubled quote, so its text is its value in every reading. Inside: the path starts with
 * the folder and a slash, has no `..` (or `..`-led) segment, no scheme, no home or backslash,
 * and any glob starts after the folder. Then the same must hold of the real paths: the folder
 * and the path's deepest existing folder are resolved (symlinks followed), so a link inside an
 * allowed folder that points out of it does not lead out. A path spelt with percent-escapes of
 * `.`, `/` or `\`, or not in Unicode NFC, is refused: engines that decode either would read
 * another path than the one judged here.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import type { SqlToken } from '../../../grammar/sql/index.js';

const GLOB = /[*?[\]{}]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CONTROL = /[\x00-\x1f\x7f]/;
const ESCAPED_SEPARATOR = /%(?:2e|2f|5c)/i;

/** The path a token spells when it is a plain string literal, else null. */
export function plainPath(token: SqlToken | undefined): string | null {
  if (token === undefined || token.kind !== 'string' || token.valueVaries === true) return null;
  return token.text === `'${token.value}'` ? token.value : null;
}

function cleanFolder(folder: string): string | null {
  const trimmed = folder.replace(/\/+$/, '');
  if (trimmed === '' || GLOB.test(trimmed) || CONTROL.test(trimmed) || trimmed.includes('\\')) return null;
  if (trimmed.split('/').some((seg) => seg.startsWith('..'))) return null;
  return trimmed;
}

/** The real path of `path`: its deepest existing folder resolved, the rest appended. */
function realOf(path: string): string {
  const rest: string[] = [];
  let at = posix.normalize(path);
  for (;;) {
    try {
      return posix.join(realpathSync.native(at), ...rest.reverse());
    } catch {
      const parent = posix.dirname(at);
      if (parent === at) return posix.normalize(path);
      rest.push(posix.basename(at));
      at = parent;
    }
  }
}

/** A glob may match more than is there today: this many entries under it is as far as it is checked. */
const GLOB_WALK_LIMIT = 10_000;

/** True when every link under `dir` (walked, links not followed) resolves inside `realFolder`. */
function linksStayInside(dir: string, realFolder: string): boolean {
  const pending = [dir];
  let seen = 0;
  while (pending.length > 0) {
    let entries;
    try {
      entries = readdirSync(pending.pop() as string, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > GLOB_WALK_LIMIT) return false;
      const p = posix.join(e.parentPath ?? e.path, e.name);
      if (e.isSymbolicLink() && !realOf(p).startsWith(realFolder + '/')) return false;
      if (e.isDirectory()) pending.push(p);
    }
  }
  return true;
}

/**
 * True when `path` (lexically inside `folder`) is also inside it once links are resolved; a
 * glob's fixed part must be, and no link it could match may lead out.
 */
function reallyInside(path: string, folder: string, glob: number): boolean {
  const fixed = glob < 0 ? path : path.slice(0, path.lastIndexOf('/', glob));
  const real = realOf(fixed);
  const realFolder = realOf(folder);
  if (real !== realFolder && !real.startsWith(realFolder + '/')) return false;
  if (glob < 0) return real !== realFolder;
  return linksStayInside(real, realFolder);
}

/** True when `path` lies inside one of `folders`. */
export function isAllowedPath(path: string, folders: readonly string[]): boolean {
  if (path === '' || CONTROL.test(path) || path.includes('\\') || path.startsWith('~') || SCHEME.test(path)) return false;
  if (ESCAPED_SEPARATOR.test(path) || path.normalize('NFC') !== path) return false;
  if (path.split('/').some((seg) => seg.startsWith('..'))) return false;
  const glob = path.search(GLOB);
  for (const folder of folders) {
    const clean = cleanFolder(folder);
    if (clean === null) continue;
    const prefix = clean + '/';
    if (path.startsWith(prefix) && path.length > prefix.length && (glob < 0 || glob >= prefix.length) && reallyInside(path, clean, glob)) return true;
  }
  return false;
}

/** True when the argument after `(` at `open` is an allowed plain path or a [list] of them. */
export function pathArgumentAllowed(tokens: readonly SqlToken[], open: number, folders: readonly string[]): boolean {
  if (folders.length === 0) return false;
  let i = open + 1;
  const isPunct = (t: SqlToken | undefined, c: string): boolean => t?.kind === 'punctuation' && t.value === c;
  const one = (t: SqlToken | undefined): boolean => {
    const path = plainPath(t);
    return path !== null && isAllowedPath(path, folders);
  };
  if (isPunct(tokens[i], '[')) {
    i++;
    while (true) {
      if (!one(tokens[i])) return false;
      i++;
      if (isPunct(tokens[i], ']')) break;
      if (!isPunct(tokens[i], ',')) return false;
      i++;
    }
  } else if (!one(tokens[i])) {
    return false;
  }
  const after = tokens[i + 1];
  return isPunct(after, ',') || isPunct(after, ')');
}
