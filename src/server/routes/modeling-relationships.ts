/**
 * `POST /api/modeling/dbt-first/relationships/validate` (contract/keys.ts; spec 03 Endpoints,
 * "the proofs reused by key proofs"): while a block is authored, validates the relationships it
 * declares (or the one named), or one it proposes, with the very validation key proofs run,
 * through the server's one executor as the asking person, so the host's credentials and row
 * policy apply as to any block run. Action `dataset.author`; either block may be of any status.
 * Only counts come back, never a row or a key value, and nothing is kept.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CompiledBlock, Relationship } from '../../compiler/types.js';
import { proofTargets } from '../../runtime/keys/prove-keys.js';
import { PROPOSED, validateRelationships } from '../../runtime/keys/validate-relationships.js';
import { VALIDATE_RELATIONSHIPS_ROUTE, type ValidateRelationshipsBody, type ValidateRelationshipsRequest } from '../contract/keys.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

/** The relationship the request proposes, with its defaults, or undefined when it proposes none. */
function proposed(body: ValidateRelationshipsRequest): Relationship | undefined {
  if (body.to === undefined || body.keys === undefined) return undefined;
  const toKeys = body.toKeys ?? body.keys;
  if (toKeys.length !== body.keys.length)
    throw new ApiError(400, 'BAD_REQUEST', `toKeys names ${toKeys.length} columns for ${body.keys.length} keys; give one for each key, in order.`);
  return { name: PROPOSED, to: body.to, keys: [...body.keys], toKeys: [...toKeys], cardinality: body.cardinality ?? 'many-to-one' };
}

/** What to validate: the proposal, else the declared one named, else every declared one. */
function relationshipsOf(block: CompiledBlock, body: ValidateRelationshipsRequest): Relationship[] {
  const proposal = proposed(body);
  if (proposal !== undefined) return [proposal];
  const declared = (block.relationships ?? []).filter((r) => body.relationship === undefined || r.name === body.relationship);
  if (declared.length > 0) return declared;
  const what = body.relationship === undefined ? 'no relationship' : `no relationship named ${body.relationship}`;
  throw new ApiError(409, 'RELATIONSHIP_NOT_DECLARED', `Block ${block.id} declares ${what}, and the request proposes none to try.`);
}

export const modelingRelationshipsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const log = deps.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  app.post<{ Body: ValidateRelationshipsRequest; Reply: ValidateRelationshipsBody }>(
    '/api/modeling/dbt-first/relationships/validate',
    { schema: VALIDATE_RELATIONSHIPS_ROUTE },
    async (request) => {
      const snapshot = snapshotOf(request);
      const target = proofTargets(snapshot.manifest, [request.body.block])[0];
      if (target === undefined || 'missing' in target) throw new ApiError(404, 'BLOCK_NOT_FOUND', `No block answers to ${request.body.block}.`);
      const relationships = relationshipsOf(target.block, request.body);
      const { executor, manifest } = snapshot;
      return validateRelationships({ manifest, executor, asker: request.asker, block: target.block, relationships, log });
    },
  );
};
