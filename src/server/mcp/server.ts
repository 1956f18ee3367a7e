/**
 * The MCP server (official SDK) with every agent tool of spec 01's table registered, sorted by
 * name. Arguments are checked against each tool's published JSON Schema before its handler runs; the
 * handler's outcome becomes one text item holding JSON, with `isError: true` and a stable code
 * for a refusal. Row values JSON cannot carry as they are (a 64-bit integer, a blob, a
 * non-finite number) become text, so a result always serialises. An unexpected failure (a bug)
 * is answered as INTERNAL_ERROR with a reference; its detail goes to the operator's log, never
 * to the agent.
 */

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { objectFromShape } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { CallToolRequestSchema, type CallToolResult, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Ajv } from 'ajv';
import { ajvClass } from '../../compiler/json-schema.js';
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

/** A JSON-RPC error the SDK sends as it is: its code, its message (unprefixed) and its data. */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The JSON Schema tools/list publishes for a tool, made the same way the SDK makes it. */
export function publishedSchema(tool: AnyTool): Record<string, unknown> {
  return toJsonSchemaCompat(objectFromShape(tool.inputSchema), { strictUnions: true, pipeStrategy: 'input' });
}

type Checker = (args: unknown) => Record<string, unknown>;

/**
 * The argument check of one tool: the published schema (Ajv, every error) first, so what the
 * schema refuses, an unknown key above all, is a JSON-RPC -32602 error naming it; then the zod
 * shape, for its defaults.
 */
function argumentChecker(tool: AnyTool, ajv: Ajv): Checker {
  const validate = ajv.compile(publishedSchema(tool));
  const shape = objectFromShape(tool.inputSchema) as unknown as { parse(v: unknown): Record<string, unknown> };
  return (args) => {
    const given = args ?? {};
    if (validate(given)) return shape.parse(given);
    const errors = validate.errors ?? [];
    const unknown = errors
      .filter((e) => e.keyword === 'additionalProperties')
      .map((e) => `${e.instancePath.slice(1).replaceAll('/', '.')}${e.instancePath === '' ? '' : '.'}${String(e.params['additionalProperty'])}`);
    const message =
      unknown.length > 0
        ? `Unknown argument${unknown.length > 1 ? 's' : ''} for tool ${tool.name}: ${unknown.join(', ')}; it takes ${Object.keys(tool.inputSchema).join(', ') || 'none'}.`
        : `Invalid arguments for tool ${tool.name}: ${errors.map((e) => `${e.instancePath || '(arguments)'} ${e.message ?? 'is invalid'}`).join('; ')}.`;
    throw new ProtocolError(ErrorCode.InvalidParams, message, { tool: tool.name, ...(unknown.length > 0 ? { unknownArguments: unknown } : {}) });
  };
}

/**
 * tools/call as a strict server answers it: an unknown tool and arguments its published schema
 * refuses are JSON-RPC errors (-32602), not tool results, so a client cannot mistake them for
 * an answer. (The SDK's own handler turns both into a normal result.)
 */
function strictToolCalls(server: McpServer, tools: readonly AnyTool[], ctx: ToolContext): void {
  const AjvClass = ajvClass();
  const ajv = new AjvClass({ allErrors: true, strict: false, allowUnionTypes: true });
  const byName = new Map(tools.map((tool) => [tool.name, { tool, check: argumentChecker(tool, ajv) }]));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const entry = byName.get(request.params.name);
    if (entry === undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}.`, { tool: request.params.name });
    return call(entry.tool, entry.check(request.params.arguments), ctx);
  });
}

/** The server with `tools` (default: every tool) registered; connect it to a transport. */
export function createMcpServer(ctx: ToolContext, options: { version?: string; tools?: readonly AnyTool[] } = {}): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: options.version ?? '0.0.0' }, { capabilities: { tools: {} } });
  const tools = options.tools ?? TOOLS;
  for (const tool of tools) {
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
  strictToolCalls(server, tools, ctx);
  return server;
}
