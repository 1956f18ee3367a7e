/**
 * A text parameter left at a default that picks one value of several ("faculty_code = SCE" of
 * four faculties, "broker_name = Mersey Cover"): a question that names no value of it asks about
 * all of them, and the block would answer for the one its owner chose as a default. That is a
 * figure the person did not ask for; the block answers only a question naming a value (or one
 * naming the block, or the owner's own example asked again, which declares the default fits it).
 * A default meaning "every value" ('ALL', 'any', '*', '') restricts nothing.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import { policyValues } from '../rules/parameter-policy.js';
import type { Unmet } from './bind-question.js';
import { blockFacts } from './block-facts.js';

const EVERY = /^(?:all|any|every|\*|%|)$/i;

/** The values a parameter's policy lists, else the ones the data or declarations hold. */
function valuesOf(block: CompiledBlock, param: CompiledParam, closed: (field: string) => readonly string[] | undefined): readonly string[] {
  return policyValues(block, param.name) ?? closed(param.name) ?? [];
}

/** The value of a string parameter that stands for every value ("all", "any"), where its default or policy has one. */
export function everyValueOf(block: CompiledBlock, param: CompiledParam): string | undefined {
  return [param.default, ...(policyValues(block, param.name) ?? [])].find((v): v is string => typeof v === 'string' && v !== '' && EVERY.test(v));
}

/**
 * Why the block's answer would be for a value the question did not ask, one per such parameter.
 * A value asked that the block does not hold is said as such (VALUE_NOT_ACCEPTED), not as a default.
 */
export function oneValueDefaults(
  block: CompiledBlock,
  binding: { params: Readonly<Record<string, unknown>>; unmet: readonly Unmet[] },
  closed: (field: string) => readonly string[] | undefined,
): Unmet[] {
  if (binding.unmet.some((u) => u.kind === 'value')) return [];
  const bound = binding.params;
  const out: Unmet[] = [];
  for (const p of block.params) {
    if (p.type !== 'string' || typeof p.default !== 'string' || EVERY.test(p.default.trim()) || bound[p.name] !== undefined) continue;
    // A period parameter's default is the period the block answers by default, as a date's is ("FY27", "2026-10").
    if (!block.paramsUsed.includes(p.name) || /^(?:19|20)\d{2}/.test(p.default) || blockFacts(block).yearParam?.param.name === p.name) continue;
    const values = valuesOf(block, p, closed);
    const d = p.default.toLowerCase();
    if (values.length < 2 || !values.some((v) => v.toLowerCase() === d) || values.some((v) => EVERY.test(v.trim()))) continue;
    out.push({ kind: 'default', message: `${block.id} answers for one ${p.name} at a time (${p.default} unless asked); the question names none.` });
  }
  return out;
}
