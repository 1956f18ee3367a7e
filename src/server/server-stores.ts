/**
 * The stores a server uses: the host's (`stores.conversations`, `stores.runs`,
 * `stores.memory`), read defensively, or the local files. A host store that cannot be had when
 * the server starts stops the start (HostStoreInvalidError): falling back to the local file
 * would split the host's records between copies without anyone knowing.
 */
import { join } from 'node:path';
import { guardedMemoryStore } from '../hooks/guarded-memory-store.js';
import { guardedRunStore } from '../hooks/guarded-run-store.js';
import { guardedThreadStore } from '../hooks/guarded-thread-store.js';
import type { HostHooks } from '../hooks/hooks.js';
import { openFileMemoryStore } from '../hooks/stores/file-memory-store.js';
import type { MemoryStore } from '../hooks/stores/memory-store.js';
import type { RunStore } from '../hooks/stores/run-store.js';
import { openSqliteRunStore } from '../hooks/stores/sqlite-run-store.js';
import { openSqliteThreadStore, THREAD_STORE_FILE } from '../hooks/stores/sqlite-thread-store.js';
import type { ThreadStore } from '../hooks/stores/thread-store.js';

/** The host's `stores.<name>` gave no store of the expected shape, so the server did not start. */
export class HostStoreInvalidError extends Error {
  constructor(readonly store: string) {
    super(
      `The host's stores.${store} did not give a store (with ${STORE_METHODS[store as keyof typeof STORE_METHODS]?.join(', ') ?? 'its methods'}), so the server did not start.`,
    );
    this.name = 'HostStoreInvalidError';
  }
}

const STORE_METHODS = {
  conversations: ['create', 'get', 'append', 'threadOf', 'close'],
  runs: ['put', 'get', 'close'],
  memory: ['list', 'set', 'close'],
} as const;

function hasMethods(value: unknown, store: keyof typeof STORE_METHODS): boolean {
  return value !== null && typeof value === 'object' && STORE_METHODS[store].every((m) => typeof (value as Record<string, unknown>)[m] === 'function');
}

/** The answer-facts store: the host's `stores.runs` when given (read defensively), else the local file. */
export function runStore(hooks: HostHooks | undefined, root: string, guard: Guard): RunStore {
  const store: unknown = hooks?.stores?.runs;
  if (store === undefined) return openSqliteRunStore(root);
  if (!hasMethods(store, 'runs')) throw new HostStoreInvalidError('runs');
  return guardedRunStore(store as RunStore, guard);
}

type Guard = { timeoutMs: number; log: (line: string) => void };

/** What the host's factory `stores.<name>(arg)` gives, checked for the store's methods; a throw or another shape stops the start. */
async function fromFactory(hooks: HostHooks, name: 'conversations' | 'memory', factory: (arg: string) => unknown, arg: string): Promise<unknown> {
  let store: unknown;
  try {
    store = await factory.call(hooks.stores, arg);
  } catch {
    throw new HostStoreInvalidError(name);
  }
  if (!hasMethods(store, name)) throw new HostStoreInvalidError(name);
  return store;
}

/** The store for the project at `root`: the host's when it gives one, else the local file. */
export async function conversationStore(hooks: HostHooks | undefined, root: string, guard: Guard): Promise<ThreadStore> {
  const factory = hooks?.stores?.conversations;
  if (hooks === undefined || factory === undefined) return openSqliteThreadStore(root);
  return guardedThreadStore((await fromFactory(hooks, 'conversations', factory, join(root, THREAD_STORE_FILE))) as ThreadStore, guard);
}

/** The memory store: the host's `stores.memory(projectRoot)` when given (read defensively), else the local files. */
export async function memoryStore(hooks: HostHooks | undefined, root: string, guard: Guard): Promise<MemoryStore> {
  const factory = hooks?.stores?.memory;
  if (hooks === undefined || factory === undefined) return openFileMemoryStore(root);
  return guardedMemoryStore((await fromFactory(hooks, 'memory', factory, root)) as MemoryStore, guard);
}
