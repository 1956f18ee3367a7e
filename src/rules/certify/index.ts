/** Certification and promotion decisions: pure, so every rule can be tested with plain values. */
export { certifiedSource, compileText, sourceLocation, type CertifiedSource, type CertifiedSourceInput, type SourceEnv } from './certified-source.js';
export { certifiedCompanionText, statusCompanionText } from './companion-text.js';
export { contractManifestPatch, type ContractEntry, type ManifestPatch } from './contract-patch.js';
export { evaluateCertification, type CertificationDecision, type RuleOutcome } from './evaluate-certification.js';
export {
  chooseContract,
  isDomainName,
  promotedCompanionPath,
  promotionPath,
  suggestedContract,
  type ContractChoice,
  type ContractDecision,
} from './promotion-plan.js';
export {
  RECEIPT_CHECKS,
  buildReceipt,
  certificationPolicyName,
  receiptChecks,
  type CertificationReceipt,
  type CertificationRules,
  type CertifiedVia,
  type ReceiptCheck,
  type ReceiptInput,
} from './receipt.js';
export {
  CAPTURE_FIELDS,
  REVIEW_REQUIRED_TAG,
  REVIEW_REQUIRED_TAGS,
  findDeclaration,
  rewriteForCertification,
  setStatus,
  type CertifyEdits,
} from './rewrite-block.js';
