/**
 * `POST /api/block-studio/approve-semantic` `{ term }` or `{ view }` (action `dataset.certify`,
 * spec 02 "Action vocabulary"): certifies a business term or view as `svc certify --term` /
 * `--view` does, recorded `via: block-studio`. In a project that signs its receipts the receipt
 * is signed through the host's `signing` hook (else the local key) and verified before it is
 * written. Answers 200 certified, 422 not certifiable (with the diagnostics, nothing written),
 * 404 SEMANTIC_NOT_FOUND, 401 with a host when no one is signed in.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const ID = { type: 'string', minLength: 3, maxLength: 300, pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' } as const;
const TEXT = { type: 'string' } as const;

export const APPROVE_SEMANTIC_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** A business term of semantic-layer/terms.yaml (`<domain>.<name>`). */
    term: ID,
    /** A business view of semantic-layer/views.yaml (`<domain>.<name>`). */
    view: ID,
    /** Without a host only: who the receipt names (default: the local owner). */
    certifiedBy: { type: 'string', minLength: 1, maxLength: 200 },
  },
  oneOf: [{ required: ['term'] }, { required: ['view'] }],
} as const;
export type ApproveSemanticRequest = FromSchema<typeof APPROVE_SEMANTIC_BODY>;

const RECEIPT = {
  type: 'object',
  additionalProperties: false,
  required: ['certifiedBy', 'certifiedAt', 'via', 'sourceSha256'],
  properties: { certifiedBy: TEXT, certifiedAt: TEXT, via: TEXT, sourceSha256: TEXT, signedBy: TEXT, signature: TEXT },
} as const;

const DIAGNOSTIC = {
  type: 'object',
  additionalProperties: true,
  required: ['code', 'message'],
  properties: { code: TEXT, severity: TEXT, message: TEXT, file: TEXT },
} as const;

export const APPROVE_SEMANTIC_RESULT = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'kind', 'id', 'diagnostics', 'written'],
  properties: {
    ok: { type: 'boolean' },
    kind: { enum: ['term', 'view'] },
    id: TEXT,
    /** Present only when certified: the receipt written. */
    receipt: RECEIPT,
    diagnostics: { type: 'array', items: DIAGNOSTIC },
    /** Project files written (none on refusal). */
    written: { type: 'array', items: TEXT },
  },
} as const;
export type ApproveSemanticResult = FromSchema<typeof APPROVE_SEMANTIC_RESULT>;

export const APPROVE_SEMANTIC_ROUTE = {
  body: APPROVE_SEMANTIC_BODY,
  response: { 200: APPROVE_SEMANTIC_RESULT, 422: APPROVE_SEMANTIC_RESULT, ...errorResponses(400, 401, 403, 404) },
} as const;
