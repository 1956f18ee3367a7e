/**
 * The parts of a question that say which rows (a top-N, a period, filter values) with the
 * declaration of the block that takes each: the parameter bound, the grouping key a value is a
 * row of, the period column kept, or nothing. Coverage (coverage.ts) explains the other parts;
 * together they are a run's `route.parts`, readable in the trace without the question's words.
 */
import type { CompiledBlock } from '../compiler/types.js';
import type { Binding } from './bind-question.js';
import { blockFacts, paramForField } from './block-facts.js';
import type { FilterAsk, QuestionAsks } from './question-asks.js';
import type { RoutePart } from './types.js';

const param = (binding: Binding, name: string | undefined): string | undefined =>
  name !== undefined && Object.hasOwn(binding.params, name) ? `param:${name}` : undefined;

function periodBy(block: CompiledBlock, binding: Binding): string | undefined {
  const facts = blockFacts(block);
  const bound = [facts.startParam?.name, facts.endParam?.name].filter((n): n is string => n !== undefined && Object.hasOwn(binding.params, n));
  if (binding.within !== undefined) return `column:${binding.within.column}`;
  if (bound.length > 0) return `param:${bound.join(',')}`;
  return facts.window !== undefined ? 'window' : facts.fixedPeriod !== undefined ? 'literal' : undefined;
}

function filterBy(block: CompiledBlock, binding: Binding, f: FilterAsk): string | undefined {
  const facts = blockFacts(block);
  for (const field of f.fields) {
    const bound = param(binding, paramForField(block, field)?.name);
    if (bound !== undefined) return bound;
    if (facts.breakdownFields.has(field)) return `key:${field}`;
  }
  return facts.fixedLiterals.has(f.value.toLowerCase()) ? 'literal' : undefined;
}

/** The row-choosing parts of `asks`, each with what of `block` took it. */
export function boundParts(block: CompiledBlock, asks: QuestionAsks, binding: Binding): RoutePart[] {
  const failed = new Set(binding.unmet.map((u) => u.kind));
  const out: RoutePart[] = [];
  const push = (kind: RoutePart['kind'], text: string, by: string | undefined, ok: boolean): void =>
    void out.push({ kind, text, ...(ok && by !== undefined ? { by } : {}) });
  if (asks.limit !== undefined)
    push('limit', asks.limit.text, param(binding, blockFacts(block).limitParam?.name), !failed.has('limit') && !failed.has('limit-range'));
  if (asks.period !== undefined) push('period', asks.period.text, periodBy(block, binding), !failed.has('period'));
  for (const f of asks.filters) push('filter', f.text, filterBy(block, binding, f), !failed.has('filter') && !failed.has('value'));
  return out;
}
