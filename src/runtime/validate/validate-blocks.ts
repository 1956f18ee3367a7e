/**
 * `svc compile --validate`: every block's query is prepared by its own engine, never run,
 * after the statement check. The engine's syntax and unknown table or column errors are
 * reported at the query inside the block file (`sql/engine-error`); a connection that cannot be
 * reached is said once (`sql/engine-unavailable`, an error: CI must not pass on a warehouse it
 * could not reach), and the rest of the project still validates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { replaceParams } from '../../compiler/analyze/params.js';
import type { QuerySpan } from '../../compiler/analyze/sql.js';
import { querySpans } from '../../compiler/project/compile-file.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { Executor } from '../../warehouse/types.js';
import { enginePosition } from './engine-position.js';
import { sqliteSyntaxError } from './sqlite-syntax.js';

/** Query offsets -> spans in the block's file, or undefined when the query is not a string literal there. */
function queryPlaces(root: string, block: CompiledBlock, texts: Map<string, string>): { where?: QuerySpan; span: Span } {
  let text = texts.get(block.file);
  if (text === undefined) {
    try {
      text = readFileSync(join(root, block.file), 'utf8');
    } catch {
      text = '';
    }
    texts.set(block.file, text);
  }
  const decl = parseBlockFile(text, block.file).declarations.find((d) => d.name === block.name);
  const field = decl?.members.find((m) => m.kind === 'field' && m.key === 'query');
  if (decl === undefined || field?.kind !== 'field') return { span: block.span };
  const where = querySpans(decl, text);
  return where === undefined ? { span: field.value.span } : { where, span: field.value.span };
}

/** The engine's error at the word it names inside the query, else at the query. */
function engineError(root: string, block: CompiledBlock, message: string, texts: Map<string, string>): Diagnostic {
  const { where, span } = queryPlaces(root, block, texts);
  const at = where === undefined ? undefined : enginePosition(message, block.query, block.dialect);
  const place = at === undefined || where === undefined ? span : where(at.start, at.end);
  return diag('sql/engine-error', { block: block.id, message: firstLine(message) }, { file: block.file, span: place });
}

/** The first line of an engine message, which is where engines put what went wrong. */
function firstLine(message: string): string {
  // Without its closing period: the finding's message puts its own.
  return (message.split('\n')[0] ?? message).trim().replace(/\.$/, '');
}

/**
 * The engine's findings on every block. Blocks in `offline` already have an offline finding on
 * their query: the engine would only say the same thing again, so they are not sent.
 */
export async function validateBlocks(
  root: string,
  blocks: readonly CompiledBlock[],
  executor: Executor,
  offline: ReadonlySet<string> = new Set(),
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const unavailable = new Set<string>();
  const texts = new Map<string, string>();
  for (const block of blocks) {
    if (block.query.trim() === '' || offline.has(block.id) || unavailable.has(block.connection) || executor.validate === undefined) continue;
    const sql = replaceParams(block.query, () => '?');
    const failure = await executor.validate({ asker: undefined, sql, params: [], connection: block.connection, origin: 'block', deadlineMs: 10_000 });
    if (failure === null || failure === undefined) continue;
    if (failure.code === 'ROW_POLICY_REFUSED') {
      // The statement check keeps it from the warehouse; SQLite may still name its syntax error.
      const syntax = executor.driverOf(block.connection) === 'sqlite' ? sqliteSyntaxError(sql) : undefined;
      if (syntax !== undefined) out.push(engineError(root, block, syntax, texts));
      continue;
    }
    if (failure.code === 'CONNECTION_UNAVAILABLE') {
      unavailable.add(block.connection);
      out.push(diag('sql/engine-unavailable', { connection: block.connection, message: firstLine(failure.message) }, { file: 'svc.config.json' }));
      continue;
    }
    out.push(engineError(root, block, failure.message, texts));
  }
  return out;
}
