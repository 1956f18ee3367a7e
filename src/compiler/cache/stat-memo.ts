/**
 * Stat memos let the compile cache know a file's content hash without reading it, the way git's
 * index does. A memo is trusted only when size, mtime, ctime and inode all match and the file
 * was last modified well before the cache was written (a "racily clean" file, changed within
 * the timestamp granularity of the cache write, is always read again). ctime cannot be set
 * from user space, so restoring an old mtime after an edit does not fool it.
 */
import { type BigIntStats, closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

export interface StatMemo {
  size: number;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
}

/** A memo as the caches store it: [size, mtimeNs, ctimeNs, ino]. */
export type StatTuple = [number, string, string, string];

/** A memo in its stored form (null stays null: the file was absent). */
export function memoTuple(m: StatMemo | null): StatTuple | null {
  return m === null ? null : [m.size, m.mtimeNs, m.ctimeNs, m.ino];
}

/** The memo a stored tuple describes. */
export function tupleMemo(t: StatTuple | null): StatMemo | null {
  return t === null ? null : { size: t[0], mtimeNs: t[1], ctimeNs: t[2], ino: t[3] };
}

/** The wall clock in nanoseconds, as memos are compared with it. */
export function nowNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

/** When the file last changed, as far as its stat shows (ctime cannot be set back). */
export function latestNs(m: StatMemo): bigint {
  const mtime = BigInt(m.mtimeNs);
  const ctime = BigInt(m.ctimeNs);
  return mtime > ctime ? mtime : ctime;
}

/** Files modified this close to (or after) the cache write are re-read on the next run. */
export const RACY_WINDOW_NS = 2_000_000_000n;

/** The memo of a bigint stat. */
export function memoOf(st: BigIntStats): StatMemo {
  return { size: Number(st.size), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs), ino: String(st.ino) };
}

/**
 * Reads a file and its memo in one open: the memo comes from fstat of the open descriptor,
 * taken before the content is read (so an edit racing the read can only make the memo older
 * than the content, which forces a re-read later, never a stale reuse). A cold compile saves
 * a stat per file this way. Undefined when the file cannot be opened as a regular file.
 */
export function readWithMemo(abs: string): { bytes: Buffer; memo: StatMemo } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile()) return undefined;
    const size = Number(st.size);
    const bytes = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, bytes, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return { bytes: got === size ? bytes : bytes.subarray(0, got), memo: memoOf(st) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Stat of `abs`, or null when it does not exist (or is not a regular file). */
export function statMemo(abs: string): StatMemo | null {
  const st = statSync(abs, { bigint: true, throwIfNoEntry: false });
  if (!st || !st.isFile()) return null;
  return memoOf(st);
}

/** True when both memos are absent, or both present with equal size, times and inode. */
export function sameMemo(a: StatMemo | null, b: StatMemo | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.ino === b.ino;
}

/** True when `now` matches `memo` and the memo was safely older than the cache write. */
export function memoHolds(memo: StatMemo | null, now: StatMemo | null, writtenAtNs: bigint): boolean {
  if (!sameMemo(memo, now)) return false;
  if (now === null) return true; // absent then and now
  return latestNs(now) + RACY_WINDOW_NS < writtenAtNs;
}
