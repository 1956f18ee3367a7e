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
 * - `POST /api/modeling/dbt-first/relationships/validate` `{ block, relationship? }` or
 *   `{ block, to, keys, toKeys?, cardinality? }` (action `dataset.author`): the relationship
 *   validation of key proofs for one block while it is authored (either block of any status):
 *   every relationship it declares, the one named, or one proposed before it is declared
 *   (validated as `<block id>.proposed`); `dbt` is the transformation tool svc reads. Answers
 *   `{ ok, relationships }` as above; it keeps no evidence.
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

export const RELATIONSHIP_PROOF = {
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

const CARDINALITY = { enum: ['many-to-one', 'one-to-one'] } as const;

export const VALIDATE_RELATIONSHIPS_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['block'],
  properties: {
    /** The declaring block: an id, name or project-relative file. */
    block: { type: 'string', minLength: 1, maxLength: 500 },
    /** One relationship the block declares, by its name (else every one it declares). */
    relationship: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 200 },
    /** A relationship proposed before it is declared: the block id its keys refer to... */
    to: { type: 'string', minLength: 3, maxLength: 300, pattern: '^[A-Za-z0-9_]+\\.[A-Za-z0-9_]+$' },
    /** ...the declaring block's key columns... */
    keys: { type: 'array', minItems: 1, maxItems: 20, items: KEY },
    /** ...the other block's, one for each (default: the same names)... */
    toKeys: { type: 'array', minItems: 1, maxItems: 20, items: KEY },
    /** ...and the cardinality claimed (default many-to-one). */
    cardinality: CARDINALITY,
  },
  // A proposal names where its keys go and which they are; it is not also a declared one.
  dependencies: { to: ['keys'], keys: ['to'], toKeys: ['to'], cardinality: ['to'] },
  not: { required: ['relationship', 'to'] },
} as const;
export type ValidateRelationshipsRequest = FromSchema<typeof VALIDATE_RELATIONSHIPS_BODY>;

export const VALIDATE_RELATIONSHIPS_RESULT = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'relationships'],
  properties: { ok: { type: 'boolean' }, relationships: { type: 'array', items: RELATIONSHIP_PROOF } },
} as const;
export type ValidateRelationshipsBody = FromSchema<typeof VALIDATE_RELATIONSHIPS_RESULT>;

/**
 * 200 with the validations whatever they show; 400 when `toKeys` and `keys` differ in number;
 * 404 BLOCK_NOT_FOUND; 409 RELATIONSHIP_NOT_DECLARED when the block declares none (or not the one
 * named) and the request proposes none.
 */
export const VALIDATE_RELATIONSHIPS_ROUTE = {
  body: VALIDATE_RELATIONSHIPS_BODY,
  response: { 200: VALIDATE_RELATIONSHIPS_RESULT, ...errorResponses(400, 403, 404, 409) },
} as const;
