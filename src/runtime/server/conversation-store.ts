/**
 * The conversation store a server uses: the host's (`stores.conversations`), read defensively,
 * or the local SQLite file. A host store that cannot be had when the server starts stops the
 * start (HostStoreInvalidError): falling back to the local file would split the host's
 * conversations between copies without anyone knowing.
 */
import { join } from 'node:path';
import type { HostHooks } from '../host/hooks.js';
import { guardedThreadStore } from '../stores/guarded-thread-store.js';
import { openSqliteThreadStore, THREAD_STORE_FILE } from '../stores/sqlite-thread-store.js';
import type { ThreadStore } from '../stores/thread-store.js';
import { guardedRunStore } from '../stores/guarded-run-store.js';
import type { RunStore } from '../stores/run-store.js';
import { openSqliteRunStore } from '../stores/sqlite-run-store.js';

/** The host's `stores.<name>` gave no store of the expected shape, so the server did not start. */
export class HostStoreInvalidError extends Error {
  constructor(readonly store: string) {
    super(`The host's stores.${store} did not give a store (create, get, append, threadOf and close), so the server did not start.`);
    this.name = 'HostStoreInvalidError';
  }
}

const METHODS = ['create', 'get', 'append', 'threadOf', 'close'] as const;

function isThreadStore(value: unknown): value is ThreadStore {
  return value !== null && typeof value === 'object' && METHODS.every((m) => typeof (value as Record<string, unknown>)[m] === 'function');
}

const RUN_METHODS = ['put', 'get', 'close'] as const;

/** The answer-facts store: the host's `stores.runs` when given (read defensively), else the local file. */
export function runStore(hooks: HostHooks | undefined, root: string, guard: { timeoutMs: number; log: (line: string) => void }): RunStore {
  const store: unknown = hooks?.stores?.runs;
  if (store === undefined) return openSqliteRunStore(root);
  if (store === null || typeof store !== 'object' || !RUN_METHODS.every((m) => typeof (store as Record<string, unknown>)[m] === 'function')) throw new HostStoreInvalidError('runs');
  return guardedRunStore(store as RunStore, guard);
}

/** The store for the project at `root`: the host's when it gives one, else the local file. */
export async function conversationStore(hooks: HostHooks | undefined, root: string, guard: { timeoutMs: number; log: (line: string) => void }): Promise<ThreadStore> {
  const factory = hooks?.stores?.conversations;
  if (factory === undefined) return openSqliteThreadStore(root);
  let store: unknown;
  try {
    store = await factory.call(hooks?.stores, join(root, THREAD_STORE_FILE));
  } catch {
    throw new HostStoreInvalidError('conversations');
  }
  if (!isThreadStore(store)) throw new HostStoreInvalidError('conversations');
  return guardedThreadStore(store, guard);
}
