/**
 * Block parameters: declared in `params { name: type = default }`, used as `${name}` in the
 * query. A used-but-undeclared name is an error (it could never be bound); a declared-but-unused
 * one is a warning. Parameters are always bound as statement parameters, never spliced.
 */

import type { ParamDecl } from '../../../grammar/block/ast.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CompiledParam, ParamType } from '../types.js';
import { ownerRowRules } from './row-rules.js';

export const PARAM_TYPES: readonly ParamType[] = ['boolean', 'date', 'integer', 'number', 'string'];
const PARAM_REF = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parameter names referenced by `${name}` in order of first use. */
export function usedParams(query: string): string[] {
  const seen = new Set<string>();
  for (const m of query.matchAll(PARAM_REF)) seen.add(m[1] ?? '');
  return [...seen];
}

/**
 * The query with every `${name}` replaced, for reading by a SQL lexer or running as the local
 * owner: its `@rls(...)` row rules read as the owner reads them (every row; see row-rules.ts).
 */
export function replaceParams(query: string, replacement: (name: string) => string): string {
  return ownerRowRules(query).replace(PARAM_REF, (_whole, name: string) => replacement(name));
}

function defaultProblem(type: ParamType, value: unknown): string | undefined {
  if (value === null) return undefined;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'default must be a string';
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? undefined : 'default must be a date written "YYYY-MM-DD"';
    case 'number':
      return typeof value === 'number' ? undefined : 'default must be a number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : 'default must be an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'default must be true or false';
  }
}

/** Compiles param declarations; diagnostics for bad types, bad defaults and duplicates. */
export function compileParams(decls: readonly ParamDecl[], block: string, file: string): { params: CompiledParam[]; diagnostics: Diagnostic[] } {
  const params: CompiledParam[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const d of decls) {
    const where = { file, span: d.span };
    if (params.some((p) => p.name === d.name)) {
      diagnostics.push(diag('compile/invalid-param', { block, param: d.name, problem: 'declared twice' }, where));
      continue;
    }
    if (!(PARAM_TYPES as readonly string[]).includes(d.type)) {
      diagnostics.push(diag('compile/invalid-param', { block, param: d.name, problem: `unknown type ${d.type}` }, where));
      continue;
    }
    const type = d.type as ParamType;
    const param: CompiledParam = { name: d.name, type, required: d.default === undefined };
    if (d.default !== undefined) {
      const value =
        d.default.kind === 'string' || d.default.kind === 'number' || d.default.kind === 'boolean'
          ? d.default.value
          : d.default.kind === 'null'
            ? null
            : undefined;
      const problem = value === undefined ? 'default must be a single value' : defaultProblem(type, value);
      if (problem) diagnostics.push(diag('compile/invalid-param', { block, param: d.name, problem }, where));
      else param.default = value ?? null;
    }
    params.push(param);
  }
  return { params, diagnostics };
}

/** Declared-vs-used diagnostics. */
export function checkParamUse(
  params: readonly CompiledParam[],
  declaredNames: ReadonlySet<string>,
  used: readonly string[],
  block: string,
  file: string,
  spanOf: (name: string) => Diagnostic['span'],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A declaration with a bad type is reported once, as invalid, not again as undeclared.
  for (const name of used) {
    if (!declaredNames.has(name)) out.push(diag('compile/undeclared-param', { block, param: name }, { file, span: spanOf(name) }));
  }
  for (const p of params) {
    if (!used.includes(p.name)) out.push(diag('compile/unused-param', { block, param: p.name }, { file, span: spanOf(p.name) }));
  }
  return out;
}
