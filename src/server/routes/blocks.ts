/**
 * `GET /api/blocks`: every block of the manifest (id, status, description, owner, params), by id,
 * with the drafts this server's Asks captured since it loaded (so a capture is listed at once).
 */
import type { FastifyPluginAsync } from 'fastify';
import { diag } from '../../../grammar/diagnostics.js';
import { gateRefusal } from '../../ask/refusals.js';
import { loadCertifiers } from '../../compiler/project/certifiers.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { BlockGate } from '../../rules/gates/answer-gate.js';
import { type BlockSummary, blockSummary } from '../../runtime/blocks/block-views.js';
import { BLOCK_LIST_ROUTE, type BlockList } from '../contract/blocks.js';
import type { RouteOptions } from '../deps.js';
import { snapshotOf } from '../snapshot-hook.js';

/** The list of a manifest, built once per loaded manifest. */
const lists = new WeakMap<Manifest, BlockSummary[]>();

function listOf(manifest: Manifest, gate: BlockGate): BlockSummary[] {
  let blocks = lists.get(manifest);
  if (blocks === undefined) {
    blocks = Object.values(manifest.blocks)
      .map((b) => blockSummary(b, gateRefusal(b, gate)))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    lists.set(manifest, blocks);
  }
  return blocks;
}

/** Whether receipts are signed, read once per loaded config (the certifier file is only looked for). */
const states = new WeakMap<SvcConfig, BlockList['certification']>();

function certificationOf(root: string, config: SvcConfig): BlockList['certification'] {
  let state = states.get(config);
  if (state === undefined) {
    const signed = loadCertifiers(root, config.certification?.signed).trust.signed;
    const d = diag('certify/unsigned-project', {}, { file: 'svc.config.json' });
    state = signed ? { signed } : { signed, warning: { code: d.code, message: d.message, ...(d.hint !== undefined ? { hint: d.hint } : {}) } };
    states.set(config, state);
  }
  return state;
}

export const blocksRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: BlockList }>('/api/blocks', { schema: BLOCK_LIST_ROUTE }, async (request) => {
    const { ask, config } = snapshotOf(request);
    return { blocks: listOf(ask.manifest(), ask.router().gate), certification: certificationOf(deps.root, config) };
  });
};
