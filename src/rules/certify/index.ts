/** Certification and promotion decisions: pure, so every rule can be tested with plain values. */
export { type CertifiedSource, type CertifiedSourceInput, certifiedSource, compileText, type SourceEnv, sourceLocation } from './certified-source.js';
export { certifiedCompanionText, statusCompanionText } from './companion-text.js';
export { type ContractEntry, contractManifestPatch, type ManifestPatch } from './contract-patch.js';
export { type CertificationDecision, evaluateCertification, type RuleOutcome } from './evaluate-certification.js';
export {
  type ContractChoice,
  type ContractDecision,
  chooseContract,
  isDomainName,
  promotedCompanionPath,
  promotionPath,
  suggestedContract,
} from './promotion-plan.js';
export {
  buildReceipt,
  type CertificationReceipt,
  type CertificationRules,
  type CertifiedVia,
  certificationPolicyName,
  RECEIPT_CHECKS,
  type ReceiptCheck,
  type ReceiptInput,
  receiptChecks,
} from './receipt.js';
export {
  CAPTURE_FIELDS,
  type CertifyEdits,
  findDeclaration,
  REVIEW_REQUIRED_TAG,
  REVIEW_REQUIRED_TAGS,
  rewriteForCertification,
  setStatus,
} from './rewrite-block.js';
