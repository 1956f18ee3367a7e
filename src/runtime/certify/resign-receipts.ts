/**
 * `svc certify --resign`: after a project starts signing (or a certifier's key is added), the
 * receipts that still hold for their current source are signed by the local key, unchanged in
 * every other field: the signer vouches for the certification as recorded, nothing is rerun.
 * A receipt for an edited source is never re-signed (it needs a new certification), nor one the
 * signer may not certify. Terms' and views' receipts are signed alike (resign-artifacts.ts).
 * Every file changes together or not at all.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { CERTIFIERS_FILE, loadCertifiers } from '../../compiler/project/certifiers.js';
import { companionPath } from '../../compiler/project/companion.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { type CertificationReceipt, certifiedCompanionText } from '../../rules/certify/index.js';
import { applyChanges, type FileChange } from './file-transaction.js';
import { compiledManifest, openProject, readText } from './project.js';
import { localSigner, type ReceiptSigner, signReceipt } from './receipt-signer.js';
import { resignArtifacts } from './resign-artifacts.js';

/** Receipt states a signature can mend: the source hash holds, the signature does not. */
const MENDABLE = new Set(['unsigned', 'unknown-signer', 'bad-signature', 'signer-not-allowed']);

export interface ResignResult {
  exitCode: 0 | 1 | 2;
  /** Blocks whose receipts were signed, then `term:<id>` and `view:<id>` for terms and views. */
  resigned: string[];
  written: string[];
  diagnostics: Diagnostic[];
}

function receiptOf(block: CompiledBlock): CertificationReceipt {
  const c = block.companion?.certification ?? {};
  return {
    certifiedBy: c.certifiedBy ?? '',
    certifiedAt: c.certifiedAt ?? '',
    via: (c.via ?? 'cli') as CertificationReceipt['via'],
    rules: (c.rules ?? 'oss') as CertificationReceipt['rules'],
    sourceSha256: c.sourceSha256 ?? '',
    checks: (c.checks ?? []) as CertificationReceipt['checks'],
  };
}

/** Signs every mendable receipt of the project with `signer` (default: the local key). */
export async function resignReceipts(opts: { cwd: string; project?: string; signer?: ReceiptSigner }): Promise<ResignResult> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { exitCode: 2, resigned: [], written: [], diagnostics: opened.diagnostics };
  const root = opened.project.root;
  // Signed as the list stands, even while the project still runs unsigned: that is how it starts signing.
  const trust = loadCertifiers(root, true).trust;
  if (trust.signed && trust.problem !== undefined) {
    return {
      exitCode: 1,
      resigned: [],
      written: [],
      diagnostics: [diag('certify/certifiers-invalid', { file: CERTIFIERS_FILE, problem: trust.problem }, { file: CERTIFIERS_FILE })],
    };
  }
  const { manifest, diagnostics } = compiledManifest(root);
  if (manifest === undefined) return { exitCode: 2, resigned: [], written: [], diagnostics };
  const mendable = (b: CompiledBlock) =>
    b.status === 'certified' &&
    (opened.project?.env.certifiers.signed ? MENDABLE.has(b.receipt) : b.receipt === 'valid' && b.companion?.certification?.signature === undefined);
  const changes: FileChange[] = [];
  const out: ResignResult = { exitCode: 0, resigned: [], written: [], diagnostics: [] };
  for (const block of Object.values(manifest.blocks).filter(mendable)) {
    const signed = await signReceipt(block, receiptOf(block), trust, opts.signer ?? localSigner());
    if (signed.receipt === undefined) {
      if (signed.failure !== undefined) out.diagnostics.push(signed.failure);
      continue;
    }
    const companion = companionPath(block);
    changes.push({ kind: 'write', path: companion, content: certifiedCompanionText(readText(root, companion), block, signed.receipt) });
    out.resigned.push(block.id);
  }
  const artifacts = await resignArtifacts(root, opened.project.env.certifiers.signed, { trust, signer: opts.signer ?? localSigner() });
  changes.push(...artifacts.changes);
  out.resigned.push(...artifacts.resigned);
  out.diagnostics.push(...artifacts.diagnostics);
  applyChanges(root, changes);
  out.written = changes.map((c) => c.path);
  out.exitCode = out.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  return out;
}
