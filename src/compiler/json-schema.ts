/**
 * JSON Schema validation for every JSON document svc reads. Schemas live beside the code in
 * `src/<area>/schemas/*.json` (copied next to the compiled files by scripts/copy-assets.mjs);
 * a schema error becomes a diagnostic carrying the JSON pointer of the offending value.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Code } from '../../grammar/codes.js';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { diag } from '../../grammar/diagnostics.js';

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * The ajv class, loaded on first use: a warm compile whose documents this build already
 * validated, and commands that only evaluate built-in policies, never need it.
 */
export function ajvClass(): typeof import('ajv').Ajv {
  return (createRequire(import.meta.url)('ajv') as typeof import('ajv')).Ajv;
}

function instance(): Ajv {
  // allErrors: a user fixing a config wants every problem at once, not one per run.
  // validateSchema off: our schemas are checked by test/compiler/schemas.test.ts, and compiling
  // the meta-schema on every command costs more than the validation itself.
  const AjvClass = ajvClass();
  ajv ??= new AjvClass({ allErrors: true, strict: false, allowUnionTypes: true, validateSchema: false });
  return ajv;
}

/** Validator code generated at build time (scripts/build-validators.mjs), when present. */
function prebuilt(url: URL): ValidateFunction | undefined {
  try {
    return createRequire(import.meta.url)(fileURLToPath(new URL(url.href.replace(/\.json$/, '.validate.cjs')))) as ValidateFunction;
  } catch {
    return undefined; // running from source: compile the schema instead
  }
}

/** A schema's validator, once per process; `url` is resolved against the caller's module. */
export function schemaValidator(url: URL): ValidateFunction {
  const key = url.href;
  let fn = compiled.get(key);
  if (!fn) {
    fn = prebuilt(url) ?? instance().compile(JSON.parse(readFileSync(url, 'utf8')) as object);
    compiled.set(key, fn);
  }
  return fn;
}

/** The JSON pointer an ajv error is about, pointing at the missing or extra key when there is one. */
export function errorPointer(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const extra =
    typeof params['missingProperty'] === 'string'
      ? params['missingProperty']
      : typeof params['additionalProperty'] === 'string'
        ? params['additionalProperty']
        : undefined;
  const base = error.instancePath;
  if (extra === undefined) return base === '' ? '/' : base;
  return `${base}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `unknown property ${String(params['additionalProperty'])}`;
  if (error.keyword === 'required') return `missing required property ${String(params['missingProperty'])}`;
  if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    return `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return error.message ?? error.keyword;
}

/**
 * Validates `data`; returns one diagnostic per schema error (deduplicated by pointer and text).
 * `code` is a registered code whose message template uses {{pointer}} and {{problem}}.
 */
export function validateDocument(validator: ValidateFunction, data: unknown, code: Code, file: string, extra: Record<string, string> = {}): Diagnostic[] {
  if (validator(data)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const error of validator.errors ?? []) {
    // oneOf/anyOf branches report noise under the same pointer; keep the first reading.
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const pointer = errorPointer(error);
    const problem = describe(error);
    const key = `${pointer}\u0000${problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(diag(code, { pointer, problem, ...extra }, { file }));
  }
  return out;
}
