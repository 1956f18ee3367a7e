/**
 * The compile cache (.svc/cache/compile-v2.json): per block file, the content hash it was
 * compiled from, the hashes of the companion files it consulted, its diagnostics, and where its
 * blocks' text sits in the manifest written with it. The manifest itself is the fragment store:
 * fragments are reused only when the manifest on disk still hashes to `manifestSha256`, and an
 * entry only when the environment key (compiler build, config text, contract manifest text)
 * and every content hash still match. Stat memos only spare reading a file whose content
 * provably did not change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { atomicWrite } from '../write-file.js';
import type { StatMemo } from './stat-memo.js';

export const CACHE_FILE = '.svc/cache/compile-v2.json';
const FORMAT = 'svc-compile-cache/4';

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
  /** [offset, length] of the block's fragment in the manifest text. */
  frag: [number, number];
}

export interface CachedUnit {
  path: string;
  stat: StatMemo | null;
  sha: string;
  deps: CachedDep[];
  blocks: CachedBlock[];
  diagnostics: Diagnostic[];
}

export interface CacheData {
  envKey: string;
  /** The build that wrote the cache. */
  buildId: string;
  /** sha256 of the config and contract manifest texts that build validated ('' when none). */
  validated: { config: string; contracts: string };
  /** Wall clock (ns) just before the files of this cache were examined. */
  writtenAtNs: string;
  /** sha256 of the manifest text the fragment offsets point into. */
  manifestSha256: string;
  units: CachedUnit[];
}

// On disk each unit is a tuple, not an object: 10,000 units of repeated key names cost about
// a third more to write and to read back on every compile.
type StatTuple = [number, string, string, string] | null;
type DepTuple = [string, StatTuple, string | null];
type BlockTuple = [string, string[], number[], number, number];
type UnitTuple = [string, StatTuple, string, DepTuple[], BlockTuple[], Diagnostic[]];

const statOut = (m: StatMemo | null): StatTuple => (m ? [m.size, m.mtimeNs, m.ctimeNs, m.ino] : null);
const statIn = (t: StatTuple): StatMemo | null => (t ? { size: t[0], mtimeNs: t[1], ctimeNs: t[2], ino: t[3] } : null);
const spanOut = (s: Span): number[] => [s.start.offset, s.start.line, s.start.column, s.end.offset, s.end.line, s.end.column];
function spanIn(n: number[]): Span {
  const [a = 0, b = 1, c = 1, d = 0, e = 1, f = 1] = n;
  return { start: { offset: a, line: b, column: c }, end: { offset: d, line: e, column: f } };
}

function encodeUnit(u: CachedUnit): UnitTuple {
  const deps = u.deps.map((d): DepTuple => [d.path, statOut(d.stat), d.sha]);
  const blocks = u.blocks.map((b): BlockTuple => [b.id, b.tables, spanOut(b.span), b.frag[0], b.frag[1]]);
  return [u.path, statOut(u.stat), u.sha, deps, blocks, u.diagnostics];
}

function decodeUnit(t: UnitTuple): CachedUnit {
  const deps = t[3].map((d) => ({ path: d[0], stat: statIn(d[1]), sha: d[2] }));
  const blocks = t[4].map((b) => ({ id: b[0], tables: b[1], span: spanIn(b[2]), frag: [b[3], b[4]] as [number, number] }));
  return { path: t[0], stat: statIn(t[1]), sha: t[2], deps, blocks, diagnostics: t[5] };
}

/** Reads the cache; undefined when absent, unreadable or of another format. */
export function readCache(root: string): CacheData | undefined {
  try {
    const data = JSON.parse(readFileSync(join(root, CACHE_FILE), 'utf8')) as Omit<CacheData, 'units'> & { format?: string; units?: UnitTuple[] };
    if (data.format !== FORMAT || typeof data.envKey !== 'string' || !Array.isArray(data.units)) return undefined;
    const { format: _format, units, ...rest } = data;
    return { ...rest, units: units.map(decodeUnit) };
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a failure only costs speed next time, so it is swallowed. */
export function writeCache(root: string, data: CacheData): void {
  try {
    const { units, ...rest } = data;
    atomicWrite(join(root, CACHE_FILE), JSON.stringify({ format: FORMAT, ...rest, units: units.map(encodeUnit) }));
  } catch {
    // A read-only checkout still compiles; it just compiles cold.
  }
}
