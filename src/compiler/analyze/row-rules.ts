/**
 * Row rules a block declares in its own query: `@rls(<predicate>)`, where the predicate reads the
 * asking person's attributes as `{user.<name>}` (spec 02: the principal's `attributes`, "row rules
 * read them as {user.<name>}"). Without a host's `rowPolicy` this is the row policy (spec 02
 * defaults: "@rls lowering for blocks").
 *
 * Lowering, by who asks:
 * - a person a host placed: each `{user.x}` becomes bound statement parameters (never spliced);
 *   a list after `IN` becomes `(?, ?, ...)`, an empty list makes the rule false; an attribute the
 *   person lacks, or a list where one value is compared, refuses the run (fail closed);
 * - the local owner (no host) and svc's own reads (compile, certify): `(1 = 1 OR (<predicate>))`,
 *   every row, with the predicate kept so the columns it names are still read and checked.
 *
 * Invariant: nothing here throws on user text; a malformed rule is reported by `rowRuleProblems`
 * and read as the owner's form (a block with a malformed rule does not compile clean).
 */

export interface RowRule {
  /** Offset of `@rls` and just past its closing parenthesis. */
  start: number;
  end: number;
  /** The text between the parentheses. */
  predicate: string;
}

const OPEN = /@rls\s*\(/gi;
const USER_REF = /\{\s*user\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** The offset just past the parenthesis closing the one opened before `from`, or -1 (quotes respected). */
function closingParen(query: string, from: number): number {
  let depth = 1;
  let quote = '';
  for (let i = from; i < query.length; i++) {
    const c = query[i];
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Where a quoted text or a comment ends, when one starts at `i`; else -1. */
function skipQuotedOrComment(query: string, i: number): number {
  const c = query[i];
  const two = query.slice(i, i + 2);
  if (two === '--') return (query.indexOf('\n', i) + 1 || query.length + 1) - 1;
  if (two === '/*') return (query.indexOf('*/', i + 2) + 2 || query.length + 2) - 1;
  if (c !== "'" && c !== '"' && c !== '`') return -1;
  const close = query.indexOf(c, i + 1);
  return close < 0 ? query.length : close + 1;
}

/** Offsets of `@rls(` openings outside quotes and comments, with the offset just past the parenthesis. */
function openings(query: string): Array<{ at: number; open: number }> {
  const found: Array<{ at: number; open: number }> = [];
  let from = 0;
  for (const m of query.matchAll(OPEN)) {
    const at = m.index ?? 0;
    for (let i = from; i < at; i++) {
      const end = skipQuotedOrComment(query, i);
      if (end >= 0) i = end - 1;
      from = i + 1;
    }
    if (from > at) continue;
    found.push({ at, open: at + m[0].length });
  }
  return found;
}

/** Every well-formed `@rls(...)` of a query outside quotes and comments, in order. */
export function rowRules(query: string): RowRule[] {
  // The compile hot path: almost no query has a rule, and one without an `@` has none.
  if (!query.includes('@')) return [];
  const rules: RowRule[] = [];
  for (const { at, open } of openings(query)) {
    if (rules.some((r) => open < r.end)) continue;
    const end = closingParen(query, open);
    if (end < 0) continue;
    rules.push({ start: at, end, predicate: query.slice(open, end - 1) });
  }
  return rules;
}

/** The attribute names a query's row rules read, sorted and distinct. */
export function rowRuleAttributes(query: string): string[] {
  const names = new Set<string>();
  for (const rule of rowRules(query)) for (const m of rule.predicate.matchAll(USER_REF)) names.add(m[1] ?? '');
  return [...names].sort();
}

/** What is wrong with a query's row rules, each with its offset in the query. */
export function rowRuleProblems(query: string): Array<{ offset: number; problem: string }> {
  if (!query.includes('@')) return [];
  const problems: Array<{ offset: number; problem: string }> = [];
  const rules = rowRules(query);
  for (const { at } of openings(query)) {
    if (!rules.some((r) => r.start <= at && at < r.end)) problems.push({ offset: at, problem: 'its parenthesis is never closed' });
  }
  for (const rule of rules) {
    if (rule.predicate.trim() === '') problems.push({ offset: rule.start, problem: 'it is empty' });
    else if (rowRuleAttributes(query.slice(rule.start, rule.end)).length === 0)
      problems.push({ offset: rule.start, problem: 'it reads no {user.<name>} attribute, so it narrows no one' });
  }
  return problems;
}

/** Replaces every rule with `lower(rule)`; the text between rules is kept. */
function replaceRules(query: string, lower: (rule: RowRule) => string): string {
  const rules = rowRules(query);
  if (rules.length === 0) return query;
  let out = '';
  let at = 0;
  for (const rule of rules) {
    out += query.slice(at, rule.start) + lower(rule);
    at = rule.end;
  }
  return out + query.slice(at);
}

/** Whether the text before a reference ends with the IN keyword. */
function afterIn(predicate: string, offset: number): boolean {
  return /\bin\s*$/i.test(predicate.slice(0, offset));
}

/** `{user.x}` read as NULL (a list position as `(NULL)`), for the owner's form and for reading. */
function nullPredicate(predicate: string): string {
  return predicate.replace(USER_REF, (_whole, _name: string, offset: number) => (afterIn(predicate, offset) ? '(NULL)' : 'NULL'));
}

/** The query as the local owner and svc's own reads run it: every rule true, its columns kept. */
export function ownerRowRules(query: string): string {
  return replaceRules(query, (rule) => `(1 = 1 OR (${nullPredicate(rule.predicate)}))`);
}

/**
 * The query for the lexer, same length as written so offsets stay query offsets: `@rls` blanked
 * and each `{user.x}` a NULL padded with spaces (a list position `(NULL)`).
 */
export function readableRowRules(query: string): string {
  return replaceRules(query, (rule) => {
    const body = rule.predicate.replace(USER_REF, (whole: string, _name: string, offset: number) =>
      (afterIn(rule.predicate, offset) ? '(NULL)' : 'NULL').padEnd(whole.length, ' '),
    );
    const head = query.slice(rule.start, rule.end - rule.predicate.length - 1);
    return `${' '.repeat(head.length - 1)}(${body})`;
  });
}

export type AttributeValue = string | number | boolean | string[];

/** Why a person's rules cannot be lowered: the attribute they lack, or a list where one value is compared. */
export interface RowRuleRefusal {
  attribute: string;
  problem: 'missing' | 'list';
}

/**
 * The query with each rule's `{user.x}` as `${marker(i)}` parameter references (bound by the
 * caller to `values[i]`), or the refusal. An empty list after IN makes its rule `(1 = 0)`.
 */
export function lowerRowRules(
  query: string,
  attributes: Readonly<Record<string, AttributeValue>>,
  marker: (index: number) => string,
): { query: string; values: Array<string | number | boolean> } | RowRuleRefusal {
  const values: Array<string | number | boolean> = [];
  let refusal: RowRuleRefusal | undefined;
  const ref = (value: string | number | boolean) => {
    values.push(value);
    return `\${${marker(values.length - 1)}}`;
  };
  const lowered = replaceRules(query, (rule) => {
    let empty = false;
    const body = rule.predicate.replace(USER_REF, (_whole, name: string, offset: number) => {
      const value = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      if (value === undefined || value === null) refusal ??= { attribute: name, problem: 'missing' };
      else if (afterIn(rule.predicate, offset)) {
        const list = Array.isArray(value) ? value : [value];
        if (list.length === 0) empty = true;
        return `(${list.map(ref).join(', ')})`;
      } else if (Array.isArray(value)) refusal ??= { attribute: name, problem: 'list' };
      else return ref(value);
      return 'NULL';
    });
    return empty ? '(1 = 0)' : `(${body})`;
  });
  return refusal ?? { query: lowered, values };
}
