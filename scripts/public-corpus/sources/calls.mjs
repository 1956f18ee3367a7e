/**
 * Reads the arguments of calls found in literals.mjs tokens: positional and keyword arguments
 * as token lists, string-literal arguments as text, `{ "key": "value" }` dicts as entries.
 */

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Splits the tokens between `open` and its closer at top-level commas. `{ parts, end }`. */
export function splitArgs(tokens, open) {
  const parts = [[]];
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.k === 'p' && OPEN.has(t.v)) depth++;
    if (t.k === 'p' && CLOSE.has(t.v)) depth--;
    if (depth === 0) return { parts: parts.filter((p) => p.length > 0), end: i };
    if (i === open) continue;
    if (depth === 1 && t.k === 'p' && t.v === ',') parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return { parts: parts.filter((p) => p.length > 0), end: tokens.length };
}

/** The text of an argument made only of string literals (adjacent ones join), else null. */
export function literalText(arg) {
  if (arg.length === 0 || arg.some((t) => t.k !== 's' || t.v === null)) return null;
  return arg.map((t) => t.v).join('');
}

/** `{ positional: [arg], keyword: { name: arg } }` of a call whose `(` is at `open`. */
export function callArgs(tokens, open) {
  const { parts, end } = splitArgs(tokens, open);
  const positional = [];
  const keyword = {};
  for (const arg of parts) {
    if (arg.length > 2 && arg[0].k === 'n' && arg[1].k === 'p' && arg[1].v === '=') keyword[arg[0].v] = arg.slice(2);
    else positional.push(arg);
  }
  return { positional, keyword, end };
}

/** Entries `[key, text]` of a `{ "key": "literal", ... }` argument whose values are literals. */
export function dictLiterals(arg) {
  if (arg.length === 0 || arg[0].k !== 'p' || arg[0].v !== '{') return [];
  const { parts } = splitArgs(arg, 0);
  return parts.flatMap((entry) => {
    const colon = entry.findIndex((t) => t.k === 'p' && t.v === ':');
    if (colon !== 1 || entry[0].k !== 's' || entry[0].v === null) return [];
    const text = literalText(entry.slice(2));
    return text === null ? [] : [[entry[0].v, text]];
  });
}
