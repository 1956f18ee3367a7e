/**
 * One JSON-RPC 2.0 message as MCP accepts it: what a parsed message lacks to be one (no
 * `"jsonrpc": "2.0"`, a method that is not a string, `params` that is not an object, or a shape
 * the SDK's schema refuses), and the error reply the front door writes for a message it refuses.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

export type Id = string | number | null;

export interface JsonRpcErrorReply {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

export const jsonRpcError = (id: Id, code: number, message: string): JsonRpcErrorReply => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The message's id when it has a usable one, else null (as a JSON-RPC error reply carries it). */
export function idOf(value: Record<string, unknown>): Id {
  const id = value['id'];
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** What a parsed message lacks to be a JSON-RPC 2.0 message MCP accepts, or undefined when it is one. */
export function invalidMessage(value: Record<string, unknown>): string | undefined {
  if (value['jsonrpc'] !== '2.0') return 'Invalid Request: "jsonrpc" must be "2.0".';
  if ('method' in value && typeof value['method'] !== 'string') return 'Invalid Request: "method" must be a string.';
  const params = value['params'];
  if ('params' in value && (params === null || typeof params !== 'object' || Array.isArray(params))) return 'Invalid Request: "params" must be an object.';
  if (!JSONRPCMessageSchema.safeParse(value).success) return 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.';
  return undefined;
}
