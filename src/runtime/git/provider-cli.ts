/**
 * The hosting provider's command line for review requests when the host gives no
 * `git.openPullRequest` (spec 02 defaults: "the hosting provider's command line"): the review
 * branch is pushed to `origin` and `gh pr create` asked for the request; its answer must be a web
 * address, like the hook's. Absent when `gh` is not installed or the repository has no `origin`.
 */
import { execFile } from 'node:child_process';
import { isReviewAnswer } from '../../hooks/open-pull-request.js';
import { runGit } from './git-run.js';

export type CliOutcome = { kind: 'absent' } | { kind: 'requested'; url: string } | { kind: 'failed'; detail: string };

function gh(cwd: string, args: readonly string[], timeoutMs: number): Promise<{ ok: boolean; stdout: string; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    execFile('gh', [...args], { cwd, env: { ...process.env, GH_PROMPT_DISABLED: '1' }, timeout: timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ ok: error === null, stdout: String(stdout), stderr: String(stderr), missing: (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' }),
    );
  });
}

/** Asks the provider's command line for a review of `branch` into `base`. */
export async function providerReviewRequest(
  gitRoot: string,
  request: { branch: string; base: string; title: string; body: string },
  timeoutMs: number,
): Promise<CliOutcome> {
  const version = await gh(gitRoot, ['--version'], timeoutMs);
  const origin = await runGit(gitRoot, ['remote', 'get-url', 'origin']);
  if (version.missing || !version.ok || !origin.ok) return { kind: 'absent' };
  const push = await runGit(gitRoot, ['push', '--quiet', 'origin', `refs/heads/${request.branch}:refs/heads/${request.branch}`], {}, timeoutMs);
  if (!push.ok) return { kind: 'failed', detail: push.stderr };
  const made = await gh(
    gitRoot,
    ['pr', 'create', '--base', request.base, '--head', request.branch, '--title', request.title, '--body', request.body],
    timeoutMs,
  );
  const url = made.stdout.trim().split('\n').at(-1) ?? '';
  return made.ok && isReviewAnswer({ url }) ? { kind: 'requested', url } : { kind: 'failed', detail: made.stderr || 'no web address in the answer' };
}
