/**
 * `POST /api/blocks/:id/run` with body `{ params?: { name: value } }`: runs a block the answer
 * gate lets answer as certified, through runBlock (so through the executor), with the given
 * values over declared defaults. Any other block (not certified, pending recertification, still
 * marked review required, contract unresolved, untested, with compile errors) answers 409
 * BLOCK_NOT_CERTIFIED with the gate's reason and code (`gate.code`), and runs nothing. The engine's
 * own words of a warehouse failure go to the server log under a reference, not to the caller.
 */
import type { FastifyPluginAsync } from 'fastify';
import { gateRefusal } from '../../ask/refusals.js';
import { type BlockRunError, runBlock } from '../../runtime/blocks/run-block.js';
import { API_ERROR_CODES } from '../codes.js';
import { BLOCK_RUN_ROUTE, type BlockRun, type BlockRunRequest } from '../contract/blocks.js';
import type { RouteOptions } from '../deps.js';
import { ApiError, errorReference } from '../errors.js';
import { defaultLog } from '../server-logger.js';
import { snapshotOf } from '../snapshot-hook.js';
import { findBlock } from './find-block.js';

interface RunRoute {
  Params: { id: string };
  Body: BlockRunRequest | undefined;
  Reply: BlockRun;
}

/** The answer to a run that gave no rows; `what` names what ran (`block <id>`, `the export`). */
export function runFailure(what: string, error: BlockRunError, log: (line: string) => void): ApiError {
  // Each code's status is the HTTP table's (a 403 CREDENTIALS_REQUIRED, a 422 RESULT_TOO_LARGE: see there why).
  const status = API_ERROR_CODES[error.code].status;
  if (error.code === 'WAREHOUSE_ERROR' && error.reference !== undefined) {
    // A hosted failure: its words are in the log under this reference already.
    return new ApiError(status, 'WAREHOUSE_ERROR', `The warehouse could not run ${what}; the administrator can find it under reference ${error.reference}.`, {
      reference: error.reference,
      name: 'WarehouseStatementError',
    });
  }
  if (error.code === 'WAREHOUSE_ERROR') {
    const reference = errorReference();
    log(`[${reference}] WAREHOUSE_ERROR running ${what}: ${error.message}`);
    return new ApiError(status, 'WAREHOUSE_ERROR', `The warehouse could not run ${what}; the administrator can find it under reference ${reference}.`, {
      reference,
    });
  }
  const extra = {
    ...(error.param !== undefined ? { param: error.param } : {}),
    ...(error.reason !== undefined ? { reason: error.reason } : {}),
    // Spec 03: a row-policy or statement-check refusal is nothing an automatic repair can change.
    ...(error.code === 'ROW_POLICY_REFUSED' ? { classification: 'POLICY_DENIED' } : {}),
  };
  return new ApiError(status, error.code, error.message, extra);
}

export const blockRunRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const log = deps.log ?? defaultLog;
  // A POST with no body at all runs with defaults; validation then sees `{}`.
  const emptyBodyIsObject = async (request: { body: unknown }) => {
    request.body ??= {};
  };
  app.post<RunRoute>('/api/blocks/:id/run', { schema: BLOCK_RUN_ROUTE, preValidation: emptyBodyIsObject }, async (request) => {
    const snapshot = snapshotOf(request);
    const block = findBlock(snapshot.manifest, request.params.id);
    const refusal = gateRefusal(block, snapshot.gate);
    if (refusal !== undefined) {
      const { code, next, nextAction } = refusal;
      throw new ApiError(409, 'BLOCK_NOT_CERTIFIED', refusal.reason, {
        status: block.status,
        gate: { code, ...(next !== undefined ? { next } : {}), ...(nextAction !== undefined ? { nextAction } : {}) },
      });
    }
    const run = await runBlock(snapshot.executor, request.asker, block, request.body?.params ?? {});
    if (!run.ok || run.error !== undefined)
      throw runFailure(`block ${block.id}`, run.error ?? { code: 'WAREHOUSE_ERROR', message: 'The block did not run.' }, log);
    return {
      block: block.id,
      trust: 'certified',
      contract: block.contract?.raw ?? null,
      columns: run.columns,
      rows: run.rows,
      rowCount: run.rowCount,
      truncated: run.truncated,
      durationMs: run.durationMs,
    };
  });
};
