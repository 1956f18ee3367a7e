/**
 * The status transition away from certified (spec: "certified -> any other status: the
 * certification receipt is removed"), for surfaces that change a block's status (Block
 * Studio, review tooling). The block file and its companion change together: the status on
 * the syntax tree (comments and every field kept), reviewStatus following it, and the
 * receipt removed unless the new status is certified. Certifying goes through svc certify.
 */

import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag, hasErrors } from '../../../grammar/diagnostics.js';
import { formatBlockFile } from '../../compiler/format/index.js';
import { companionPath } from '../../compiler/project/companion.js';
import { BLOCK_STATUSES } from '../../compiler/types.js';
import { findDeclaration, setStatus, statusCompanionText } from '../../rules/certify/index.js';
import { applyChanges, type FileChange, TransactionError } from './file-transaction.js';
import { locateBlock, openProject, readText } from './project.js';

export interface ChangeStatusOptions {
  cwd: string;
  project?: string;
  /** A block file or a `<domain>.<name>` id. */
  target: string;
  /** Any status but certified. */
  status: string;
}

export interface ChangeStatusResult {
  ok: boolean;
  written: string[];
  diagnostics: Diagnostic[];
}

function failed(diagnostics: Diagnostic[]): ChangeStatusResult {
  return { ok: false, written: [], diagnostics };
}

/** Sets a block's status (not certified) and brings its companion in line. */
export function changeStatus(opts: ChangeStatusOptions): ChangeStatusResult {
  if (opts.status === 'certified' || !(BLOCK_STATUSES as readonly string[]).includes(opts.status)) {
    return failed([diag('compile/invalid-status', { block: opts.target, status: opts.status })]);
  }
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return failed(opened.diagnostics);
  const root = opened.project.root;
  const found = locateBlock(opened.project, opts.cwd, opts.target);
  if (found.located === undefined) return failed(found.diagnostics);
  const { file, text, block } = found.located;
  const parsed = parseBlockFile(text, file);
  const decl = findDeclaration(parsed, block.name);
  if (hasErrors(parsed.diagnostics) || decl === undefined) return failed(parsed.diagnostics);
  const changes: FileChange[] = [];
  if (setStatus(decl, opts.status)) changes.push({ kind: 'write', path: file, content: formatBlockFile(parsed) });
  const companion = companionPath(block);
  const existing = readText(root, companion);
  const next = statusCompanionText(existing, block, opts.status);
  if (next !== existing) changes.push({ kind: 'write', path: companion, content: next });
  try {
    applyChanges(root, changes);
  } catch (error) {
    if (!(error instanceof TransactionError)) throw error;
    return failed([diag('certify/write-failed', { file: error.path, reason: error.reason }, { file: error.path })]);
  }
  return { ok: true, written: changes.map((c) => c.path), diagnostics: [] };
}
