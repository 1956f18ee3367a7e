/**
 * Compiles every block file, reusing cached results whose inputs provably did not change.
 * Order of checks per file: stat (taken before any read, so an edit racing the read can only
 * cause a re-read later, never a stale reuse), then content hash, then the same for each
 * companion the file consulted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareDiagnostics } from '../../../grammar/diagnostics.js';
import { compileSourceText, type FileEnv } from '../project/compile-file.js';
import type { SourceFile } from '../project/discover.js';
import { decodeSource, readSource } from '../project/read-source.js';
import { blockFragment } from '../manifest/fragments.js';
import { sha256Hex } from '../hash.js';
import type { CacheData, CachedBlock, CachedDep, CachedUnit } from './compile-cache.js';
import { memoHolds, statMemo } from './stat-memo.js';

export interface UnitOutcome {
  entry: CachedUnit;
  reused: boolean;
}

class Body {
  private readonly parts: string[] = [];
  private length = 0;

  add(text: string): [number, number] {
    const at = this.length;
    this.parts.push(text);
    this.length += text.length;
    return [at, text.length];
  }

  text(): string {
    return this.parts.join('');
  }
}

function readBytes(abs: string): Buffer | undefined {
  try {
    return readFileSync(abs);
  } catch {
    return undefined;
  }
}

function depsHold(root: string, deps: readonly CachedDep[], writtenAt: bigint): CachedDep[] | undefined {
  const fresh: CachedDep[] = [];
  for (const dep of deps) {
    const abs = join(root, dep.path);
    const memo = statMemo(abs);
    if (!memoHolds(dep.stat, memo, writtenAt)) {
      const bytes = memo === null ? undefined : readBytes(abs);
      const sha = bytes === undefined ? null : sha256Hex(bytes);
      if (sha !== dep.sha) return undefined;
    }
    fresh.push({ ...dep, stat: memo });
  }
  return fresh;
}

function compileFresh(root: string, file: SourceFile, memo: CachedUnit['stat'], bytes: Buffer | undefined, env: Omit<FileEnv, 'readCompanion'>, body: Body): CachedUnit {
  const source = bytes === undefined ? readSource(file.abs, file.path) : decodeSource(bytes, file.path);
  const sha = source.bytes ? sha256Hex(source.bytes) : '';
  const deps: CachedDep[] = [];
  const readCompanion = (rel: string): string | undefined => {
    const abs = join(root, rel);
    const depMemo = statMemo(abs);
    const depBytes = depMemo === null ? undefined : readBytes(abs);
    deps.push({ path: rel, stat: depMemo, sha: depBytes === undefined ? null : sha256Hex(depBytes) });
    return depBytes?.toString('utf8');
  };
  if (source.text === undefined) {
    // Unreadable files are never reused: stat null forces a fresh look next time.
    return { path: file.path, stat: null, sha: '', deps, blocks: [], diagnostics: source.diagnostics };
  }
  const unit = compileSourceText(file, source.text, { ...env, readCompanion });
  const blocks: CachedBlock[] = unit.blocks.map((b) => ({ id: b.id, tables: b.tables, frag: body.add(blockFragment(b)) }));
  return { path: file.path, stat: memo, sha, deps, blocks, diagnostics: unit.diagnostics.sort(compareDiagnostics) };
}

function reuse(c: CachedUnit, cache: CacheData, body: Body, stat: CachedUnit['stat'], deps: CachedDep[]): CachedUnit {
  const blocks = c.blocks.map((b) => ({ ...b, frag: body.add(cache.body.slice(b.frag[0], b.frag[0] + b.frag[1])) }));
  return { ...c, stat, deps, blocks };
}

/** Compiles or reuses each file; `fragment` returns a block's manifest text from the new body. */
export function compileUnits(root: string, files: readonly SourceFile[], env: Omit<FileEnv, 'readCompanion'>, cache?: CacheData) {
  const body = new Body();
  const previous = new Map((cache?.units ?? []).map((u) => [u.path, u]));
  const writtenAt = BigInt(cache?.writtenAtNs ?? '0');
  const outcomes: UnitOutcome[] = [];
  let reused = 0;
  let refreshed = false;
  for (const file of files) {
    const c = previous.get(file.path);
    const memo = statMemo(file.abs);
    let bytes: Buffer | undefined;
    let same = c !== undefined && c.sha !== '' && memoHolds(c.stat, memo, writtenAt);
    if (c && !same && c.sha !== '') {
      // The memo cannot vouch for the file: decide by content, and remember the new stat.
      bytes = readBytes(file.abs);
      same = bytes !== undefined && sha256Hex(bytes) === c.sha;
      refreshed = true;
    }
    const deps = same && c ? depsHold(root, c.deps, writtenAt) : undefined;
    if (c && cache && deps) {
      outcomes.push({ entry: reuse(c, cache, body, memo, deps), reused: true });
      reused += 1;
    } else {
      outcomes.push({ entry: compileFresh(root, file, memo, bytes, env, body), reused: false });
    }
  }
  const text = body.text();
  const changed = refreshed || reused !== files.length || previous.size !== files.length;
  const fragment = (b: CachedBlock): string => text.slice(b.frag[0], b.frag[0] + b.frag[1]);
  return { outcomes, body: text, changed, compiled: files.length - reused, reused, fragment };
}
