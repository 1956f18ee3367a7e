/**
 * Atomic file writes: write a temporary file in the same folder, then rename over the target,
 * so a reader never sees half a file and a failure leaves the old file as it was.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

let counter = 0;

/** Writes `content` to `path` atomically, creating the folder when needed. */
export function atomicWrite(path: string, content: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  counter += 1;
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${counter}.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
