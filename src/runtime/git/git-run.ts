/**
 * Runs git as a child process for svc's own review work (review branches, diffs): arguments are
 * passed as a list, never through a shell, with a time limit, and its output is read as text.
 * Never throws: a missing git, a refusal or a time-out is an answer with `ok: false`.
 */
import { execFile } from 'node:child_process';

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `git <args>` in `cwd` with `env` laid over the process environment. */
export function runGit(cwd: string, args: readonly string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      [...args],
      // No pager, no prompt for credentials: svc waits for no one.
      { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ ok: error === null, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}
