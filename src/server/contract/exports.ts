/**
 * File exports (spec 03 Endpoints, "Exports and key proofs" 1): `POST /api/query/export` runs
 * SQL the person wrote, `POST /api/apps/:appId/dashboards/:pageId/export` one data tile of a
 * page; both answer the file itself (CSV, JSON `{ columns, rows }` or an Excel workbook) with its
 * media type and `content-disposition: attachment; filename="..."`, never a JSON wrapper.
 *
 * Headers of every export: `X-SVC-Export-Rows` (rows in the file) and, when the row cap cut the
 * result, `X-SVC-Export-Truncated: 1`. An Ask answer's export (`{ runId }`) also says what the
 * rerun is: `X-SVC-Export-Trust: certified` only when the answer's certified block is unchanged
 * and still answers as certified now, else `review_required`; an export of SQL claims no trust. With `signed: true` a signed export also carries
 * `X-SVC-Signed-By` (the key id, as svc-certifiers.json lists it), `X-SVC-Signer` (whose key),
 * `X-SVC-Signature` (`ed25519:<base64url>`) and `X-SVC-Signed-Payload` (base64url of the
 * canonical JSON signed, which names the file's sha256, format, name, row count, time and who
 * asked). To check one: decode the payload, compare its sha256 with the body's, and verify the
 * signature over the payload with the listed public key. A signature that could not be made or
 * verified answers 502 EXPORT_SIGNING_FAILED and no file.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { EXECUTION_TARGET } from './agent-runs.js';
import { PAGE_PARAMS } from './apps.js';
import { errorResponses } from './errors.js';

const FORMAT = { enum: ['csv', 'json', 'xlsx'] } as const;

/** The file itself: bytes in the asked format (a schema for the contract; files are sent as they are). */
export const EXPORTED_FILE = { type: 'string', description: 'the exported file (CSV, JSON or XLSX bytes)' } as const;

/** SQL the person wrote, rerun for a file. */
const SQL_EXPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['sql', 'format'],
  properties: {
    sql: { type: 'string', minLength: 1, maxLength: 100_000 },
    format: FORMAT,
    /** Names the file (and the workbook's sheet). */
    title: { type: 'string', maxLength: 200 },
    executionTarget: EXECUTION_TARGET,
    /** Sign the snapshot through the host's key service (else the local key). */
    signed: { type: 'boolean' },
  },
} as const;

/**
 * One of the caller's own Ask answers, rerun for a file: the server reruns the statement its
 * run store recorded for that answer (a certified block with the values it was bound with, or
 * the written SQL), on the connection it ran on, and names the file after the question. No SQL,
 * connection or title is taken from the request.
 */
const ANSWER_EXPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['runId', 'format'],
  properties: {
    runId: { type: 'string', minLength: 1, maxLength: 200 },
    format: FORMAT,
    signed: { type: 'boolean' },
  },
} as const;

export const QUERY_EXPORT_BODY = { oneOf: [SQL_EXPORT_BODY, ANSWER_EXPORT_BODY] } as const;
export type QueryExportRequest = FromSchema<typeof QUERY_EXPORT_BODY>;
export type SqlExportRequest = FromSchema<typeof SQL_EXPORT_BODY>;
export type AnswerExportRequest = FromSchema<typeof ANSWER_EXPORT_BODY>;

/**
 * 403 EXPORT_REFUSED when the host's policy refuses (or an answer's figures are withheld from the
 * caller); 403 PERMISSION_DENIED without `export` and `query.run`; for an answer: 404
 * RUN_NOT_FOUND (not the caller's, or unknown), 409 ANSWER_NOT_EXPORTABLE (no statement kept to
 * rerun), ANSWER_SOURCE_CHANGED (its certified block changed or is gone) or BLOCK_NOT_CERTIFIED.
 */
export const QUERY_EXPORT_ROUTE = { body: QUERY_EXPORT_BODY, response: { 200: EXPORTED_FILE, ...errorResponses(400, 403, 404, 409, 502) } } as const;

export const TILE_EXPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['tileId', 'format'],
  properties: {
    tileId: { type: 'string', minLength: 1, maxLength: 200 },
    format: FORMAT,
    /** Page filter values by filter id, bound as the page run binds them. */
    variables: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] },
    },
    signed: { type: 'boolean' },
  },
} as const;
export type TileExportRequest = FromSchema<typeof TILE_EXPORT_BODY>;

/** 422 TILE_EXPORT_REFUSED when the host's policy refuses; 404 PAGE_NOT_FOUND or TILE_NOT_FOUND. */
export const TILE_EXPORT_ROUTE = {
  params: PAGE_PARAMS,
  body: TILE_EXPORT_BODY,
  response: { 200: EXPORTED_FILE, ...errorResponses(400, 403, 404, 422, 502) },
} as const;
