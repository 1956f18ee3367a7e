/**
 * The bounded same-target repair of a preview component (spec 01 Build with AI rule 8): a data
 * tile whose source is not certified (a draft or review source, review-required SQL already)
 * and whose run failed may be repaired once, by the configured model, on the same connection
 * the source runs on. Never a certified source (certified content is never rewritten), never a
 * statement the statement check or row policy refused (nothing a repair can change), never more
 * than one attempt, and only where the privacy boundary lets the source's SQL and the failure's
 * words reach the model. The repaired SQL runs through the one executor as model-written SQL
 * (the read-only check), is not kept, and its result stays review required.
 */
import type { CompiledBlock } from '../../compiler/types.js';
import { audit } from '../../hooks/audit.js';
import { blockStatement } from '../../hooks/catalog-tables.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { Executor } from '../../warehouse/types.js';
import { readModelReply } from '../agent-runs/extract-sql.js';
import type { ChatMessage } from '../agent-runs/model-provider.js';
import { withModelSlot } from '../agent-runs/model-slots.js';
import { type ChosenProvider, statementValuesMayReach } from '../agent-runs/privacy-boundary.js';
import { bindBlock } from '../blocks/run-block.js';

/** Repair attempts per component and preview. */
export const REPAIR_ATTEMPTS = 1;

export interface RepairContext {
  executor: Executor;
  asker: Asker;
  provider: ChosenProvider | undefined;
}

export type Repaired = { ok: true; columns: string[]; rowCount: number } | { ok: false; error: string };

const REFUSED = /statement check refuses|row policy|ROW_POLICY_REFUSED/i;

export function repairMessages(block: CompiledBlock, failure: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `Repair one read-only ${block.dialect} query so it runs. Keep its meaning and its \${name} parameter references. Answer with the SQL in one fenced sql block.`,
    },
    { role: 'user', content: `The query failed: ${failure}\n\n\`\`\`sql\n${block.query}\n\`\`\`` },
  ];
}

/** The model a failed component may be repaired by, or undefined when it may not be repaired at all. */
export async function repairModel(ctx: RepairContext, block: CompiledBlock, certified: boolean, failure: string): Promise<ChosenProvider | undefined> {
  if (ctx.provider === undefined || certified || REFUSED.test(failure)) return undefined;
  return (await statementValuesMayReach(ctx.asker, ctx.provider, ctx.executor, [blockStatement(block)])) ? ctx.provider : undefined;
}

/** One repair attempt on the source's own connection. */
export async function repairRun(ctx: RepairContext & { provider: ChosenProvider }, block: CompiledBlock, failure: string): Promise<Repaired> {
  let reply: string;
  try {
    const model = ctx.provider.id ?? ctx.provider.model;
    const onUsage = (usage: { promptTokens: number; completionTokens: number }) => audit('model_usage', { model, ...usage }, ctx.asker);
    reply = await withModelSlot(ctx.asker, () => ctx.provider.complete(repairMessages(block, failure), { onUsage }));
  } catch {
    return { ok: false, error: `${failure} (the repair model could not be reached)` };
  }
  const read = readModelReply(reply);
  if (read.kind !== 'sql') return { ok: false, error: `${failure} (the repair gave no SQL)` };
  const bound = bindBlock({ ...block, query: read.sql, paramsUsed: block.paramsUsed }, {}, ctx.asker);
  if (!('sql' in bound)) return { ok: false, error: `${failure} (the repair's parameters do not bind)` };
  try {
    const result = await ctx.executor.execute({ asker: ctx.asker, sql: bound.sql, params: bound.params, connection: block.connection, origin: 'model' });
    return { ok: true, columns: result.columns, rowCount: result.rows.length };
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    return { ok: false, error: `the repaired query failed too: ${first}` };
  }
}
