/**
 * Stat memos let the compile cache know a file's content hash without reading it, the way git's
 * index does. A memo is trusted only when size, mtime, ctime and inode all match and the file
 * was last modified well before the cache was written (a "racily clean" file, changed within
 * the timestamp granularity of the cache write, is always read again). ctime cannot be set
 * from user space, so restoring an old mtime after an edit does not fool it.
 */
import { statSync } from 'node:fs';

export interface StatMemo {
  size: number;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
}

/** Files modified this close to (or after) the cache write are re-read on the next run. */
export const RACY_WINDOW_NS = 2_000_000_000n;

/** Stat of `abs`, or null when it does not exist (or is not a regular file). */
export function statMemo(abs: string): StatMemo | null {
  const st = statSync(abs, { bigint: true, throwIfNoEntry: false });
  if (!st || !st.isFile()) return null;
  return { size: Number(st.size), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs), ino: String(st.ino) };
}

/** True when `now` matches `memo` and the memo was safely older than the cache write. */
export function memoHolds(memo: StatMemo | null, now: StatMemo | null, writtenAtNs: bigint): boolean {
  if (memo === null || now === null) return memo === now;
  if (memo.size !== now.size || memo.mtimeNs !== now.mtimeNs || memo.ctimeNs !== now.ctimeNs || memo.ino !== now.ino) {
    return false;
  }
  const latest = BigInt(now.mtimeNs) > BigInt(now.ctimeNs) ? BigInt(now.mtimeNs) : BigInt(now.ctimeNs);
  return latest + RACY_WINDOW_NS < writtenAtNs;
}
