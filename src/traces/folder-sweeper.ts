/**
 * Retention of the local stores kept as one file (or folder) per entry (schedule digests, App
 * builds, their revisions and Autopilot artifacts), enforced the way the SQLite stores' is
 * (store-sweeper.ts): by whoever writes an entry, right after writing it, so no such store ever
 * holds more than its cap between writes.
 *
 * Invariants: the newest entry always stays (the one just written); an entry marked `kept` is
 * still referenced (a published App's build, the revision a preview's evidence ran) and is never
 * removed, whatever its age or rank; of the others, the oldest go first.
 */
import { rmSync } from 'node:fs';

export interface FileLimits {
  /** Most entries kept (those still referenced are kept beyond it). */
  maxFiles: number;
  /** Entries older than this go (ms). */
  maxAgeMs: number;
}

export interface SweptEntry {
  /** Absolute path of the file or folder. */
  path: string;
  /** When the entry was last written (ms since the epoch); NaN when unknown (then it is the oldest). */
  at: number;
  /** Still referenced: never removed. */
  kept?: boolean;
  /** Files removed with it (an artifact's markers). */
  with?: string[];
}

const removeEntry = (path: string): void => rmSync(path, { recursive: true, force: true });

/**
 * The entries the limits drop, oldest first: those past the age, and those past the count, where
 * the entries still referenced take their places first (so the store holds at most `maxFiles`
 * whenever fewer than that are referenced).
 */
export function entriesPastLimits(entries: readonly SweptEntry[], limits: FileLimits, now: number): SweptEntry[] {
  const at = (e: SweptEntry) => (Number.isNaN(e.at) ? Number.NEGATIVE_INFINITY : e.at);
  // Newest first; ties keep their given order (a later path is newer).
  const ranked = entries.map((e, i) => ({ e, i })).sort((a, b) => at(b.e) - at(a.e) || b.i - a.i);
  const oldest = now - limits.maxAgeMs;
  let room = limits.maxFiles - entries.filter((e) => e.kept === true).length;
  const out: SweptEntry[] = [];
  ranked.forEach(({ e }, rank) => {
    if (e.kept === true) return;
    if (rank === 0 || (room > 0 && at(e) >= oldest)) room--;
    else out.push(e);
  });
  return out.reverse();
}

/** Removes the entries past the limits (and the files that go with each); returns what went. */
export function sweepEntries(entries: readonly SweptEntry[], limits: FileLimits, now: number = Date.now()): string[] {
  const gone = entriesPastLimits(entries, limits, now);
  for (const e of gone) {
    for (const f of e.with ?? []) removeEntry(f);
    removeEntry(e.path);
  }
  return gone.map((e) => e.path);
}
