/**
 * A long-lived compile (`svc compile --watch`): compiles once, then recompiles whenever the
 * watcher reports a change, starting from what the previous run left in memory. A change batch
 * reuses unnamed files without a stat; once nothing has changed for `sweepAfterMs` (longer
 * than the stat memos' racy window), and then every `idleSweepMs`, a sweep stat-checks every
 * file, so an event the watcher missed (or a contract manifest outside the project) is still
 * picked up, and fresh memos let the next one-shot compile trust them.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { WarmStart } from '../cache/warm-start.js';
import { type CompileOptions, type CompileResult, compileProject } from '../pipeline/compile-project.js';
import { CONFIG_FILE, projectRootOf } from '../project/config.js';
import { TreeWatcher } from './tree-watcher.js';

export type CompileTrigger = 'start' | 'change' | 'sweep';

export interface CompileReport {
  result: CompileResult;
  trigger: CompileTrigger;
  /** Paths the watcher named (change only). */
  changed: number;
  /** Wall time of the compile itself. */
  ms: number;
}

export interface SessionOptions {
  /** Quiet time that closes a batch of watcher events (default 10 ms). */
  settleMs?: number;
  /** Quiet time after a change before the first sweep (default 2.5 s). */
  sweepAfterMs?: number;
  /** Interval of sweeps while idle: they see files no watch covers (default 10 s). */
  idleSweepMs?: number;
}

export class CompileSession {
  private warm: WarmStart | undefined;
  private watcher: TreeWatcher | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * `onFailed` hears of a recompile that failed with an internal error (a bug); the session
   * keeps its previous state and goes on watching.
   */
  constructor(
    private opts: Pick<CompileOptions, 'project' | 'cwd'>,
    private readonly onCompiled: (report: CompileReport) => void,
    private readonly timing: SessionOptions = {},
    private readonly onFailed: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Compiles and starts watching. Returns the first result; a project without svc.config.json
   * is not watched (exit 2 for the caller), one whose config is merely invalid is.
   */
  start(): CompileResult {
    // Watch first: an edit made while the first compile runs arrives as the first batch.
    const root = this.projectRoot();
    if (root !== undefined) {
      this.watcher = new TreeWatcher(root, (changed) => this.run('change', changed), this.timing.settleMs);
      this.watcher.start();
    }
    const first = this.compile('start');
    if (this.watcher === undefined) return first;
    // The project stays the one first found, even if its config goes away for a moment.
    this.opts = { project: first.root };
    this.scheduleSweep(this.timing.sweepAfterMs ?? 2500);
    return first;
  }

  /** The folder holding svc.config.json that the options name, if there is one. */
  private projectRoot(): string | undefined {
    const root = projectRootOf(this.opts);
    return root !== undefined && existsSync(join(root, CONFIG_FILE)) ? root : undefined;
  }

  /** True while watching. */
  get watching(): boolean {
    return this.watcher !== undefined && !this.closed;
  }

  /** Folders that could not be watched (e.g. the system's watch limit): only sweeps see them. */
  get unwatched(): number {
    return this.watcher?.unwatched ?? 0;
  }

  private run(trigger: CompileTrigger, changed?: ReadonlySet<string>): void {
    try {
      this.compile(trigger, changed);
    } catch (error) {
      this.onFailed(error);
    }
  }

  private compile(trigger: CompileTrigger, changed?: ReadonlySet<string>): CompileResult {
    const started = performance.now();
    const warm = this.warm ? { ...this.warm, ...(changed ? { changed } : {}) } : undefined;
    // A change is answered first and recorded on disk by the sweep that follows it.
    const result = compileProject({ ...this.opts, ...(warm ? { warm } : {}), keepWarm: true, deferCache: trigger === 'change' });
    const ms = performance.now() - started;
    if (result.next) this.warm = result.next;
    const quiet = trigger === 'sweep' && result.stats.compiled === 0 && !result.wrote;
    if (!quiet) this.onCompiled({ result, trigger, changed: changed?.size ?? 0, ms });
    if (this.watcher) this.scheduleSweep(trigger === 'sweep' ? (this.timing.idleSweepMs ?? 10_000) : (this.timing.sweepAfterMs ?? 2500));
    return result;
  }

  private scheduleSweep(ms: number): void {
    if (this.closed) return;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      if (!this.closed) this.run('sweep');
    }, ms);
  }

  /** Stops watching, first recording a deferred cache (so the next compile starts warm). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.watcher?.close();
    if (this.warm && !this.warm.cacheOnDisk) this.run('sweep');
  }
}
