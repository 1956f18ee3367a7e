/**
 * Loading svc-contract-manifest.json. Absent: one warning and the contract check is skipped.
 * Present but invalid: its diagnostics, and the check is skipped rather than failing every block.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { sourceAsset } from '../../source-asset.js';
import type { ContractIndex } from '../analyze/contract.js';
import { schemaValidator, validateDocument } from '../json-schema.js';

export const DEFAULT_CONTRACTS_PATH = 'svc-contract-manifest.json';
const schemaUrl = sourceAsset('compiler/schemas/contract-manifest.schema.json');

export interface LoadedContracts {
  index: ContractIndex;
  /** Exact text (part of the compile cache key); undefined when absent. */
  text?: string;
  diagnostics: Diagnostic[];
}

/** Reads the contract manifest at project-relative `path`; `trusted` as for loadConfig. */
export function loadContracts(root: string, path = DEFAULT_CONTRACTS_PATH, trusted?: (text: string) => boolean): LoadedContracts {
  const skipped: ContractIndex = { loaded: false, path, keys: new Set() };
  let text: string;
  try {
    text = readFileSync(join(root, path), 'utf8');
  } catch {
    return { index: skipped, diagnostics: [diag('compile/contract-manifest-missing', { path })] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem = error instanceof Error ? error.message : 'not JSON';
    return { index: skipped, text, diagnostics: [diag('compile/contract-manifest-invalid', { pointer: '/', problem, path }, { file: path })] };
  }
  const diagnostics = trusted?.(text) ? [] : validateDocument(schemaValidator(schemaUrl), data, 'compile/contract-manifest-invalid', path, { path });
  if (diagnostics.length > 0) return { index: skipped, text, diagnostics };
  const contracts = (data as { contracts: Array<{ id: string; version: number }> }).contracts;
  const keys = new Set(contracts.map((c) => `${c.id}@${c.version}`));
  return { index: { loaded: true, path, keys }, text, diagnostics: [] };
}
