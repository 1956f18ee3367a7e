/**
 * A host's memory store (`stores.memory(projectRoot)`), read defensively: every call under the
 * hook time limit; a list that throws or is late is a StoreUnavailableError with a reference, a
 * non-list is empty and a malformed item is left out; a write that fails is a failure (the
 * person is told it was not kept), never a silent success.
 */
import { callHook } from './call-hook.js';
import type { GuardOptions } from './guarded-thread-store.js';
import { found, StoreUnavailableError } from './store-failure.js';
import type { MemoryItem, MemoryStore } from './stores/memory-store.js';

const any = (v: unknown): v is unknown => true;
const isItem = (v: unknown): v is MemoryItem =>
  v !== null && typeof v === 'object' && typeof (v as MemoryItem).kind === 'string' && typeof (v as MemoryItem).key === 'string' && 'value' in v;

/** `store` behind the rules above. */
export function guardedMemoryStore(store: MemoryStore, options: GuardOptions): MemoryStore {
  const call = (name: string, invoke: () => unknown) => callHook({ name: `stores.memory.${name}`, invoke, accept: any, ...options });
  return {
    async list(owner, kind) {
      const value = found(await call('list', () => store.list(owner, kind)));
      return Array.isArray(value)
        ? value
            .filter(isItem)
            .filter((i) => i.kind === kind)
            .map((i) => ({ ...i, at: typeof i.at === 'string' ? i.at : '' }))
        : [];
    },
    async set(owner, item) {
      const outcome = await call('set', () => store.set(owner, item));
      if (outcome.kind !== 'ok') throw new StoreUnavailableError(outcome.reference);
    },
    async close() {
      await call('close', () => store.close());
    },
  };
}
