/**
 * What a certification receipt's signature covers and whether it holds. The payload is the
 * receipt's fields (spec 01) with the block's id, canonically serialised: a signature made for
 * one block cannot be pasted onto another, and any edit to the receipt (its source hash above
 * all) breaks it. A receipt counts only when its key is on the certifier list in force, its
 * signature verifies against that key, and that certifier may certify the block.
 */
import type { CompiledBlock } from '../types.js';
import { canonicalJson } from './canonical-json.js';
import { type CertifierTrust, mayCertify } from './certifiers.js';
import { verifyText } from './ed25519.js';

/** The receipt fields a signature covers. */
export interface SignedFields {
  certifiedBy?: string;
  certifiedAt?: string;
  via?: string;
  rules?: string;
  sourceSha256?: string;
  checks?: string[];
}

/** How a signed project's receipt fails, or `valid`. */
export type SignatureVerdict = 'valid' | 'unsigned' | 'unknown-signer' | 'bad-signature' | 'signer-not-allowed';

/** The diagnostic for each way a signed project's receipt fails (one table for every layer that says it). */
export const VERDICT_CODES = {
  unsigned: 'certify/receipt-unsigned',
  'unknown-signer': 'certify/receipt-unknown-signer',
  'bad-signature': 'certify/receipt-bad-signature',
  'signer-not-allowed': 'certify/receipt-signer-not-allowed',
} as const;

/** Receipt states that name how a signed project's receipt fails (the keys of VERDICT_CODES). */
export const SIGNATURE_VERDICTS: ReadonlySet<string> = new Set(Object.keys(VERDICT_CODES));

/** The exact text a certifier signs for `block`. */
export function receiptPayload(blockId: string, r: SignedFields): string {
  const { certifiedBy, certifiedAt, via, rules, sourceSha256, checks } = r;
  return canonicalJson({ kind: 'svc-certification-receipt', block: blockId, certifiedBy, certifiedAt, via, rules, sourceSha256, checks });
}

/** The verdict on a block's receipt under the project's certifier trust (`valid` when signing is off). */
export function judgeSignature(block: Pick<CompiledBlock, 'id' | 'domain' | 'file' | 'companion'>, trust: CertifierTrust): SignatureVerdict {
  if (!trust.signed) return 'valid';
  const receipt = block.companion?.certification;
  if (receipt?.signature === undefined || receipt.signedBy === undefined) return 'unsigned';
  const signer = trust.signers.find((s) => s.keyId === receipt.signedBy);
  if (signer === undefined) return 'unknown-signer';
  if (!verifyText(signer.key, receiptPayload(block.id, receipt), receipt.signature)) return 'bad-signature';
  return mayCertify(signer, block) ? 'valid' : 'signer-not-allowed';
}

/** A project-level certified artifact other than a block: a business term or a view. */
export type ArtifactKind = 'term' | 'view';

/**
 * The exact text a certifier signs for a term or a view: its own kind, so a block's signature
 * (or one artifact kind's) never verifies on another of the same id.
 */
export function artifactPayload(kind: ArtifactKind, id: string, r: Omit<SignedFields, 'rules' | 'checks'>): string {
  const { certifiedBy, certifiedAt, via, sourceSha256 } = r;
  return canonicalJson({ kind: `svc-${kind}-receipt`, [kind]: id, certifiedBy, certifiedAt, via, sourceSha256 });
}

/**
 * The verdict on a term's or view's receipt under the project's certifier trust (`valid` when
 * signing is off): signed by a listed key, verifying, and allowed for the artifact's domain or
 * for the file it lives in.
 */
export function judgeArtifactSignature(
  kind: ArtifactKind,
  subject: { id: string; domain: string; file: string },
  receipt: (Omit<SignedFields, 'rules' | 'checks'> & { signedBy?: string; signature?: string }) | undefined,
  trust: CertifierTrust,
): SignatureVerdict {
  if (!trust.signed) return 'valid';
  if (receipt?.signature === undefined || receipt.signedBy === undefined) return 'unsigned';
  const signer = trust.signers.find((s) => s.keyId === receipt.signedBy);
  if (signer === undefined) return 'unknown-signer';
  if (!verifyText(signer.key, artifactPayload(kind, subject.id, receipt), receipt.signature)) return 'bad-signature';
  return mayCertify(signer, subject) ? 'valid' : 'signer-not-allowed';
}
