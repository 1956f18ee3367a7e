/**
 * Watches a project's folders and reports, in batches, the project-relative paths that changed.
 * One non-recursive watch per folder (inotify on Linux), added as folders appear and dropped
 * as they go; names starting with a dot (.svc/, .git/, editor swap files, the compiler's own
 * temporary files) and node_modules are never watched, and neither is svc-manifest.json, which
 * the compile itself writes. Events are hints: the compile session still confirms every file
 * by stat once things are quiet (warm-start.ts), so a missed event costs latency, not truth.
 */
import { type FSWatcher, readdirSync, realpathSync, statSync, watch } from 'node:fs';

const IGNORED_FILES = new Set(['svc-manifest.json']);

function ignored(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

function isDir(abs: string): boolean {
  return statSync(abs, { throwIfNoEntry: false })?.isDirectory() === true;
}

export class TreeWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  /** Real path of each watched folder, to follow a link into a folder only once. */
  private readonly realOf = new Map<string, string>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private failed = new Set<string>();

  /** `onBatch` receives the changed paths once no event has arrived for `settleMs`. */
  constructor(
    private readonly root: string,
    private readonly onBatch: (changed: ReadonlySet<string>) => void,
    private readonly settleMs = 10,
  ) {}

  /** Starts watching every folder under the root. */
  start(): void {
    this.add('');
  }

  /** Number of folders being watched. */
  get folders(): number {
    return this.watchers.size;
  }

  /** Number of folders a watch could not be placed on (e.g. the system's limit was reached). */
  get unwatched(): number {
    return this.failed.size;
  }

  private abs(rel: string): string {
    return rel === '' ? this.root : `${this.root}/${rel}`;
  }

  /** Watches `rel` and every folder below it not yet watched; links are followed once. */
  private add(rel: string): void {
    if (this.closed || this.watchers.has(rel)) return;
    let real: string;
    try {
      real = realpathSync(this.abs(rel));
      const w = watch(this.abs(rel), { persistent: true }, (_event, name) => this.onEvent(rel, name));
      w.on('error', () => this.drop(rel));
      this.watchers.set(rel, w);
      this.failed.delete(rel);
    } catch {
      if (isDir(this.abs(rel))) this.failed.add(rel);
      return;
    }
    const seen = [...this.realOf.values()].includes(real);
    this.realOf.set(rel, real);
    if (seen) return; // a link back into a watched folder: its events already arrive
    let names: string[];
    try {
      names = readdirSync(this.abs(rel));
    } catch {
      return;
    }
    for (const name of names) {
      const child = rel === '' ? name : `${rel}/${name}`;
      if (!ignored(name) && isDir(this.abs(child))) this.add(child);
    }
  }

  private drop(rel: string): void {
    for (const [folder, w] of this.watchers) {
      if (folder === rel || folder.startsWith(`${rel}/`)) {
        w.close();
        this.watchers.delete(folder);
        this.realOf.delete(folder);
      }
    }
  }

  private onEvent(folder: string, name: string | Buffer | null): void {
    if (this.closed) return;
    const base = name === null ? '' : String(name);
    if (base !== '' && ignored(base.split('/').pop() ?? base)) return;
    const rel = base === '' ? folder : folder === '' ? base : `${folder}/${base}`;
    if (IGNORED_FILES.has(rel)) return;
    this.pending.add(rel);
    if (isDir(this.abs(rel))) this.add(rel);
    else if (this.watchers.has(rel)) this.drop(rel);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.settleMs);
  }

  private flush(): void {
    this.timer = undefined;
    const changed = this.pending;
    this.pending = new Set();
    if (!this.closed && changed.size > 0) this.onBatch(changed);
  }

  /** Stops every watch; no batch is delivered afterwards. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
