/**
 * The model provider of Tier 2: an OpenAI-compatible chat-completions client
 * (`POST {baseUrl}/chat/completions`), configured from `svc.config.json` `ask.provider`.
 * Kind `local` speaks the same protocol to a runtime on this machine and refuses any base URL
 * whose host is not loopback (spec 02, privacy boundary item 1), so it can never reach another
 * machine. Redirects are refused for every kind: a redirect could leave loopback.
 *
 * Failures are `ModelProviderError` values with stable codes; a reply that is not the protocol's
 * shape is MODEL_MALFORMED_REPLY, never a guess. The API key is read from the environment
 * variable the config names, at call time, and never appears in an error or a log.
 */
import type { SvcConfig } from '../../compiler/project/config.js';
import { isLoopbackHost } from '../../loopback.js';
import type { ModelProviderErrorCode } from '../codes.js';

export type ModelProviderKind = 'openai-compatible' | 'local';

/** The provider's failure codes: the runtime table's `model` codes (src/runtime/codes.ts). */
export type { ModelProviderErrorCode };

export class ModelProviderError extends Error {
  constructor(
    readonly code: ModelProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelProviderError';
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelProvider {
  readonly kind: ModelProviderKind;
  readonly model: string;
  readonly baseUrl: string;
  /** The assistant's reply text; throws ModelProviderError. `onUsage` hears the call's token counts. */
  complete(messages: readonly ChatMessage[], options?: { deadlineMs?: number; onUsage?: (usage: ModelUsage) => void }): Promise<string>;
}

/** Tokens one model call used, as the provider reported them (0 when it did not). */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ProviderSettings {
  kind: ModelProviderKind;
  baseUrl: string;
  model: string;
  apiKeyEnv?: string;
  /** Default deadline per call (30 s). */
  deadlineMs?: number;
}

/** Where a local runtime listens when neither the config nor SVC_LOCAL_MODEL_URL says. */
export const DEFAULT_LOCAL_BASE_URL = 'http://127.0.0.1:11434/v1';
/** Largest reply body read (a chat reply holding one SQL statement is a few kilobytes). */
const MAX_REPLY_BYTES = 2 * 1024 * 1024;

function parseBaseUrl(raw: string, kind: ModelProviderKind): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.baseUrl is not a URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.baseUrl must use http or https.');
  if (url.username !== '' || url.password !== '')
    throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.baseUrl must not carry credentials; use apiKeyEnv.');
  if (kind === 'local' && !isLoopbackHost(url.hostname)) {
    throw new ModelProviderError('MODEL_NOT_LOOPBACK', `A local model provider talks to this machine only; ${url.host} is not a loopback address.`);
  }
  return url;
}

/** The settings `ask.provider` describes, or undefined when no model is configured. */
export function providerSettings(config: SvcConfig | undefined, env: NodeJS.ProcessEnv = process.env): ProviderSettings | undefined {
  const raw = config?.ask?.['provider'];
  if (raw === undefined || raw === null || typeof raw !== 'object') return undefined;
  const p = raw as Record<string, unknown>;
  if (p['kind'] === 'none' || p['kind'] === undefined) return undefined;
  if (p['kind'] !== 'openai-compatible' && p['kind'] !== 'local')
    throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.kind must be openai-compatible, local or none.');
  const kind = p['kind'];
  const model = typeof p['model'] === 'string' && p['model'].trim() !== '' ? p['model'] : undefined;
  if (model === undefined) throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.model names no model.');
  const configured = typeof p['baseUrl'] === 'string' && p['baseUrl'] !== '' ? p['baseUrl'] : undefined;
  const baseUrl = configured ?? (kind === 'local' ? env['SVC_LOCAL_MODEL_URL'] || DEFAULT_LOCAL_BASE_URL : undefined);
  if (baseUrl === undefined) throw new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider.baseUrl is required for an openai-compatible provider.');
  const apiKeyEnv = typeof p['apiKeyEnv'] === 'string' ? p['apiKeyEnv'] : undefined;
  return { kind, baseUrl, model, ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}) };
}

function usageOf(body: unknown): ModelUsage {
  const usage = (body as { usage?: Record<string, unknown> } | null)?.usage;
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  return { promptTokens: count(usage?.['prompt_tokens']), completionTokens: count(usage?.['completion_tokens']) };
}

async function readReply(response: Response, onUsage?: (usage: ModelUsage) => void): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_REPLY_BYTES) throw new ModelProviderError('MODEL_MALFORMED_REPLY', 'The model reply is larger than svc reads.');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ModelProviderError('MODEL_MALFORMED_REPLY', 'The model reply is not JSON.');
  }
  const choice = (body as { choices?: unknown })?.choices;
  const first = Array.isArray(choice) ? (choice[0] as { message?: { content?: unknown } } | undefined) : undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string') throw new ModelProviderError('MODEL_MALFORMED_REPLY', 'The model reply has no choices[0].message.content text.');
  onUsage?.(usageOf(body));
  return content;
}

function failureOf(error: unknown, host: string, deadlineMs: number): ModelProviderError {
  if (error instanceof ModelProviderError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ModelProviderError('MODEL_TIMEOUT', `The model at ${host} did not answer within ${deadlineMs} ms.`);
  return new ModelProviderError('MODEL_UNREACHABLE', `The model at ${host} is not running or cannot be reached.`);
}

/** A provider over validated settings; throws MODEL_CONFIG_INVALID or MODEL_NOT_LOOPBACK. */
export function openAiCompatibleProvider(settings: ProviderSettings, env: NodeJS.ProcessEnv = process.env): ModelProvider {
  const base = parseBaseUrl(settings.baseUrl, settings.kind);
  const endpoint = `${base.href.replace(/\/+$/, '')}/chat/completions`;
  const defaultDeadline = settings.deadlineMs ?? 30_000;
  return {
    kind: settings.kind,
    model: settings.model,
    baseUrl: base.href,
    async complete(messages, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (settings.apiKeyEnv !== undefined) {
        const key = env[settings.apiKeyEnv];
        if (key === undefined || key === '')
          throw new ModelProviderError('MODEL_CONFIG_INVALID', `The environment variable ${settings.apiKeyEnv} named by ask.provider.apiKeyEnv is not set.`);
        headers['authorization'] = `Bearer ${key}`;
      }
      const deadlineMs = options.deadlineMs ?? defaultDeadline;
      const body = JSON.stringify({ model: settings.model, messages, temperature: 0 });
      try {
        const response = await fetch(endpoint, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(deadlineMs) });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new ModelProviderError('MODEL_HTTP_ERROR', `The model at ${base.host} answered HTTP ${response.status}.`);
        }
        return await readReply(response, options.onUsage);
      } catch (error) {
        throw failureOf(error, base.host, deadlineMs);
      }
    },
  };
}

/** The provider `svc.config.json` configures, or undefined when none is (kind `none` or absent). */
export function createModelProvider(config: SvcConfig | undefined, env: NodeJS.ProcessEnv = process.env): ModelProvider | undefined {
  const settings = providerSettings(config, env);
  return settings === undefined ? undefined : openAiCompatibleProvider(settings, env);
}

/**
 * The configured provider for a long-lived surface, never throwing: a configuration that cannot
 * be used (no model, a non-loopback local URL) yields a provider whose every call fails with
 * that error, so each Tier-2 attempt is refused with the reason instead of the server not
 * starting or silently acting as if no model were configured.
 */
export function configuredProvider(config: SvcConfig | undefined, env: NodeJS.ProcessEnv = process.env): ModelProvider | undefined {
  try {
    return createModelProvider(config, env);
  } catch (error) {
    const failure = error instanceof ModelProviderError ? error : new ModelProviderError('MODEL_CONFIG_INVALID', 'ask.provider cannot be used.');
    return { kind: 'openai-compatible', model: '', baseUrl: '', complete: () => Promise.reject(failure) };
  }
}
