/**
 * The Ask cascade (Tier 1 certified, Tier 2 review required + draft capture, Tier 3 refused),
 * shared by `POST /api/agent-runs`, `svc agent ask` and the agent tools:
 *
 *   const run = await runAsk({ root, manifest, executor, router, provider, config, now }, { question });
 *
 * or, for a long-lived surface that must see the drafts it captures, `createAskService(...)`.
 */

export { type AskService, type AskServiceInput, createAskService, withDraft } from './ask-service.js';
export { type DraftTarget, draftTarget, entityOfTable, projectLayout } from './draft-target.js';
export { type ModelReply, normaliseSql, readModelReply } from './extract-sql.js';
export { buildPrompt, type PromptInput } from './model-prompt.js';
export {
  type ChatMessage,
  configuredProvider,
  createModelProvider,
  DEFAULT_LOCAL_BASE_URL,
  type ModelProvider,
  ModelProviderError,
  type ModelProviderErrorCode,
  type ModelProviderKind,
  openAiCompatibleProvider,
  type ProviderSettings,
  providerSettings,
} from './model-provider.js';
export { runAsk } from './run-ask.js';
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
