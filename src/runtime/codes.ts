/**
 * The runtime's one code table: what its own workflows answer with beyond an Ask refusal (the
 * Ask table, src/rules/ask-refusal-codes.ts): the model provider's failures (`model`, carried
 * in a MODEL_UNAVAILABLE refusal's reason), a draft that could not be captured (`draft`) or was
 * not meant to be (`capture`, both in a Tier-2 run's `capture.code`), an agent tool's own
 * refusals (`tool`; a tool otherwise refuses with the Ask table's codes), a live answer
 * tile that cannot run (`tile`), a key proof that could not be made (`keys`, in a proof's
 * `error.code` beside the statement and parameter codes), the App Builder's refusals (`build`,
 * src/runtime/app-builder) and the App Autopilot's typed recovery reasons (`autopilot`,
 * src/runtime/autopilot: why a request or an Apply was refused, the hint saying how to recover).
 * Never renamed: runs, tool results and pages carry them.
 */
import type { CodeMeaning, CodesWhere } from '../rules/code-table.js';

type Kind = 'model' | 'draft' | 'capture' | 'tool' | 'tile' | 'keys' | 'build' | 'autopilot';

const code = <const K extends Kind>(kind: K, meaning: string, hint: string) => ({ kind, meaning, hint });

export const RUNTIME_CODES = {
  ANSWER_NOT_LIVE: code(
    'tile',
    "A live answer tile points at an answer a certified block gave, and a block's SQL runs only as that block.",
    'Bind the tile to that block instead.',
  ),
  ANSWER_UNAVAILABLE: code(
    'tile',
    'The answer a live answer tile shows is no longer kept, so it cannot run.',
    'Ask again and add the new answer to the page, or bind the tile to a block.',
  ),
  APP_BUILD_NOT_FOUND: code(
    'build',
    'There is no App build draft with this id in the project.',
    'Start a build (POST /api/app-builds or svc app build) and use the id it answers.',
  ),
  APP_BUILD_OPERATION_INVALID: code(
    'build',
    'A compose operation names a page, tile, filter or parameter the draft does not have, or would leave the draft inconsistent.',
    'Read the draft revision again and send operations against what it holds.',
  ),
  APP_BUILD_PLANNER_FAILED: code(
    'build',
    'The configured planner model failed (unreachable, late, an HTTP error or a host that gave no model); no proposal was made and the draft is unchanged.',
    'Check ask.provider in svc.config.json and that the model is running, then plan again; a deterministic plan is never put in its place.',
  ),
  APP_BUILD_PLANNER_MALFORMED: code(
    'build',
    'The configured planner answered, but not with a plan svc accepts: not the JSON shape, or naming a source id it was not given; the draft is unchanged.',
    'Plan again, or compose the App by hand from the source catalog.',
  ),
  APP_BUILD_PREFLIGHT_FAILED: code(
    'build',
    'Publication preflight found blockers (draft or review sources, drift, gaps, open reviews, unsettled previews, unbound filters, a stale revision or snapshot); nothing was written.',
    'Resolve each blocker the answer lists, preview again and rerun the preflight.',
  ),
  APP_BUILD_PUBLISH_FAILED: code(
    'build',
    'Writing the App files failed part-way; every file was put back as it was before the publication.',
    'Check that the apps folder is writable and has space, then publish again.',
  ),
  APP_BUILD_REVISION_CONFLICT: code(
    'build',
    'The request was made against a draft revision that is no longer the newest one.',
    'Read the newest revision, review what changed, and send the request again against it.',
  ),
  APP_BUILD_SOURCE_NOT_ADDABLE: code(
    'build',
    'The source is not certified and the build is governed_only, so it cannot be added (it stays visible in the catalog).',
    'Add a certified source, or switch the build to include_review_required for a local preview (it still cannot be published).',
  ),
  APP_BUILD_SOURCE_UNKNOWN: code(
    'build',
    "A source id is not in the project's source catalog now (only ids the catalog gave may be used).",
    'Search the source catalog and use an id it lists.',
  ),
  AUTOPILOT_ARTIFACT_NOT_FOUND: code(
    'autopilot',
    "There is no Autopilot review artifact of yours with this id on this App build (a run id or another person's artifact reads as not found).",
    'Ask the Autopilot again on the draft and review the new proposal.',
  ),
  AUTOPILOT_CONTRACT_CHANGED: code(
    'autopilot',
    'The dataset contract of a source the proposal relies on (its columns, parameters, additivity, contract or lifecycle) changed since the proposal was made.',
    'Ask the Autopilot again so the proposal is compiled against the dataset as it is now.',
  ),
  AUTOPILOT_DISCARDED: code('autopilot', 'The proposal was discarded, so it can no longer be applied.', 'Ask the Autopilot again for a new proposal.'),
  AUTOPILOT_DRAFT_CHANGED: code(
    'autopilot',
    'The draft has a newer revision than the one the proposal was made against.',
    'Read the newest revision and ask the Autopilot again against it.',
  ),
  AUTOPILOT_EVIDENCE_REQUIRED: code(
    'autopilot',
    "The request is about a tile's results or its failure, and no settled preview of that tile was named or kept.",
    'Preview the draft, then ask again naming the preview and the tile.',
  ),
  AUTOPILOT_EVIDENCE_STALE: code(
    'autopilot',
    'The named preview is not current: it ran another draft revision, source revision, snapshot or tile than the saved draft holds now.',
    'Preview the draft again and ask again with the new preview.',
  ),
  AUTOPILOT_INTENT_MALFORMED: code(
    'autopilot',
    "The model's answer is not one JSON object of an Autopilot intent's schema; nothing was proposed.",
    'Ask again in other words, or make the change with the Build screen.',
  ),
  AUTOPILOT_INTENT_OUT_OF_BOUNDS: code(
    'autopilot',
    'The model asked for something outside the bounded Autopilot intents (SQL, rows, a source identity or an arbitrary operation); nothing was proposed.',
    'Ask for one change the Autopilot makes (a tile, page, filter, cross-filter, navigation, drill, layout) or for an explanation.',
  ),
  AUTOPILOT_MODEL_UNAVAILABLE: code(
    'autopilot',
    'No model answered the Autopilot: none is configured, the host gave none, or the call failed; nothing was proposed.',
    'Check ask.provider in svc.config.json and that the model is running, then ask again.',
  ),
  AUTOPILOT_NOTHING_TO_APPLY: code(
    'autopilot',
    'The review artifact is an explanation or guidance, which changes nothing, so there is nothing to apply.',
    'Ask for a change if the draft should change.',
  ),
  AUTOPILOT_PROPOSAL_MISMATCH: code(
    'autopilot',
    'The proposal hash sent with Apply is not the hash of the reviewed artifact.',
    'Read the artifact again and apply the proposal it holds.',
  ),
  AUTOPILOT_SOURCE_CHANGED: code(
    'autopilot',
    'A source the proposal relies on has another revision in the project now than when the proposal was made.',
    'Ask the Autopilot again so the proposal binds the source as it is now.',
  ),
  AUTOPILOT_TARGET_UNKNOWN: code(
    'autopilot',
    'The intent names a page, tile, source, field or parameter the saved draft and its supplied sources do not hold, or a change the draft refuses.',
    'Ask again naming what the draft holds, or make the change with the Build screen.',
  ),
  CAPTURE_OFF: code(
    'capture',
    "Draft capture is off (ask.reviewDraftCapture in svc.config.json, or the request's reviewDraftCapture).",
    'Turn capture on to save review-required answers as drafts.',
  ),
  CERTIFY_UNAVAILABLE: code(
    'tool',
    'The certify tool could not evaluate the certification rules (a project or block that cannot be read); its findings say why.',
    'Fix what the findings name, then call the tool again.',
  ),
  DRAFT_INVALID_INPUT: code(
    'draft',
    'A draft cannot be saved from this input: a domain that is not lower snake case, an entity that is not an identifier, or SQL that is empty or cannot be read.',
    'Fix the input the message names.',
  ),
  DRAFT_NOT_FOUND: code('tool', 'suggest_block was asked for a draft that is not in the review queue.', 'Call list_proposals for the drafts awaiting review.'),
  DRAFT_UNREADABLE: code(
    'draft',
    'The draft file this answer belongs in does not parse, so its ask counter was not changed and nothing was saved into it.',
    'Fix or delete the draft file (svc lint names the problem).',
  ),
  DRAFT_WRITE_FAILED: code(
    'draft',
    'Writing the draft file failed; the answer is unaffected.',
    "Check that the project's blocks folder is writable and has space.",
  ),
  FEEDBACK_TARGET_REQUIRED: code(
    'tool',
    'feedback_record was called without a runId or a blockId to attach the feedback to.',
    'Give a runId, a blockId or both.',
  ),
  HOSTED_RUNTIME: code(
    'capture',
    'A runtime a host runs for many people captures no drafts (spec 01 rule 8), unless the host says one person works here (onePerson).',
    'Save the answer another way, or run svc for one person.',
  ),
  KEYS_NOT_DECLARED: code(
    'keys',
    'A key proof was asked for a block whose grain declares no keys, so there is nothing to prove.',
    'Declare grain = { keys = ["..."] } in the block, or leave it out of the proof.',
  ),
  KEY_PROOF_NOT_CERTIFIED: code(
    'keys',
    'Key proofs prove what certified content declares; this block is not certified (or its receipt does not hold), so it was not proven.',
    'Certify the block first (svc certify), or check its grain while authoring with POST /api/datasets/validate-grain.',
  ),
  MODEL_CONFIG_INVALID: code(
    'model',
    'ask.provider cannot be used: a kind, model, base URL or API key variable that is missing or wrong.',
    'Fix ask.provider in svc.config.json as the message says, or set "kind": "none".',
  ),
  MODEL_HTTP_ERROR: code('model', 'The model answered with an HTTP error status.', "Check the model name, the API key and the provider's status."),
  MODEL_MALFORMED_REPLY: code(
    'model',
    "The model's reply is not the chat-completions shape (not JSON, too large, no choices[0].message.content).",
    'Check that ask.provider.baseUrl points at an OpenAI-compatible chat-completions API.',
  ),
  MODEL_NOT_LOOPBACK: code(
    'model',
    'A local model provider names a base URL that is not on this machine.',
    'Use a loopback base URL (127.0.0.1 or localhost), or kind "openai-compatible" for a remote model.',
  ),
  MODEL_TIMEOUT: code('model', 'The model did not answer within its deadline.', 'Try again; a local model may still be loading.'),
  MODEL_UNREACHABLE: code('model', 'The model is not running or cannot be reached.', 'Start the model runtime, or check ask.provider.baseUrl and the network.'),
  NO_DRAFTS: code(
    'tool',
    'suggest_block has no captured drafts to aggregate yet.',
    'Tier-2 answers are saved as drafts by query_via_metadata and answer_question; ask some first.',
  ),
  PROJECT_UNAVAILABLE: code(
    'tool',
    'The project configuration could not be read, so the tool cannot work.',
    'Fix svc.config.json (svc compile reports what is wrong).',
  ),
  QUERY_EMPTY: code('tool', 'A search tool was given no words to search for.', 'Give some words to search for.'),
  RELATIONSHIP_CROSS_CONNECTION: code(
    'keys',
    'A relationship joins blocks on two connections; its validation reads both in one statement, so it was not validated.',
    'Declare relationships between blocks on one connection, or prove the grain keys of each block instead.',
  ),
  RELATIONSHIP_NOT_DECLARED: code(
    'keys',
    'No relationship a block of this project declares answers to the name asked for (a qualified id <block id>.<name>, a block file or a relationship name), so nothing was validated.',
    'Declare it in the referring block (relationships { name = { to, keys, cardinality } }), or name one it declares.',
  ),
  RELATIONSHIP_TARGET_NOT_FOUND: code(
    'keys',
    'A relationship refers to a block (its `to`) this project does not have, so it was not validated.',
    'Name an existing block id in to = "<domain>.<name>", or remove the relationship.',
  ),
  SAVE_DRAFT_FALSE: code(
    'capture',
    'The request asked not to save a draft (saveDraft: false).',
    'Leave saveDraft out to save review-required answers as drafts.',
  ),
  SOURCE_REFUSED: code(
    'tile',
    "The host's sourceAccess does not admit this tile's certified source for the reader, so the tile did not run (the page's other tiles did).",
    'Ask the platform for access to the source, or read the tiles that ran.',
  ),
  TARGET_REQUIRED: code('tool', 'lineage_impact needs exactly one of block or table.', 'Give exactly one of block or table.'),
  TIER1_MATCH: code(
    'tool',
    'A certified block answers this question, so query_via_metadata writes no SQL for it.',
    'Ask it with query_via_block and the block the refusal names.',
  ),
} as const satisfies Record<string, CodeMeaning & { kind: Kind }>;

type Table = typeof RUNTIME_CODES;

export type ModelProviderErrorCode = CodesWhere<Table, { kind: 'model' }>;
export type DraftErrorCode = CodesWhere<Table, { kind: 'draft' }>;
/** Why a Tier-2 answer was not saved as a draft. */
export type CaptureCode = CodesWhere<Table, { kind: 'capture' }> | DraftErrorCode;
export type ToolCode = CodesWhere<Table, { kind: 'tool' }>;
export type TileCode = CodesWhere<Table, { kind: 'tile' }>;
export type KeyProofCode = CodesWhere<Table, { kind: 'keys' }>;
export type BuildCode = CodesWhere<Table, { kind: 'build' }>;
/** The Autopilot's typed recovery reasons. */
export type AutopilotCode = CodesWhere<Table, { kind: 'autopilot' }>;
