/**
 * A light reading of a block's outermost SELECT: its output columns with the expression each
 * comes from, and the GROUP BY items resolved to output names. It serves the semantic tools'
 * heuristic (which outputs are metrics, which dimensions), not execution or certification, so
 * it reads text at parenthesis depth 0 instead of paying a full parse per block; a statement
 * it cannot read yields no columns and the caller falls back to declared outputs.
 */
import { replaceParams } from '../../compiler/analyze/params.js';

export interface SelectColumn {
  /** Output name, lower-cased: the alias, else the column name without its qualifier. */
  name: string;
  /** The expression, as written (comments removed). */
  expr: string;
  /** The first aggregate function the expression calls (`sum`, `count`, ...), if any. */
  aggregate?: string;
}

export interface SelectShape {
  columns: SelectColumn[];
  /** Output names of the GROUP BY items (positions and expressions resolved). */
  groupBy: string[];
}

const AGGREGATE = /\b(count|sum|avg|min|max|total|group_concat|string_agg|median|stddev|variance)\s*\(/i;

/** Comments out, string literals blanked (so their commas and words never count), params as `?`. */
function normalise(query: string): string {
  return replaceParams(query, () => '?')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

/** Per character: true when it sits outside every parenthesis. */
function depthZero(text: string): boolean[] {
  const out: boolean[] = new Array<boolean>(text.length);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    out[i] = depth === 0;
    if (c === ')') depth = Math.max(0, depth - 1);
  }
  return out;
}

/** Index of the first depth-0 match of `re` at or after `from`, else -1. */
function findTop(text: string, top: boolean[], re: RegExp, from: number): { index: number; length: number } | undefined {
  const g = new RegExp(re.source, 'gi');
  g.lastIndex = from;
  for (let m = g.exec(text); m !== null; m = g.exec(text)) if (top[m.index] === true) return { index: m.index, length: m[0].length };
  return undefined;
}

function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const PLAIN = /^(?:[A-Za-z_][A-Za-z0-9_]*\.)*"?([A-Za-z_][A-Za-z0-9_]*)"?$/;
/** `expr AS name`, or `expr name` right after an identifier, a quote or a closing parenthesis. */
const ALIAS = /^([\s\S]*?)(?:\s+as\s+|(?<=[A-Za-z0-9_)"'])\s+)"?([A-Za-z_][A-Za-z0-9_]*)"?$/i;

function column(item: string): SelectColumn | undefined {
  const plain = PLAIN.exec(item);
  if (plain !== null) return { name: (plain[1] ?? '').toLowerCase(), expr: item };
  const aliased = ALIAS.exec(item);
  if (aliased === null) return undefined;
  const expr = (aliased[1] ?? '').trim();
  const aggregate = AGGREGATE.exec(expr)?.[1]?.toLowerCase();
  return { name: (aliased[2] ?? '').toLowerCase(), expr, ...(aggregate !== undefined ? { aggregate } : {}) };
}

function groupName(item: string, columns: readonly SelectColumn[]): string | undefined {
  if (/^\d+$/.test(item)) return columns[Number(item) - 1]?.name;
  const plain = PLAIN.exec(item);
  if (plain !== null) return (plain[1] ?? '').toLowerCase();
  const squash = (s: string): string => s.replace(/\s+/g, '').toLowerCase();
  return columns.find((c) => squash(c.expr) === squash(item))?.name;
}

/** The outermost SELECT's columns and grouping; empty when it cannot be read. */
export function readSelect(query: string): SelectShape {
  const text = normalise(query);
  const top = depthZero(text);
  const select = findTop(text, top, /\bselect\b(\s+distinct\b)?/, 0);
  const from = select === undefined ? undefined : findTop(text, top, /\bfrom\b/, select.index + select.length);
  if (select === undefined || from === undefined) return { columns: [], groupBy: [] };
  const columns = splitTop(text.slice(select.index + select.length, from.index)).flatMap((item) => column(item) ?? []);
  const group = findTop(text, top, /\bgroup\s+by\b/, from.index);
  if (group === undefined) return { columns, groupBy: [] };
  const end = findTop(text, top, /\b(having|order\s+by|limit|window|union|except|intersect)\b/, group.index + group.length)?.index ?? text.length;
  const groupBy = splitTop(text.slice(group.index + group.length, end)).flatMap((item) => groupName(item, columns) ?? []);
  return { columns, groupBy: [...new Set(groupBy)] };
}
