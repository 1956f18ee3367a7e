/**
 * `POST /api/block-studio/certifications`: certifies a block as `svc certify` does and answers
 * the certify result: 200 certified, 422 not certifiable (the same result, `ok: false`), 404 an
 * unknown block, 401 with a host when no one is signed in. With `review: true` a certification
 * is also committed on a review branch and sent for review (`review` in the answer).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';
import { REVIEW } from './git.js';

export const CERTIFY_BODY = {
  type: 'object',
  required: ['block'],
  additionalProperties: false,
  properties: {
    block: { type: 'string', minLength: 3, maxLength: 300, pattern: '^[A-Za-z0-9_]+\\.[A-Za-z0-9_]+$' },
    /** Without a host only: the enterprise rule set. */
    enterprise: { type: 'boolean' },
    /** Without a host only: who the receipt names (default: the local owner). */
    certifiedBy: { type: 'string', minLength: 1, maxLength: 200 },
    /** Send the certification for review: committed as the signed-in person on a review branch (action `git.review`). */
    review: { type: 'boolean' },
  },
} as const;
export type CertifyRequest = FromSchema<typeof CERTIFY_BODY>;

const TEXT = { type: 'string' } as const;
const TEXT_LIST = { type: 'array', items: TEXT } as const;
/** A record of the rules layer: these fields, and any it adds. */
const open = <const P extends Record<string, unknown>>(properties: P) => ({ type: 'object', additionalProperties: true, properties }) as const;

const DIAGNOSTIC = open({ code: TEXT, severity: TEXT, message: TEXT, file: TEXT, hint: TEXT });
const RULE_OUTCOME = open({ rule: TEXT, category: TEXT, severity: TEXT, outcome: TEXT });
const TEST_RESULT = open({ text: TEXT, pass: { type: 'boolean' }, failures: { type: 'number' }, checked: { type: 'number' }, reason: TEXT });
const RECEIPT = open({ certifiedBy: TEXT, certifiedAt: TEXT, via: TEXT, rules: TEXT, sourceSha256: TEXT, checks: TEXT_LIST });

/** What `svc certify --format json` prints. */
export const CERTIFY_RESULT = {
  type: 'object',
  required: ['ok', 'exitCode', 'rules', 'changed', 'checks', 'tests', 'written', 'diagnostics'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean' },
    exitCode: { type: 'integer', enum: [0, 1, 2] },
    block: TEXT,
    file: TEXT,
    from: TEXT,
    companion: TEXT,
    rules: { type: 'string', enum: ['oss', 'enterprise'] },
    receipt: RECEIPT,
    changed: TEXT_LIST,
    checks: { type: 'array', items: RULE_OUTCOME },
    validation: open({ ok: { type: 'boolean' }, prepared: { type: 'boolean' }, error: TEXT }),
    run: open({ ok: { type: 'boolean' }, rowCount: { type: 'number' }, columns: TEXT_LIST, error: TEXT }),
    tests: { type: 'array', items: TEST_RESULT },
    contract: open({ binding: TEXT, from: TEXT, status: TEXT }),
    manifestPatch: TEXT,
    written: TEXT_LIST,
    diagnostics: { type: 'array', items: DIAGNOSTIC },
    /** With `review`: what became of the change sent for review. */
    review: REVIEW,
  },
} as const;
export type CertifyResult = FromSchema<typeof CERTIFY_RESULT>;

export const CERTIFICATIONS_ROUTE = {
  body: CERTIFY_BODY,
  response: { 200: CERTIFY_RESULT, 422: CERTIFY_RESULT, ...errorResponses(400, 401, 403, 404) },
} as const;
