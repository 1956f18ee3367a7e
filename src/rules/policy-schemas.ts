/**
 * The JSON Schemas of policy documents and project rule entries, compiled once, lazily. The
 * schema files ship beside the compiled code (scripts/copy-assets.mjs copies them into
 * dist/), so they are loaded as module assets relative to this file rather than from a
 * project folder.
 */
import type { ValidateFunction } from 'ajv';
import { readJsonAsset } from '../source-asset.js';
import { rulesAjv } from './ajv.js';

const POLICY_ID = 'https://svc.dev/schemas/policy.schema.json';
const PROJECT_ID = 'https://svc.dev/schemas/project-rules.schema.json';

let loaded = false;

/** Registers both schemas with the shared ajv the first time one is needed. */
function ensureLoaded(): void {
  if (loaded) return;
  const ajv = rulesAjv();
  ajv.addSchema(readJsonAsset('rules/schemas/policy.schema.json') as object);
  ajv.addSchema(readJsonAsset('rules/schemas/project-rules.schema.json') as object);
  loaded = true;
}

function validator(ref: string): ValidateFunction {
  ensureLoaded();
  const v = rulesAjv().getSchema(ref);
  if (v === undefined) throw new Error(`schema ${ref} is not registered`);
  return v;
}

/** Validates a whole policy document. */
export function policyDocumentValidator(): ValidateFunction {
  return validator(POLICY_ID);
}

/** Validates one rule object (as in a policy's `rules` or a project `{ policy, rule }`). */
export function policyRuleValidator(): ValidateFunction {
  return validator(`${POLICY_ID}#/definitions/rule`);
}

/** Validates a project entry that adds a rule. */
export function projectAddValidator(): ValidateFunction {
  return validator(`${PROJECT_ID}#/definitions/add`);
}

/** Validates a project entry that raises a severity. */
export function projectRaiseValidator(): ValidateFunction {
  return validator(`${PROJECT_ID}#/definitions/raise`);
}
