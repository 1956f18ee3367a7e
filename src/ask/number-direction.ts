/**
 * "lowest pass rate modules, including ones with fewer than 20 results" of a block whose query
 * keeps `HAVING COUNT(*) >= 20`: the number is the owner's, but the side of it is not. A number a
 * question compares ("fewer than 20", "over 500") and the same number the block's query compares
 * only the other way (`>= 20`, `< 500`) in a condition (a CASE's bands keep every row) name rows
 * the block leaves out.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { withoutCases } from './block-facts.js';
import { queryCode } from './query-code.js';

export type Side = 'above' | 'below';

const ABOVE_CUE = /^(?:over|above|exceeding|more\s+than|greater\s+than|higher\s+than|at\s+least)\b/i;
const BELOW_CUE = /^(?:under|below|less\s+than|fewer\s+than|lower\s+than|at\s+most|no\s+more\s+than|up\s+to)\b/i;

/** The side a question's number text asks ("fewer than 20" is below 20), when a cue says one. */
export function askedSide(text: string): Side | undefined {
  if (BELOW_CUE.test(text)) return 'below';
  return ABOVE_CUE.test(text) ? 'above' : undefined;
}

const SIDES = new WeakMap<CompiledBlock, ReadonlyMap<string, ReadonlySet<Side>>>();

/** Each number the block's query compares with, and the sides of it the query keeps. */
export function keptSides(block: CompiledBlock): ReadonlyMap<string, ReadonlySet<Side>> {
  let sides = SIDES.get(block);
  if (sides === undefined) {
    // A CASE's comparisons cut bands of a computed column ("over 180 days"); they keep every row.
    sides = readSides(withoutCases(queryCode(block)));
    SIDES.set(block, sides);
  }
  return sides;
}

function readSides(code: string): Map<string, Set<Side>> {
  const out = new Map<string, Set<Side>>();
  const add = (n: string, side: Side): void => {
    const at = out.get(n) ?? new Set<Side>();
    at.add(side);
    out.set(n, at);
  };
  for (const m of code.matchAll(/(>=|<=|>|<)\s*(\d+(?:\.\d+)?)\b/g)) add(m[2] ?? '', (m[1] ?? '').startsWith('>') ? 'above' : 'below');
  for (const m of code.matchAll(/\b(\d+(?:\.\d+)?)\s*(>=|<=|>|<)(?!=)/g)) add(m[1] ?? '', (m[2] ?? '').startsWith('>') ? 'below' : 'above');
  return out;
}

/** True when the block compares `key` only on the other side of the one asked. */
export function otherSide(block: CompiledBlock, key: string, text: string): boolean {
  const side = askedSide(text);
  const kept = keptSides(block).get(key);
  return side !== undefined && kept !== undefined && !kept.has(side);
}
