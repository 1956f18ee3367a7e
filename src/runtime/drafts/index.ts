/**
 * Draft blocks of the promotion loop: capture of Tier-2 answers (`captureDraft`) and the review
 * queue (`listProposals`). Promotion itself is `promoteDraft` in ../certify.
 */
export { type CapturedDraft, type CaptureInput, captureDraft, DraftError, type DraftErrorCode } from './capture-draft.js';
export { type DraftLayout, draftsFolder } from './draft-files.js';
export { MAX_SLUG_LENGTH, questionSlug, uniqueSlug } from './draft-slug.js';
export { DRAFT_DESCRIPTION, suggestedContractId } from './draft-source.js';
export { type ListProposalsOptions, listProposals, type Proposal } from './list-proposals.js';
