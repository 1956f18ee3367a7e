/**
 * Atomic file writes: write a temporary file in the same folder, then rename over the target,
 * so a reader never sees half a file and a failure leaves the old file as it was.
 */
import { closeSync, linkSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

/** Writes the pieces one after another (a large file spliced from a few pieces is never copied into one buffer). */
function writePieces(path: string, pieces: readonly Uint8Array[]): void {
  const fd = openSync(path, 'w');
  try {
    for (const piece of pieces) {
      for (let done = 0; done < piece.length; ) done += writeSync(fd, piece, done, piece.length - done);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `content` (or its pieces, in order) to `path` atomically, creating the folder when
 * needed. Returns the inode of the file written: a later stat of `path` showing the same inode
 * proves the file there is this one and not a concurrent writer's.
 */
export function atomicWrite(path: string, content: string | Uint8Array | readonly Uint8Array[], opts: { retireTo?: string } = {}): string {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  counter += 1;
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${counter}.tmp`);
  try {
    if (Array.isArray(content)) writePieces(tmp, content);
    else writeFileSync(tmp, content as string | Uint8Array);
    // Only this process knows the temporary name, so this is the inode of what it wrote.
    const ino = String(statSync(tmp, { bigint: true }).ino);
    if (opts.retireTo !== undefined) retire(path, opts.retireTo);
    renameSync(tmp, path);
    return ino;
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
