/**
 * Reads a local git directory (a bare mirror or a checkout's .git) at HEAD: its commit, its files
 * under a folder, and their text, without a work tree.
 */
import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

const MAX = 1 << 30;

function git(gitDir, args, input) {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: MAX, stdio: ['pipe', 'pipe', 'ignore'] });
}

/** `owner/name` from a mirror path like /work/.mirror/owner+name/repo, else the folder's name. */
export function repoName(gitDir) {
  const parts = gitDir.replace(/\/+$/, '').split('/');
  const named = parts.find((p) => /^[\w.-]+\+[\w.-]+$/.test(p));
  if (named !== undefined) return named.replace('+', '/');
  const dir = basename(gitDir) === '.git' ? dirname(gitDir) : gitDir;
  return basename(dir);
}

/** The commit HEAD names. */
export function headCommit(gitDir) {
  return git(gitDir, ['rev-parse', 'HEAD']).toString().trim();
}

/** Paths of the files under `folder` at HEAD. */
export function listFiles(gitDir, folder) {
  const out = git(gitDir, ['ls-tree', '-r', '--name-only', '-z', 'HEAD', '--', folder]).toString();
  return out.split('\0').filter((p) => p !== '');
}

/** Whether `path` exists at HEAD. */
export function hasPath(gitDir, path) {
  try {
    git(gitDir, ['cat-file', '-e', `HEAD:${path}`]);
    return true;
  } catch {
    return false;
  }
}

/** The text of each path at HEAD (UTF-8), in one `git cat-file --batch`. */
export function readFiles(gitDir, paths) {
  const texts = new Map();
  if (paths.length === 0) return texts;
  const out = git(gitDir, ['cat-file', '--batch'], paths.map((p) => `HEAD:${p}\n`).join(''));
  let at = 0;
  for (const path of paths) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl).toString();
    const size = Number(header.split(' ')[2]);
    if (header.endsWith('missing') || !Number.isFinite(size)) {
      at = nl + 1;
      continue;
    }
    texts.set(path, out.subarray(nl + 1, nl + 1 + size).toString('utf8'));
    at = nl + 1 + size + 1;
  }
  return texts;
}
