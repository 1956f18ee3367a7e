/**
 * Writing a certification: the block file as judged, the companion YAML with
 * `reviewStatus: certified` and the receipt, and (for a promotion) removing the draft and its
 * old companion. Before anything is written the new pair is compiled together once more, so
 * a receipt `svc compile` would call stale or orphaned is never written. All files change
 * together or not at all.
 */
import type { Code } from '../../../grammar/codes.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { ContractIndex } from '../../compiler/analyze/contract.js';
import { companionPath } from '../../compiler/project/companion.js';
import { compileSourceText } from '../../compiler/project/compile-file.js';
import type { CompiledBlock } from '../../compiler/types.js';
import {
  buildReceipt,
  type CertificationReceipt,
  type CertificationRules,
  type CertifiedVia,
  certifiedCompanionText,
  sourceLocation,
} from '../../rules/certify/index.js';
import type { Policy } from '../../rules/policy.js';
import { applyChanges, type FileChange, TransactionError, type TransactionHooks } from './file-transaction.js';
import { type CertifyProject, readText } from './project.js';
import { type ReceiptSigner, signReceipt } from './receipt-signer.js';

export interface CommitInput {
  project: CertifyProject;
  certified: { text: string; block: CompiledBlock };
  /** Project-relative block file to write. */
  destination: string;
  /** Where the block and its companion are now, when they move (promotion). */
  movedFrom?: { file: string; companion: string };
  policy: Policy;
  rules: CertificationRules;
  certifiedBy: string;
  certifiedAt: Date;
  /** Where the certification is made (spec 01 receipt `via`). */
  via: CertifiedVia;
  /** Signs the receipt when the project signs receipts. */
  signer: ReceiptSigner;
  contracts: ContractIndex;
  hooks?: TransactionHooks;
}

export interface CommitResult {
  /** Absent when the receipt could not be signed (then nothing was written). */
  receipt?: CertificationReceipt;
  companion: string;
  /** Files written or removed, in order. */
  written: string[];
  /** Set when writing failed; every file was restored. */
  failure?: Diagnostic;
}

const RECEIPT_CODES: ReadonlySet<string> = new Set<Code>([
  'compile/companion-invalid',
  'compile/companion-status-mismatch',
  'compile/receipt-orphaned',
  'certify/receipt-bad-signature',
  'certify/receipt-missing',
  'certify/receipt-signer-not-allowed',
  'certify/receipt-stale',
  'certify/receipt-unknown-signer',
  'certify/receipt-unsigned',
]);

/** Compiles the new block text with the new companion; throws on a receipt compile would reject. */
function verify(input: CommitInput, companion: string, companionText: string): void {
  const { driverOf, certifiers } = input.project.env;
  const readCompanion = (rel: string): string | undefined => (rel === companion ? companionText : readText(input.project.root, rel));
  const unit = compileSourceText(sourceLocation(input.destination), input.certified.text, { driverOf, contracts: input.contracts, readCompanion, certifiers });
  const block = unit.blocks.find((b) => b.id === input.certified.block.id);
  const bad = unit.diagnostics.filter((d) => RECEIPT_CODES.has(d.code) && d.file === companion);
  if (block?.sourceSha256 !== input.certified.block.sourceSha256 || bad.length > 0) {
    throw new Error(`certification receipt would not match the written source (${bad.map((d) => d.code).join(', ') || 'hash differs'})`);
  }
}

function plannedChanges(input: CommitInput, companion: string, companionText: string): FileChange[] {
  const changes: FileChange[] = [];
  const current = readText(input.project.root, input.destination);
  if (current !== input.certified.text) changes.push({ kind: 'write', path: input.destination, content: input.certified.text });
  changes.push({ kind: 'write', path: companion, content: companionText });
  const from = input.movedFrom;
  if (from !== undefined && from.file !== input.destination) changes.push({ kind: 'delete', path: from.file });
  if (from !== undefined && from.companion !== companion && readText(input.project.root, from.companion) !== undefined) {
    changes.push({ kind: 'delete', path: from.companion });
  }
  return changes;
}

/** Builds and signs the receipt and writes every file, or none. */
export async function commitCertification(input: CommitInput): Promise<CommitResult> {
  const block = input.certified.block;
  const unsigned = buildReceipt({
    certifiedBy: input.certifiedBy,
    certifiedAt: input.certifiedAt,
    via: input.via,
    rules: input.rules,
    sourceSha256: block.sourceSha256,
    policy: input.policy,
  });
  const companion = companionPath(block);
  const signed = await signReceipt(block, unsigned, input.project.env.certifiers, input.signer);
  if (signed.receipt === undefined) return { companion, written: [], ...(signed.failure !== undefined ? { failure: signed.failure } : {}) };
  const receipt = signed.receipt;
  const existing = readText(input.project.root, input.movedFrom?.companion ?? companion);
  const companionText = certifiedCompanionText(existing, block, receipt);
  verify(input, companion, companionText);
  const changes = plannedChanges(input, companion, companionText);
  try {
    applyChanges(input.project.root, changes, input.hooks);
  } catch (error) {
    if (!(error instanceof TransactionError)) throw error;
    const failure = diag('certify/write-failed', { file: error.path, reason: error.reason }, { file: error.path });
    return { receipt, companion, written: [], failure };
  }
  return { receipt, companion, written: changes.map((c) => c.path) };
}
