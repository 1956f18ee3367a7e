/**
 * The slots of one connection (open connections, or places in a server pool) and who may use
 * them. Each slot runs one statement at a time; a statement waits for a free one. As in the
 * SQLite pool, statements a model or tool wrote hold at most `size - 1` slots, so a person's
 * statement always finds one free of them. The deadline covers the wait: a statement still
 * waiting when its signal fires never starts.
 */
import { StatementError } from './connector.js';

interface Waiter<T> {
  model: boolean;
  caller: string | undefined;
  grant: (slot: T) => void;
}

export class Lanes<T> {
  private readonly idle: T[];
  private readonly waiting: Array<Waiter<T>> = [];
  private modelBusy = 0;
  /** Statements running per caller. */
  private readonly callers = new Map<string, number>();
  private closed = false;

  constructor(private readonly all: readonly T[]) {
    this.idle = [...all];
  }

  /**
   * A free slot admits a model statement while model statements hold fewer than `size - 1`, and
   * one caller's while they hold fewer than `size - 1`; a caller with nothing running is admitted
   * on any free slot, so one person's heavy statements never hold another's first one.
   */
  private admits(model: boolean, caller: string | undefined): boolean {
    if (this.idle.length === 0) return false;
    const cap = Math.max(1, this.all.length - 1);
    const own = caller === undefined ? 0 : (this.callers.get(caller) ?? 0);
    if (caller !== undefined && own === 0) return true;
    return (!model || this.modelBusy < cap) && own < cap;
  }

  /** A free slot for a statement of `caller`; rejects with the signal's reason when it fires first. */
  acquire(model: boolean, signal: AbortSignal, caller?: string): Promise<T> {
    if (this.closed) return Promise.reject(new StatementError('CONNECTION_UNAVAILABLE', 'The connection is closed.'));
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.admits(model, caller) && !this.waiting.some((w) => this.admits(w.model, w.caller))) return Promise.resolve(this.take(model, caller));
    return new Promise((resolve, reject) => {
      const waiter: Waiter<T> = { model, caller, grant: resolve };
      this.waiting.push(waiter);
      signal.addEventListener(
        'abort',
        () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  private take(model: boolean, caller: string | undefined): T {
    if (model) this.modelBusy += 1;
    if (caller !== undefined) this.callers.set(caller, (this.callers.get(caller) ?? 0) + 1);
    return this.idle.pop() as T;
  }

  /** Gives `slot` back and starts the first waiting statement it admits. */
  release(slot: T, model: boolean, caller?: string): void {
    if (model) this.modelBusy -= 1;
    if (caller !== undefined) {
      const left = (this.callers.get(caller) ?? 1) - 1;
      if (left > 0) this.callers.set(caller, left);
      else this.callers.delete(caller);
    }
    this.idle.push(slot);
    if (this.closed) return;
    const next = this.waiting.findIndex((w) => this.admits(w.model, w.caller));
    if (next < 0) return;
    const [waiter] = this.waiting.splice(next, 1) as [Waiter<T>];
    waiter.grant(this.take(waiter.model, waiter.caller));
  }

  /** Refuses every later statement; answers every slot, for the caller to close. */
  close(): readonly T[] {
    this.closed = true;
    return this.all;
  }
}
