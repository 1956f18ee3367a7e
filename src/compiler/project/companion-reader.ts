/**
 * A fast reader for the plain shape companion YAML files have: block mappings of simple scalars,
 * nested mappings and lists of simple scalars, as `svc certify` writes them. A full YAML parse
 * costs about 150 µs per file, which for a 10,000-block project is most of a cold compile; this
 * reader takes a few microseconds.
 *
 * Invariant: for every text it accepts, the result deep-equals what the `yaml` library's `parse`
 * returns (a property test holds it to that). Anything outside the shape (flow collections,
 * anchors, block scalars, folded lines, escapes, inline comments, scalars YAML would read as
 * numbers, booleans, nulls or dates, tabs, duplicate keys) returns undefined, and the caller uses
 * the full parser: this is a shortcut, never a second YAML dialect.
 */

type Value = string | Value[] | { [key: string]: Value };

interface Line {
  indent: number;
  text: string;
}

/** Sentinel thrown inside the reader when the text leaves the supported shape. */
const OUTSIDE = Symbol('outside');

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Plain scalars that are certainly strings in the YAML core schema: no indicator first, no digit, sign, dot or tilde. */
const SAFE_PLAIN = /^[A-Za-z_/(][^\t]*$/;
const CORE_WORDS = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

function outside(): never {
  throw OUTSIDE;
}

function scalar(raw: string): string {
  const text = raw.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const inner = text.slice(1, -1);
    return /["\\]/.test(inner) ? outside() : inner;
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) {
    const inner = text.slice(1, -1);
    return inner.includes("'") ? outside() : inner;
  }
  if (!SAFE_PLAIN.test(text) || CORE_WORDS.test(text) || text.includes(': ') || text.includes(' #') || text.endsWith(':')) outside();
  return text;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.includes('\t')) outside();
    const body = line.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    out.push({ indent: line.length - body.length, text: body });
  }
  return out;
}

class Reader {
  private at = 0;

  constructor(private readonly lines: Line[]) {}

  done(): boolean {
    return this.at >= this.lines.length;
  }

  /** A mapping whose keys all sit at `indent`. */
  mapping(indent: number): { [key: string]: Value } {
    const out: { [key: string]: Value } = {};
    while (!this.done() && this.peek().indent === indent) {
      const match = KEY.exec(this.peek().text) ?? outside();
      const key = match[1] as string;
      if (Object.hasOwn(out, key) || CORE_WORDS.test(key)) outside();
      this.at++;
      out[key] = match[2] !== undefined && match[2].trim() !== '' ? scalar(match[2]) : this.nested(indent);
    }
    return out;
  }

  /** The value under a key with nothing after its colon: a list or a mapping, never empty. */
  private nested(indent: number): Value {
    if (this.done()) return outside();
    const next = this.peek();
    if (next.text.startsWith('- ') && next.indent >= indent) return this.sequence(next.indent);
    if (next.indent > indent) return this.mapping(next.indent);
    return outside();
  }

  private sequence(indent: number): Value[] {
    const out: Value[] = [];
    while (!this.done() && this.peek().indent === indent && this.peek().text.startsWith('- ')) {
      const item = this.peek().text.slice(2);
      // `- key: value` (a list of mappings) and `- - x` are outside the shape.
      if (KEY.test(item) || item.startsWith('-')) outside();
      out.push(scalar(item));
      this.at++;
    }
    return out;
  }

  private peek(): Line {
    return this.lines[this.at] as Line;
  }
}

/** The companion document, or undefined when the text needs the full YAML parser. */
export function readPlainYaml(text: string): { [key: string]: Value } | undefined {
  try {
    const lines = linesOf(text);
    if (lines.length === 0 || (lines[0] as Line).indent !== 0) return undefined;
    const reader = new Reader(lines);
    const doc = reader.mapping(0);
    return reader.done() ? doc : undefined;
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    throw error;
  }
}
