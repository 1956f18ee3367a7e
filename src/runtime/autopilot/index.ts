/**
 * The App Autopilot (spec 01 "App Autopilot (right-side assistant for a saved draft)"): a run on a
 * saved App build draft that proposes one bounded intent as draft operations held for review
 * (run-autopilot.ts), the review artifacts (review-store.ts) and the only way a proposal changes
 * the draft, an explicit and idempotent Apply (apply-proposal.ts). Shared by
 * `/api/app-builds/:id/autopilot*`.
 */
export { type Applied, type ApplyRequest, applyProposal, discardProposal } from './apply-proposal.js';
export { AutopilotError } from './autopilot-error.js';
export { INTENT_KINDS, INTENT_SCHEMAS, type Intent, type IntentKind, readIntent } from './intents.js';
export { type ReviewArtifact, readArtifact, settledOf } from './review-store.js';
export { type AutopilotContext, type AutopilotRequest, type AutopilotRun, runAutopilot } from './run-autopilot.js';
export { type SafeSummary, SUMMARY_GROUPS_MAX, safeSummary } from './safe-summary.js';
