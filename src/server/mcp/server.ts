/**
 * The MCP server (official SDK) with every agent tool of spec 01's table registered, sorted by
 * name. The SDK validates arguments against each tool's zod shape before its handler runs; the
 * handler's outcome becomes one text item holding JSON, with `isError: true` and a stable code
 * for a refusal. Row values JSON cannot carry as they are (a 64-bit integer, a blob, a
 * non-finite number) become text, so a result always serialises. An unexpected failure (a bug)
 * is answered as INTERNAL_ERROR with a reference; its detail goes to the operator's log, never
 * to the agent.
 */

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import { gateToolCall, ToolRefusedError } from '../../hooks/tool-call-hook.js';
import type { ToolContext } from '../../runtime/agent-tools/context.js';
import type { AnyTool, ToolOutcome, ToolRefusalCode } from '../../runtime/agent-tools/tool.js';
import { TOOLS } from '../../runtime/agent-tools/tools/index.js';
import type { ApiErrorCode } from '../codes.js';

/** JSON.stringify replacer for values JSON cannot carry as they are. */
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') };
  // Buffer#toJSON runs before the replacer sees it: undo its { type, data } form.
  if (value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)) {
    return { base64: Buffer.from((value as { data: number[] }).data).toString('base64') };
  }
  return value;
}

/** A refusal or failure as MCP content: one text item holding `{ error: { code, message, ...details } }`, with `isError`. */
function errorResult(code: ToolRefusalCode | ApiErrorCode, message: string, details: Record<string, unknown> = {}): CallToolResult {
  const error = { code, message, ...details };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }, jsonSafe) }] };
}

/** The MCP content of an outcome: one text item holding JSON; `isError` for a refusal. */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  if (outcome.ok) return { content: [{ type: 'text', text: JSON.stringify(outcome.value, jsonSafe) }] };
  return errorResult(outcome.code, outcome.message, outcome.details);
}

export const SERVER_NAME = 'svc';

async function call(tool: AnyTool, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  try {
    return toCallToolResult(await gateToolCall(ctx.ask.asker, tool.name, args, () => tool.handler(args as Parameters<AnyTool['handler']>[0], ctx)));
  } catch (error) {
    if (error instanceof ToolRefusedError) return errorResult(error.code, error.message, error.reference !== undefined ? { reference: error.reference } : {});
    const reference = errorReference();
    ctx.log(`svc mcp: [${reference}] ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return errorResult('INTERNAL_ERROR', `The tool ${tool.name} failed unexpectedly; the operator can find it under reference ${reference}.`, { reference });
  }
}

/** The server with `tools` (default: every tool) registered; connect it to a transport. */
export function createMcpServer(ctx: ToolContext, options: { version?: string; tools?: readonly AnyTool[] } = {}): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: options.version ?? '0.0.0' }, { capabilities: { tools: {} } });
  for (const tool of options.tools ?? TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
      },
      (args: unknown) => call(tool, args, ctx),
    );
  }
  return server;
}
