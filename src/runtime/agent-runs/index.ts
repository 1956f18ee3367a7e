/**
 * The Ask cascade (Tier 1 certified, Tier 2 review required + draft capture, Tier 3 refused),
 * shared by `POST /api/agent-runs`, `svc agent ask` and the agent tools:
 *
 *   const run = await runAsk({ root, manifest, executor, router, provider, config, now }, { question });
 *
 * or, for a long-lived surface that must see the drafts it captures, `createAskService(...)`.
 */
export { runAsk } from './run-ask.js';
export { createAskService, withDraft, type AskService, type AskServiceInput } from './ask-service.js';
export {
  configuredProvider,
  createModelProvider,
  openAiCompatibleProvider,
  providerSettings,
  ModelProviderError,
  DEFAULT_LOCAL_BASE_URL,
  type ChatMessage,
  type ModelProvider,
  type ModelProviderErrorCode,
  type ModelProviderKind,
  type ProviderSettings,
} from './model-provider.js';
export { readModelReply, normaliseSql, type ModelReply } from './extract-sql.js';
export { buildPrompt, type PromptInput } from './model-prompt.js';
export { draftTarget, entityOfTable, projectLayout, type DraftTarget } from './draft-target.js';
export { certifyCommand } from './run-shapes.js';
export {
  ASK_REFUSAL_CODES,
  type AskContext,
  type AskRefusal,
  type AskRefusalCode,
  type AskRequest,
  type AskRun,
  type AskTier,
  type AskTrust,
  type ReviewDraft,
} from './types.js';
