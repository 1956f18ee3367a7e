/**
 * get_block (discovery): one block's declaration (description, owner, params, outputs, tests,
 * SQL), its contract and its trust (whether Tier 1 may serve it, and if not the code, reason
 * and next step), plus the App tiles bound to it. Never runs it, so never returns rows.
 */
import { z } from 'zod';
import { blockView, tilesBoundTo } from '../catalog.js';
import { answer, defineTool, refuse } from '../tool.js';

export const getBlock = defineTool({
  name: 'get_block',
  description:
    'One block by id (<domain>.<name>): declaration, params, outputs, tests, SQL, contract, trust status (servable at Tier 1 or the reason it is not) and the App tiles bound to it. Never returns rows.',
  readOnly: true,
  // `block` as in query_via_block and certify; the older `id` is still read.
  inputSchema: {
    block: z.string().min(1).max(300).optional().describe('Block id, <domain>.<name>'),
    id: z.string().min(1).max(300).optional().describe('Deprecated: the same as block'),
  },
  async handler(args, ctx) {
    const id = args.block ?? args.id;
    if (id === undefined) return refuse('BLOCK_NOT_FOUND', 'Name the block: { "block": "<domain>.<name>" }.');
    const block = ctx.catalog.block(id);
    if (block === undefined) {
      const near = ctx.catalog.search(id.replace(/[._]/g, ' '))[0];
      return refuse('BLOCK_NOT_FOUND', `There is no block ${id} in this project.`, near === undefined ? undefined : { didYouMean: near.block.id });
    }
    return answer({ block: { ...blockView(ctx.catalog, block), tiles: tilesBoundTo(ctx.manifest, block.id) } });
  },
});
