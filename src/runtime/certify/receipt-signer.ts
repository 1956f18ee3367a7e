/**
 * Who signs a certification receipt: the certifier's local key, or with a host the `signing`
 * hook (the key service keeps the key). Either way the answer is checked before a receipt is
 * written: it must name a key on the project's certifier list, verify against it, and that
 * certifier must be allowed to certify the block. Anything else is no receipt, said plainly
 * with a code; a failing hook's own words go only to the server log under a reference.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CertifierTrust } from '../../compiler/project/certifiers.js';
import { signText } from '../../compiler/project/ed25519.js';
import {
  type ArtifactKind,
  artifactPayload,
  judgeArtifactSignature,
  judgeSignature,
  receiptPayload,
  VERDICT_CODES,
} from '../../compiler/project/receipt-signature.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { callHook } from '../../hooks/call-hook.js';
import type { ContextHooks, Principal } from '../../hooks/context/request-context.js';
import { type SigningAnswer, type SigningRequest, SLOW_HOOK_FACTOR } from '../../hooks/hooks.js';
import type { CertificationReceipt, CertifiedVia } from '../../rules/certify/index.js';
import { keyDir, readLocalKey } from './signing-key.js';

/** A signature over a payload, or why there is none. */
export type SignOutcome = { ok: true; signedBy: string; signature: string } | { ok: false; reason: string; reference?: string; noKey?: string };

export type ReceiptSigner = (payload: string) => Promise<SignOutcome>;

/** Signs with the local key in `dir` (default: the user's key folder). */
export function localSigner(dir: string = keyDir()): ReceiptSigner {
  return async (payload) => {
    const key = readLocalKey(dir);
    if (key === undefined) return { ok: false, reason: 'no signing key', noKey: dir };
    return { ok: true, signedBy: key.keyId, signature: signText(key.privateKeyPem, payload) };
  };
}

const isAnswer = (v: unknown): v is SigningAnswer =>
  v !== null && typeof v === 'object' && typeof (v as SigningAnswer).keyId === 'string' && typeof (v as SigningAnswer).signature === 'string';

/** Signs through the host's `signing` hook, under six times the hook time limit, for `purpose`. */
export function hostSigner(host: ContextHooks, principal?: Principal, purpose: SigningRequest['purpose'] = 'certification'): ReceiptSigner {
  return async (payload) => {
    const hook = host.hooks.signing;
    if (hook === undefined) return { ok: false, reason: 'the host has no signing hook' };
    const outcome = await callHook({
      name: 'signing',
      invoke: () => hook.sign({ purpose, payload, ...(principal !== undefined ? { principal } : {}) }),
      accept: isAnswer,
      timeoutMs: host.timeoutMs * SLOW_HOOK_FACTOR,
      log: host.log,
    });
    if (outcome.kind === 'ok') return { ok: true, signedBy: outcome.value.keyId, signature: outcome.value.signature };
    const reason = { throw: 'the key service failed', timeout: 'the key service did not answer in time', shape: 'the key service answered something else' }[
      outcome.kind
    ];
    return { ok: false, reason, reference: outcome.reference };
  };
}

/** The signer a certification (or an export) uses: the host's key service when it has one, else the local key. */
export function signerFor(host: ContextHooks | undefined, principal?: Principal, purpose: SigningRequest['purpose'] = 'certification'): ReceiptSigner {
  return host?.hooks.signing !== undefined ? hostSigner(host, principal, purpose) : localSigner();
}

type Signable = Pick<CompiledBlock, 'id' | 'domain' | 'file'>;

/**
 * The receipt signed, when the project signs receipts (unchanged otherwise), or the diagnostic
 * saying why there is no receipt. The signature is verified here as every surface will verify it.
 */
export async function signReceipt(
  block: Signable,
  receipt: CertificationReceipt,
  trust: CertifierTrust,
  signer: ReceiptSigner,
): Promise<{ receipt?: CertificationReceipt; failure?: Diagnostic }> {
  if (!trust.signed) return { receipt };
  const where = { file: block.file };
  const { signedBy: _by, signature: _sig, ...fields } = receipt;
  const signed = await signer(receiptPayload(block.id, fields));
  if (!signed.ok) {
    if (signed.noKey !== undefined) return { failure: diag('certify/no-signing-key', { dir: signed.noKey }, where) };
    return { failure: diag('certify/signing-failed', { block: block.id, reason: signed.reason, reference: signed.reference ?? 'none' }, where) };
  }
  const out: CertificationReceipt = { ...fields, signedBy: signed.signedBy, signature: signed.signature };
  const verdict = judgeSignature({ ...block, companion: { file: '', certification: out } }, trust);
  if (verdict === 'valid') return { receipt: out };
  return { failure: diag(VERDICT_CODES[verdict], { block: block.id, file: block.file, signedBy: signed.signedBy }, where) };
}

/** A term's or view's receipt as `svc certify --term` / `--view` (or Block Studio) writes it. */
export interface ArtifactReceipt {
  certifiedBy: string;
  certifiedAt: string;
  via: CertifiedVia;
  sourceSha256: string;
  signedBy?: string;
  signature?: string;
}

/**
 * A term's or view's receipt signed, when the project signs receipts (unchanged otherwise), or
 * the diagnostic saying why there is none; verified here as the compiler will verify it.
 */
export async function signArtifact(
  kind: ArtifactKind,
  subject: { id: string; domain: string; file: string },
  receipt: ArtifactReceipt,
  trust: CertifierTrust,
  signer: ReceiptSigner,
): Promise<{ receipt?: ArtifactReceipt; failure?: Diagnostic }> {
  if (!trust.signed) return { receipt };
  const where = { file: subject.file };
  const { signedBy: _by, signature: _sig, ...fields } = receipt;
  const signed = await signer(artifactPayload(kind, subject.id, fields));
  if (!signed.ok) {
    if (signed.noKey !== undefined) return { failure: diag('certify/no-signing-key', { dir: signed.noKey }, where) };
    return { failure: diag('certify/signing-failed', { block: subject.id, reason: signed.reason, reference: signed.reference ?? 'none' }, where) };
  }
  const out: ArtifactReceipt = { ...fields, signedBy: signed.signedBy, signature: signed.signature };
  const verdict = judgeArtifactSignature(kind, subject, out, trust);
  if (verdict === 'valid') return { receipt: out };
  const code = kind === 'term' ? 'certify/term-receipt-signature' : 'certify/view-receipt-signature';
  return { failure: diag(code, { [kind]: subject.id, verdict, signedBy: signed.signedBy }, where) };
}
