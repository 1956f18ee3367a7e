/**
 * Per-person memory (spec 02 `stores.memory(projectRoot)`): small items a person's screens keep
 * between visits, each `{ kind, key, value, at }` under its owner's principal id. Follows
 * (kind `follow`, key `<appId>/<pageId>`) live here when the host keeps none. Every method
 * returns a promise, so a host may put the store anywhere several server copies reach.
 */

/** A JSON value as an item keeps it. */
export type MemoryValue = string | number | boolean | null | MemoryValue[] | { [k: string]: MemoryValue };

export interface MemoryItem {
  kind: string;
  key: string;
  value: MemoryValue;
  /** ISO 8601, when it was last set. */
  at: string;
}

export interface MemoryStore {
  /** The owner's items of `kind`, oldest first. */
  list(owner: string, kind: string): Promise<MemoryItem[]>;
  /** Sets one item; `value` undefined removes it. */
  set(owner: string, item: Omit<MemoryItem, 'value'> & { value: MemoryValue | undefined }): Promise<void>;
  close(): Promise<void>;
}

/** Items in this process only: tests and evaluation runs. */
export function createInMemoryMemoryStore(): MemoryStore {
  const items = new Map<string, Map<string, MemoryItem>>();
  return {
    async list(owner, kind) {
      return [...(items.get(owner)?.values() ?? [])].filter((i) => i.kind === kind).map((i) => structuredClone(i));
    },
    async set(owner, item) {
      const mine = items.get(owner) ?? new Map<string, MemoryItem>();
      items.set(owner, mine);
      const id = `${item.kind}\u0000${item.key}`;
      mine.delete(id);
      if (item.value !== undefined) mine.set(id, structuredClone(item as MemoryItem));
    },
    async close() {},
  };
}
