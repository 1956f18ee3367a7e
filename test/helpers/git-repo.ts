/**
 * A project folder made a git repository with one first commit on `main`, as review tests need
 * (a review branch is made from it); the committer is the server's own identity unless told.
 */
import { execFileSync } from 'node:child_process';

/** Runs git in `root` and returns its trimmed output. */
export const git = (root: string, ...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** Initialises `root` as a repository on `main`, commits everything in it and returns the head commit. */
export function firstCommit(root: string, committer: { name: string; email: string } = { name: 'svc server', email: 'server@host.test' }): string {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', committer.name);
  git(root, 'config', 'user.email', committer.email);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return git(root, 'rev-parse', 'HEAD');
}
