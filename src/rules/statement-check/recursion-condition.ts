/**
 * Whether a recursive member's WHERE can ever end the recursion, read against how the member
 * moves each column it carries: `SELECT n + 1 FROM t WHERE n > 0` climbs away from its bound and
 * never stops, `WHERE n < 100` stops; `n - 1` with `n > 0` stops. A step that multiplies (`n * 2`)
 * moves away from zero and one that divides (`n / 2`) towards it, so `n * 2` with `n > 0` and
 * `n / 2` with `n >= 0` never stop (where integers do not overflow: SQLite turns them into reals,
 * which double to infinity). A condition of constants that
 * holds for every row (`WHERE true`, `1 = 1`) never ends it either. Only a conjunction of plain
 * comparisons of a carried column with a number is read; anything else counts as an end, so the
 * check refuses only what it can show goes on for ever.
 */
import { isNameToken, nameValue, type SqlToken } from '../../../grammar/sql/index.js';
import { isPunct, isWord } from './statement-heads.js';

/** How a carried column moves each round: by a step up or down, away from zero or towards it, or not at all. */
type Move = 'up' | 'down' | 'away' | 'toward' | 'same';

const FLIPPED: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** True when the condition after a recursive member's WHERE holds for every round it makes. */
export function neverEnds(condition: readonly SqlToken[], selectList: readonly SqlToken[]): boolean {
  if (alwaysTrue(condition)) return true;
  const conjuncts = topLevelSplit(condition, 'and');
  if (conjuncts === undefined) return false;
  const moves = movesOf(selectList);
  return conjuncts.every((c) => alwaysTrue(c) || holdsEachRound(unqualified(c), moves));
}

/**
 * A condition of constants that holds for every row (`WHERE true`, `WHERE 1`, `WHERE 1 = 1`). One
 * that holds for none (`WHERE false`) ends the recursion at once.
 */
function alwaysTrue(condition: readonly SqlToken[]): boolean {
  const [a, op, b, ...rest] = condition;
  if (a === undefined || rest.length > 0) return false;
  if (op === undefined) return isWord(a, 'true') || (a.kind === 'number' && Number(a.value) !== 0);
  const literal = (t: SqlToken): boolean => t.kind === 'number' || t.kind === 'string';
  return b !== undefined && literal(a) && literal(b) && a.value === b.value && op.kind === 'operator' && op.value === '=';
}

/** `n > 0` of a climbing n, `n < 5` of a falling one, any comparison of a column carried as it is. */
function holdsEachRound(c: readonly SqlToken[], moves: ReadonlyMap<string, Move>): boolean {
  if (c.length !== 3 || c[1]?.kind !== 'operator') return false;
  const [left, op, right] = c as [SqlToken, SqlToken, SqlToken];
  const named = isNameToken(left) && right.kind === 'number';
  if (!named && !(left.kind === 'number' && isNameToken(right))) return false;
  const cmp = named ? op.value : FLIPPED[op.value];
  const move = moves.get(nameValue(named ? left : right));
  if (cmp === undefined || move === undefined) return false;
  return staysTrue(move, cmp, Number((named ? right : left).value));
}

/**
 * Whether `column <cmp> bound`, once true, stays true after the column's move. Away from zero a
 * column keeps its sign and grows, so a bound on its own side of zero is never reached; towards
 * zero it shrinks to 0 (integers) and stays there, so a side holding zero is never left.
 */
function staysTrue(move: Move, cmp: string, bound: number): boolean {
  const above = cmp.startsWith('>');
  if (move === 'same') return true;
  if (move === 'up' || move === 'down') return above === (move === 'up');
  if (move === 'away') return above ? bound >= 0 : bound <= 0;
  return cmp === '>' ? bound < 0 : cmp === '>=' ? bound <= 0 : cmp === '<' ? bound > 0 : bound >= 0;
}

/**
 * How each column of the member's select list moves from one round to the next: `n + 1` (or
 * `1 + n`) climbs, `n - 1` falls, `n` stays. An item of any other form is not read.
 */
function movesOf(selectList: readonly SqlToken[]): Map<string, Move> {
  const moves = new Map<string, Move>();
  let from = 0;
  while (['all', 'select', 'distinct'].some((w) => isWord(selectList[from], w))) from++;
  for (const item of topLevelSplit(selectList.slice(from), ',', true) ?? []) {
    const plain = unqualified(item);
    const alias = isWord(plain.at(-2), 'as') ? plain.at(-1) : undefined;
    const expr = alias === undefined ? plain : plain.slice(0, -2);
    const read = moveOf(expr);
    if (read !== undefined && (alias === undefined || nameValue(alias) === read.name)) moves.set(read.name, read.move);
  }
  return moves;
}

function moveOf(expr: readonly SqlToken[]): { name: string; move: Move } | undefined {
  const [a, op, b] = expr;
  if (expr.length === 1 && isNameToken(a)) return { name: nameValue(a as SqlToken), move: 'same' };
  if (expr.length !== 3 || op?.kind !== 'operator' || a === undefined || b === undefined) return undefined;
  const named = isNameToken(a) ? a : isNameToken(b) ? b : undefined;
  const other = named === a ? b : a;
  if (named === undefined || other.kind !== 'number') return undefined;
  const move = STEPS[`${named === a ? 'n' : 'k'}${op.value}`]?.(Number(other.value));
  return move === undefined ? undefined : { name: nameValue(named), move };
}

/**
 * Steps by a number `k`, keyed by the column's side (`n` before the operator, `k` after it):
 * `n + k` and `k + n` climb, `n - k` falls, `n * k` and `k * n` (k > 1) move away from zero,
 * `n / k` (k > 1) towards it. Any other step (`k - n`, `n * 0.5`, `n % k`) is not read.
 */
const STEPS: Readonly<Record<string, (k: number) => Move | undefined>> = {
  'n+': (k) => (k > 0 ? 'up' : undefined),
  'k+': (k) => (k > 0 ? 'up' : undefined),
  'n-': (k) => (k > 0 ? 'down' : undefined),
  'n*': (k) => (k > 1 ? 'away' : undefined),
  'k*': (k) => (k > 1 ? 'away' : undefined),
  'n/': (k) => (k > 1 ? 'toward' : undefined),
};

/** `t.n` read as `n`: the member reads one relation, so a qualifier names nothing else. */
function unqualified(tokens: readonly SqlToken[]): SqlToken[] {
  return tokens.filter((t, i) => !isPunct(t, '.') && !isPunct(tokens[i + 1], '.'));
}

/**
 * The parts between top-level separators (the word `and`, or a comma as punctuation); undefined
 * when the condition joins parts with OR or holds brackets, which this reading does not follow.
 */
function topLevelSplit(tokens: readonly SqlToken[], separator: string, brackets = false): SqlToken[][] | undefined {
  const out: SqlToken[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) depth--;
    if (!brackets && (depth > 0 || isWord(t, 'or'))) return undefined;
    if (depth === 0 && (isWord(t, separator) || isPunct(t, separator))) out.push([]);
    else out.at(-1)?.push(t);
  }
  return out;
}
