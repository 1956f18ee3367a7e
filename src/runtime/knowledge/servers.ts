/**
 * Knowledge servers (spec 02 `knowledgeSources`; spec 03 "Knowledge sources"): read-only
 * document servers spoken to over MCP, each with one search tool and one fetch tool. They come
 * from the project's MCP-servers file (`.mcp.json`, entries under `mcpServers` marked
 * `use: ["knowledge"]`, over stdio or HTTP) or, with a host, from its hook alone (HTTP).
 * An entry is read strictly: anything malformed leaves that entry out with a reason, and plain
 * http is allowed only to this machine.
 */

export type KnowledgeTransport =
  | { kind: 'http'; url: string; headers: Record<string, string> }
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string };

export interface KnowledgeServer {
  id: string;
  label: string;
  transport: KnowledgeTransport;
  searchTool: string;
  /** The search tool's argument that carries the question. */
  searchArg: string;
  fetchTool: string;
  /** The fetch tool's argument that carries the page id. */
  fetchArg: string;
  /** Fixed arguments sent with every search or fetch. */
  searchArgs: Record<string, unknown>;
  fetchArgs: Record<string, unknown>;
  /** Pages may reach a model that is not on this machine (project servers only; a host decides for its own). */
  hostedModels: boolean;
}

/** An entry left out, and why (named in the run's `Team documents not read` step). */
export interface LeftOut {
  id: string;
  label: string;
  reason: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isName = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_.:-]{1,128}$/.test(v);
const textMap = (v: unknown): Record<string, string> | undefined =>
  v === undefined ? {} : isObject(v) && Object.values(v).every((x) => typeof x === 'string') ? (v as Record<string, string>) : undefined;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why `url` may not be spoken to, or undefined when it may: https anywhere, plain http only to this machine. */
export function urlRefusal(url: unknown): string | undefined {
  if (typeof url !== 'string') return 'it names no url';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'its url cannot be read';
  }
  if (parsed.username !== '' || parsed.password !== '') return 'its url carries a sign-in';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && (LOOPBACK.has(parsed.hostname) || /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname))) return undefined;
  return parsed.protocol === 'http:' ? 'plain http is allowed only to this machine' : `${parsed.protocol} is not spoken`;
}

function transportOf(raw: Record<string, unknown>, stdio: boolean): KnowledgeTransport | string {
  if (raw['url'] !== undefined || raw['type'] === 'http') {
    const refusal = urlRefusal(raw['url']);
    const headers = textMap(raw['headers']);
    if (refusal !== undefined) return refusal;
    return headers === undefined ? 'its headers are not text' : { kind: 'http', url: raw['url'] as string, headers };
  }
  if (!stdio) return 'it names no url';
  const args = raw['args'] ?? [];
  const env = textMap(raw['env']);
  if (typeof raw['command'] !== 'string' || raw['command'] === '' || !Array.isArray(args) || !args.every((a) => typeof a === 'string') || env === undefined)
    return 'it names neither a url nor a command with text arguments';
  return { kind: 'stdio', command: raw['command'], args: args as string[], env, ...(typeof raw['cwd'] === 'string' ? { cwd: raw['cwd'] } : {}) };
}

const argsOf = (v: unknown): Record<string, unknown> | undefined => (v === undefined ? {} : isObject(v) ? v : undefined);

/** One entry as a server, or why it is left out. `stdio` is allowed for the project's own file only. */
export function serverOf(id: string, raw: unknown, stdio: boolean): KnowledgeServer | LeftOut {
  const label = isObject(raw) && typeof raw['label'] === 'string' && raw['label'].trim() !== '' ? raw['label'].slice(0, 120) : id;
  const out = (reason: string): LeftOut => ({ id, label, reason });
  if (!isObject(raw) || !isName(id)) return out('the entry is malformed');
  const transport = transportOf(raw, stdio);
  if (typeof transport === 'string') return out(transport);
  const tools = ['searchTool', 'searchArg', 'fetchTool', 'fetchArg'].map((k) => raw[k]);
  if (!tools.every((t) => t === undefined || isName(t))) return out('its tool names are malformed');
  const searchArgs = argsOf(raw['searchArgs']);
  const fetchArgs = argsOf(raw['fetchArgs']);
  if (searchArgs === undefined || fetchArgs === undefined) return out('its fixed arguments are malformed');
  const knowledge = raw['knowledge'];
  return {
    id,
    label,
    transport,
    searchArgs,
    fetchArgs,
    searchTool: (raw['searchTool'] as string | undefined) ?? 'search',
    searchArg: (raw['searchArg'] as string | undefined) ?? 'query',
    fetchTool: (raw['fetchTool'] as string | undefined) ?? 'fetch',
    fetchArg: (raw['fetchArg'] as string | undefined) ?? 'id',
    hostedModels: isObject(knowledge) && knowledge['hostedModels'] === true,
  };
}

/** True for a server, false for an entry left out. */
export function isServer(v: KnowledgeServer | LeftOut): v is KnowledgeServer {
  return 'transport' in v;
}
