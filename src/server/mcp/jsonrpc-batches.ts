/**
 * JSON-RPC batches on `svc mcp`, as the MCP revision the session negotiated says. Only MCP
 * 2025-03-26 has batches (an implementation must accept them); 2024-11-05 and earlier never had
 * them and 2025-06-18 removed them. So a batch is refused with one -32600 (id null) before a
 * session is initialized (initialize may never be batched) and under every revision but
 * 2025-03-26; under 2025-03-26 each member is checked as a single message would be, the valid
 * ones go to the SDK as single lines, and the replies come back to the client as one array in
 * the members' order once the last of them is written (nothing at all when the batch held only
 * notifications and responses). Invariant: request ids are unique within a session (MCP requires
 * it), so a reply is matched to its batch by id alone.
 */
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { type Id, idOf, invalidMessage, type JsonRpcErrorReply, jsonRpcError } from './jsonrpc-message.js';

/** The one MCP revision whose sessions take batches. */
export const BATCH_REVISION = '2025-03-26';

/** One batch waiting for the SDK's replies: each member's slot, in order. */
interface Pending {
  slots: Array<{ id: Id; reply?: unknown }>;
  open: number;
}

export interface Received {
  /** Single message lines for the SDK. */
  forward: string[];
  /** An answer to write now (a refusal of the whole batch, or a batch that needs no SDK reply). */
  answer?: unknown;
}

const key = (id: Id) => JSON.stringify(id);

export class BatchSession {
  /** The revision the server answered initialize with; undefined before that. */
  revision: string | undefined;
  private initializeId: Id | undefined;
  private readonly waiting = new Map<string, Pending>();

  /** Called with each single initialize request the client sends, to read the server's answer to it. */
  initializing(id: Id): void {
    this.initializeId = id;
  }

  /** A batch from the client: what goes to the SDK and what is answered now. */
  receive(members: unknown[]): Received {
    const refused = this.refusal(members);
    if (refused !== undefined) return { forward: [], answer: jsonRpcError(null, ErrorCode.InvalidRequest, refused) };
    const pending: Pending = { slots: [], open: 0 };
    const forward: string[] = [];
    for (const member of members) {
      const error = memberError(member);
      if (error !== undefined) pending.slots.push({ id: error.id, reply: error });
      else {
        const message = member as Record<string, unknown>;
        forward.push(`${JSON.stringify(message)}\n`);
        // A request is answered; a notification or a response to the server is not.
        if (typeof message['method'] === 'string' && 'id' in message) {
          pending.slots.push({ id: message['id'] as Id });
          pending.open += 1;
          this.waiting.set(key(message['id'] as Id), pending);
        }
      }
    }
    if (pending.open > 0) return { forward };
    return pending.slots.length > 0 ? { forward, answer: pending.slots.map((s) => s.reply) } : { forward };
  }

  /** Why a whole batch is refused, or undefined when its members are read one by one. */
  private refusal(members: unknown[]): string | undefined {
    if (this.revision === undefined) return 'Invalid Request: a JSON-RPC batch is accepted only after initialize, which is never batched.';
    if (this.revision !== BATCH_REVISION)
      return `Invalid Request: this session speaks MCP ${this.revision}, which has no JSON-RPC batches (only ${BATCH_REVISION} has them); send one message a line.`;
    if (members.length === 0) return 'Invalid Request: a batch holds at least one message.';
    return undefined;
  }

  /**
   * One line the SDK writes: the text to send the client now. A reply to a batch member is held
   * until its batch is complete, then the whole batch goes as one array.
   */
  outgoing(line: string): string | undefined {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return line;
    }
    if ('method' in message || !('id' in message)) return line;
    const id = message['id'] as Id;
    this.noteRevision(id, message);
    const pending = this.waiting.get(key(id));
    if (pending === undefined) return line;
    this.waiting.delete(key(id));
    const slot = pending.slots.find((s) => s.reply === undefined && key(s.id) === key(id));
    if (slot !== undefined) slot.reply = message;
    pending.open -= 1;
    return pending.open > 0 ? undefined : `${JSON.stringify(pending.slots.map((s) => s.reply))}\n`;
  }

  private noteRevision(id: Id, message: Record<string, unknown>): void {
    if (this.initializeId === undefined || key(id) !== key(this.initializeId)) return;
    const version = (message['result'] as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version === 'string') this.revision = version;
    this.initializeId = undefined;
  }
}

/** The error a batch member gets in place of a reply, or undefined when it goes to the SDK. */
function memberError(member: unknown): JsonRpcErrorReply | undefined {
  if (member === null || typeof member !== 'object' || Array.isArray(member))
    return jsonRpcError(null, ErrorCode.InvalidRequest, 'Invalid Request: a message is a JSON object.');
  const record = member as Record<string, unknown>;
  const id = idOf(record);
  const problem = invalidMessage(record);
  if (problem !== undefined) return jsonRpcError(id, ErrorCode.InvalidRequest, problem);
  if (record['method'] === 'initialize') return jsonRpcError(id, ErrorCode.InvalidRequest, 'Invalid Request: initialize is never part of a JSON-RPC batch.');
  return undefined;
}
