/**
 * Allowed directories (spec 03, query path item 7): a file reader passes only for a plain
 * string path inside an allowed folder. Plain: a '...' literal with no escapes, no prefix and
 * no doubled quote, so its text is its value in every reading. Inside: the path starts with
 * the folder and a slash, has no `..` (or `..`-led) segment, no scheme, no home or backslash,
 * and any glob starts after the folder. Nothing here touches the file system.
 */
import type { SqlToken } from '../../../grammar/sql/index.js';

const GLOB = /[*?[\]{}]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CONTROL = /[\x00-\x1f\x7f]/;

/** The path a token spells when it is a plain string literal, else null. */
export function plainPath(token: SqlToken | undefined): string | null {
  if (token === undefined || token.kind !== 'string') return null;
  return token.text === `'${token.value}'` ? token.value : null;
}

function cleanFolder(folder: string): string | null {
  const trimmed = folder.replace(/\/+$/, '');
  if (trimmed === '' || GLOB.test(trimmed) || CONTROL.test(trimmed) || trimmed.includes('\\')) return null;
  if (trimmed.split('/').some((seg) => seg.startsWith('..'))) return null;
  return trimmed;
}

/** True when `path` lies inside one of `folders`. */
export function isAllowedPath(path: string, folders: readonly string[]): boolean {
  if (path === '' || CONTROL.test(path) || path.includes('\\') || path.startsWith('~') || SCHEME.test(path)) return false;
  if (path.split('/').some((seg) => seg.startsWith('..'))) return false;
  const glob = path.search(GLOB);
  for (const folder of folders) {
    const clean = cleanFolder(folder);
    if (clean === null) continue;
    const prefix = clean + '/';
    if (path.startsWith(prefix) && path.length > prefix.length && (glob < 0 || glob >= prefix.length)) return true;
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
