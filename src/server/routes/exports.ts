/**
 * File exports (spec 03 Endpoints, "Exports and key proofs" 1; contract/exports.ts):
 * - POST /api/query/export `{ sql, format, title?, executionTarget?, signed? }`: the person's SQL
 *   rerun through the one query path as them, with action and destination `export` (with a host
 *   the request hook has asked `export` and `query.run`); a refusal by the statement check or the
 *   host's row policy is 403 EXPORT_REFUSED. `{ runId, format, signed? }` instead names one of
 *   the caller's Ask answers, whose recorded statement the server reruns the same way
 *   (answer-rerun.ts), saying the rerun's trust in `X-SVC-Export-Trust`.
 * - POST /api/apps/:appId/dashboards/:pageId/export `{ tileId, format, variables?, signed? }`:
 *   one data tile of a page rerun the same way, under the App decision its page run asks; a
 *   refusal (or figures withheld from the caller) is 422 TILE_EXPORT_REFUSED.
 * Both answer the file itself; a signed export is signed and verified before any byte is sent
 * (export-signature.ts), else 502 EXPORT_SIGNING_FAILED and no file.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { runOneTile } from '../../runtime/apps/tile-run.js';
import type { BlockRunError } from '../../runtime/blocks/run-block.js';
import { signerFor } from '../../runtime/certify/receipt-signer.js';
import { type ExportFormat, exportFile } from '../../runtime/exports/export-file.js';
import { signExport } from '../../runtime/exports/export-signature.js';
import { StatementError, type StatementResult } from '../../warehouse/types.js';
import { rerunAnswer, runErrorOf } from '../answer-rerun.js';
import { requireApp, runNeed } from '../app-gate.js';
import {
  type AnswerExportRequest,
  QUERY_EXPORT_ROUTE,
  type QueryExportRequest,
  type SqlExportRequest,
  TILE_EXPORT_ROUTE,
  type TileExportRequest,
} from '../contract/exports.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { resolveExecutionTarget } from '../execution-target.js';
import { defaultLog } from '../server-logger.js';
import { snapshotOf } from '../snapshot-hook.js';
import { runFailure } from './block-run.js';

type Log = (line: string) => void;

interface Made {
  columns: readonly string[];
  rows: ReadonlyArray<Record<string, unknown>>;
  truncated: boolean;
}

/** Signs the file when asked; the signature's headers, or 502 EXPORT_SIGNING_FAILED. */
async function signatureHeaders(request: FastifyRequest, root: string, file: ReturnType<typeof exportFile>, rowCount: number, ask: FileAsk) {
  const asker = request.asker;
  const signer = signerFor(asker?.host, asker?.principal, 'export');
  const by = asker?.principal?.id;
  const facts = {
    bytes: file.bytes,
    format: ask.format,
    filename: file.filename,
    rowCount,
    exportedAt: new Date().toISOString(),
    ...(by !== undefined ? { exportedBy: by } : {}),
    ...(ask.trust !== undefined ? { trust: ask.trust } : {}),
  };
  const outcome = await signExport(root, signer, facts);
  if (!outcome.ok) {
    const where = outcome.reference !== undefined ? ` (reference ${outcome.reference})` : '';
    throw new ApiError(502, 'EXPORT_SIGNING_FAILED', `The export was not sent: it could not be signed, ${outcome.reason}${where}.`, {
      ...(outcome.reference !== undefined ? { reference: outcome.reference } : {}),
    });
  }
  const { signedBy, signer: who, signature, payload } = outcome.signed;
  return {
    'X-SVC-Signed-By': signedBy,
    'X-SVC-Signer': encodeURIComponent(who),
    'X-SVC-Signature': signature,
    'X-SVC-Signed-Payload': Buffer.from(payload, 'utf8').toString('base64url'),
  };
}

interface FileAsk {
  format: ExportFormat;
  title?: string;
  signed?: boolean;
  /** An Ask answer's rerun: its trust, sent in X-SVC-Export-Trust and signed with the file. */
  trust?: 'certified' | 'review_required';
}

/** Sends the result as the asked file, signed when asked. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, root: string, made: Made, ask: FileAsk): Promise<FastifyReply> {
  const file = exportFile(made, ask.format, ask.title);
  const signed = ask.signed === true ? await signatureHeaders(request, root, file, made.rows.length, ask) : {};
  void reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('X-SVC-Export-Rows', String(made.rows.length))
    .headers(signed);
  if (made.truncated) void reply.header('X-SVC-Export-Truncated', '1');
  if (ask.trust !== undefined) void reply.header('X-SVC-Export-Trust', ask.trust);
  return reply.send(file.bytes);
}

/** A statement that gave no file: a policy refusal is 403 EXPORT_REFUSED, anything else the run's failure. */
function exportFailure(error: BlockRunError, log: Log): ApiError {
  if (error.code === 'ROW_POLICY_REFUSED')
    return new ApiError(403, 'EXPORT_REFUSED', error.message, error.reason !== undefined ? { reason: error.reason } : {});
  return runFailure('the export', error, log);
}

/** Runs the person's SQL for the file. */
async function runForExport(request: FastifyRequest, body: SqlExportRequest, log: Log): Promise<StatementResult> {
  const snapshot = snapshotOf(request);
  const connection = resolveExecutionTarget(body.executionTarget, snapshot.config, request.asker);
  try {
    const on = connection !== undefined ? { connection } : {};
    return await snapshot.executor.execute({ asker: request.asker, sql: body.sql, params: [], origin: 'person', ...on });
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    throw exportFailure(runErrorOf(error), log);
  }
}

/** Reruns the caller's Ask answer for the file, named after its question and labelled with the rerun's trust. */
async function answerForExport(request: FastifyRequest, body: AnswerExportRequest, runs: RouteOptions['deps']['runs'], log: Log) {
  const rerun = await rerunAnswer(runs, body.runId, snapshotOf(request), request.asker);
  if (!rerun.ok) throw exportFailure(rerun.error, log);
  const { title, trust, ...made } = rerun;
  return { made, ask: { format: body.format, title, trust, ...(body.signed !== undefined ? { signed: body.signed } : {}) } };
}

type TileRequest = FastifyRequest<{ Params: { appId: string; pageId: string }; Body: TileExportRequest }>;

/** Runs the tile for the file: 404 for no such page or data tile, 422 TILE_EXPORT_REFUSED on a refusal. */
async function runTileForExport(request: TileRequest, root: string, runs: RouteOptions['deps']['runs'], log: Log): Promise<{ made: Made; title: string }> {
  const { appId, pageId } = request.params;
  const snapshot = snapshotOf(request);
  const target = snapshot.manifest.apps?.[appId];
  await requireApp(request.asker, root, target, runNeed(target));
  const { tileId, variables } = request.body;
  const ran = await runOneTile(root, snapshot.manifest, snapshot.executor, {
    asker: request.asker,
    appId,
    pageId,
    tileId,
    ...(variables !== undefined ? { variables } : {}),
    ...(runs !== undefined ? { runs } : {}),
  });
  if (ran.kind === 'no-page') throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${appId}/${pageId}.`);
  if (ran.kind === 'no-tile') throw new ApiError(404, 'TILE_NOT_FOUND', `App page ${appId}/${pageId} has no data tile ${tileId}.`);
  const { run, tile } = ran;
  if (run.figuresWithheld === true) throw new ApiError(422, 'TILE_EXPORT_REFUSED', "This tile's figures are withheld from you until its answer is reviewed.");
  if (run.error?.code === 'ROW_POLICY_REFUSED')
    throw new ApiError(422, 'TILE_EXPORT_REFUSED', run.error.message, run.error.reason !== undefined ? { reason: run.error.reason } : {});
  if (!run.ok || run.error !== undefined) throw runFailure(`tile ${tileId}`, run.error ?? { code: 'WAREHOUSE_ERROR', message: 'The tile did not run.' }, log);
  return { made: run, title: tile.title ?? tile.id };
}

export const exportsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const log: Log = deps.log ?? defaultLog;
  app.post<{ Body: QueryExportRequest }>('/api/query/export', { schema: QUERY_EXPORT_ROUTE }, async (request, reply) => {
    const body = request.body;
    if ('runId' in body) {
      const { made, ask } = await answerForExport(request, body, deps.runs, log);
      return sendFile(request, reply, deps.root, made, ask);
    }
    const made = await runForExport(request, body, log);
    const { format, title, signed } = body;
    return sendFile(request, reply, deps.root, made, { format, ...(title !== undefined ? { title } : {}), ...(signed !== undefined ? { signed } : {}) });
  });
  app.post<{ Params: { appId: string; pageId: string }; Body: TileExportRequest }>(
    '/api/apps/:appId/dashboards/:pageId/export',
    { schema: TILE_EXPORT_ROUTE },
    async (request, reply) => {
      const { made, title } = await runTileForExport(request, deps.root, deps.runs, log);
      const { format, signed } = request.body;
      return sendFile(request, reply, deps.root, made, { format, title, ...(signed !== undefined ? { signed } : {}) });
    },
  );
};
