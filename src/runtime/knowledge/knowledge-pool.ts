/**
 * Warm knowledge servers: a long-lived surface (`svc serve`, a hosted server) keeps one client
 * per knowledge server and reuses it across Asks instead of starting the server for each Ask.
 * - A server is known by everything that reaches it (its command, arguments, environment and
 *   working directory, or its url and headers) and its tool names; a host's server is also kept
 *   per person, since the host may give each person their own source.
 * - A client whose connection closed (its process died) or whose call failed other than by the
 *   tool's own error answer is dropped and closed; the next Ask starts the server again. A call in
 *   flight when the server dies fails at once, as it would on a client of its own.
 * - A client unused for `idleMs` (5 minutes unless told) is closed; `close()` closes every client
 *   and waits for each server process to end. After it, every Ask opens a client of its own.
 * A server that is refused (a missing or writing tool) or cannot be reached is never kept.
 */
import type { Asker } from '../../hooks/context/request-context.js';
import { type KnowledgeClient, openKnowledgeClient } from './knowledge-client.js';
import type { KnowledgeServer } from './servers.js';

/** How long an unused server is kept warm. */
export const KNOWLEDGE_IDLE_MS = 5 * 60_000;

export interface KnowledgePoolOptions {
  idleMs?: number;
  /** Connects to a server (tests give their own). */
  open?: (server: KnowledgeServer) => Promise<KnowledgeClient>;
}

export interface KnowledgePool {
  /** A client of `server` for one Ask; its `close()` only hands it back. `person` keeps a host's servers apart per person. */
  client(server: KnowledgeServer, person?: string): Promise<KnowledgeClient>;
  /** How many servers are warm. */
  size(): number;
  close(): Promise<void>;
}

interface Entry {
  opening: Promise<KnowledgeClient>;
  client?: KnowledgeClient;
  leases: number;
  timer?: NodeJS.Timeout;
}

/** What identifies one warm server: everything that reaches it, its tools, and the person when a host named the source. */
export function poolKey(server: KnowledgeServer, person?: string): string {
  const { transport, searchTool, fetchTool } = server;
  return JSON.stringify([transport, searchTool, fetchTool, person ?? null]);
}

/** Who a host named for `asker` (its servers are kept per person); undefined for the project's own servers. */
export function poolPerson(asker: Asker): string | undefined {
  if (asker?.host === undefined) return undefined;
  const p = asker.principal;
  return p === undefined ? '' : `${p.source}:${p.kind}:${p.id}`;
}

const healthy = (client: KnowledgeClient): boolean => client.healthy?.() !== false;

/** The warm clients and how each is dropped, kept idle and lent out. */
function entryBook(idleMs: number) {
  const entries = new Map<string, Entry>();
  const drop = (key: string, entry: Entry): Promise<void> => {
    if (entries.get(key) === entry) entries.delete(key);
    clearTimeout(entry.timer);
    return entry.opening.then((c) => c.close()).catch(() => undefined);
  };
  const idle = (key: string, entry: Entry): void => {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void (entry.leases > 0 ? idle(key, entry) : drop(key, entry)), idleMs);
    // The idle timer alone never keeps the process alive (its server pipes may; close() ends those).
    entry.timer.unref();
  };
  const lease = (key: string, entry: Entry, client: KnowledgeClient): KnowledgeClient => {
    entry.leases += 1;
    let returned = false;
    const settle = (): void => void (healthy(client) ? undefined : drop(key, entry));
    return {
      search: (query) => client.search(query).finally(settle),
      fetch: (pageId) => client.fetch(pageId).finally(settle),
      healthy: () => healthy(client),
      close: async () => {
        if (returned) return;
        returned = true;
        entry.leases -= 1;
        if (!healthy(client)) await drop(key, entry);
        else if (entries.get(key) === entry) idle(key, entry);
      },
    };
  };
  return { entries, drop, lease };
}

export function createKnowledgePool(options: KnowledgePoolOptions = {}): KnowledgePool {
  const open = options.open ?? openKnowledgeClient;
  const { entries, drop, lease } = entryBook(options.idleMs ?? KNOWLEDGE_IDLE_MS);
  let closed = false;
  const warm = (key: string, server: KnowledgeServer): Entry => {
    const entry = entries.get(key);
    if (entry !== undefined && (entry.client === undefined || healthy(entry.client))) return entry;
    if (entry !== undefined) void drop(key, entry);
    const fresh: Entry = { opening: open(server), leases: 0 };
    entries.set(key, fresh);
    fresh.opening.then((c) => void (fresh.client = c)).catch(() => void (entries.get(key) === fresh && entries.delete(key)));
    return fresh;
  };
  return {
    async client(server, person) {
      if (closed) return open(server);
      const key = poolKey(server, person);
      const entry = warm(key, server);
      return lease(key, entry, await entry.opening);
    },
    size: () => entries.size,
    async close() {
      closed = true;
      await Promise.all([...entries].map(([key, entry]) => drop(key, entry)));
    },
  };
}
