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
  grant: (slot: T) => void;
}

export class Lanes<T> {
  private readonly idle: T[];
  private readonly waiting: Array<Waiter<T>> = [];
  private modelBusy = 0;
  private closed = false;

  constructor(private readonly all: readonly T[]) {
    this.idle = [...all];
  }

  private admits(model: boolean): boolean {
    return this.idle.length > 0 && (!model || this.modelBusy < Math.max(1, this.all.length - 1));
  }

  /** A free slot for a statement; rejects with the signal's reason when it fires first. */
  acquire(model: boolean, signal: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new StatementError('CONNECTION_UNAVAILABLE', 'The connection is closed.'));
    if (this.waiting.length === 0 && this.admits(model)) return Promise.resolve(this.take(model));
    return new Promise((resolve, reject) => {
      const waiter: Waiter<T> = { model, grant: resolve };
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

  private take(model: boolean): T {
    if (model) this.modelBusy += 1;
    return this.idle.pop() as T;
  }

  /** Gives `slot` back and starts the first waiting statement it admits. */
  release(slot: T, model: boolean): void {
    if (model) this.modelBusy -= 1;
    this.idle.push(slot);
    if (this.closed) return;
    const next = this.waiting.findIndex((w) => this.admits(w.model));
    if (next < 0) return;
    const [waiter] = this.waiting.splice(next, 1) as [Waiter<T>];
    waiter.grant(this.take(waiter.model));
  }

  /** Refuses every later statement; answers every slot, for the caller to close. */
  close(): readonly T[] {
    this.closed = true;
    return this.all;
  }
}
