/**
 * Key proofs over HTTP (contract/keys.ts): `POST /api/keys/prove` proves the grain keys of
 * certified blocks as the asking person, `POST /api/datasets/validate-grain` one block's keys
 * while it is authored. Both run through the server's one executor with the request's asker, so
 * the host's credentials and row policy apply as to any block run; a refusal is the proof's
 * `error` (ROW_POLICY_REFUSED with the host's words), never a row or a key value.
 */
import type { FastifyPluginAsync } from 'fastify';
import { proveGrain } from '../../runtime/keys/grain-proof.js';
import { proofTargets, proveKeys } from '../../runtime/keys/prove-keys.js';
import {
  type DatasetProofBody,
  KEY_PROOF_ROUTE,
  type KeyProofRequest,
  type KeyProofResultsBody,
  VALIDATE_GRAIN_ROUTE,
  type ValidateGrainRequest,
} from '../contract/keys.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

export const keysRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const log = deps.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // A POST with no body at all proves everything; validation then sees `{}`.
  const emptyBodyIsObject = async (request: { body: unknown }) => {
    request.body ??= {};
  };
  app.post<{ Body: KeyProofRequest; Reply: KeyProofResultsBody }>(
    '/api/keys/prove',
    { schema: KEY_PROOF_ROUTE, preValidation: emptyBodyIsObject },
    async (request) => {
      const snapshot = snapshotOf(request);
      const { blocks, relationships } = request.body;
      return proveKeys({
        root: deps.root,
        manifest: snapshot.manifest,
        executor: snapshot.executor,
        asker: request.asker,
        log,
        ...(blocks !== undefined ? { blocks } : {}),
        ...(relationships !== undefined ? { relationships } : {}),
      });
    },
  );
  app.post<{ Body: ValidateGrainRequest; Reply: DatasetProofBody }>('/api/datasets/validate-grain', { schema: VALIDATE_GRAIN_ROUTE }, async (request) => {
    const snapshot = snapshotOf(request);
    const target = proofTargets(snapshot.manifest, [request.body.block])[0];
    if (target === undefined || 'missing' in target) throw new ApiError(404, 'BLOCK_NOT_FOUND', `No block answers to ${request.body.block}.`);
    const keys = request.body.keys ?? target.block.grainKeys?.keys;
    if (keys === undefined) throw new ApiError(409, 'KEYS_NOT_DECLARED', `Block ${target.block.id} declares no grain keys, and the request names none to try.`);
    return proveGrain({ executor: snapshot.executor, asker: request.asker, block: target.block, keys, log });
  });
};
