/**
 * The quick index (.svc/cache/quick-v1.json): what a one-shot recompile needs to prove that a
 * project differs from its last compile only inside a few block files, without reading the
 * compile cache or hashing the manifest. Per block file: its stat memo, the memos of the
 * companions it consulted, and a digest of everything it contributes outside its own manifest
 * line (block ids, tables, diagnostics). Per project: the manifest's stat memo taken after it
 * was written, the content hash of every file under apps/, and the environment key.
 *
 * Invariant: the index is written only for a project whose manifest holds every block of
 * every file (no duplicate ids, no unreadable file, no discovery diagnostic), right after the
 * compile that wrote that manifest; anything else removes it, and without it the next compile
 * takes the ordinary path (compile-project.ts).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { sha256Hex } from '../hash.js';
import { atomicWrite } from '../write-file.js';
import { latestNs, memoTuple, nowNs, type StatMemo, type StatTuple, sameMemo, statMemo, tupleMemo } from './stat-memo.js';

export const QUICK_FILE = '.svc/cache/quick-v1.json';
const FORMAT = 'svc-quick/1';

/** A file under apps/ and the sha256 of its content. */
export type AppFile = [string, string];
/** A stat memo and the wall clock (ns) read just before it was taken. */
export type TakenMemo = [StatTuple, string];
/** A companion: path, memo (null: absent), sha256 of its content (null: absent). */
export type QuickDep = [string, StatTuple | null, string | null];
/** path, memo, when its memos were taken, summary, sha256 of its content, companions. */
export type QuickUnit = [string, StatTuple | null, string, string, string, QuickDep[]];

export interface QuickIndex {
  buildId: string;
  envKey: string;
  validated: { config: string; contracts: string };
  manifest: TakenMemo;
  blocks: number;
  /** Every regular file under apps/, with its content hash. */
  apps: AppFile[];
  units: QuickUnit[];
}

/** The memo part of a taken memo. */
export const memoOfTaken = (taken: TakenMemo): StatMemo => tupleMemo(taken[0]) as StatMemo;

/**
 * What a block file contributes to the manifest outside its own line: block ids (which fix
 * the order of lines and what Apps can bind), tables (lineage) and diagnostics. Spans are left
 * out: a reused line carries its own.
 */
export function unitSummary(blocks: ReadonlyArray<{ id: string; tables: readonly string[] }>, diagnostics: readonly Diagnostic[]): string {
  return sha256Hex(JSON.stringify([blocks.map((b) => [b.id, b.tables]), diagnostics])).slice(0, 32);
}

/** The quick index of the project at `root`, when present and readable. */
export function readQuickIndex(root: string): QuickIndex | undefined {
  try {
    const data = JSON.parse(readFileSync(join(root, QUICK_FILE), 'utf8')) as QuickIndex & { format?: string };
    return data.format === FORMAT && Array.isArray(data.units) && Array.isArray(data.apps) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the index, or removes it (undefined). `unitsJson`, when given, is `index.units`
 * already serialized (a caller that must take the manifest memo last serializes first). A
 * failure costs only speed, so it is swallowed.
 */
export function writeQuickIndex(root: string, index: QuickIndex | undefined, unitsJson = index && JSON.stringify(index.units)): void {
  try {
    if (index === undefined) {
      rmSync(join(root, QUICK_FILE), { force: true });
      return;
    }
    const { buildId, envKey, validated, manifest, blocks, apps } = index;
    const head = JSON.stringify({ format: FORMAT, buildId, envKey, validated, manifest, blocks, apps });
    atomicWrite(join(root, QUICK_FILE), `${head.slice(0, -1)},"units":${unitsJson}}`);
  } catch {
    // a read-only checkout: the next compile takes the ordinary path
  }
}

function walkApps(root: string, rel: string, out: AppFile[]): boolean {
  let entries;
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch {
    return rel === 'apps'; // no apps folder at all is a valid (empty) snapshot
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.')) continue;
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!walkApps(root, child, out)) return false;
    } else if (e.isFile()) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(root, child));
      } catch {
        return false;
      }
      out.push([child, sha256Hex(bytes)]);
    } else return false; // links and the like: leave Apps to the ordinary path
  }
  return true;
}

/**
 * Every regular file under apps/ (sorted) with its content hash, or undefined when something
 * there is not a regular file. Apps are a few small files: comparing them by content costs
 * less than a memo scheme and has no racy window.
 */
export function appsSnapshot(root: string): AppFile[] | undefined {
  const out: AppFile[] = [];
  return walkApps(root, 'apps', out) ? out : undefined;
}

/** True when the files under apps/ are, by path and content, the ones the index recorded. */
export function appsUnchanged(root: string, index: QuickIndex): boolean {
  const now = appsSnapshot(root);
  if (now === undefined || now.length !== index.apps.length) return false;
  return now.every(([path, sha], i) => {
    const old = index.apps[i] as AppFile;
    return old[0] === path && old[1] === sha;
  });
}

/** The longest timestamp tick of a filesystem keeping sub-second times (the clock's coarse tick). */
const FINE_TICK_NS = 12_000_000n;
const COARSE_TICK_NS = 2_000_000_000n;

/** How far apart two writes must be for their times to differ on the filesystem `m` came from. */
function tickOf(m: StatMemo): bigint {
  return BigInt(m.mtimeNs) % 1_000_000_000n !== 0n || BigInt(m.ctimeNs) % 1_000_000_000n !== 0n ? FINE_TICK_NS : COARSE_TICK_NS;
}

/**
 * What proves the file at a path is the one a compile means: the inode it wrote there, or,
 * when it wrote nothing, the stat it took before reading the file.
 */
export type Identity = { ino: string } | { memo: StatMemo };

/**
 * The memo of the manifest a compile just wrote or confirmed, taken once the clock is past the
 * file's times by a timestamp tick: a later write to it, even one of the same size, then gets
 * a later mtime. Undefined when the file is no longer the one `identity` names (a concurrent
 * compile replaced it meanwhile): then nothing vouches for it. Waits up to one fine tick; with
 * whole-second times it does not wait, and the memo simply never vouches (`vouches`).
 */
export function settledMemo(abs: string, identity: Identity): TakenMemo | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    const takenAt = nowNs();
    const memo = statMemo(abs);
    if (memo === null || !isIdentified(memo, identity)) return undefined;
    const wait = latestNs(memo) + tickOf(memo) - takenAt;
    if (wait < 0n || tickOf(memo) === COARSE_TICK_NS || attempt === 1) return [memoTuple(memo) as StatTuple, String(takenAt)];
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(wait / 1_000_000n) + 1);
  }
  return undefined;
}

/** True when `taken` can ever vouch for its file (the filesystem keeps sub-second times). */
export function canVouch(taken: TakenMemo | undefined): boolean {
  return taken !== undefined && tickOf(memoOfTaken(taken)) === FINE_TICK_NS;
}

function isIdentified(memo: StatMemo, identity: Identity): boolean {
  return 'ino' in identity ? memo.ino === identity.ino : sameMemo(memo, identity.memo);
}

/**
 * True when `now` (a file's stat this moment) proves the file is the one `taken` describes:
 * every field equal, and the memo taken more than a timestamp tick after the file's last change.
 */
export function vouches(taken: TakenMemo, now: StatMemo | null): boolean {
  if (now === null || !sameMemo(memoOfTaken(taken), now)) return false;
  return latestNs(now) + tickOf(now) < BigInt(taken[1]);
}

/** True when the file at `abs` is provably the one `taken` describes. */
export function settledHolds(taken: TakenMemo, abs: string): boolean {
  return vouches(taken, statMemo(abs));
}

/** A unit's quick-index entry from what a compile knows of it. */
export function quickUnit(
  u: { path: string; stat: StatMemo | null; seenAtNs: string; sha: string; deps: ReadonlyArray<{ path: string; stat: StatMemo | null; sha: string | null }> },
  summary: string,
): QuickUnit {
  const deps = u.deps.map((d): QuickDep => [d.path, memoTuple(d.stat), d.sha]);
  return [u.path, memoTuple(u.stat), u.seenAtNs, summary, u.sha, deps];
}
