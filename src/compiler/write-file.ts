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

/** Small pieces are gathered into writes of this size: a manifest of 50,000 blocks is 150,000 pieces. */
const GATHER = 1 << 20;

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** Writes the pieces one after another (a large file made of pieces is never copied into one buffer). */
function writePieces(path: string, pieces: readonly Uint8Array[]): void {
  const fd = openSync(path, 'w');
  const gathered = Buffer.allocUnsafe(GATHER);
  let used = 0;
  try {
    for (const piece of pieces) {
      if (used + piece.length > GATHER) {
        writeAll(fd, gathered.subarray(0, used));
        used = 0;
      }
      if (piece.length > GATHER / 2) writeAll(fd, piece);
      else {
        gathered.set(piece, used);
        used += piece.length;
      }
    }
    writeAll(fd, gathered.subarray(0, used));
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
