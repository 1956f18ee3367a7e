/**
 * The App Builder (spec 01 "Build with AI (App Builder orchestrator)"): the source catalog and
 * its search, build drafts at version 3 (with the lazy version 2 migration), the planner,
 * compose, Ask answers added to a draft, preview with its evidence store, the publication
 * preflight and the all-or-nothing publication. Shared by `/api/app-builds/*` and the command line.
 */
export { type AddedAnswer, addAnswer } from './add-answer.js';
export { BuildError } from './build-error.js';
export { AUTOPILOT_FOLDER, BUILD_LIMITS, PUBLISHED_FILE, sweepArtifacts } from './build-retention.js';
export { CARDS_MAX, CARDS_MIN, candidateCards } from './candidate-cards.js';
export { compose } from './compose.js';
export { BUILDS_DIR, buildFolder, contentOf, createDraft, type DraftContent, nextRevision, readDraft, readRevision } from './draft-store.js';
export { readEvidence } from './evidence-store.js';
export { filterCandidates, type TileFilterCandidates } from './filter-candidates.js';
export { type DraftOperation, OPERATION_NAMES } from './operations.js';
export { planDraft } from './planner.js';
export { type Blocker, type Preflight, preflight } from './preflight.js';
export { PREVIEW_CONCURRENCY, type PreviewResult, previewDraft } from './preview.js';
export { APP_ID, type Published, publishDraft } from './publish.js';
export { PAGE_DEFAULT, PAGE_MAX, type SourcePage, searchSources } from './search-sources.js';
export { blockOfSource, catalogSnapshot, catalogSources, sourceId } from './source-catalog.js';
export type { AppBuildDraft, CatalogSource, TrustMode } from './types.js';
