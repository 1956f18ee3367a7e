/**
 * lineage_impact (reasoning): the upstream and downstream trace to read before changing a
 * block or its contract. Upstream: the tables the block reads, from the manifest lineage (the
 * compile-time lexer reading) confirmed and completed by the full parser. Downstream: other
 * blocks reading any of those tables (manifest lineage), with their trust and contract, and
 * the App tiles bound to the block or to those blocks. Asked for a table instead, it lists the
 * blocks reading it and their tiles. Reads the manifest only; runs nothing.
 *
 * The parser reading costs about a millisecond a statement, so it runs only for the block asked
 * about and is cached by SQL fingerprint and dialect (DESIGN.md section 8).
 */
import { z } from 'zod';
import { replaceParams } from '../../../compiler/analyze/params.js';
import { type StatementTables, statementTables } from '../../../compiler/sql-tables.js';
import type { CompiledBlock, Manifest } from '../../../compiler/types.js';
import { allTiles, type Catalog, type TileRef, trustOf } from '../catalog.js';
import { answer, defineTool, refuse } from '../tool.js';

/** Parser readings by dialect and SQL fingerprint; beyond the limit the oldest goes first. */
const cache = new Map<string, StatementTables>();
const CACHE_LIMIT = 20_000;

/**
 * A literal of the parameter's type in place of `${name}`: some grammars refuse a bare `?` where
 * SQL wants a number (`LIMIT ?`), and the parse only needs the statement's shape, never values.
 */
function placeholder(block: CompiledBlock, name: string): string {
  const type = block.params.find((p) => p.name === name)?.type;
  return type === 'number' || type === 'integer' || type === 'boolean' ? '1' : "'x'";
}

function parsedTables(block: CompiledBlock): StatementTables {
  const key = `${block.dialect}\u0000${block.sqlFingerprint}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const read = statementTables(
    replaceParams(block.query, (name) => placeholder(block, name)),
    block.dialect,
  );
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, read);
  return read;
}

/** The unqualified name of a table (`main.orders` -> `orders`). */
function baseName(table: string): string {
  const dot = table.lastIndexOf('.');
  return dot < 0 ? table : table.slice(dot + 1);
}

/**
 * Whether two readings name the same table: equal, or one is unqualified and the other's last
 * part equals it. Two different schemas' tables of one name stay apart when both are qualified.
 */
function sameTable(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.includes('.') && b.includes('.')) return false;
  return baseName(a) === baseName(b);
}

interface Upstream {
  table: string;
  /** Which readings found it: the manifest lineage (lexer) and/or the parser. */
  from: Array<'manifest' | 'parser'>;
}

function upstreamOf(block: CompiledBlock, parsed: StatementTables): Upstream[] {
  const rows = new Map<string, Upstream>();
  for (const t of block.tables) rows.set(t, { table: t, from: ['manifest'] });
  for (const t of parsed.from === 'parser' ? parsed.tables : []) {
    const known = [...rows.values()].find((r) => sameTable(r.table, t));
    if (known !== undefined) known.from.push('parser');
    else rows.set(t, { table: t, from: ['parser'] });
  }
  return [...rows.values()].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
}

/** Blocks (other than `except`) reading any of `tables`, by id, with the shared tables. */
function readersOf(manifest: Manifest, tables: readonly string[], except?: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const edge of manifest.lineage) {
    if (edge.block === except || !tables.some((t) => sameTable(t, edge.table))) continue;
    out.set(edge.block, [...(out.get(edge.block) ?? []), edge.table]);
  }
  return new Map([...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function downstream(catalog: Catalog, readers: Map<string, string[]>): Array<Record<string, unknown>> {
  return [...readers.entries()].flatMap(([id, shared]) => {
    const b = catalog.block(id);
    if (b === undefined) return [];
    return [{ id, status: b.status, contract: b.contract?.raw ?? null, trust: trustOf(catalog, b).label, sharedTables: [...new Set(shared)].sort() }];
  });
}

function tilesOf(tiles: readonly TileRef[], blockId: string | undefined, readers: ReadonlyMap<string, string[]>): Array<TileRef & { via: string }> {
  return tiles.flatMap((t) => {
    if (t.source !== null && t.source === blockId) return [{ ...t, via: 'bound' }];
    if (t.source !== null && readers.has(t.source)) return [{ ...t, via: 'shared-table' }];
    return [];
  });
}

export const lineageImpact = defineTool({
  name: 'lineage_impact',
  description:
    'Reasoning: the upstream and downstream trace before changing a block or contract. For a block: the tables it reads (manifest lineage plus the SQL parser), the other blocks reading those tables, and the App tiles bound to the block or to those blocks. For a table: the blocks reading it and their tiles. Runs nothing.',
  readOnly: true,
  inputSchema: {
    block: z.string().min(1).max(300).optional().describe('Block id, <domain>.<name>'),
    table: z.string().min(1).max(300).optional().describe('A table name, as the SQL writes it'),
  },
  async handler(args, ctx) {
    if ((args.block === undefined) === (args.table === undefined)) return refuse('TARGET_REQUIRED', 'Give exactly one of block or table.');
    const tiles = allTiles(ctx.manifest);
    if (args.table !== undefined) {
      const readers = readersOf(ctx.manifest, [args.table.toLowerCase()]);
      return answer({ table: args.table.toLowerCase(), downstream: { blocks: downstream(ctx.catalog, readers), tiles: tilesOf(tiles, undefined, readers) } });
    }
    const block = ctx.catalog.block(args.block ?? '');
    if (block === undefined) return refuse('BLOCK_NOT_FOUND', `There is no block ${args.block ?? ''} in this project.`, { block: args.block });
    const parsed = parsedTables(block);
    const upstream = upstreamOf(block, parsed);
    const readers = readersOf(
      ctx.manifest,
      upstream.map((u) => u.table),
      block.id,
    );
    return answer({
      block: block.id,
      status: block.status,
      contract: block.contract ? { binding: block.contract.raw, status: block.contract.status } : null,
      // `parser`: the full parse read it; `lexer`/`none`: it could not, and the manifest reading stands.
      upstream: { tables: upstream, reading: parsed.from },
      downstream: { blocks: downstream(ctx.catalog, readers), tiles: tilesOf(tiles, block.id, readers) },
    });
  },
});
