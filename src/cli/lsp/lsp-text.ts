/**
 * Reading an open document around the cursor: the word under it (a block id, a column, a
 * field), and where the query of the block at a place sits, with the block's connection and
 * parameters.
 */
import type { Declaration } from '../../../grammar/block/ast.js';
import { parseBlockFile } from '../../../grammar/block/index.js';

export interface WordAt {
  text: string;
  start: number;
  end: number;
}

/** The dotted word (`a.b_c.d`) around `offset`, or undefined on whitespace and punctuation. */
export function wordAt(text: string, offset: number): WordAt | undefined {
  const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_.@]/.test(c);
  let start = offset;
  while (start > 0 && isWordChar(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && isWordChar(text[end])) end++;
  const word = text.slice(start, end).replace(/^\.+|\.+$/g, '');
  return word === '' ? undefined : { text: word, start, end };
}

export interface QueryPlace {
  decl: Declaration;
  connection: string;
  params: string[];
  /** The query's text ('' when it is not a string). */
  query: string;
  /** True when `offset` is inside the query literal. */
  inQuery: boolean;
}

/** The block declaration at `offset` in a block file, and whether the cursor is in its query. */
export function blockAt(text: string, file: string, offset: number): QueryPlace | undefined {
  const decl = parseBlockFile(text, file).declarations.find((d) => d.span.start.offset <= offset && offset <= d.span.end.offset);
  if (decl === undefined) return undefined;
  const field = (key: string) => decl.members.find((m) => m.kind === 'field' && m.key === key);
  const query = field('query');
  const inQuery = query?.kind === 'field' && query.value.span.start.offset < offset && offset < query.value.span.end.offset;
  const connection = field('connection');
  const name = connection?.kind === 'field' && connection.value.kind === 'string' ? connection.value.value : 'default';
  const section = decl.members.find((m) => m.kind === 'section' && m.name === 'params');
  const params = section?.kind === 'section' ? section.members.flatMap((m) => (m.kind === 'param' ? [m.name] : [])) : [];
  const queryText = query?.kind === 'field' && query.value.kind === 'string' ? query.value.value : '';
  return { decl, connection: name, params, query: queryText, inQuery };
}
