/**
 * The certifier list's history, for `svc certify --verify`. Signatures prove each version was
 * consented to by the one before; they cannot prove the first version is the one the project
 * started with. So the first version is pinned: by git, as the list was first committed, and
 * on this machine, as it was first seen (trust on first use, kept in `.svc/local/`, git-ignored).
 * A list may only grow: the versions committed at HEAD must begin the working list unchanged.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CERTIFIERS_FILE, versionHash } from '../../compiler/project/certifiers.js';

export const ROOT_PIN_FILE = '.svc/local/certifiers-root';

function git(root: string, args: string[]): string | undefined {
  try {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 10_000 });
    return r.status === 0 ? r.stdout : undefined;
  } catch {
    return undefined;
  }
}

/** The version hashes of a list's text (empty when it does not read). */
function hashes(text: string | undefined): string[] {
  try {
    const versions = (JSON.parse(text ?? '') as { versions?: unknown[] }).versions;
    return Array.isArray(versions) ? versions.map((v) => versionHash(v)) : [];
  } catch {
    return [];
  }
}

function committed(root: string): { first?: string[]; head?: string[] } {
  const adds = git(root, ['log', '--diff-filter=A', '--format=%H', '--', CERTIFIERS_FILE])?.trim().split('\n').filter(Boolean) ?? [];
  const firstCommit = adds[adds.length - 1];
  const first = firstCommit === undefined ? undefined : hashes(git(root, ['show', `${firstCommit}:${CERTIFIERS_FILE}`]));
  const headText = git(root, ['show', `HEAD:${CERTIFIERS_FILE}`]);
  return { ...(first !== undefined ? { first } : {}), ...(headText !== undefined ? { head: hashes(headText) } : {}) };
}

/** This machine's pin of the first version, written the first time the list is seen. */
function localPin(root: string, current: string): string {
  const file = join(root, ROOT_PIN_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(join(root, '.svc/local'), { recursive: true });
    writeFileSync(file, `${current}\n`);
    return current;
  }
}

/** Why the working list does not continue the list's history, or undefined. */
export function historyProblem(root: string, text: string): string | undefined {
  const now = hashes(text);
  if (now.length === 0) return undefined;
  const { first, head } = committed(root);
  if (first !== undefined && first[0] !== undefined && first[0] !== now[0]) return 'its first version is not the one first committed';
  if (head?.some((h, i) => now[i] !== h)) return 'it changes versions already committed instead of adding one';
  if (localPin(root, now[0] as string) !== now[0]) return `its first version is not the one this machine first trusted (${ROOT_PIN_FILE})`;
  return undefined;
}
