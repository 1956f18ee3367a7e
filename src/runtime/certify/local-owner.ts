/**
 * The "local owner" a receipt names as certifiedBy when no host person is signed in:
 * svc.config.json `certification.owner`, else its `owner`, else the project's git
 * `user.email` (as `git config user.email` reads it in the project root), else the OS user.
 * The first is for teams that certify under a shared address; git is what a single analyst
 * already set up.
 */
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import type { SvcConfig } from '../../compiler/project/config.js';

export type OwnerSource = 'config.certification.owner' | 'config.owner' | 'git' | 'os' | 'host' | 'request';

export interface LocalOwner {
  owner: string;
  from: OwnerSource;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `git config user.email` in `root`; undefined when git is missing or nothing is set. */
export function gitUserEmail(root: string): string | undefined {
  try {
    const r = spawnSync('git', ['config', 'user.email'], { cwd: root, encoding: 'utf8', timeout: 5_000 });
    return r.status === 0 ? nonEmpty(r.stdout) : undefined;
  } catch {
    return undefined;
  }
}

function osUser(): string {
  try {
    return nonEmpty(userInfo().username) ?? 'unknown';
  } catch {
    // userInfo throws when the user has no passwd entry (some containers).
    return nonEmpty(process.env['USER'] ?? process.env['USERNAME']) ?? 'unknown';
  }
}

/** Resolves the local owner for `root` with its config. */
export function localOwner(root: string, config: SvcConfig | undefined, readGit: (root: string) => string | undefined = gitUserEmail): LocalOwner {
  const fromCertification = nonEmpty(config?.certification?.owner);
  if (fromCertification !== undefined) return { owner: fromCertification, from: 'config.certification.owner' };
  const fromConfig = nonEmpty(config?.owner);
  if (fromConfig !== undefined) return { owner: fromConfig, from: 'config.owner' };
  const fromGit = readGit(root);
  if (fromGit !== undefined) return { owner: fromGit, from: 'git' };
  return { owner: osUser(), from: 'os' };
}
