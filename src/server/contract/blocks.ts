/**
 * Blocks (spec 01, spec 03): the list (`GET /api/blocks`), one block's view
 * (`GET /api/blocks/:id`) and a certified block's run (`POST /api/blocks/:id/run`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const TEXT_LIST = { type: 'array', items: { type: 'string' } } as const;
const NULLABLE_TEXT = { type: ['string', 'null'] } as const;
/** One answer row: a record of column name to value (open). */
export const ROW = { type: 'object', additionalProperties: true } as const;
export const ROWS = { type: 'array', items: ROW } as const;

const PARAM_VIEW = {
  type: 'object',
  required: ['name', 'type', 'required'],
  additionalProperties: false,
  properties: { name: { type: 'string' }, type: { type: 'string' }, required: { type: 'boolean' }, default: { type: ['string', 'number', 'boolean', 'null'] } },
} as const;

const SUMMARY_PROPERTIES = {
  id: { type: 'string' },
  /** The status the block file declares. */
  status: { type: 'string' },
  /** What the project may rely on (a certified block without a receipt for its source reads pending_recertification). */
  effectiveStatus: { type: 'string' },
  description: NULLABLE_TEXT,
  owner: NULLABLE_TEXT,
  /** Project-relative path of the block file. */
  file: { type: 'string' },
  /** A draft captured by an Ask, awaiting review. */
  inDrafts: { type: 'boolean' },
  /** The certification receipt: valid, missing, stale, orphaned or none. */
  receipt: { type: 'string' },
  askedTimes: { type: 'integer' },
  params: { type: 'array', items: PARAM_VIEW },
  /** The answer gate's one decision: Ask, the block-run route and every surface read the same. */
  trust: {
    type: 'object',
    required: ['label', 'servable'],
    additionalProperties: false,
    properties: {
      label: { enum: ['certified', 'review_required', 'refused'] },
      servable: { type: 'boolean' },
      code: { type: 'string' },
      reason: { type: 'string' },
      next: { type: 'string' },
    },
  },
  /** Each declared example question (an empty Ask page suggests those of servable certified blocks). */
  examples: TEXT_LIST,
} as const;
const SUMMARY_REQUIRED = ['id', 'status', 'effectiveStatus', 'description', 'owner', 'file', 'inDrafts', 'receipt', 'params', 'trust', 'examples'] as const;

export const BLOCK_SUMMARY = { type: 'object', required: SUMMARY_REQUIRED, additionalProperties: false, properties: SUMMARY_PROPERTIES } as const;
export type BlockSummary = FromSchema<typeof BLOCK_SUMMARY>;

/** Whether the project's receipts are signed; an unsigned project carries the warning `svc lint` gives. */
const CERTIFICATION_STATE = {
  type: 'object',
  required: ['signed'],
  additionalProperties: false,
  properties: {
    signed: { type: 'boolean' },
    warning: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'string' }, message: { type: 'string' }, hint: { type: 'string' } },
    },
  },
} as const;

export const BLOCK_LIST = {
  type: 'object',
  required: ['blocks', 'certification'],
  additionalProperties: false,
  properties: { blocks: { type: 'array', items: BLOCK_SUMMARY }, certification: CERTIFICATION_STATE },
} as const;
export type BlockList = FromSchema<typeof BLOCK_LIST>;

export const BLOCK_LIST_ROUTE = { response: { 200: BLOCK_LIST, ...errorResponses() } } as const;

/** The full view of one block: the summary plus what a reader needs to use and trust it. */
export const BLOCK_DETAIL = {
  type: 'object',
  required: [...SUMMARY_REQUIRED, 'name', 'domain', 'tags', 'contract', 'outputs', 'tables', 'tests', 'visualization', 'query', 'sourceSha256'],
  additionalProperties: false,
  properties: {
    ...SUMMARY_PROPERTIES,
    name: { type: 'string' },
    domain: { type: 'string' },
    tags: TEXT_LIST,
    contract: {
      anyOf: [
        {
          type: 'object',
          required: ['id', 'version', 'status'],
          additionalProperties: false,
          properties: { id: { type: 'string' }, version: { type: 'number' }, status: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    outputs: TEXT_LIST,
    tables: TEXT_LIST,
    /** Each declared test's text. */
    tests: TEXT_LIST,
    /** The block's `visualization` section as written (`chart`, `x`, `y`, ...), or null. */
    visualization: { type: ['object', 'null'], additionalProperties: true },
    query: { type: 'string' },
    sourceSha256: { type: 'string' },
    /** The grain keys the block declares, which `POST /api/keys/prove` proves; absent when it declares none. */
    grainKeys: {
      type: 'object',
      required: ['keys', 'keyEvidence'],
      additionalProperties: false,
      properties: { keys: TEXT_LIST, keyEvidence: { enum: ['complete-source'] } },
    },
    /** The relationships the block declares, which `POST /api/keys/prove` validates (id `<block id>.<name>`); absent when it declares none. */
    relationships: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'to', 'keys', 'toKeys', 'cardinality'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          to: { type: 'string' },
          keys: TEXT_LIST,
          toKeys: TEXT_LIST,
          cardinality: { enum: ['many-to-one', 'one-to-one'] },
        },
      },
    },
  },
} as const;
export type BlockDetail = FromSchema<typeof BLOCK_DETAIL>;

export const BLOCK_PARAMS = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string' } } } as const;

export const BLOCK_VIEW = { type: 'object', required: ['block'], additionalProperties: false, properties: { block: BLOCK_DETAIL } } as const;
export type BlockView = FromSchema<typeof BLOCK_VIEW>;

export const BLOCK_ROUTE = { params: BLOCK_PARAMS, response: { 200: BLOCK_VIEW, ...errorResponses(400, 404) } } as const;

/** `{ params?: { name: value } }`: values over the block's declared defaults. */
export const BLOCK_RUN_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    params: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
  },
} as const;
export type BlockRunRequest = FromSchema<typeof BLOCK_RUN_BODY>;

export const BLOCK_RUN = {
  type: 'object',
  required: ['block', 'trust', 'contract', 'columns', 'rows', 'rowCount', 'truncated', 'durationMs'],
  additionalProperties: false,
  properties: {
    block: { type: 'string' },
    trust: { type: 'string', const: 'certified' },
    /** `<contract id>@<version>` the block declares, or null. */
    contract: NULLABLE_TEXT,
    columns: TEXT_LIST,
    rows: ROWS,
    rowCount: { type: 'integer' },
    truncated: { type: 'boolean' },
    durationMs: { type: 'number' },
  },
} as const;
export type BlockRun = FromSchema<typeof BLOCK_RUN>;

/**
 * 400 PARAM_*, 403 ROW_POLICY_REFUSED or CREDENTIALS_REQUIRED, 404 BLOCK_NOT_FOUND, 409
 * BLOCK_NOT_CERTIFIED (with `status` and the gate's `gate { code, next?, nextAction? }`), 422
 * RESULT_TOO_LARGE, 502 WAREHOUSE_ERROR (with a reference), 503 CONNECTION_UNAVAILABLE, 504 STATEMENT_TIMEOUT.
 */
export const BLOCK_RUN_ROUTE = {
  params: BLOCK_PARAMS,
  body: BLOCK_RUN_BODY,
  response: { 200: BLOCK_RUN, ...errorResponses(400, 403, 404, 409, 422, 502, 503, 504) },
} as const;
