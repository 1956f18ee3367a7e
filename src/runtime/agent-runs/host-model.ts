/**
 * The model of one Ask (spec 02 `modelProvider`): the host chooses per request, `{ id,
 * provider }` with the provider's settings (kind, baseUrl, model, apiKeyEnv), and undefined
 * keeps the project's. A throw, a wrong shape or settings that cannot be used refuse the model
 * step (HostModelUnavailableError), never falling back to the project's model: the host chose
 * not to allow it for this person.
 */

import { errorReference } from '../../hooks/context/error-reference.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { type ModelProvider, openAiCompatibleProvider, type ProviderSettings } from './model-provider.js';
import type { ChosenProvider } from './privacy-boundary.js';

/** The host could not give a model for this request; its words are in the log under `reference`. */
export class HostModelUnavailableError extends Error {
  constructor(readonly reference: string) {
    super(`No model could be chosen for you (reference ${reference}), so no SQL was written.`);
    this.name = 'HostModelUnavailableError';
  }
}

function settingsOf(value: unknown): ProviderSettings | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const p = value as Record<string, unknown>;
  if ((p['kind'] !== 'openai-compatible' && p['kind'] !== 'local') || typeof p['baseUrl'] !== 'string' || typeof p['model'] !== 'string' || p['model'] === '')
    return undefined;
  if (p['apiKeyEnv'] !== undefined && typeof p['apiKeyEnv'] !== 'string') return undefined;
  return { kind: p['kind'], baseUrl: p['baseUrl'], model: p['model'], ...(typeof p['apiKeyEnv'] === 'string' ? { apiKeyEnv: p['apiKeyEnv'] } : {}) };
}

function refuse(log: (line: string) => void, why: string): never {
  const reference = errorReference();
  log(`[${reference}] host hook modelProvider: ${why}`);
  throw new HostModelUnavailableError(reference);
}

/** The provider for the asker: their host's choice, else `project`. Throws HostModelUnavailableError. */
export function requestProvider(context: Asker, project: ModelProvider | undefined): ChosenProvider | undefined {
  const host = context?.host;
  const hook = host?.hooks.modelProvider;
  if (host === undefined || hook === undefined) return project;
  let answer: unknown;
  try {
    answer = hook.call(host.hooks, context?.principal !== undefined ? { principal: context.principal } : {});
  } catch (error) {
    return refuse(host.log, `threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (answer === undefined) return project;
  const id = (answer as { id?: unknown } | null)?.id;
  const settings = settingsOf((answer as { provider?: unknown } | null)?.provider);
  if (typeof id !== 'string' || id === '' || settings === undefined) return refuse(host.log, "answer not of the hook's shape");
  try {
    return { ...openAiCompatibleProvider(settings), id };
  } catch (error) {
    return refuse(host.log, `settings cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
}
