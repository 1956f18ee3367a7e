/**
 * `svc_contract = "<id>@<version>"` and its resolution against the loaded contract manifest.
 * Without a manifest the check is skipped (one project-level warning); with one, a certified
 * block whose contract is not listed is an error and any other block gets a warning.
 */
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CompiledBlock } from '../types.js';

const CONTRACT = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+)@([1-9][0-9]*)$/;

export interface ContractIndex {
  loaded: boolean;
  /** Project-relative path of the manifest. */
  path: string;
  /** `<id>@<version>` keys listed in the manifest. */
  keys: ReadonlySet<string>;
}

/** Splits `<id>@<version>`; undefined when the text does not have that form. */
export function parseContractRef(raw: string): { id: string; version: number } | undefined {
  const m = CONTRACT.exec(raw);
  if (!m) return undefined;
  return { id: m[1] ?? '', version: Number(m[2]) };
}

/** Fills block.contract in place and returns the diagnostics about it (at `span`, the value's place). */
export function resolveContract(block: CompiledBlock, contracts: ContractIndex, span: Span = block.span): Diagnostic[] {
  const ref = block.contract;
  if (!ref) return [];
  const where = { file: block.file, span };
  const parsed = parseContractRef(ref.raw);
  if (!parsed) {
    delete block.contract;
    return [diag('compile/contract-format', { value: ref.raw }, where)];
  }
  ref.id = parsed.id;
  ref.version = parsed.version;
  if (!contracts.loaded) {
    ref.status = 'unchecked';
    return [];
  }
  if (contracts.keys.has(ref.raw)) {
    ref.status = 'resolved';
    return [];
  }
  ref.status = 'unresolved';
  const severity = block.status === 'certified' ? 'error' : 'warning';
  return [diag('compile/contract-unresolved', { block: block.id, contract: ref.raw, path: contracts.path }, where, severity)];
}
