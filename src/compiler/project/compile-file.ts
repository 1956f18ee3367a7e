/**
 * One block file -> its compiled blocks and diagnostics. Everything a file's result depends on
 * besides its own text is named in `deps` (companion files) or in the compile environment
 * (config, contract manifest), which is what makes the result safe to cache.
 */

import type { Declaration } from '../../../grammar/block/ast.js';
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { LineIndex } from '../../../grammar/span.js';
import { analyzeBlock } from '../analyze/analyze-block.js';
import { type ContractIndex, resolveContract } from '../analyze/contract.js';
import { queryOffsets } from '../analyze/query-offsets.js';
import { type QuerySpan, readBlockSql } from '../analyze/sql.js';
import type { NameIndex } from '../analyze/sql-names.js';
import type { CompiledBlock } from '../types.js';
import type { CertifierTrust } from './certifiers.js';
import { applyCompanion, companionPath, settleCertification } from './companion.js';
import type { SourceFile } from './discover.js';

export interface FileEnv {
  driverOf(connection: string): string;
  contracts: ContractIndex;
  /** Companion text by project-relative path; undefined when the file does not exist. */
  readCompanion(rel: string): string | undefined;
  /** Whether receipts must be signed, and by whom (svc-certifiers.json); part of the environment key. */
  certifiers: CertifierTrust;
  /** The schema snapshot's names of a connection, when one was taken (the offline name check). */
  names?: (connection: string) => NameIndex | undefined;
}

export interface FileUnit {
  path: string;
  blocks: CompiledBlock[];
  diagnostics: Diagnostic[];
  /** Companion paths consulted, present or not. */
  deps: string[];
}

/** Query offsets -> spans in the file, for a query written as a string literal (else undefined). */
export function querySpans(decl: Declaration, text: string): QuerySpan | undefined {
  const field = decl.members.find((m) => m.kind === 'field' && m.key === 'query');
  if (field?.kind !== 'field' || field.value.kind !== 'string') return undefined;
  const { start, end } = field.value.span;
  // Worked out only when a query has a finding: most never do.
  let toFile: ((offset: number) => number) | undefined;
  let lines: LineIndex | undefined;
  return (from, to) => {
    toFile ??= queryOffsets(text.slice(start.offset, end.offset), start.offset);
    lines ??= new LineIndex(text);
    return lines.span(toFile(from), toFile(Math.max(from, to - 1)) + 1);
  };
}

/** Compiles the text of one block file. Never throws on user input. */
export function compileSourceText(src: Omit<SourceFile, 'abs'>, text: string, env: FileEnv): FileUnit {
  const parsed = parseBlockFile(text, src.path);
  const unit: FileUnit = { path: src.path, blocks: [], diagnostics: [...parsed.diagnostics], deps: [] };
  if (parsed.declarations.length === 0 && parsed.diagnostics.length === 0) {
    unit.diagnostics.push(diag('compile/no-blocks-in-file', {}, { file: src.path }));
  }
  const errorOffsets = parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => d.span?.start.offset ?? -1);
  for (const decl of parsed.declarations) {
    const damaged = errorOffsets.some((o) => o >= decl.span.start.offset && o <= decl.span.end.offset);
    const ctx = { file: src.path, layout: src.layout, inDrafts: src.inDrafts, damaged, ...(src.folderDomain ? { folderDomain: src.folderDomain } : {}) };
    const { block, diagnostics } = analyzeBlock(decl, ctx);
    unit.diagnostics.push(...diagnostics);
    if (!block) continue;
    block.dialect = env.driverOf(block.connection);
    const contractField = decl.members.find((m) => m.kind === 'field' && m.key === 'svc_contract');
    unit.diagnostics.push(
      ...resolveContract(block, env.contracts, contractField?.kind === 'field' ? contractField.value.span : decl.span),
      ...readBlockSql(block, querySpans(decl, text), env.names?.(block.connection)),
    );
    if (block.inDrafts && block.status === 'certified') {
      unit.diagnostics.push(diag('compile/certified-in-drafts', { block: block.id }, { file: src.path, span: decl.nameSpan }));
    }
    const rel = companionPath(block);
    unit.deps.push(rel);
    const companion = env.readCompanion(rel);
    if (companion !== undefined) unit.diagnostics.push(...applyCompanion(block, rel, companion));
    unit.diagnostics.push(...settleCertification(block, { file: src.path, span: decl.nameSpan }, env.certifiers));
    unit.blocks.push(block);
  }
  return unit;
}
