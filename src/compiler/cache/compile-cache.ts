/**
 * The compile cache: per block file, the content hash it was compiled from, the hashes of the
 * companion files it consulted, its diagnostics and its blocks' ids, tables and places. The
 * block text itself is reused from the manifest (manifest/locate.ts), and only when the
 * manifest on disk is provably the one recorded: its settled stat memo still holds
 * (`manifestMemo`, quick-index.ts), or it still hashes to `manifestSha256` (recorded when the
 * memo cannot vouch, on whole-second file times); an entry only when the environment key
 * (compiler build, config text, contract manifest text) and every content hash still match.
 * Stat memos only spare reading a file whose content provably did not change.
 *
 * On disk: a snapshot (.svc/cache/compile-v2.json) plus an append-only journal of the units
 * each later compile changed, so editing one block of 10,000 appends a line instead of
 * rewriting the whole cache. Replay stops at the first unreadable line (a torn append); the
 * manifest recorded before it then no longer matches and the next compile simply runs cold.
 */
import { appendFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { atomicWrite } from '../write-file.js';
import type { TakenMemo } from './quick-index.js';
import { memoTuple, type StatMemo, type StatTuple, tupleMemo } from './stat-memo.js';

export const CACHE_FILE = '.svc/cache/compile-v2.json';
export const JOURNAL_FILE = '.svc/cache/compile-v2.journal';
const FORMAT = 'svc-compile-cache/5';
/** The journal is folded into a new snapshot past this many entries. */
const MAX_JOURNAL_ENTRIES = 64;

export interface CachedDep {
  path: string;
  stat: StatMemo | null;
  /** sha256 of the content; null when the file was absent. */
  sha: string | null;
}

export interface CachedBlock {
  id: string;
  tables: string[];
  span: Span;
}

export interface CachedUnit {
  path: string;
  stat: StatMemo | null;
  sha: string;
  deps: CachedDep[];
  blocks: CachedBlock[];
  diagnostics: Diagnostic[];
  /** Wall clock (ns) just before this unit's stat memos were taken (for the racy check). */
  seenAtNs: string;
}

export interface CacheHead {
  envKey: string;
  /** The build that wrote the cache. */
  buildId: string;
  /** sha256 of the config and contract manifest texts that build validated ('' when none). */
  validated: { config: string; contracts: string };
  /** sha256 of the manifest the units' blocks are in ('' when only its memo is known). */
  manifestSha256: string;
  /** That manifest's settled stat memo (quick-index.ts), which vouches for it without hashing. */
  manifestMemo?: TakenMemo;
}

export interface CacheData extends CacheHead {
  units: CachedUnit[];
}

// On disk each unit is a tuple, not an object: 10,000 units of repeated key names cost about
// a third more to write and to read back.
type DepTuple = [string, StatTuple | null, string | null];
type BlockTuple = [string, string[], number[]];
type UnitTuple = [string, StatTuple | null, string, DepTuple[], BlockTuple[], Diagnostic[], string];
interface Entry extends CacheHead {
  format: string;
  set: UnitTuple[];
  drop?: string[];
  /** True for a snapshot: replaces every unit. */
  full?: boolean;
}

const spanOut = (s: Span): number[] => [s.start.offset, s.start.line, s.start.column, s.end.offset, s.end.line, s.end.column];
function spanIn(n: number[]): Span {
  const [a = 0, b = 1, c = 1, d = 0, e = 1, f = 1] = n;
  return { start: { offset: a, line: b, column: c }, end: { offset: d, line: e, column: f } };
}

function encodeUnit(u: CachedUnit): UnitTuple {
  const deps = u.deps.map((d): DepTuple => [d.path, memoTuple(d.stat), d.sha]);
  return [u.path, memoTuple(u.stat), u.sha, deps, u.blocks.map((b): BlockTuple => [b.id, b.tables, spanOut(b.span)]), u.diagnostics, u.seenAtNs];
}

function decodeUnit(t: UnitTuple): CachedUnit {
  const deps = t[3].map((d) => ({ path: d[0], stat: tupleMemo(d[1]), sha: d[2] }));
  const blocks = t[4].map((b) => ({ id: b[0], tables: b[1], span: spanIn(b[2]) }));
  return { path: t[0], stat: tupleMemo(t[1]), sha: t[2], deps, blocks, diagnostics: t[5], seenAtNs: t[6] };
}

function headOf(e: CacheHead): CacheHead {
  const head: CacheHead = { envKey: e.envKey, buildId: e.buildId, validated: e.validated, manifestSha256: e.manifestSha256 };
  if (e.manifestMemo) head.manifestMemo = e.manifestMemo;
  return head;
}

function parseEntry(line: string): Entry | undefined {
  try {
    const e = JSON.parse(line) as Entry;
    return e.format === FORMAT && typeof e.envKey === 'string' && Array.isArray(e.set) ? e : undefined;
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Reads snapshot and journal; undefined when absent, unreadable or of another format. */
export function readCache(root: string): CacheData | undefined {
  const snapshot = parseEntry(readText(join(root, CACHE_FILE)) ?? '');
  if (!snapshot?.full) return undefined;
  const units = new Map(snapshot.set.map((t) => [t[0], t]));
  let head = headOf(snapshot);
  for (const line of (readText(join(root, JOURNAL_FILE)) ?? '').split('\n')) {
    if (line === '') continue;
    const e = parseEntry(line);
    if (!e) break; // a torn append: what follows cannot be trusted
    for (const path of e.drop ?? []) units.delete(path);
    for (const t of e.set) units.set(t[0], t);
    head = headOf(e);
  }
  return { ...head, units: [...units.values()].map(decodeUnit) };
}

/** True while a journal line may be appended rather than a new snapshot written. */
export function journalHasRoom(root: string): boolean {
  return journalEntries(root) < MAX_JOURNAL_ENTRIES;
}

/**
 * Appends the units one compile changed, with its head, without ever writing a snapshot (the
 * caller checked journalHasRoom). False when the append failed: the caller then removes what
 * would otherwise vouch for a manifest the cache does not describe.
 */
export function appendJournal(root: string, head: CacheHead, set: CachedUnit[]): boolean {
  try {
    const entry: Entry = { format: FORMAT, ...headOf(head), set: set.map(encodeUnit), drop: [] };
    appendFileSync(join(root, JOURNAL_FILE), `${JSON.stringify(entry)}\n`);
    return true;
  } catch {
    return false;
  }
}

function journalEntries(root: string): number {
  try {
    return statSync(join(root, JOURNAL_FILE)).size === 0 ? 0 : (readFileSync(join(root, JOURNAL_FILE), 'utf8').match(/\n/g) ?? []).length;
  } catch {
    return 0;
  }
}

/** Units are serialised into pieces of about this many characters. */
const PIECE = 1 << 20;

/**
 * A snapshot's text, byte for byte JSON.stringify of its entry, as pieces: the 50,000 units of a
 * large project are never one 25 MB string plus its UTF-8 copy, which set a cold compile's peak RSS.
 */
function snapshotPieces(head: CacheHead, units: readonly CachedUnit[]): Buffer[] {
  const empty: Entry = { format: FORMAT, ...head, full: true, set: [] };
  // `set` is the entry's last key: its text ends with `"set":[]}`.
  const pieces = [Buffer.from(JSON.stringify(empty).slice(0, -2))];
  let chunk: string[] = [];
  let size = 0;
  units.forEach((u, i) => {
    const text = `${i === 0 ? '' : ','}${JSON.stringify(encodeUnit(u))}`;
    chunk.push(text);
    size += text.length;
    if (size < PIECE) return;
    pieces.push(Buffer.from(chunk.join('')));
    chunk = [];
    size = 0;
  });
  pieces.push(Buffer.from(`${chunk.join('')}]}`));
  return pieces;
}

/**
 * Records a compile: a journal line with the units that changed, or a new snapshot (`changed`
 * undefined, or the journal is long). A failure only costs speed next time, so it is swallowed.
 */
export function writeCache(root: string, data: CacheData, changed?: { set: CachedUnit[]; drop: string[] }): void {
  const head = headOf(data);
  try {
    if (changed && journalHasRoom(root)) {
      const entry: Entry = { format: FORMAT, ...head, set: changed.set.map(encodeUnit), drop: changed.drop };
      appendFileSync(join(root, JOURNAL_FILE), `${JSON.stringify(entry)}\n`);
      return;
    }
    atomicWrite(join(root, CACHE_FILE), snapshotPieces(head, data.units));
    rmSync(join(root, JOURNAL_FILE), { force: true });
  } catch {
    // A read-only checkout still compiles; it just compiles cold.
  }
}
