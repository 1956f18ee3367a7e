/**
 * "booking window including cancelled reservations" of a block whose query keeps
 * `status <> 'cancelled'` out: a value the query names only to leave its rows out is no row the
 * block gives. Read with the dialect lexer from the block's own query: a string literal compared
 * with `<>` or `!=`, after NOT LIKE, or inside a NOT IN list is kept out; one the query also uses
 * any other way (`status = 'cancelled'`, a CASE that counts it) is not.
 */
import type { SqlToken } from '../../grammar/sql/index.js';
import type { CompiledBlock } from '../compiler/types.js';
import { queryTokens } from './query-code.js';
import { termSet } from './tokens.js';

const NEGATED_COMPARISON = new Set(['<>', '!=']);
const KEPT_OUT = new WeakMap<CompiledBlock, ReadonlySet<string>>();

/** The terms of the literals the block's query only ever keeps out. */
export function keptOutTerms(block: CompiledBlock): ReadonlySet<string> {
  let terms = KEPT_OUT.get(block);
  if (terms === undefined) {
    terms = readKeptOut(block);
    KEPT_OUT.set(block, terms);
  }
  return terms;
}

function readKeptOut(block: CompiledBlock): ReadonlySet<string> {
  const tokens = queryTokens(block);
  if (tokens === undefined) return new Set();
  const out = new Set<string>();
  const kept = new Set<string>();
  const notIn = notInLists(tokens);
  tokens.forEach((t, i) => {
    if (t.kind !== 'string') return;
    const negated = notIn.has(i) || negatedBeside(tokens, i);
    for (const term of termSet(t.value)) (negated ? out : kept).add(term);
  });
  for (const term of kept) out.delete(term);
  return out;
}

/** `x <> 'a'`, `'a' != x`, `x NOT LIKE 'a%'`. */
function negatedBeside(tokens: readonly SqlToken[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (before?.kind === 'operator' && NEGATED_COMPARISON.has(before.value)) return true;
  if (after?.kind === 'operator' && NEGATED_COMPARISON.has(after.value)) return true;
  return before?.kind === 'word' && (before.value === 'like' || before.value === 'ilike') && tokens[i - 2]?.value === 'not';
}

/** Indexes of the tokens inside each `NOT IN ( ... )` list. */
function notInLists(tokens: readonly SqlToken[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]?.value !== 'not' || tokens[i + 1]?.value !== 'in' || tokens[i + 2]?.text !== '(') continue;
    let depth = 0;
    for (let j = i + 2; j < tokens.length; j++) {
      if (tokens[j]?.text === '(') depth++;
      else if (tokens[j]?.text === ')' && --depth === 0) break;
      inside.add(j);
    }
  }
  return inside;
}
