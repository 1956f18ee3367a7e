/**
 * Signed export snapshots (spec 02 `signing`, spec 03 "Schedules, delivery, signing"): the
 * signature covers a canonical text naming the file's sha256, format, name, row count, when and
 * for whom it was made. The host's key service signs it (else the local key), and the answer is
 * verified here before any byte leaves: the key it names must be on the project's certifier list
 * (svc-certifiers.json, the one reviewed list of keys) and the signature must verify against
 * that key. Anything else is no signature, and so no export claiming to be signed.
 */

import { sha256Hex } from '../../compiler/hash.js';
import { canonicalJson } from '../../compiler/project/canonical-json.js';
import { loadCertifiers } from '../../compiler/project/certifiers.js';
import { verifyText } from '../../compiler/project/ed25519.js';
import type { ReceiptSigner } from '../certify/receipt-signer.js';

/** What a signed export carries beside its bytes. */
export interface ExportSignature {
  /** The key's id (`key:<hex>`), as svc-certifiers.json lists it. */
  signedBy: string;
  /** The certifier the key belongs to. */
  signer: string;
  /** `ed25519:<base64url>` over `payload`. */
  signature: string;
  /** The canonical text signed (JSON), which names the file's sha256. */
  payload: string;
}

export type ExportSigning = { ok: true; signed: ExportSignature } | { ok: false; reason: string; reference?: string };

export interface ExportFacts {
  bytes: Uint8Array;
  format: string;
  filename: string;
  rowCount: number;
  /** ISO time the export was made. */
  exportedAt: string;
  /** Who asked (the principal's id), when someone did. */
  exportedBy?: string;
  /** An Ask answer's export: the trust its rerun has (never more than the rerun earned). */
  trust?: 'certified' | 'review_required';
}

/** The canonical text an export's signature covers. */
export function exportPayload(facts: ExportFacts): string {
  const { bytes, exportedBy, ...rest } = facts;
  return canonicalJson({ kind: 'svc-export', sha256: sha256Hex(Buffer.from(bytes)), ...rest, ...(exportedBy !== undefined ? { exportedBy } : {}) });
}

/** Signs the export's facts with `signer` and verifies the answer against the project's keys. */
export async function signExport(root: string, signer: ReceiptSigner, facts: ExportFacts): Promise<ExportSigning> {
  const payload = exportPayload(facts);
  const answer = await signer(payload);
  if (!answer.ok) return { ok: false, reason: answer.reason, ...(answer.reference !== undefined ? { reference: answer.reference } : {}) };
  const { trust } = loadCertifiers(root, true);
  const key = trust.signed ? trust.signers.find((s) => s.keyId === answer.signedBy) : undefined;
  if (key === undefined) return { ok: false, reason: 'the key that signed is not on the project certifier list' };
  if (!verifyText(key.key, payload, answer.signature)) return { ok: false, reason: 'the signature does not verify against the key it names' };
  return { ok: true, signed: { signedBy: answer.signedBy, signer: key.id, signature: answer.signature, payload } };
}
