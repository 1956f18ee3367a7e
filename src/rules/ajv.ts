/**
 * One shared ajv instance for the rules engine. Compiling a schema is the expensive part, so
 * validators are compiled once and cached by the callers; errors are turned into
 * (pointer, problem) pairs so every layer can report them as diagnostics with JSON pointers.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvClass } from '../compiler/json-schema.js';

type AjvClass = typeof import('ajv').Ajv;

let shared: InstanceType<AjvClass> | undefined;

/** The rules engine's ajv (draft-07, all errors, strict schemas). */
export function rulesAjv(): InstanceType<AjvClass> {
  if (shared === undefined) {
    const Ajv = ajvClass();
    // verbose keeps each error's parentSchema, whose description explains a failed pattern.
    shared = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  }
  return shared;
}

/** Compiles a schema object once per object identity. */
const compiled = new WeakMap<object, ValidateFunction>();
export function validatorFor(schema: object): ValidateFunction {
  let v = compiled.get(schema);
  if (v === undefined) {
    v = rulesAjv().compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

export interface SchemaProblem {
  pointer: string;
  problem: string;
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends segments to a pointer; `''` is the document root. */
export function joinPointer(base: string, ...keys: Array<string | number>): string {
  return keys.reduce<string>((p, k) => `${p}/${pointerSegment(k)}`, base);
}

/** Turns ajv errors into problems; required/additional-property errors point at the key itself. */
export function schemaProblems(errors: ErrorObject[] | null | undefined, base = ''): SchemaProblem[] {
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const e of errors ?? []) {
    const p = problemOf(e, base);
    const key = `${p.pointer}\u0000${p.problem}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(p);
    }
  }
  return out;
}

function problemOf(e: ErrorObject, base: string): SchemaProblem {
  const at = base + e.instancePath;
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    return { pointer: joinPointer(at, String(params.missingProperty)), problem: 'is required' };
  }
  if (e.keyword === 'additionalProperties') {
    return { pointer: joinPointer(at, String(params.additionalProperty)), problem: 'is not allowed here' };
  }
  if (e.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
    return { pointer: at, problem: `must be one of ${allowed}` };
  }
  if (e.keyword === 'pattern') {
    const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
    if (typeof description === 'string') return { pointer: at, problem: `must be ${description}` };
  }
  return { pointer: at, problem: e.message ?? `fails ${e.keyword}` };
}
