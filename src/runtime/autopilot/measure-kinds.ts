/**
 * What kind of figure each output of a block's query is, read from its outermost SELECT list
 * (spec 01 App Autopilot rule 6): an average, a distinct count or a ratio (a division) never
 * gets a recomputed total, whatever a declaration says, because adding its groups gives a number
 * that means nothing. Also whether the query is limited (a LIMIT, TOP or FETCH FIRST clause), so
 * its groups are the displayed set and not the whole. Only the query's shape is read: string
 * literals and comments are blanked first, and nothing here reaches a model.
 */
export type MeasureKind = 'average' | 'distinct_count' | 'ratio' | 'other';

/** The query with comments and string literals blanked, lower-cased. */
function shapeOf(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .toLowerCase();
}

/** The items of the first SELECT list, split at commas outside parentheses. */
function selectItems(shape: string): string[] {
  const start = shape.search(/\bselect\b/);
  if (start < 0) return [];
  const cuts = [start + 'select'.length];
  let depth = 0;
  let end = shape.length;
  for (let i = cuts[0]!; i < shape.length && end === shape.length; i++) {
    const c = shape[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === ',') cuts.push(i + 1);
    else if (depth === 0 && /\s/.test(shape[i - 1] ?? ' ') && /^from\b/.test(shape.slice(i, i + 5))) end = i;
  }
  return cuts.map((from, k) => shape.slice(from, (cuts[k + 1] ?? end + 1) - 1));
}

function kindOf(expression: string): MeasureKind {
  if (/\bcount\s*\(\s*distinct\b/.test(expression)) return 'distinct_count';
  if (/\bavg\s*\(/.test(expression)) return 'average';
  if (/\//.test(expression)) return 'ratio';
  return 'other';
}

/** Each output's kind, by the alias (or bare column) the SELECT list gives it. */
export function measureKinds(sql: string): Record<string, MeasureKind> {
  const out: Record<string, MeasureKind> = {};
  for (const item of selectItems(shapeOf(sql))) {
    const alias = /(?:\bas\s+)?"?([a-z_][a-z0-9_]*)"?\s*$/.exec(item.trim())?.[1];
    if (alias !== undefined) out[alias] = kindOf(item);
  }
  return out;
}

/** Whether the query returns only a limited set of its groups. */
export function isLimited(sql: string): boolean {
  return /\blimit\b|\btop\s*\(?\s*[\d$]|\bfetch\s+(first|next)\b/.test(shapeOf(sql));
}
