/**
 * The local memory store: one JSON file per person, `.svc/local/private/home/<hash>.json`, the
 * hash a sha256 of the principal id (so a file name never spells who it belongs to). Writes are
 * atomic (temp file + rename) and one at a time per file, so a crash leaves the previous items
 * and two quick changes never lose one. A file that cannot be read as items reads as empty.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import type { MemoryItem, MemoryStore } from './memory-store.js';

export const MEMORY_FOLDER = '.svc/local/private/home';

const isItem = (v: unknown): v is MemoryItem =>
  v !== null &&
  typeof v === 'object' &&
  typeof (v as MemoryItem).kind === 'string' &&
  typeof (v as MemoryItem).key === 'string' &&
  typeof (v as MemoryItem).at === 'string' &&
  'value' in v;

/** The file of `owner` under the project at `root`. */
export function memoryFile(root: string, owner: string): string {
  return join(root, MEMORY_FOLDER, `${createHash('sha256').update(owner).digest('hex').slice(0, 32)}.json`);
}

async function readItems(file: string): Promise<MemoryItem[]> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { items?: unknown };
    return Array.isArray(parsed.items) ? parsed.items.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** Opens the store of the project at `root`; files are made on the first write. */
export function openFileMemoryStore(root: string): MemoryStore {
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(file: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(file) ?? Promise.resolve()).then(work, work);
    queues.set(
      file,
      next.catch(() => undefined),
    );
    return next;
  };
  return {
    async list(owner, kind) {
      const file = memoryFile(root, owner);
      return serial(file, async () => (await readItems(file)).filter((i) => i.kind === kind));
    },
    async set(owner, item) {
      const file = memoryFile(root, owner);
      await serial(file, async () => {
        const kept = (await readItems(file)).filter((i) => i.kind !== item.kind || i.key !== item.key);
        if (item.value !== undefined) kept.push(item as MemoryItem);
        atomicWrite(file, `${JSON.stringify({ version: 1, items: kept }, null, 2)}\n`);
      });
    },
    async close() {
      await Promise.all(queues.values());
    },
  };
}
