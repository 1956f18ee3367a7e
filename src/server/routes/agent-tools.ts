/**
 * POST /api/tools/:name: the agent tools of `svc mcp` over HTTP, for a platform's own agents
 * (action `tool.<name>`; the host's `tools` gate is around every call, as over MCP). The body is
 * `{ args }`, checked against the tool's own argument schema. A tool's answer is `{ ok: true,
 * value }`; a tool's refusal (a draft block, review required, ...) is an answer too, `{ ok:
 * false, code, message, ... }`, as MCP gives it; a gate's refusal is 403 TOOL_REFUSED and the
 * tool does not run.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { gateToolCall, ToolRefusedError } from '../../hooks/tool-call-hook.js';
import { configuredProvider } from '../../runtime/agent-runs/model-provider.js';
import { createToolContext, type ToolContext } from '../../runtime/agent-tools/context.js';
import { TOOLS } from '../../runtime/agent-tools/tools/index.js';
import { TOOL_ROUTE, type ToolOutcome, type ToolRequest } from '../contract/tools.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import type { ProjectSnapshot } from '../project-snapshot.js';
import { defaultLog } from '../server-logger.js';
import { snapshotOf } from '../snapshot-hook.js';

/** One tool context per project snapshot: the tools see the project as the request does. */
const contexts = new WeakMap<ProjectSnapshot, ToolContext>();

function contextOf(snapshot: ProjectSnapshot, root: string, log: (line: string) => void): ToolContext {
  let ctx = contexts.get(snapshot);
  if (ctx === undefined) {
    const provider = configuredProvider(snapshot.config);
    ctx = createToolContext({
      root,
      config: snapshot.config,
      manifest: snapshot.manifest,
      executor: snapshot.executor,
      router: snapshot.ask.router(),
      log,
      ...(snapshot.knowledge !== undefined ? { knowledge: snapshot.knowledge } : {}),
      ...(provider !== undefined ? { provider } : {}),
    });
    contexts.set(snapshot, ctx);
  }
  return ctx;
}

export const agentToolsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: { name: string }; Body: ToolRequest; Reply: ToolOutcome }>('/api/tools/:name', { schema: TOOL_ROUTE }, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (tool === undefined) throw new ApiError(404, 'TOOL_NOT_FOUND', `There is no agent tool named ${request.params.name}.`);
    const parsed = z
      .object(tool.inputSchema)
      .strict()
      .safeParse(request.body?.args ?? {});
    if (!parsed.success)
      throw new ApiError(
        400,
        'BAD_REQUEST',
        `The arguments of ${tool.name} are not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(args)'} ${i.message}`).join('; ')}.`,
      );
    const shared = contextOf(snapshotOf(request), deps.root, deps.log ?? defaultLog);
    // The tools are shared per snapshot; who calls them is this request's.
    const ctx: ToolContext = { ...shared, ask: { ...shared.ask, asker: request.asker } };
    try {
      const outcome = await gateToolCall(request.asker, tool.name, parsed.data, () => tool.handler(parsed.data, ctx));
      return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, code: outcome.code, message: outcome.message, ...outcome.details };
    } catch (error) {
      if (error instanceof ToolRefusedError)
        throw new ApiError(403, 'TOOL_REFUSED', error.message, error.reference !== undefined ? { reference: error.reference } : {});
      throw error;
    }
  });
};
