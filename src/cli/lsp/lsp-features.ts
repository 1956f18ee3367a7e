/**
 * Completion, hover and go-to-definition over an open document: block fields and their docs,
 * parameter names, table and column names from the schema snapshot, block ids (with their
 * trust) in Apps, and the places block ids and contract ids are declared.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CompletionItem, CompletionItemKind, type Hover, type Location, MarkupKind } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readTables } from '../../../grammar/sql/index.js';
import { KNOWN_FIELDS, SPECIAL_SECTIONS } from '../../compiler/analyze/fields.js';
import { sameLengthParams } from '../../compiler/analyze/sql.js';
import type { SnapshotConnection } from '../../compiler/project/schema-snapshot.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { FIELD_DOCS } from './lsp-field-docs.js';
import type { LspProject } from './lsp-project.js';
import { blockAt, type QueryPlace, wordAt } from './lsp-text.js';

const markdown = (value: string) => ({ kind: MarkupKind.Markdown, value });

function fieldItems(): CompletionItem[] {
  return [...Object.keys(KNOWN_FIELDS), ...SPECIAL_SECTIONS].sort().map((name) => ({
    label: name,
    kind: CompletionItemKind.Field,
    ...(FIELD_DOCS[name] !== undefined ? { documentation: markdown(FIELD_DOCS[name] as string) } : {}),
  }));
}

function tableItems(c: SnapshotConnection): CompletionItem[] {
  const tables = c.tables.map((t): CompletionItem => ({ label: t.name, kind: CompletionItemKind.Class, detail: `table, ${t.columns.length} columns` }));
  const columns = c.tables.flatMap((t) =>
    t.columns.map((col): CompletionItem => ({ label: col.name, kind: CompletionItemKind.Field, detail: `${t.name}.${col.name}: ${col.type}` })),
  );
  return [...tables, ...columns];
}

/** Completion inside a query: parameters after `${`, a table's columns after `table.`, else every table and column. */
function queryItems(before: string, place: QueryPlace, project: LspProject | undefined): CompletionItem[] {
  if (/\$\{\w*$/.test(before)) return place.params.map((p) => ({ label: p, kind: CompletionItemKind.Variable, detail: 'parameter' }));
  const connection = project?.snapshot?.connections[place.connection];
  if (connection === undefined) return [];
  const qualifier = /([A-Za-z_][\w$]*)\.\w*$/.exec(before)?.[1];
  const table = qualifier === undefined ? undefined : connection.tables.find((t) => t.name.toLowerCase() === qualifier.toLowerCase());
  if (table !== undefined)
    return table.columns.map((col) => ({ label: col.name, kind: CompletionItemKind.Field, detail: `${table.name}.${col.name}: ${col.type}` }));
  return tableItems(connection);
}

function blockItems(project: LspProject | undefined): CompletionItem[] {
  return [...(project?.blocks.values() ?? [])].map((b) => ({
    label: b.id,
    kind: CompletionItemKind.Reference,
    detail: `block, ${b.effectiveStatus}`,
    ...(b.description !== undefined ? { documentation: markdown(b.description) } : {}),
  }));
}

/** Completion items at `offset` of `doc` (a block file or an App document). */
export function completionsAt(doc: TextDocument, path: string, offset: number, project: LspProject | undefined): CompletionItem[] {
  const text = doc.getText();
  if (!path.endsWith('.svc')) return blockItems(project);
  const place = blockAt(text, path, offset);
  if (place?.inQuery === true) return queryItems(text.slice(Math.max(0, offset - 200), offset), place, project);
  return fieldItems();
}

/** A block's trust and words, as an editor shows them. */
export function blockHover(b: CompiledBlock): string {
  const lines = [`**${b.id}** (block): ${b.effectiveStatus}${b.effectiveStatus !== b.status ? ` (declared ${b.status})` : ''}`];
  if (b.description !== undefined) lines.push('', b.description);
  if (b.owner !== undefined) lines.push('', `Owner: ${b.owner}`);
  lines.push('', `Defined in ${b.file}`);
  return lines.join('\n');
}

/** The tables the query reads, as the dialect reader finds them (none when it cannot read the query). */
function tablesRead(place: QueryPlace, driver: string): Set<string> {
  try {
    return new Set(readTables(sameLengthParams(place.query), driver).map((t) => t.toLowerCase()));
  } catch {
    return new Set();
  }
}

/** What the snapshot says of a name in a query: a table's columns, or the tables it reads with that column and its type. */
function columnHover(name: string, place: QueryPlace, project: LspProject | undefined): string | undefined {
  const connection = project?.snapshot?.connections[place.connection];
  if (connection === undefined) return undefined;
  const bare = (name.split('.').at(-1) ?? name).toLowerCase();
  const table = connection.tables.find((t) => t.name.toLowerCase() === bare);
  if (table !== undefined) return `**${table.name}** (table): ${table.columns.map((c) => `${c.name} ${c.type}`).join(', ')}`;
  const read = tablesRead(place, connection.driver);
  const tables = connection.tables.filter((t) => read.size === 0 || read.has(t.name.toLowerCase()));
  const hits = tables.flatMap((t) => t.columns.filter((c) => c.name.toLowerCase() === bare).map((c) => `\`${t.name}.${c.name}\`: ${c.type}`));
  return hits.length > 0 ? `**${bare}** (column): ${hits.join(', ')}` : undefined;
}

/** Hover text at `offset`: a block id, a column or table in a query, or a field. */
export function hoverAt(doc: TextDocument, path: string, offset: number, project: LspProject | undefined): Hover | null {
  const text = doc.getText();
  const word = wordAt(text, offset);
  if (word === undefined) return null;
  const range = { start: doc.positionAt(word.start), end: doc.positionAt(word.end) };
  const block = project?.blocks.get(word.text);
  if (block !== undefined) return { contents: markdown(blockHover(block)), range };
  if (!path.endsWith('.svc')) return null;
  const place = blockAt(text, path, offset);
  const said =
    place?.inQuery === true
      ? columnHover(word.text, place, project)
      : FIELD_DOCS[word.text] !== undefined
        ? `**${word.text}**: ${FIELD_DOCS[word.text]}`
        : undefined;
  return said === undefined ? null : { contents: markdown(said), range };
}

/** 0-based line and character of `offset` in `text`. */
function positionIn(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Where the block id or contract id at `offset` is declared. */
export function definitionAt(doc: TextDocument, offset: number, project: LspProject | undefined): Location | null {
  const word = wordAt(doc.getText(), offset);
  if (word === undefined || project === undefined) return null;
  const block = project.blocks.get(word.text);
  if (block !== undefined) {
    const { start, end } = block.span;
    const range = { start: { line: start.line - 1, character: start.column - 1 }, end: { line: end.line - 1, character: end.column - 1 } };
    return { uri: pathToFileURL(join(project.root, block.file)).href, range };
  }
  const contracts = project.contracts;
  const id = word.text.replace(/@\d+$/, '');
  const at = contracts?.text.indexOf(`"${id}"`) ?? -1;
  if (contracts === undefined || at < 0 || !/^[\w]+\.[\w]+\.[\w]+$/.test(id)) return null;
  const start = positionIn(contracts.text, at + 1);
  return { uri: pathToFileURL(contracts.path).href, range: { start, end: { line: start.line, character: start.character + id.length } } };
}
