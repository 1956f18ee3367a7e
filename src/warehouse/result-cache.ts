/**
 * An opt-in result cache for certified block statements (origin `block` only), so a Tier-1
 * answer that many people ask in a row costs one warehouse run, not one per Ask.
 *
 * Why this is safe:
 * - Only `origin: 'block'` statements are cached. Block SQL is certified project source and
 *   passes the read-only statement check like every other statement, so running it twice on
 *   the same database gives the same rows; model, person, tool and platform SQL is never cached.
 * - The key is the whole request that decides the rows: connection, SQL text, every bound
 *   parameter (with its type) and the row cap. Nothing else reaches the engine.
 * - The warehouse file is read-only to svc (connectors open it read-only); it changes only when
 *   something else rewrites it, and that changes its size, mtime, ctime or inode. The file is
 *   stat'ed at most once per `statIntervalMs` (100 ms) per connection, and a changed signature
 *   drops every entry of that connection; so a rewrite is seen within that interval.
 *   A server warehouse has no file to watch: its results are cached only when its connection
 *   sets `cacheSeconds`, and then each is served for at most that long (the project accepts
 *   answers that old); without it, nothing of that connection is cached.
 * - Bounded: least recently used entries go first past `maxEntries` or `maxBytes` (estimated
 *   from the rows' JSON size); a single result over an eighth of `maxBytes` is not kept.
 * - Cached rows and their arrays are frozen: a caller that tried to change a shared result
 *   would throw rather than change another caller's answer.
 */
import { statSync } from 'node:fs';
import type { SqlValue } from './connectors/connector.js';

export interface ResultCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  statIntervalMs?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

export interface CachedResult {
  columns: readonly string[];
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>;
  truncated: boolean;
}

interface Entry {
  connection: string;
  value: CachedResult;
  bytes: number;
  storedAt: number;
}

interface FileWatch {
  /** The database file, or undefined for a connection kept for `ttlMs` instead. */
  path: string | undefined;
  ttlMs?: number;
  signature: string;
  checkedAt: number;
  /** Bumped on every change seen, so a result read before a change is never stored after it. */
  generation: number;
}

function signatureOf(path: string): string {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`;
  } catch {
    return 'missing';
  }
}

/** The key of a statement: every part that decides its rows, types included. */
export function cacheKey(connection: string, sql: string, params: readonly SqlValue[], maxRows: number, maxBytes = 0, maxCellBytes = 0): string {
  // The bounds are part of the key: a result kept under a larger budget is no answer under a smaller one.
  return JSON.stringify([connection, maxRows, maxBytes, maxCellBytes, sql, params.map((p) => (p === null ? null : [typeof p, p]))]);
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly files = new Map<string, FileWatch>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly statIntervalMs: number;
  private readonly now: () => number;

  constructor(options: ResultCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 256;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.statIntervalMs = options.statIntervalMs ?? 100;
    this.now = options.now ?? (() => performance.now());
  }

  /** Registers the database file of `connection`; without one, nothing of it is cached. */
  watch(connection: string, path: string): void {
    if (this.files.get(connection)?.path === path) return;
    this.files.set(connection, { path, signature: signatureOf(path), checkedAt: this.now(), generation: 0 });
    this.dropConnection(connection);
  }

  /** Registers a connection without a file: each result is served for at most `ttlMs`. */
  keepFor(connection: string, ttlMs: number): void {
    const known = this.files.get(connection);
    if (known !== undefined && known.path === undefined && known.ttlMs === ttlMs) return;
    this.files.set(connection, { path: undefined, ttlMs, signature: '', checkedAt: this.now(), generation: 0 });
    this.dropConnection(connection);
  }

  get(connection: string, key: string): CachedResult | undefined {
    if (!this.fresh(connection)) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const ttl = this.files.get(connection)?.ttlMs;
    if (ttl !== undefined && this.now() - entry.storedAt >= ttl) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: Map order is the recency order, oldest first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The change generation of `connection`'s file; pass it back to `set` with the result. */
  generation(connection: string): number | undefined {
    return this.files.get(connection)?.generation;
  }

  /** Keeps a result read at `generation`; dropped when the file changed in between. */
  set(
    connection: string,
    key: string,
    generation: number | undefined,
    result: { columns: string[]; rows: Array<Record<string, unknown>>; truncated: boolean },
  ): void {
    if (generation === undefined || this.files.get(connection)?.generation !== generation || !this.fresh(connection)) return;
    const bytes = 2 * (JSON.stringify(result.rows)?.length ?? 0) + 64;
    if (bytes > this.maxBytes / 8) return;
    const value: CachedResult = {
      columns: Object.freeze([...result.columns]),
      rows: Object.freeze(result.rows.map((r) => Object.freeze(r))),
      truncated: result.truncated,
    };
    this.delete(key);
    this.entries.set(key, { connection, value, bytes, storedAt: this.now() });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** True when the connection's file is unchanged (stat'ed at most once per interval). */
  private fresh(connection: string): boolean {
    const file = this.files.get(connection);
    if (file === undefined) return false;
    if (file.path === undefined) return true;
    const at = this.now();
    if (at - file.checkedAt < this.statIntervalMs) return true;
    file.checkedAt = at;
    const signature = signatureOf(file.path);
    if (signature === file.signature) return true;
    file.signature = signature;
    file.generation += 1;
    this.dropConnection(connection);
    return false;
  }

  private dropConnection(connection: string): void {
    for (const [key, entry] of this.entries) if (entry.connection === connection) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
