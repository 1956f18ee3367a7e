/**
 * The manifest log (.svc/cache/manifest-log.jsonl): how `svc compile --watch` records a change
 * without rewriting svc-manifest.json. Each line names the manifest file it applies to (its
 * inode, size and mtime) and carries what changed since that file: the blocks set or dropped,
 * and the small sections (head, apps, terms, views, diagnostics) whole. Lineage is not logged:
 * it follows from the blocks' tables.
 *
 * Invariants: the manifest file plus the lines that name it is the manifest (read-manifest.ts
 * applies them); lines naming another file are ignored, so a compile that rewrites the file
 * makes the log void even before it removes it. The watch folds the log into the file at its
 * next sweep (a few seconds after the last change), and every compile that writes or confirms
 * the file removes the log.
 */
import { appendFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../types.js';
import { MANIFEST_FILE } from './paths.js';

export const MANIFEST_LOG = '.svc/cache/manifest-log.jsonl';
const FORMAT = 'svc-manifest-log/1';
/** Past this size the watch rewrites the manifest instead of appending, so readers stay fast. */
const MAX_LOG_BYTES = 8 * 1024 * 1024;

/** The sections every line carries whole. */
export type LoggedSections = Pick<Manifest, 'manifestVersion' | 'project' | 'contracts' | 'statementCheck' | 'apps' | 'terms' | 'views' | 'diagnostics'>;

export interface LogEntry extends LoggedSections {
  format: string;
  base: string;
  /** Block id -> its manifest entry, for every block changed or added since the previous line. */
  set: Record<string, Manifest['blocks'][string]>;
  drop: string[];
}

/** What identifies the manifest file a line applies to ('' when there is none). */
export function baseIdentity(root: string): string {
  const st = statSync(join(root, MANIFEST_FILE), { bigint: true, throwIfNoEntry: false });
  return st === undefined ? '' : `${st.ino}:${st.size}:${st.mtimeNs}`;
}

/** True while the log is small enough to append to. */
export function logHasRoom(root: string): boolean {
  const st = statSync(join(root, MANIFEST_LOG), { throwIfNoEntry: false });
  return st === undefined || st.size < MAX_LOG_BYTES;
}

/**
 * Appends one change. `set` holds block fragments as the manifest writes them (`"<id>": {...}`),
 * so the line is made without parsing or serialising a block again. False when the append failed.
 */
export function appendManifestLog(root: string, base: string, sections: LoggedSections, set: readonly Buffer[], drop: readonly string[]): boolean {
  const { manifestVersion, project, contracts, statementCheck, apps, terms, views, diagnostics } = sections;
  const head = JSON.stringify({ format: FORMAT, base, manifestVersion, project, contracts, statementCheck, apps, terms, views, diagnostics, drop });
  const line = Buffer.concat([Buffer.from(`${head.slice(0, -1)},"set":{`), ...set.flatMap((b, i) => (i === 0 ? [b] : [COMMA, b])), CLOSE]);
  try {
    appendFileSync(join(root, MANIFEST_LOG), line);
    return true;
  } catch {
    return false;
  }
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from('}}\n');

/** Removes the log: called once the manifest file holds everything it said. */
export function removeManifestLog(root: string): void {
  try {
    rmSync(join(root, MANIFEST_LOG), { force: true });
  } catch {
    // A log left behind names a file that no longer exists or is rewritten: readers ignore it.
  }
}

/** The lines of a log text that apply to `base`, in order; reading stops at a torn line. */
export function entriesFor(text: string, base: string): LogEntry[] {
  const out: LogEntry[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let entry: LogEntry;
    try {
      entry = JSON.parse(line) as LogEntry;
    } catch {
      break;
    }
    if (entry.format === FORMAT && entry.base === base) out.push(entry);
  }
  return out;
}
