/**
 * Key proofs (spec 03 Endpoints, "Exports and key proofs" 3):
 * - `POST /api/keys/prove` `{ blocks?, relationships? }` (action `query.run`): proves, as the
 *   asking person, the grain keys certified blocks declare, each over every row the block returns
 *   through the one query path, and validates the relationships certified blocks declare over
 *   every row of both blocks; `blocks` (ids, names or project-relative files) and
 *   `relationships` (qualified ids, block files or names) narrow it (naming only one kind proves
 *   only that kind). Answers `{ ok, datasets, relationships }`: per dataset its keys, status
 *   (`passed`, `failed`, `error`) and uniqueness counts, per relationship its keys, declared and
 *   observed cardinality, status and counts (each side's rows, null, distinct and duplicate
 *   keys, orphan keys and rows); `ok` when all passed. Never a row or a key value.
 * - `POST /api/datasets/validate-grain` `{ block, keys? }` (action `dataset.author`): the same
 *   proof for one block while it is authored (any status), of its declared keys or of `keys`
 *   tried before they are declared; it keeps no evidence.
 *
 * A dataset whose proof could not run carries `error { code, message, reference? }` and no
 * counts: a statement's code (ROW_POLICY_REFUSED, CREDENTIALS_REQUIRED, WAREHOUSE_ERROR by
 * reference, STATEMENT_TIMEOUT), a parameter's (PARAM_REQUIRED) or the key-proof codes
 * (KEY_PROOF_NOT_CERTIFIED, KEYS_NOT_DECLARED, BLOCK_NOT_FOUND, RELATIONSHIP_NOT_DECLARED,
 * RELATIONSHIP_TARGET_NOT_FOUND, RELATIONSHIP_CROSS_CONNECTION).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const NAMES = { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 500 } } as const;
const KEY = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 200 } as const;
const COUNT = { type: 'integer', minimum: 0 } as const;
const STATUS = { enum: ['passed', 'failed', 'error'] } as const;

const PROOF_ERROR = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, reference: { type: 'string' } },
} as const;

export const DATASET_PROOF = {
  type: 'object',
  additionalProperties: false,
  required: ['block', 'keys', 'status'],
  properties: {
    block: { type: 'string' },
    file: { type: 'string' },
    keys: { type: 'array', items: { type: 'string' } },
    keyEvidence: { enum: ['complete-source'] },
    status: STATUS,
    rowCount: COUNT,
    distinctKeyCount: COUNT,
    nullKeyCount: COUNT,
    duplicateKeyCount: COUNT,
    error: PROOF_ERROR,
  },
} as const;
export type DatasetProofBody = FromSchema<typeof DATASET_PROOF>;

const RELATIONSHIP_PROOF = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'keys', 'cardinality', 'status'],
  properties: {
    id: { type: 'string' },
    block: { type: 'string' },
    file: { type: 'string' },
    to: { type: 'string' },
    keys: { type: 'array', items: { type: 'string' } },
    toKeys: { type: 'array', items: { type: 'string' } },
    cardinality: { type: ['string', 'null'] },
    observedCardinality: { enum: ['one-to-one', 'many-to-one', 'one-to-many', 'many-to-many'] },
    status: STATUS,
    fromRowCount: COUNT,
    fromNullKeyCount: COUNT,
    fromDistinctKeyCount: COUNT,
    fromDuplicateKeyCount: COUNT,
    toRowCount: COUNT,
    toNullKeyCount: COUNT,
    toDistinctKeyCount: COUNT,
    toDuplicateKeyCount: COUNT,
    orphanKeyCount: COUNT,
    orphanRowCount: COUNT,
    error: PROOF_ERROR,
  },
} as const;

export const KEY_PROOF_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { blocks: NAMES, relationships: NAMES },
} as const;
export type KeyProofRequest = FromSchema<typeof KEY_PROOF_BODY>;

export const KEY_PROOF_RESULTS = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'datasets', 'relationships'],
  properties: {
    ok: { type: 'boolean' },
    datasets: { type: 'array', items: DATASET_PROOF },
    relationships: { type: 'array', items: RELATIONSHIP_PROOF },
  },
} as const;
export type KeyProofResultsBody = FromSchema<typeof KEY_PROOF_RESULTS>;

/** 200 with the results whatever they prove; 403 PERMISSION_DENIED without `query.run`. */
export const KEY_PROOF_ROUTE = { body: KEY_PROOF_BODY, response: { 200: KEY_PROOF_RESULTS, ...errorResponses(400, 403) } } as const;

export const VALIDATE_GRAIN_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['block'],
  properties: {
    /** A block id, name or project-relative file. */
    block: { type: 'string', minLength: 1, maxLength: 500 },
    /** Keys to try instead of the declared ones. */
    keys: { type: 'array', minItems: 1, maxItems: 20, items: KEY },
  },
} as const;
export type ValidateGrainRequest = FromSchema<typeof VALIDATE_GRAIN_BODY>;

/** 200 with the one dataset's proof; 404 BLOCK_NOT_FOUND; 409 KEYS_NOT_DECLARED when neither the block nor the request names keys. */
export const VALIDATE_GRAIN_ROUTE = { body: VALIDATE_GRAIN_BODY, response: { 200: DATASET_PROOF, ...errorResponses(400, 403, 404, 409) } } as const;
