/**
 * The block file as it will be after certification: the declaration rewritten on its syntax
 * tree, the file printed by the formatter, and that exact text compiled at its destination.
 * Certification judges this compiled block, and the receipt's sourceSha256 is its hash, so
 * it is what `svc compile` will compute for the written file.
 */
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Code } from '../../../grammar/codes.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { hasErrors } from '../../../grammar/diagnostics.js';
import type { ContractIndex } from '../../compiler/analyze/contract.js';
import { formatBlockFile } from '../../compiler/format/index.js';
import type { CertifierTrust } from '../../compiler/project/certifiers.js';
import { compileSourceText } from '../../compiler/project/compile-file.js';
import { DRAFTS_FOLDER, type SourceFile } from '../../compiler/project/discover.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { type CertifyEdits, findDeclaration, rewriteForCertification } from './rewrite-block.js';

/** Where a project-relative path sits in the project layout (as the compiler reads it). */
export function sourceLocation(rel: string): Omit<SourceFile, 'abs'> {
  const parts = rel.split('/');
  const inDrafts = parts.slice(0, -1).includes(DRAFTS_FOLDER);
  if (parts[0] === 'domains' && parts[2] === 'blocks' && parts[1]) return { path: rel, layout: 'domain', folderDomain: parts[1], inDrafts };
  if (parts[0] === 'blocks' && parts.length >= 3 && parts[1] && parts[1] !== DRAFTS_FOLDER)
    return { path: rel, layout: 'legacy', folderDomain: parts[1], inDrafts };
  return { path: rel, layout: 'legacy', inDrafts };
}

export interface SourceEnv {
  driverOf(connection: string): string;
  contracts: ContractIndex;
  /** The project's certifier trust: what a written receipt is checked against before it is kept. */
  certifiers: CertifierTrust;
}

export interface CertifiedSourceInput {
  /** Current text of the block file. */
  text: string;
  /** Project-relative path the file is read from. */
  file: string;
  /** Project-relative path the certified file is written to (the same file unless promoting). */
  destination: string;
  /** Name of the declaration to certify. */
  name: string;
  edits?: CertifyEdits;
  env: SourceEnv;
}

export type CertifiedSource =
  | { ok: true; text: string; block: CompiledBlock; compileErrors: number; diagnostics: Diagnostic[]; changed: string[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** What a compile that reads no companion cannot know: whether a receipt exists. */
const RECEIPT_CODES: ReadonlySet<string> = new Set<Code>(['certify/receipt-missing', 'certify/receipt-stale']);

/**
 * Compiles `text` as if it were the file at `rel`. Companions are not read (certification
 * rewrites them), so a certified block here is never proven certified (`effectiveStatus` stays
 * pending_recertification) and no receipt finding is reported: the receipt is what is written next.
 */
export function compileText(text: string, rel: string, env: SourceEnv): { blocks: CompiledBlock[]; diagnostics: Diagnostic[] } {
  const unit = compileSourceText(sourceLocation(rel), text, { ...env, readCompanion: () => undefined });
  return { blocks: unit.blocks, diagnostics: unit.diagnostics.filter((d) => !RECEIPT_CODES.has(d.code)) };
}

/**
 * Rewrites and compiles. Not ok when the file does not parse (the formatter would drop what
 * the parser skipped) or no longer declares the block.
 */
export function certifiedSource(input: CertifiedSourceInput): CertifiedSource {
  const parsed = parseBlockFile(input.text, input.file);
  if (hasErrors(parsed.diagnostics)) return { ok: false, diagnostics: parsed.diagnostics };
  const decl = findDeclaration(parsed, input.name);
  if (decl === undefined) return { ok: false, diagnostics: [] };
  const changed = rewriteForCertification(decl, input.edits);
  const text = formatBlockFile(parsed);
  const compiled = compileText(text, input.destination, input.env);
  const block = compiled.blocks.find((b) => b.name === input.name);
  if (block === undefined) return { ok: false, diagnostics: compiled.diagnostics };
  const compileErrors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
  return { ok: true, text, block, compileErrors, diagnostics: compiled.diagnostics, changed };
}
