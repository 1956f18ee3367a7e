/**
 * `svc certify --resign` for business terms and views: each certified term or view whose receipt
 * still holds for its current content but is not (validly) signed is signed by the signer,
 * unchanged in every other field, in place in semantic-layer/terms.yaml or views.yaml (comments
 * and the rest of the file kept). A receipt for edited content is never re-signed, nor one the
 * signer may not certify (the signature is checked before anything is written).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CertifierTrust } from '../../compiler/project/certifiers.js';
import type { ArtifactKind } from '../../compiler/project/receipt-signature.js';
import { loadTerms, TERMS_FILE } from '../../compiler/project/terms.js';
import { loadViews, VIEWS_FILE } from '../../compiler/project/views.js';
import type { FileChange } from './file-transaction.js';
import { type ArtifactReceipt, type ReceiptSigner, signArtifact } from './receipt-signer.js';

const MENDABLE = new Set(['unsigned', 'unknown-signer', 'bad-signature', 'signer-not-allowed']);

interface Held {
  id: string;
  receipt: string;
  certification?: { certifiedBy?: string; certifiedAt?: string; via?: string; sourceSha256?: string; signature?: string };
}

export interface ResignedArtifacts {
  changes: FileChange[];
  resigned: string[];
  diagnostics: Diagnostic[];
}

/** The entry of `id` in the file's list given its new receipt; nothing else touched. */
function withReceipt(doc: Document, list: string, id: string, receipt: ArtifactReceipt): void {
  const items = doc.get(list, true) as { items: Array<{ get(k: string): unknown; set(k: string, v: unknown): void }> };
  items.items.find((item) => item.get('id') === id)?.set('certification', doc.createNode({ ...receipt }));
}

async function resignKind(root: string, kind: ArtifactKind, held: Held[], mendable: (h: Held) => boolean, sign: Signing, out: ResignedArtifacts) {
  const file = kind === 'term' ? TERMS_FILE : VIEWS_FILE;
  const doc = held.length > 0 ? parseDocument(readFileSync(join(root, file), 'utf8')) : undefined;
  let changed = false;
  for (const h of held.filter(mendable)) {
    const c = h.certification ?? {};
    // Signed over the receipt's own `via` (where it was certified), so the signature covers what is written.
    const via = (c.via ?? 'cli') as ArtifactReceipt['via'];
    const fields: ArtifactReceipt = { certifiedBy: c.certifiedBy ?? '', certifiedAt: c.certifiedAt ?? '', via, sourceSha256: c.sourceSha256 ?? '' };
    const signed = await signArtifact(kind, { id: h.id, domain: h.id.split('.')[0] ?? '', file }, fields, sign.trust, sign.signer);
    if (signed.receipt === undefined) {
      if (signed.failure !== undefined) out.diagnostics.push(signed.failure);
      continue;
    }
    withReceipt(doc as Document, kind === 'term' ? 'terms' : 'views', h.id, signed.receipt);
    out.resigned.push(`${kind}:${h.id}`);
    changed = true;
  }
  if (changed) out.changes.push({ kind: 'write', path: file, content: (doc as Document).toString() });
}

interface Signing {
  trust: CertifierTrust;
  signer: ReceiptSigner;
}

/**
 * The term and view receipts to sign, and the file writes that sign them. `projectSigns`: the
 * project already signs (mend what fails), else it is starting to (sign what holds unsigned).
 */
export async function resignArtifacts(root: string, projectSigns: boolean, sign: Signing): Promise<ResignedArtifacts> {
  const judged = projectSigns ? sign.trust : ({ signed: false } as const);
  const mendable = (h: Held) => (projectSigns ? MENDABLE.has(h.receipt) : h.receipt === 'valid' && h.certification?.signature === undefined);
  const out: ResignedArtifacts = { changes: [], resigned: [], diagnostics: [] };
  await resignKind(root, 'term', loadTerms(root, judged).terms, mendable, sign, out);
  await resignKind(root, 'view', loadViews(root, judged).views, mendable, sign, out);
  return out;
}
