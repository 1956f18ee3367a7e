/**
 * A block's one parameter policy, asked on every surface that binds a value to a parameter (Ask,
 * the block-run route, App tiles, the agent tools): declared bounds (`parameterPolicy { top_n = {
 * min = 1, max = 20 } }`), declared values (`region = { values = ["north", "south"] }`), and the
 * rule every row limit keeps without a declaration: at least one row.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';

/** Names of parameters that hold a row limit, beside any number parameter used in `LIMIT ${x}`. */
export const LIMIT_PARAM_NAMES: ReadonlySet<string> = new Set(['top_n', 'topn', 'top', 'limit', 'n', 'row_limit', 'max_rows', 'rows']);

const PARAM_IN_LIMIT = /\blimit\s+\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/gi;

/** The parameter that holds the block's row limit, if any. */
export function limitParamOf(block: CompiledBlock): CompiledParam | undefined {
  const numeric = block.params.filter((p) => p.type === 'number' || p.type === 'integer');
  const inLimit = new Set([...block.query.matchAll(PARAM_IN_LIMIT)].map((m) => m[1] ?? ''));
  return numeric.find((p) => inLimit.has(p.name)) ?? numeric.find((p) => LIMIT_PARAM_NAMES.has(p.name.toLowerCase()));
}

type Policy = { [k: string]: unknown };

function policyOf(block: CompiledBlock, param: string): Policy | undefined {
  const p = block.parameterPolicy?.[param];
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Policy) : undefined;
}

/** The values a parameter's policy lists (`region = { values = ["north", "south"] }`), or undefined where it lists none. */
export function policyValues(block: CompiledBlock, param: string): string[] | undefined {
  const values = policyOf(block, param)?.['values'];
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : undefined;
}

/** The numeric range a parameter takes: declared, and at least 1 for a row limit. */
export function numericRange(block: CompiledBlock, param: CompiledParam): { min?: number; max?: number } {
  const policy = policyOf(block, param.name);
  const declaredMin = typeof policy?.['min'] === 'number' ? policy['min'] : undefined;
  const max = typeof policy?.['max'] === 'number' ? policy['max'] : undefined;
  const isLimit = limitParamOf(block)?.name === param.name;
  const min = isLimit ? Math.max(1, declaredMin ?? 1) : declaredMin;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Words for a range: "from 1 to 20", "of 1 or more", "up to 20". */
export function rangeText(range: { min?: number; max?: number }): string {
  if (range.min !== undefined && range.max !== undefined) return `from ${range.min} to ${range.max}`;
  if (range.min !== undefined) return `of ${range.min} or more`;
  return range.max !== undefined ? `up to ${range.max}` : 'of any size';
}

/**
 * Why `value` may not be bound to `param` of `block` under its policy (a sentence in the block's
 * terms), or undefined when it may.
 */
export function policyProblem(block: CompiledBlock, param: CompiledParam, value: string | number | boolean | null): string | undefined {
  if (typeof value === 'number') {
    const range = numericRange(block, param);
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max))
      return `${block.id} takes ${param.name} ${rangeText(range)}; ${value} is outside it.`;
  }
  const values = policyOf(block, param.name)?.['values'];
  if (typeof value === 'string' && Array.isArray(values) && values.length > 0 && !values.includes(value))
    return `${block.id} takes ${param.name} as one of ${values.join(', ')}; "${value}" is not one of them.`;
  return undefined;
}
