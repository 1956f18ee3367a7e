/**
 * The stdio stream's front door: each line the client sends is checked before the MCP SDK sees
 * it, and a line the SDK would drop in silence is answered with the JSON-RPC 2.0 error it calls
 * for: -32700 for text that is not JSON, -32600 for JSON that is not a request (no
 * `"jsonrpc": "2.0"`, a method that is not a string, `params` that is not an object). A batch
 * is read as the session's MCP revision says (jsonrpc-batches.ts): refused with one -32600 under
 * every revision but 2025-03-26, split into single messages under it. Lines that pass go
 * through unchanged.
 */

import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { BatchSession } from './jsonrpc-batches.js';
import { idOf, invalidMessage, type JsonRpcErrorReply, jsonRpcError } from './jsonrpc-message.js';

/** What one line of input becomes: lines for the SDK, and an answer to write at once. */
export interface Gated {
  forward: string[];
  answer?: unknown;
}

/** The error reply one line of input calls for, or undefined when the line may go on to the SDK (a batch is read by `gateLine`). */
export function checkLine(line: string): JsonRpcErrorReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return jsonRpcError(null, ErrorCode.ParseError, `Parse error: ${error instanceof Error ? error.message : 'not JSON'}.`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return jsonRpcError(null, ErrorCode.InvalidRequest, 'Invalid Request: a message is a JSON object.');
  const record = value as Record<string, unknown>;
  const problem = invalidMessage(record);
  return problem === undefined ? undefined : jsonRpcError(idOf(record), ErrorCode.InvalidRequest, problem);
}

/** One line of input in a session: a batch goes to the session, a single message is checked (and an initialize noted). */
export function gateLine(line: string, session: BatchSession): Gated {
  if (line.trimStart().startsWith('[')) {
    let members: unknown;
    try {
      members = JSON.parse(line);
    } catch {
      members = undefined;
    }
    if (Array.isArray(members)) return session.receive(members);
  }
  const error = checkLine(line);
  if (error !== undefined) return { forward: [], answer: error };
  const message = JSON.parse(line) as Record<string, unknown>;
  if (message['method'] === 'initialize') session.initializing(idOf(message));
  return { forward: [`${line}\n`] };
}

/**
 * A stream between stdin and the SDK's transport: complete lines that pass go through, the
 * others are answered through `answer` (one JSON line) and go no further.
 */
export function jsonRpcGate(answer: (line: string) => void, session: BatchSession): Transform {
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
        const gated = gateLine(line, session);
        passed.push(...gated.forward);
        if (gated.answer !== undefined) answer(`${JSON.stringify(gated.answer)}\n`);
      }
      done(null, passed.length > 0 ? passed.join('') : undefined);
    },
  });
}
