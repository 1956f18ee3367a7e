/**
 * The compile cache (.svc/cache/compile-v1): per block file, the content hash it was compiled
 * from, the hashes of the companion files it consulted, its diagnostics, and the manifest text
 * of its blocks. An entry is used only when the environment key (compiler build, config text,
 * contract manifest text) and every content hash still match; stat memos only spare reading a
 * file whose content provably did not change. Layout: a JSON header line, then the fragments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { atomicWrite } from '../write-file.js';
import type { StatMemo } from './stat-memo.js';

export const CACHE_FILE = '.svc/cache/compile-v1';
const MAGIC = 'svc-compile-cache 1';

export interface CachedDep {
  path: string;
  stat: StatMemo | null;
  /** sha256 of the content; null when the file was absent. */
  sha: string | null;
}

export interface CachedBlock {
  id: string;
  tables: string[];
  /** [offset, length] of the block's manifest fragment in the body. */
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
  /** Wall clock (ns) just before the files of this cache were examined. */
  writtenAtNs: string;
  units: CachedUnit[];
  body: string;
}

/** Reads the cache; undefined when absent, unreadable or written by another format. */
export function readCache(root: string): CacheData | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, CACHE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const first = text.indexOf('\n');
  const second = text.indexOf('\n', first + 1);
  if (first < 0 || second < 0 || text.slice(0, first) !== MAGIC) return undefined;
  try {
    const header = JSON.parse(text.slice(first + 1, second)) as Omit<CacheData, 'body'>;
    if (typeof header.envKey !== 'string' || !Array.isArray(header.units)) return undefined;
    return { ...header, body: text.slice(second + 1) };
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a failure only costs speed next time, so it is swallowed. */
export function writeCache(root: string, data: CacheData): void {
  const { body, ...header } = data;
  try {
    atomicWrite(join(root, CACHE_FILE), `${MAGIC}\n${JSON.stringify(header)}\n${body}`);
  } catch {
    // A read-only checkout still compiles; it just compiles cold.
  }
}
