/**
 * Draft blocks of the promotion loop: capture of Tier-2 answers (`captureDraft`) and the review
 * queue (`listProposals`). Promotion itself is `promoteDraft` in ../certify.
 */
export { captureDraft, DraftError, type CaptureInput, type CapturedDraft, type DraftErrorCode } from './capture-draft.js';
export { listProposals, type ListProposalsOptions, type Proposal } from './list-proposals.js';
export { draftsFolder, type DraftLayout } from './draft-files.js';
export { questionSlug, uniqueSlug, MAX_SLUG_LENGTH } from './draft-slug.js';
export { DRAFT_DESCRIPTION, suggestedContractId } from './draft-source.js';
