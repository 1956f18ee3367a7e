/**
 * Literal text for scalar values, and the one-line form of whole values. The written text
 * must read back as the same value: a node's `raw` is reused only when it still says exactly
 * its `value` (an edited node may carry a stale raw), otherwise the value is encoded afresh.
 */
import type { NumberValue, StringValue, Value } from '../../../grammar/block/ast.js';
import { decodeJsonEscapes, tripleRoundTrips } from '../../../grammar/block/strings.js';

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const QUOTED = /^"(?:[^"\\\n\r]|\\[^\n\r])*"$/;

export function numberLiteral(v: NumberValue): string {
  if (NUMBER.test(v.raw) && Number(v.raw) === v.value) return v.raw;
  return String(v.value);
}

/** `"..."` text for a value: the raw text when faithful, else JSON encoding. */
export function quotedLiteral(v: StringValue): string {
  if (!v.triple && QUOTED.test(v.raw)) {
    let clean = true;
    const decoded = decodeJsonEscapes(v.raw.slice(1, -1), () => (clean = false));
    if (clean && decoded === v.value) return v.raw;
  }
  return JSON.stringify(v.value);
}

/** True when the string prints as a `"""` block spanning several lines. */
export function isMultilineTriple(v: StringValue): boolean {
  return v.triple && v.value.includes('\n') && tripleRoundTrips(v.value);
}

/**
 * Text of a string value. Triple strings keep their form when the value survives it (a
 * value with `"""` or edge blanks falls back to `"..."`); multi-line ones are laid out with
 * content one level deeper than `indent` and the closing quotes at `indent`.
 */
export function stringLiteral(v: StringValue, indent: string): string {
  if (!v.triple || !tripleRoundTrips(v.value)) return quotedLiteral(v);
  if (v.value === '') return '""""""';
  if (!v.value.includes('\n')) return `""" ${v.value} """`;
  const content = v.value.split('\n').map((line) => (line === '' ? '' : `${indent}  ${line}`));
  return `"""\n${content.join('\n')}\n${indent}"""`;
}

function hasComments(node: { leading: unknown[]; trailing: unknown[] }): boolean {
  return node.leading.length > 0 || node.trailing.length > 0;
}

/**
 * The value on one line, or undefined when it cannot be (a comment inside, a multi-line
 * string somewhere). The value's own leading/trailing comments are the caller's business.
 */
export function oneLine(v: Value): string | undefined {
  switch (v.kind) {
    case 'string':
      return isMultilineTriple(v) ? undefined : stringLiteral(v, '');
    case 'number':
      return numberLiteral(v);
    case 'boolean':
      return v.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'array': {
      if (v.dangling.length > 0) return undefined;
      const parts: string[] = [];
      for (const item of v.items) {
        const text = hasComments(item) ? undefined : oneLine(item);
        if (text === undefined) return undefined;
        parts.push(text);
      }
      return `[${parts.join(', ')}]`;
    }
    case 'object': {
      if (v.dangling.length > 0) return undefined;
      const parts: string[] = [];
      for (const entry of v.entries) {
        const text = hasComments(entry) || hasComments(entry.value) ? undefined : oneLine(entry.value);
        if (text === undefined) return undefined;
        parts.push(`${entry.key} = ${text}`);
      }
      return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
    }
  }
}
