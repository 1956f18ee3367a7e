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
const FORMAT = 'svc-compile-cache/3';

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

/** Reads the cache; undefined when absent, unreadable or of another format. */
export function readCache(root: string): CacheData | undefined {
  try {
    const data = JSON.parse(readFileSync(join(root, CACHE_FILE), 'utf8')) as CacheData & { format?: string };
    if (data.format !== FORMAT || typeof data.envKey !== 'string' || !Array.isArray(data.units)) return undefined;
    return data;
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a failure only costs speed next time, so it is swallowed. */
export function writeCache(root: string, data: CacheData): void {
  try {
    atomicWrite(join(root, CACHE_FILE), JSON.stringify({ format: FORMAT, ...data }));
  } catch {
    // A read-only checkout still compiles; it just compiles cold.
  }
}
