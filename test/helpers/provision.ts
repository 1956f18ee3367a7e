/**
 * What a test needs from the machine, provisioned by the test itself: a command missing here is
 * installed from Debian's packages when the tests run as root (as CI does on a fresh machine),
 * and a test that still cannot find it fails with the command to run, never skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const installed = new Set<string>();

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** Installs Debian package `pkg`, refreshing the package lists once if the first try fails. */
function aptInstall(pkg: string): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Test files run in parallel: an install waits for another's dpkg lock instead of failing.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  try {
    execFileSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', pkg], { stdio: 'ignore', env, timeout: 900_000 });
  } catch {
    // A fresh machine may not have package lists yet.
    execFileSync('apt-get', [...lock, 'update'], { stdio: 'ignore', env, timeout: 600_000 });
    execFileSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', pkg], { stdio: 'ignore', env, timeout: 900_000 });
  }
}

/**
 * Makes sure `command` runs here, installing Debian package `pkg` when it does not. A package
 * that starts a system service on install (a database server) names it in `service`: it is
 * stopped again, since tests start their own servers in temp folders.
 */
export function ensureCommand(command: string, pkg: string, service?: string): string {
  if (installed.has(command) || has(command)) {
    installed.add(command);
    return command;
  }
  if (process.getuid?.() !== 0) throw new Error(`${command} is missing; install it with: sudo apt-get install -y ${pkg}`);
  aptInstall(pkg);
  if (service !== undefined) spawnSync('service', [service, 'stop'], { stdio: 'ignore', timeout: 60_000 });
  if (!has(command)) throw new Error(`${command} is still missing after apt-get install ${pkg}`);
  installed.add(command);
  return command;
}

/** Makes sure the file `path` (a package's data, such as an extension's control file) is here, installing `pkg` when it is not. */
export function ensureFile(path: string, pkg: string): string {
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) throw new Error(`${path} is missing; install it with: sudo apt-get install -y ${pkg}`);
  aptInstall(pkg);
  if (!existsSync(path)) throw new Error(`${path} is still missing after apt-get install ${pkg}`);
  return path;
}
