/**
 * The relations a statement names in table positions, read from tokens: after FROM and JOIN,
 * across comma joins, and after USING (MERGE and DELETE ... USING). Shared by `readTables`
 * and the statement check (which looks at what sits in a table position: a file path, a
 * path table, a stage).
 *
 * Parentheses open a level. A level is a query level when it starts with a query word (or sits
 * where a relation is expected, as in `FROM (a JOIN b)`); FROM inside other levels belongs to
 * expressions such as EXTRACT(YEAR FROM d) or TRIM(x FROM y) and names no relation.
 */
import { isNameToken, type SqlToken } from './sql-token.js';

export interface RelationRef {
  /** `name`: a (qualified) name; `function`: a table function call; `other`: a string, stage... */
  readonly kind: 'name' | 'function' | 'other';
  /** Name parts (values, lower-cased), empty for `other`. */
  readonly parts: readonly string[];
  /** Index of the first and last token of the reference. */
  readonly first: number;
  readonly last: number;
  /**
   * True when a one-part name is a CTE in scope where it stands: defined by a WITH at this
   * parenthesis level or an enclosing one of the same statement (a CTE of a closed subquery
   * shadows nothing outside it).
   */
  readonly shadowed?: true;
}

export interface Relations {
  readonly refs: RelationRef[];
  /** Names the statement defines with WITH (lower-cased). */
  readonly cteNames: ReadonlySet<string>;
}

const QUERY_WORDS = new Set(['select', 'with', 'values', 'table', 'from', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer', 'summarize', 'describe', 'show']);
/** Words that end a FROM list: what follows is no longer a relation or its alias. */
const CLAUSE_END = new Set([
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'fetch',
  'window',
  'qualify',
  'union',
  'intersect',
  'except',
  'minus',
  'on',
  'returning',
  'set',
  'values',
  'select',
  'into',
  'for',
  'connect',
  'start',
  'prewhere',
  'settings',
  'format',
  'when',
  'then',
  'match_recognize',
]);
const SKIP_BEFORE_RELATION = new Set(['lateral', 'only']);
/**
 * Statements whose first operand is a relation (`DESCRIBE t`, `SUMMARIZE 'f.csv'`, `TABLE t`,
 * Delta's `VACUUM delta.\`/path\``, `OPTIMIZE t`).
 */
const RELATION_STATEMENTS = new Set(['describe', 'desc', 'summarize', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer', 'table', 'vacuum', 'optimize']);
/** Words between DESCRIBE and its relation (`DESCRIBE HISTORY t`, `DESCRIBE TABLE EXTENDED t`). */
const DESCRIBE_MODIFIERS = new Set(['history', 'detail', 'extended', 'formatted', 'table']);

const NONE = 0;
const EXPECT = 1;
const AFTER = 2;
/** Inside a join condition (ON ..., USING (...)): a comma at this level begins the next relation. */
const CONDITION = 3;

/** Lower-cased value of a name token. */
export function nameValue(token: SqlToken): string {
  return token.kind === 'word' ? token.value : token.value.toLowerCase();
}

/** Reads `first`'s qualified name (`a.b.c`); returns its parts and the index of its last token. */
export function qualifiedName(tokens: readonly SqlToken[], first: number): { parts: string[]; last: number } {
  const parts = [nameValue(tokens[first] as SqlToken)];
  let last = first;
  for (;;) {
    if (isPunct(tokens[last + 1], '.') && isNameToken(tokens[last + 2])) {
      parts.push(nameValue(tokens[last + 2] as SqlToken));
      last += 2;
    } else if (isPunct(tokens[last + 1], '.') && isPunct(tokens[last + 2], '.') && isNameToken(tokens[last + 3])) {
      // T-SQL's `db..table`: the database's default schema, an empty part.
      parts.push('', nameValue(tokens[last + 3] as SqlToken));
      last += 3;
    } else return { parts, last };
  }
}

function isPunct(token: SqlToken | undefined, char: string): boolean {
  return token !== undefined && token.kind === 'punctuation' && token.value === char;
}

function isWord(token: SqlToken | undefined, word: string): boolean {
  return token !== undefined && token.kind === 'word' && token.value === word;
}

/**
 * True when `tokens[i]` names a CTE: `name [ (cols) ] AS [NOT] [MATERIALIZED] (` after WITH or a
 * comma. Only asked at a level that holds a WITH, and a column list is a flat list of names,
 * so the look-ahead stays linear over the statement.
 */
function isCteName(tokens: readonly SqlToken[], i: number): boolean {
  const prev = tokens[i - 1];
  if (!(isWord(prev, 'with') || isWord(prev, 'recursive') || isPunct(prev, ','))) return false;
  let j = i + 1;
  if (isPunct(tokens[j], '(')) {
    j++;
    while (isNameToken(tokens[j]) || isPunct(tokens[j], ',')) j++;
    if (!isPunct(tokens[j], ')')) return false;
    j++;
  }
  if (!isWord(tokens[j], 'as')) return false;
  j++;
  if (isWord(tokens[j], 'not')) j++;
  if (isWord(tokens[j], 'materialized')) j++;
  return isPunct(tokens[j], '(');
}

/** A WITH opens CTE names at level `d`; a CTE's name is noted for the statement and its scope. */
function noteCte(tokens: readonly SqlToken[], i: number, withAt: boolean[], d: number, cteNames: Set<string>, scope: Set<string> | undefined): void {
  const t = tokens[i] as SqlToken;
  if (t.kind === 'word' && t.value === 'with') withAt[d] = true;
  else if (withAt[d] === true && isNameToken(t) && isCteName(tokens, i)) {
    cteNames.add(nameValue(t));
    scope?.add(nameValue(t));
  }
}

/** Relations of every statement in `tokens`. */
export function readRelations(tokens: readonly SqlToken[]): Relations {
  const refs: RelationRef[] = [];
  const cteNames = new Set<string>();
  const query: boolean[] = [true];
  const mode: number[] = [NONE];
  const openedAsRelation: boolean[] = [false];
  const withAt: boolean[] = [false];
  const scopes: Array<Set<string>> = [new Set()];
  let d = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as SqlToken;
    if (t.kind === 'punctuation') {
      if (t.value === '(') {
        scopes[d + 1] = new Set();
        const asRelation = mode[d] === EXPECT;
        const next = tokens[i + 1];
        d++;
        query[d] = asRelation || (next?.kind === 'word' && QUERY_WORDS.has(next.value));
        withAt[d] = false;
        mode[d] = asRelation && !(next?.kind === 'word' && QUERY_WORDS.has(next.value)) ? EXPECT : NONE;
        openedAsRelation[d] = asRelation;
      } else if (t.value === ')') {
        if (d > 0) {
          if (openedAsRelation[d] === true) mode[d - 1] = AFTER;
          d--;
        }
      } else if (t.value === ';') {
        scopes.splice(0, scopes.length, new Set());
        d = 0;
        mode[0] = NONE;
        withAt[0] = false;
      } else if (t.value === ',' && (mode[d] === AFTER || mode[d] === CONDITION)) {
        mode[d] = EXPECT;
      }
      continue;
    }
    // Pipe syntax (`FROM t |> AGGREGATE SUM(a), MAX(b)`): each `|>` ends the FROM list.
    if (t.kind === 'operator' && t.value === '|' && tokens[i + 1]?.kind === 'operator' && tokens[i + 1]?.value === '>') {
      mode[d] = NONE;
      continue;
    }
    if (query[d] !== true) continue;
    noteCte(tokens, i, withAt, d, cteNames, scopes[d]);
    const before = refs.length;
    i = step(tokens, i, d, mode, refs);
    if (refs.length > before) markShadowed(refs, scopes.slice(0, d + 1));
  }
  return { refs, cteNames };
}

/** Marks the last reference shadowed when it is a one-part name a CTE in `scopes` defines. */
function markShadowed(refs: RelationRef[], scopes: ReadonlyArray<Set<string> | undefined>): void {
  const ref = refs.at(-1) as RelationRef;
  const name = ref.parts[0];
  if (ref.kind !== 'name' || ref.parts.length !== 1 || name === undefined) return;
  if (scopes.some((scope) => scope?.has(name) === true)) refs[refs.length - 1] = { ...ref, shadowed: true };
}

/** True when the word at `i` begins a statement (or a parenthesised or explained one). */
function startsStatement(tokens: readonly SqlToken[], i: number): boolean {
  const prev = tokens[i - 1];
  return prev === undefined || isPunct(prev, ';') || isPunct(prev, '(') || isWord(prev, 'explain') || isWord(prev, 'analyze');
}

/** Set operators a query operand follows (`... UNION [ALL | DISTINCT] TABLE t`). */
const SET_OPERATORS = new Set(['union', 'intersect', 'except', 'minus']);

/**
 * True when the word at `i` begins a query operand: a statement's start, or the operand after a
 * set operator or after a WITH's last CTE (`WITH c AS (...) TABLE t`), where `TABLE t` reads t.
 */
function startsOperand(tokens: readonly SqlToken[], i: number): boolean {
  if (startsStatement(tokens, i) || isPunct(tokens[i - 1], ')')) return true;
  const prev = tokens[i - 1];
  const operator = isWord(prev, 'all') || isWord(prev, 'distinct') ? tokens[i - 2] : prev;
  return operator?.kind === 'word' && SET_OPERATORS.has(operator.value);
}

/**
 * DuckDB's `SHOW <relation>` (DESCRIBE under another name): a string, a quoted name or a dotted
 * name after SHOW at `i` (`SHOW s.t`, which DuckDB may read as the file `s.t`); SHOW TABLES and
 * the other SHOW forms start with a keyword no dot follows.
 */
function showsRelation(tokens: readonly SqlToken[], i: number): boolean {
  const next = tokens[i + 1];
  if (next?.kind === 'string' || next?.kind === 'quoted-name') return true;
  return next?.kind === 'word' && isPunct(tokens[i + 2], '.');
}

/** True when the word at `i` follows DESCRIBE (directly or after other modifiers). */
function afterDescribe(tokens: readonly SqlToken[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && tokens[j]?.kind === 'word' && DESCRIBE_MODIFIERS.has((tokens[j] as SqlToken).value)) j--;
  return isWord(tokens[j], 'describe') || isWord(tokens[j], 'desc');
}

/** Advances the FROM-list state at level `d` over the token at `i`; returns the last index used. */
function step(tokens: readonly SqlToken[], i: number, d: number, mode: number[], refs: RelationRef[]): number {
  const t = tokens[i] as SqlToken;
  const v = t.kind === 'word' ? t.value : '';
  if (v === 'from' && !isWord(tokens[i - 1], 'distinct')) {
    mode[d] = EXPECT;
  } else if (RELATION_STATEMENTS.has(v) && (startsStatement(tokens, i) || (v === 'table' && startsOperand(tokens, i)))) {
    mode[d] = EXPECT;
  } else if (v === 'show' && startsStatement(tokens, i) && showsRelation(tokens, i)) {
    mode[d] = EXPECT;
  } else if (v === 'join' || v === 'apply') {
    // ClickHouse ARRAY JOIN unnests a column, not a relation.
    mode[d] = isWord(tokens[i - 1], 'array') ? NONE : EXPECT;
  } else if (v === 'using') {
    // MERGE ... USING src, DELETE ... USING src; not JOIN ... USING (cols) or DuckDB's USING SAMPLE.
    const next = tokens[i + 1];
    // DuckDB's PIVOT ... USING sum(x) names an aggregate, not a relation.
    const relation =
      (isNameToken(next) && !isWord(next, 'sample') && !isPunct(tokens[i + 2], '(')) || (isPunct(next, '(') && QUERY_WORDS.has(tokens[i + 2]?.value ?? ''));
    // `USING sum(x), max(x)` (DuckDB PIVOT) lists aggregates, not relations or join columns.
    mode[d] = relation ? EXPECT : isWord(next, 'sample') || (isNameToken(next) && isPunct(tokens[i + 2], '(')) ? NONE : CONDITION;
  } else if (v === 'clone' && isNameToken(tokens[i + 1])) {
    // CREATE TABLE t [SHALLOW | DEEP] CLONE source: the source is a relation (a path in Delta).
    mode[d] = EXPECT;
  } else if (mode[d] === EXPECT) {
    if (SKIP_BEFORE_RELATION.has(v)) return i;
    if (DESCRIBE_MODIFIERS.has(v) && isNameToken(tokens[i + 1]) && afterDescribe(tokens, i)) return i;
    // `SUMMARIZE SELECT ...`: a query, not a relation.
    if (QUERY_WORDS.has(v)) {
      mode[d] = NONE;
      return i;
    }
    if (isNameToken(t)) {
      const { parts, last } = qualifiedName(tokens, i);
      const call = isPunct(tokens[last + 1], '(');
      refs.push({ kind: call ? 'function' : 'name', parts, first: i, last });
      mode[d] = AFTER;
      return last;
    }
    refs.push({ kind: 'other', parts: [], first: i, last: i });
    mode[d] = AFTER;
  } else if (mode[d] === AFTER && v === 'on') {
    mode[d] = CONDITION;
  } else if ((mode[d] === AFTER || mode[d] === CONDITION) && CLAUSE_END.has(v)) {
    mode[d] = NONE;
  }
  return i;
}
