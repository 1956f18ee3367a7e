/**
 * Atomic file writes: write a temporary file in the same folder, then rename over the target,
 * so a reader never sees half a file and a failure leaves the old file as it was.
 */
import { linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

let counter = 0;

/**
 * Keeps the file at `path` alive under `retired` (a hard link), so that replacing a large
 * file does not pay for releasing its old pages; whoever retires a file removes it later, off
 * the hot path. Best effort: without the link the rename simply releases the old file itself.
 */
function retire(path: string, retired: string): void {
  try {
    rmSync(retired, { force: true });
    linkSync(path, retired);
  } catch {
    // no old file, or no hard links here
  }
}

/** Writes `content` to `path` atomically, creating the folder when needed. */
export function atomicWrite(path: string, content: string | Uint8Array, opts: { retireTo?: string } = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  counter += 1;
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${counter}.tmp`);
  try {
    writeFileSync(tmp, content);
    if (opts.retireTo !== undefined) retire(path, opts.retireTo);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
