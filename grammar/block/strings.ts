/**
 * Decoding of string literals. Kept free of Chevrotain so the formatter can use the same rules
 * to decide whether a value survives a round trip through a given literal form.
 */

/** Reports an invalid escape at `index` (relative to the text passed in) of `length` chars. */
export type BadEscape = (index: number, length: number) => void;

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const HEX4 = /^[0-9A-Fa-f]{4}$/;

/**
 * Applies JSON escapes to the text between the quotes. A bad escape is reported and its
 * character kept literally, so one typo does not change the rest of the value.
 */
export function decodeJsonEscapes(body: string, onBad: BadEscape = () => undefined): string {
  let from = 0;
  let at = body.indexOf('\\');
  if (at < 0) return body;
  let out = '';
  while (at >= 0) {
    out += body.slice(from, at);
    const c = body[at + 1];
    if (c === undefined) {
      // A lone backslash ending an unterminated string: that string is already reported.
      out += '\\';
      from = at + 1;
      break;
    }
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) {
      out += simple;
      from = at + 2;
    } else if (c === 'u' && HEX4.test(body.slice(at + 2, at + 6))) {
      out += String.fromCharCode(parseInt(body.slice(at + 2, at + 6), 16));
      from = at + 6;
    } else {
      onBad(at, c === 'u' ? Math.min(body.length - at, 6) : 2);
      out += c;
      from = at + 2;
    }
    at = body.indexOf('\\', from);
  }
  return out + body.slice(from);
}

const isBlank = (line: string): boolean => /^[ \t]*$/.test(line);

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

/**
 * Value of a `"""` string from the text between the quotes:
 * - line breaks become `\n`;
 * - a blank first line (the break right after `"""`) and a blank last line (the indentation
 *   before the closing `"""`) are dropped;
 * - text on the opening line loses its leading blanks and does not count for indentation;
 * - the smallest indentation of the remaining non-blank lines is removed from each line,
 *   blank lines become empty, and trailing blanks before the closing quotes are dropped.
 */
export function dedentTriple(body: string): string {
  const lines = body.split(/\r?\n/);
  let firstInline = false;
  if (isBlank(lines[0] ?? '')) lines.shift();
  else {
    lines[0] = (lines[0] ?? '').replace(/^[ \t]+/, '');
    firstInline = true;
  }
  if (lines.length > 0 && isBlank(lines[lines.length - 1] ?? '')) lines.pop();
  let common = Infinity;
  for (let i = firstInline ? 1 : 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!isBlank(line)) common = Math.min(common, indentOf(line));
  }
  if (common === Infinity) common = 0;
  const out = lines.map((line, i) => {
    if (isBlank(line)) return '';
    return firstInline && i === 0 ? line : line.slice(common);
  });
  const last = out.length - 1;
  if (last >= 0) out[last] = (out[last] ?? '').replace(/[ \t]+$/, '');
  return out.join('\n');
}

/**
 * True when printing `value` as a `"""` string (with the layout the formatter uses) reads
 * back as exactly `value`.
 */
export function tripleRoundTrips(value: string): boolean {
  if (value.includes('"""') || value.includes('\r')) return false;
  const lines = value.split('\n');
  if (lines.length === 1) return !/^[ \t]|[ \t]$/.test(value);
  let minIndent = Infinity;
  for (const line of lines) {
    if (line.length === 0) continue;
    if (isBlank(line)) return false;
    minIndent = Math.min(minIndent, indentOf(line));
  }
  const lastLine = lines[lines.length - 1] ?? '';
  return (minIndent === 0 || minIndent === Infinity) && !/[ \t]$/.test(lastLine);
}
