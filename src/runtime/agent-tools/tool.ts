/**
 * The shape of one agent tool and of what it answers. A handler returns a value, never throws
 * on user input: `ok` carries the JSON answer, `refused` a stable code with a sentence (and
 * details such as the block or what to do next). `server.ts` turns both into MCP text content
 * holding JSON, with `isError: true` for a refusal, so agents and tests key on the code.
 */
import type { z } from 'zod';
import type { AskRefusalCode } from '../../rules/ask-refusal-codes.js';
import type { AskRun } from '../agent-runs/types.js';
import type { ToolCode } from '../codes.js';
import type { ToolContext } from './context.js';

/** What an agent tool refuses with: its own codes (the runtime table's `tool` codes) or an Ask refusal's. */
export type ToolRefusalCode = ToolCode | AskRefusalCode;

export interface ToolAnswer {
  ok: true;
  value: Record<string, unknown>;
}

export interface ToolRefusal {
  ok: false;
  /** Stable code (BLOCK_DRAFT, REVIEW_REQUIRED, TIER1_MATCH, ...): agents branch on it. */
  code: ToolRefusalCode;
  /** One or two sentences for the person; never SQL or rows. */
  message: string;
  /** What the agent can do next, with machine-readable context. */
  details?: Record<string, unknown>;
}

export type ToolOutcome = ToolAnswer | ToolRefusal;

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  /** What the tool is for and the rule it keeps, as the agent reads it in tools/list. */
  description: string;
  /** zod shape of the arguments; the SDK validates calls against it before the handler runs. */
  inputSchema: Shape;
  /** True for tools that change nothing on disk or in the warehouse (an MCP annotation hint). */
  readOnly: boolean;
  handler(args: z.objectOutputType<Shape, z.ZodTypeAny>, ctx: ToolContext): Promise<ToolOutcome>;
}

/** A tool with its argument type erased, as the registry holds it. */
export type AnyTool = ToolDefinition<z.ZodRawShape>;

/** Types a tool definition by its own schema, then erases it for the registry. */
export function defineTool<Shape extends z.ZodRawShape>(tool: ToolDefinition<Shape>): AnyTool {
  return tool as unknown as AnyTool;
}

export function answer(value: Record<string, unknown>): ToolAnswer {
  return { ok: true, value };
}

export function refuse(code: ToolRefusalCode, message: string, details?: Record<string, unknown>): ToolRefusal {
  return { ok: false, code, message, ...(details !== undefined ? { details } : {}) };
}

/**
 * An Ask run as an outcome. A refused run (Tier 3, or a block Tier 1 may not serve) is a refusal
 * with its stable code and reason, so an agent cannot mistake it for an answer and must say why
 * (spec: "must refuse and give the reason"). A Tier-2 run keeps `uncertified: true` and gains
 * `draftBlockPath` and the certify command (rule 10); a Tier-1 run passes as it is.
 */
export function askOutcome(run: AskRun): ToolOutcome {
  if (run.tier === 3 || run.trust === 'refused') {
    const { refusal, rows: _rows, columns: _columns, ...rest } = run;
    return refuse(refusal?.code ?? 'NO_CERTIFIED_ANSWER', refusal?.reason ?? 'This question cannot be answered from the data this project has.', {
      ...rest,
      ...(refusal?.block !== undefined ? { block: refusal.block } : {}),
      ...(refusal?.checkReason !== undefined ? { checkReason: refusal.checkReason } : {}),
    });
  }
  if (run.tier === 2) {
    const path = run.reviewDraft?.path ?? run.draftBlockPath;
    return answer({
      ...run,
      uncertified: true,
      trust: 'review_required',
      ...(path !== undefined ? { draftBlockPath: path, next: run.next ?? `Review the draft, then promote it: svc certify --from-draft ${path}` } : {}),
    });
  }
  return answer({ ...run });
}
