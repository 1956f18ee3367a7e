/**
 * String literals of Python and Rust test files, decoded, with the names and punctuation around
 * them: enough to find `validate_identity("...")` or `verified_stmt(r#"..."#)` and read their
 * arguments. Tokens: `{ k: 's' | 'n' | 'p', v, line }`; an f-string or format string is a
 * string token with `v: null` (its text is not a literal).
 */

const PY_STRING = /^([rRbBuUfF]{0,2})('''|"""|'|")/;
const RS_STRING = /^(b?r(#*)"|b?")/;
const ESCAPES = { n: '\n', t: '\t', r: '\r', 0: '\0', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v' };

function decodeEscapes(body, rust) {
  return body.replace(/\\(\r?\n\s*|u\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|.)/gs, (all, e, rsU, x, pyU) => {
    if (/^\r?\n/.test(e)) return '';
    if (rsU !== undefined) return String.fromCodePoint(Number.parseInt(rsU, 16));
    if (x !== undefined) return String.fromCharCode(Number.parseInt(x, 16));
    if (pyU !== undefined && !rust) return String.fromCharCode(Number.parseInt(pyU, 16));
    return ESCAPES[e] ?? all;
  });
}

function lineCounter(text) {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}

/** Tokens of a Python file. */
export function pythonTokens(text) {
  const out = [];
  const lineAt = lineCounter(text);
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const m = /\w/.test(text[i - 1] ?? '') ? null : PY_STRING.exec(text.slice(i, i + 5));
    if (m !== null) {
      const end = pythonStringEnd(text, i + m[0].length, m[2]);
      const prefix = m[1].toLowerCase();
      const body = text.slice(i + m[0].length, end - m[2].length);
      out.push({ k: 's', v: prefix.includes('f') ? null : prefix.includes('r') ? body : decodeEscapes(body, false), line: lineAt(i) });
      i = end;
    } else if (c === '#') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else i = plainToken(text, i, out, lineAt);
  }
  return out;
}

function pythonStringEnd(text, from, quote) {
  let j = from;
  while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1;
  return j + quote.length;
}

function plainToken(text, i, out, lineAt) {
  const c = text[i];
  if (/\s/.test(c)) return i + 1;
  if (/[A-Za-z_]/.test(c)) {
    const m = /^\w+/.exec(text.slice(i, i + 200));
    out.push({ k: 'n', v: m[0], line: lineAt(i) });
    return i + m[0].length;
  }
  out.push({ k: 'p', v: c, line: lineAt(i) });
  return i + 1;
}

/** Tokens of a Rust file. */
export function rustTokens(text) {
  const out = [];
  const lineAt = lineCounter(text);
  let i = 0;
  while (i < text.length) {
    const m = /\w/.test(text[i - 1] ?? '') ? null : RS_STRING.exec(text.slice(i, i + 40));
    if (m !== null) i = rustString(text, i, m, out, lineAt);
    else if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = rustCommentEnd(text, i);
    else if (text[i] === "'") i = rustChar(text, i);
    else i = plainToken(text, i, out, lineAt);
  }
  return out;
}

function rustString(text, i, m, out, lineAt) {
  const raw = m[1].includes('r');
  const close = raw ? `"${m[2]}` : '"';
  let j = i + m[0].length;
  while (j < text.length && !text.startsWith(close, j)) j += !raw && text[j] === '\\' ? 2 : 1;
  const body = text.slice(i + m[0].length, j);
  out.push({ k: 's', v: raw ? body : decodeEscapes(body, true), line: lineAt(i) });
  return j + close.length;
}

function rustCommentEnd(text, i) {
  let depth = 0;
  let j = i;
  while (j < text.length) {
    if (text.startsWith('/*', j)) depth++;
    else if (text.startsWith('*/', j)) depth--;
    j += text.startsWith('/*', j) || text.startsWith('*/', j) ? 2 : 1;
    if (depth === 0) return j;
  }
  return j;
}

/** A char literal ('a', '\n', '\'') or a lifetime ('a). */
function rustChar(text, i) {
  if (text[i + 1] === '\\') return text.indexOf("'", i + 3) + 1 || text.length;
  return text[i + 2] === "'" ? i + 3 : i + 1;
}
