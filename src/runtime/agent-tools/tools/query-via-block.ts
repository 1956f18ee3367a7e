/**
 * query_via_block (Tier 1): try first. Runs one block with the given parameters through
 * runBlock (so through the one executor, its statement check, deadline and row cap), and only
 * when the router's own gates let Tier 1 serve it: a block whose status is not certified is
 * refused (spec rule 1), and so is a certified block whose tags or description still say
 * review required (rule 11) or whose contract the loaded contract manifest does not list
 * (rule 2). A refused block runs nothing.
 */
import { z } from 'zod';
import { errorReference } from '../../../hooks/context/error-reference.js';
import { runBlock } from '../../blocks/run-block.js';
import { answer, defineTool, refuse } from '../tool.js';

const paramValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const queryViaBlock = defineTool({
  name: 'query_via_block',
  description:
    'Tier 1: answer from one certified block by id, with its declared parameters. Refuses every block that is not certified, and certified blocks still marked review required or whose contract does not resolve; the refusal names the reason and the next step. Answers are labelled certified and carry the contract.',
  readOnly: true,
  inputSchema: {
    block: z.string().min(1).max(300).describe('Block id, <domain>.<name>'),
    params: z.record(z.string(), paramValue).default({}).describe('Parameter values by name; declared defaults fill the rest'),
    maxRows: z.number().int().min(1).max(10_000).default(1_000).describe('Rows to return at most (default 1000)'),
  },
  async handler(args, ctx) {
    const block = ctx.catalog.block(args.block);
    if (block === undefined) return refuse('BLOCK_NOT_FOUND', `There is no block ${args.block} in this project.`, { block: args.block });
    const gate = ctx.catalog.gate(block);
    if (gate !== undefined) {
      const { code, reason, ...rest } = gate;
      return refuse(code, reason, { ...rest, status: block.status, tier: 1, trust: 'refused' });
    }
    const run = await runBlock(ctx.executor, ctx.ask.asker, block, args.params, { maxRows: args.maxRows });
    if (!run.ok || run.error !== undefined) {
      const error = run.error ?? { code: 'WAREHOUSE_ERROR' as const, message: 'The block did not run.' };
      if (error.code !== 'WAREHOUSE_ERROR')
        return refuse(error.code, error.message, { block: block.id, ...(error.param !== undefined ? { param: error.param } : {}) });
      // The engine's own words may quote data or paths: they go to the operator's log only.
      const reference = errorReference();
      ctx.log(`svc mcp: [${reference}] WAREHOUSE_ERROR running block ${block.id}: ${error.message}`);
      return refuse('WAREHOUSE_ERROR', `The warehouse could not run block ${block.id}; the operator can find it under reference ${reference}.`, {
        block: block.id,
        reference,
      });
    }
    return answer({
      tier: 1,
      trust: 'certified',
      block: block.id,
      contract: block.contract?.raw ?? null,
      columns: run.columns,
      rows: run.rows,
      rowCount: run.rowCount,
      truncated: run.truncated,
    });
  },
});
