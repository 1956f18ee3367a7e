/** Runs the built `svc` executable as a real child process. */
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './project.js';

export const SVC_BIN = join(REPO, 'dist/src/svc.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

// Text assertions read uncoloured output: a FORCE_COLOR in the developer's shell is not passed on.
const { FORCE_COLOR: _force, ...BASE_ENV } = process.env;

export function svc(args: string[], cwd: string, env: Record<string, string> = {}): CliRun {
  const r = spawnSync(process.execPath, [SVC_BIN, ...args], { cwd, encoding: 'utf8', env: { ...BASE_ENV, ...env }, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs `svc` without blocking this process: for a child that talks to a loopback server this
 * test process serves (a fake model), which a blocking run would starve.
 */
export function svcAsync(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SVC_BIN, ...args], { cwd, encoding: 'utf8', env: { ...BASE_ENV, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}
