/**
 * Which knowledge servers one Ask reads (spec 03 "Knowledge sources" 1):
 * - with a host: its `knowledgeSources(principal)` alone (a throw, a late or malformed answer:
 *   none; a malformed entry is left out). The host returns sources only when its model may read
 *   them. A host without the hook gives none.
 * - without a host: the project's `.mcp.json` entries marked `use: ["knowledge"]`. Their pages
 *   may reach only a model on this machine unless the entry sets `knowledge.hostedModels: true`;
 *   when the Ask's model is elsewhere such a server is held back and named, not read.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { askHost } from '../../hooks/ask-host.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { isServer, type KnowledgeServer, type LeftOut, serverOf } from './servers.js';

/** The project's MCP-servers file. */
export const MCP_SERVERS_FILE = '.mcp.json';

export interface KnowledgePlan {
  servers: KnowledgeServer[];
  /** Servers not read this time, with why (held back, malformed, refused). */
  notRead: LeftOut[];
}

const NONE: KnowledgePlan = { servers: [], notRead: [] };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function split(entries: Array<KnowledgeServer | LeftOut>): KnowledgePlan {
  return { servers: entries.filter(isServer), notRead: entries.filter((e): e is LeftOut => !isServer(e)) };
}

async function hostPlan(asker: Asker): Promise<KnowledgePlan> {
  const answer = await askHost(asker, 'knowledgeSources', [], (v): v is unknown[] => Array.isArray(v));
  if (answer.kind !== 'ok') return NONE;
  const entries = answer.value.map((raw) => (isObject(raw) && typeof raw['id'] === 'string' ? serverOf(raw['id'], raw, false) : undefined));
  return split(entries.filter((e) => e !== undefined).map((e) => (isServer(e) ? { ...e, hostedModels: true } : e)));
}

/** The file as last read, by project: read again only when its size or time changed. */
const read = new Map<string, { stamp: string; entries: Array<KnowledgeServer | LeftOut> }>();

function parseEntries(file: string): Array<KnowledgeServer | LeftOut> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const servers = isObject(parsed) && isObject(parsed['mcpServers']) ? parsed['mcpServers'] : {};
  return Object.entries(servers)
    .filter(([, raw]) => isObject(raw) && Array.isArray(raw['use']) && raw['use'].includes('knowledge'))
    .map(([id, raw]) => serverOf(id, raw, true));
}

/**
 * The file's stamp (undefined: no file), read at most once per event-loop turn: the Asks that
 * reach their plan in one turn share one stat, and the next turn reads it again, so a change
 * made before an Ask was sent is seen by it.
 */
const stamped = new Map<string, string | undefined>();

function stampOf(file: string): string | undefined {
  if (stamped.has(file)) return stamped.get(file);
  const stat = statSync(file, { throwIfNoEntry: false });
  const stamp = stat === undefined ? undefined : `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  if (stamped.size === 0) setImmediate(() => stamped.clear()).unref();
  stamped.set(file, stamp);
  return stamp;
}

/** The project's knowledge entries, read strictly; a missing or unreadable file gives none. */
export function projectKnowledgeServers(root: string): Array<KnowledgeServer | LeftOut> {
  const file = join(root, MCP_SERVERS_FILE);
  const stamp = stampOf(file);
  if (stamp === undefined) return [];
  const known = read.get(file);
  if (known?.stamp === stamp) return known.entries;
  const entries = parseEntries(file);
  read.set(file, { stamp, entries });
  return entries;
}

/** The plan of the asker's Ask; `modelIsLocal` false when its model is not on this machine. */
export async function knowledgePlan(asker: Asker, root: string, modelIsLocal: boolean): Promise<KnowledgePlan> {
  if (asker?.host !== undefined) return hostPlan(asker);
  const plan = split(projectKnowledgeServers(root));
  if (modelIsLocal) return plan;
  const held = plan.servers.filter((s) => !s.hostedModels);
  return {
    servers: plan.servers.filter((s) => s.hostedModels),
    notRead: [...plan.notRead, ...held.map((s) => ({ id: s.id, label: s.label, reason: 'its pages may reach only a model on this machine' }))],
  };
}
