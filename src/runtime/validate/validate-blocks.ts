/**
 * `svc compile --validate`: every block's query is prepared by its own engine, never run,
 * after the statement check. The engine's syntax and unknown table or column errors are
 * reported at the query inside the block file (`sql/engine-error`); a connection that cannot be
 * reached is said once (`sql/engine-unavailable`), and the rest of the project still validates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { replaceParams } from '../../compiler/analyze/params.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { Executor } from '../../warehouse/types.js';
import { sqliteSyntaxError } from './sqlite-syntax.js';

/** The span of a block's query value in its file, or the block's own span. */
function querySpan(root: string, block: CompiledBlock, texts: Map<string, string>): Span {
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
  return field?.kind === 'field' ? field.value.span : block.span;
}

/** The first line of an engine message, which is where engines put what went wrong. */
function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim();
}

export async function validateBlocks(root: string, blocks: readonly CompiledBlock[], executor: Executor): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const unavailable = new Set<string>();
  const texts = new Map<string, string>();
  for (const block of blocks) {
    if (block.query.trim() === '' || unavailable.has(block.connection) || executor.validate === undefined) continue;
    const sql = replaceParams(block.query, () => '?');
    const failure = await executor.validate({ asker: undefined, sql, params: [], connection: block.connection, origin: 'block', deadlineMs: 10_000 });
    if (failure === null || failure === undefined) continue;
    if (failure.code === 'ROW_POLICY_REFUSED') {
      // The statement check keeps it from the warehouse; SQLite may still name its syntax error.
      const syntax = executor.driverOf(block.connection) === 'sqlite' ? sqliteSyntaxError(sql) : undefined;
      if (syntax !== undefined)
        out.push(diag('sql/engine-error', { block: block.id, message: firstLine(syntax) }, { file: block.file, span: querySpan(root, block, texts) }));
      continue;
    }
    if (failure.code === 'CONNECTION_UNAVAILABLE') {
      unavailable.add(block.connection);
      out.push(diag('sql/engine-unavailable', { connection: block.connection, message: firstLine(failure.message) }, { file: 'svc.config.json' }));
      continue;
    }
    out.push(diag('sql/engine-error', { block: block.id, message: firstLine(failure.message) }, { file: block.file, span: querySpan(root, block, texts) }));
  }
  return out;
}
