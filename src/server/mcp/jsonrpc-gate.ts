/**
 * The stdio stream's front door: each line the client sends is checked before the MCP SDK sees
 * it, and a line the SDK would drop in silence is answered with the JSON-RPC 2.0 error it calls
 * for: -32700 for text that is not JSON, -32600 for JSON that is not a request (no
 * `"jsonrpc": "2.0"`, a method that is not a string, `params` that is not an object, a batch).
 * svc speaks MCP 2025-06-18 and later, where JSON-RPC batches were removed, so a batch gets one
 * -32600 reply (id null) and none of its members run. Lines that pass go through unchanged.
 */

import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number | null;

export interface JsonRpcErrorReply {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

const reply = (id: Id, code: number, message: string): JsonRpcErrorReply => ({ jsonrpc: '2.0', id, error: { code, message } });

function idOf(value: Record<string, unknown>): Id {
  const id = value['id'];
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** What a parsed message lacks to be a JSON-RPC 2.0 message MCP accepts, or undefined when it is one. */
function invalidShape(value: Record<string, unknown>): string | undefined {
  if (value['jsonrpc'] !== '2.0') return 'Invalid Request: "jsonrpc" must be "2.0".';
  if ('method' in value && typeof value['method'] !== 'string') return 'Invalid Request: "method" must be a string.';
  const params = value['params'];
  if ('params' in value && (params === null || typeof params !== 'object' || Array.isArray(params))) return 'Invalid Request: "params" must be an object.';
  if (!JSONRPCMessageSchema.safeParse(value).success) return 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.';
  return undefined;
}

/** The error reply one line of input calls for, or undefined when the line may go on to the SDK. */
export function checkLine(line: string): JsonRpcErrorReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return reply(null, ErrorCode.ParseError, `Parse error: ${error instanceof Error ? error.message : 'not JSON'}.`);
  }
  if (Array.isArray(value))
    return reply(null, ErrorCode.InvalidRequest, 'Invalid Request: JSON-RPC batches are not part of MCP since version 2025-06-18; send one message a line.');
  if (value === null || typeof value !== 'object') return reply(null, ErrorCode.InvalidRequest, 'Invalid Request: a message is a JSON object.');
  const record = value as Record<string, unknown>;
  const problem = invalidShape(record);
  return problem === undefined ? undefined : reply(idOf(record), ErrorCode.InvalidRequest, problem);
}

/**
 * A stream between stdin and the SDK's transport: complete lines that pass go through, the
 * others are answered through `answer` (one JSON line) and go no further.
 */
export function jsonRpcGate(answer: (line: string) => void): Transform {
  let pending = '';
  // A character split across chunks is joined before the line is read.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      pending += decoder.write(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const passed: string[] = [];
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '');
        if (line.trim() === '') continue;
        const error = checkLine(line);
        if (error === undefined) passed.push(`${line}\n`);
        else answer(`${JSON.stringify(error)}\n`);
      }
      done(null, passed.length > 0 ? passed.join('') : undefined);
    },
  });
}
