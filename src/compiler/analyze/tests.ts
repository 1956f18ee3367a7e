/**
 * Block tests: `assert <column|row_count> <op> <value>`. A column assertion holds for every row
 * (certification evaluates it on each one); `row_count` is the table-level count.
 */

import type { Assertion } from '../../../grammar/block/ast.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CompiledTest, JsonValue } from '../types.js';
import { toJson } from './values.js';

const COMPARISONS = new Set(['>', '<', '>=', '<=', '==', '!=']);

function scalar(v: JsonValue | undefined): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function render(v: JsonValue | undefined): string {
  return JSON.stringify(v);
}

/** Canonical text of a test, as shown in reports: `revenue >= 0`, `state in ["CA"]`. */
export function testText(t: Pick<CompiledTest, 'subject' | 'op' | 'value' | 'value2'>): string {
  if (t.op === 'is null' || t.op === 'is not null') return `${t.subject} ${t.op}`;
  if (t.op === 'between') return `${t.subject} between ${render(t.value)} and ${render(t.value2)}`;
  return `${t.subject} ${t.op} ${render(t.value)}`;
}

function problemOf(a: Assertion, value: JsonValue | undefined, value2: JsonValue | undefined): string | undefined {
  if (a.subject === 'row_count') {
    if (!COMPARISONS.has(a.op) && a.op !== 'between') return 'row_count takes a comparison or between';
    if (typeof value !== 'number' || (a.op === 'between' && typeof value2 !== 'number')) return 'row_count is compared with numbers';
    return undefined;
  }
  if (COMPARISONS.has(a.op)) return scalar(value) && value !== undefined ? undefined : `${a.op} needs a single value`;
  if (a.op === 'in' || a.op === 'not in') return Array.isArray(value) && value.every((v) => scalar(v)) ? undefined : `${a.op} needs a list of values`;
  if (a.op === 'between') {
    const ok = (typeof value === 'number' && typeof value2 === 'number') || (typeof value === 'string' && typeof value2 === 'string');
    return ok ? undefined : 'between needs two numbers or two strings';
  }
  return value === undefined ? undefined : `${a.op} takes no value`;
}

/** Compiles assertions; invalid ones are reported and left out. */
export function compileTests(asserts: readonly Assertion[], block: string, file: string): { tests: CompiledTest[]; diagnostics: Diagnostic[] } {
  const tests: CompiledTest[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const a of asserts) {
    const value = a.value ? toJson(a.value) : undefined;
    const value2 = a.value2 ? toJson(a.value2) : undefined;
    const problem = problemOf(a, value, value2);
    if (problem) {
      diagnostics.push(diag('compile/invalid-test', { block, problem }, { file, span: a.span }));
      continue;
    }
    const t: CompiledTest = { subject: a.subject, op: a.op, text: '' };
    if (value !== undefined) t.value = value;
    if (value2 !== undefined) t.value2 = value2;
    t.text = testText(t);
    tests.push(t);
  }
  return { tests, diagnostics };
}
