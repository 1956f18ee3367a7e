/**
 * Reading a project YAML document with the places of its values, so a finding about it points
 * at the line and column a person edits (`file:line:col`), not only at a JSON pointer. The
 * `yaml` package is loaded on first use, like the terms loader's: commands that never read a
 * YAML input do not pay for it.
 */
import { createRequire } from 'node:module';
import type { Position, Span } from '../../../grammar/diagnostics.js';

export interface PlacedYaml {
  /** The document as plain data; undefined when it does not parse. */
  data?: unknown;
  /** The first parse error: its first line, and where it is. */
  problem?: { message: string; span?: Span };
  /** The span of the value at a JSON pointer, else of the nearest value that holds it. */
  at(pointer: string): Span | undefined;
}

type Yaml = typeof import('yaml');
type Located = { range?: readonly number[] | null };

const yamlModule = (): Yaml => createRequire(import.meta.url)('yaml') as Yaml;

/** JSON pointer segments as a YAML path: `~1` and `~0` unescaped, indexes as numbers. */
function pathOf(pointer: string): Array<string | number> {
  if (pointer === '/' || pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Reads `text`; never throws. */
export function readPlacedYaml(text: string): PlacedYaml {
  const yaml = yamlModule();
  const lines = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: lines });
  const position = (offset: number): Position => {
    const p = lines.linePos(offset);
    return { offset, line: p.line, column: p.col };
  };
  const spanOf = (start: number, end: number): Span => ({ start: position(start), end: position(Math.max(end, start)) });
  const at = (pointer: string): Span | undefined => {
    const path = pathOf(pointer);
    for (let n = path.length; n >= 0; n--) {
      const node = (n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true)) as Located | null | undefined;
      const range = node?.range;
      if (range !== undefined && range !== null && range.length >= 2) return spanOf(range[0] as number, range[1] as number);
    }
    return undefined;
  };
  const error = doc.errors[0];
  if (error !== undefined) {
    const message = error.message.split('\n')[0] ?? 'bad YAML';
    return { problem: { message, span: spanOf(error.pos[0], error.pos[1]) }, at };
  }
  return { data: doc.toJS() as unknown, at };
}
