/**
 * The contract every check in `checks/` implements, in the spirit of an ESLint rule's
 * `meta` + `create`: a kind, a description, the JSON Schema of its options, and a pure
 * `evaluate`. Combinators (all, any, not, when) reach their children through the context,
 * so no check imports the registry.
 */
import type { DiagnosticData } from '../../../grammar/diagnostics.js';
import type { Facts } from '../facts.js';
import type { CheckSpec } from '../policy.js';

export interface CheckResult {
  pass: boolean;
  /** Values for the rule's message template (scalars only, never rows or SQL). */
  data?: DiagnosticData;
}

export interface CheckContext {
  /** Evaluates a nested check against the same facts. */
  evaluate(spec: CheckSpec): CheckResult;
}

/** A nested check and where it sits inside its parent, for validation pointers. */
export interface NestedCheck {
  /** Pointer segments relative to the parent check object, e.g. ['checks', 0]. */
  at: Array<string | number>;
  spec: unknown;
}

export interface CheckDefinition<O = any> {
  kind: string;
  description: string;
  /** JSON Schema (draft-07) of the whole check object, `kind` included. */
  optionsSchema: Record<string, unknown>;
  /** Child checks of a combinator; the loader validates them recursively. */
  nested?(options: O): NestedCheck[];
  /** Checks the schema cannot express (a regex compiling with its flags). */
  validate?(options: O): Array<{ at: Array<string | number>; problem: string }>;
  evaluate(options: O, facts: Facts, ctx: CheckContext): CheckResult;
}

/** Builds a check's options schema: an object with `kind` fixed and no unknown options. */
export function checkSchema(kind: string, properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return {
    type: 'object',
    properties: { kind: { const: kind }, ...properties },
    required: ['kind', ...required],
    additionalProperties: false,
  };
}

/** Schema of a nested check: its own options are validated by its definition. */
export const NESTED_CHECK_SCHEMA = {
  type: 'object',
  properties: { kind: { type: 'string', minLength: 1 } },
  required: ['kind'],
} as const;

/** Identity helper that keeps each check file's options type attached to its definition. */
export function defineCheck<O>(definition: CheckDefinition<O>): CheckDefinition<O> {
  return definition;
}

export function passed(data?: DiagnosticData): CheckResult {
  return data === undefined ? { pass: true } : { pass: true, data };
}

export function failed(data?: DiagnosticData): CheckResult {
  return data === undefined ? { pass: false } : { pass: false, data };
}
