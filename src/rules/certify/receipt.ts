/**
 * The certification receipt written beside `reviewStatus: certified` in the companion YAML.
 * `checks` names the categories of rules that were evaluated and passed (metadata, validation,
 * run, tests), read from the policy itself so a project's added rules count too.
 */
import type { Policy } from '../policy.js';

/** Receipt check categories, in the order they are listed. */
export const RECEIPT_CHECKS = ['metadata', 'validation', 'run', 'tests'] as const;
export type ReceiptCheck = (typeof RECEIPT_CHECKS)[number];

/** Where a certification was made (spec 01, Certification receipt). */
export type CertifiedVia = 'block-studio' | 'sql-import' | 'app-dataset' | 'cli';
export type CertificationRules = 'oss' | 'enterprise';

export interface CertificationReceipt {
  certifiedBy: string;
  /** ISO 8601. */
  certifiedAt: string;
  via: CertifiedVia;
  rules: CertificationRules;
  /** sourceSha256 of the exact source that was certified (what `svc compile` computes). */
  sourceSha256: string;
  checks: ReceiptCheck[];
  /** Id of the key that signed the receipt, in a project that signs receipts. */
  signedBy?: string;
  /** `ed25519:<base64url>` over the receipt's canonical payload (src/compiler/project/receipt-signature.ts). */
  signature?: string;
}

function isReceiptCheck(category: string | undefined): category is ReceiptCheck {
  return (RECEIPT_CHECKS as readonly string[]).includes(category ?? '');
}

/** The categories the policy's rules cover, in receipt order. */
export function receiptChecks(policy: Policy): ReceiptCheck[] {
  const present = new Set(policy.rules.map((r) => r.category).filter(isReceiptCheck));
  return RECEIPT_CHECKS.filter((c) => present.has(c));
}

/** The policy name a receipt's `rules` value stands for. */
export function certificationPolicyName(rules: CertificationRules): 'certification.oss' | 'certification.enterprise' {
  return rules === 'enterprise' ? 'certification.enterprise' : 'certification.oss';
}

export interface ReceiptInput {
  certifiedBy: string;
  certifiedAt: Date;
  /** Where the certification is made: every surface names itself. */
  via: CertifiedVia;
  rules: CertificationRules;
  sourceSha256: string;
  policy: Policy;
}

export function buildReceipt(input: ReceiptInput): CertificationReceipt {
  return {
    certifiedBy: input.certifiedBy,
    certifiedAt: input.certifiedAt.toISOString(),
    via: input.via,
    rules: input.rules,
    sourceSha256: input.sourceSha256,
    checks: receiptChecks(input.policy),
  };
}
