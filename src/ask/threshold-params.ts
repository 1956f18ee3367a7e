/**
 * A number parameter the block's query compares a figure with (`HAVING SUM(owed) >= ${min_balance}`,
 * `WHERE tickets_sold >= ${min_tickets}`) is a threshold its owner lets a person set: "members owing
 * £20 or more" binds min_balance = 20, "events with 2000+ tickets" min_tickets = 2000. Only a
 * number said on the same side, inclusive or strict as the query compares, binds: "over 2000" of
 * `>= ${min_tickets}` would be 2001 tickets for a count and anything above 2000 for money, which
 * the number does not say. A number outside the parameter's policy is a value it does not take.
 */
import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import { policyProblem } from '../rules/parameter-policy.js';
import type { AskedNumber } from './asked-numbers.js';
import { blockFacts } from './block-facts.js';
import { queryCode } from './query-code.js';

/** Which side of the threshold a row must be on: at least it (`>=`), above it (`>`), at most (`<=`) or below (`<`). */
type Side = '>=' | '>' | '<=' | '<';

const FLIP: Record<Side, Side> = { '>=': '<=', '>': '<', '<=': '>=', '<': '>' };

/** The side the query keeps rows on for `param`, where it compares one figure with it once. */
function sideOf(code: string, param: string): Side | undefined {
  const p = `\\$\\{\\s*${param}\\s*\\}`;
  const sides = [
    ...[...code.matchAll(new RegExp(`(>=|<=|>|<)\\s*${p}`, 'g'))].map((m) => m[1] as Side),
    ...[...code.matchAll(new RegExp(`${p}\\s*(>=|<=|>|<)`, 'g'))].map((m) => FLIP[m[1] as Side]),
  ];
  return sides.length === 1 ? sides[0] : undefined;
}

const SAID: ReadonlyArray<[Side, RegExp, RegExp]> = [
  [
    '>=',
    /\b(?:at\s+least|minimum(?:\s+of)?|min\.?|no\s+(?:less|fewer)\s+than)\s*[$£€]?\s*$/i,
    /^\s*(?:\+|plus\b|or\s+(?:more|above|over|higher|greater)\b|and\s+(?:above|over|up)\b)/i,
  ],
  ['>', /\b(?:over|above|more\s+than|greater\s+than|higher\s+than|exceeding)\s*[$£€]?\s*$/i, /^$/],
  [
    '<=',
    /\b(?:at\s+most|maximum(?:\s+of)?|max\.?|no\s+more\s+than|up\s+to)\s*[$£€]?\s*$/i,
    /^\s*(?:or\s+(?:less|fewer|below|under|lower)\b|and\s+(?:below|under)\b)/i,
  ],
  ['<', /\b(?:under|below|less\s+than|fewer\s+than|lower\s+than)\s*[$£€]?\s*$/i, /^$/],
];

/** The side a question says of its number ("£20 or more", "at least 3", "under 10"), if it says one. */
function saidSide(n: AskedNumber): Side | undefined {
  const { before, after } = n.around;
  return SAID.find(([, pre, post]) => pre.test(before) || (post.source !== '^$' && post.test(after)))?.[0];
}

type Threshold = { param: CompiledParam; side: Side };

/** Read once per block: every fit of a question asks for them. */
const READ = new WeakMap<CompiledBlock, Threshold[]>();

/** The block's threshold parameters: numbers its query compares on one side, other than a top-N or a year. */
function thresholds(block: CompiledBlock): Threshold[] {
  const known = READ.get(block);
  if (known !== undefined) return known;
  const read = thresholdsOf(block);
  READ.set(block, read);
  return read;
}

function thresholdsOf(block: CompiledBlock): Threshold[] {
  const facts = blockFacts(block);
  const code = queryCode(block);
  return block.params.flatMap((param) => {
    if (param.type !== 'number' || param === facts.limitParam || param === facts.yearParam?.param) return [];
    const side = sideOf(code, param.name);
    return side === undefined ? [] : [{ param, side }];
  });
}

export interface ThresholdBinding {
  params: Record<string, number>;
  /** Numbers bound, by key (AskedNumber.key), with the parameter that took each. */
  bound: Map<string, string>;
  /** Numbers said on a threshold's side that its policy refuses. */
  refused: string[];
}

/** Binds each number the question says on a threshold's side to that threshold, when one parameter of the block has that side. */
export function bindThresholds(block: CompiledBlock, numbers: readonly AskedNumber[]): ThresholdBinding {
  const out: ThresholdBinding = { params: {}, bound: new Map(), refused: [] };
  const all = thresholds(block);
  for (const n of numbers) {
    const side = saidSide(n);
    const matching = all.filter((t) => t.side === side);
    const [t] = matching;
    if (t === undefined || matching.length > 1 || n.key.endsWith('%') || t.param.name in out.params) continue;
    const value = Number(n.key);
    const problem = policyProblem(block, t.param, value);
    if (problem !== undefined) out.refused.push(problem);
    else out.params[t.param.name] = value;
    out.bound.set(n.key, t.param.name);
  }
  return out;
}
