/**
 * The doctor's model check: the configured `ask.provider` reads, its API key variable is set,
 * and its endpoint answers (`GET <baseUrl>/models`, the listing every OpenAI-compatible server
 * offers; no question and no data are sent). No provider is not a failure: Ask then answers
 * from certified blocks only.
 */
import type { SvcConfig } from '../../compiler/project/config.js';
import { providerSettings } from '../agent-runs/model-provider.js';
import type { DoctorCheck } from './doctor.js';

function settingsOf(config: SvcConfig, env: NodeJS.ProcessEnv): ReturnType<typeof providerSettings> | DoctorCheck {
  try {
    return providerSettings(config, env);
  } catch (error) {
    return { check: 'model', status: 'fail', detail: `ask.provider cannot be used: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function reasonOf(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code !== undefined ? `nothing answers (${code})` : 'nothing answers';
}

/** The model provider's check. */
export async function modelCheck(config: SvcConfig, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<DoctorCheck> {
  const settings = settingsOf(config, env);
  if (settings !== undefined && 'check' in settings) return settings;
  if (settings === undefined)
    return { check: 'model', status: 'skip', detail: 'no model configured (ask.provider): questions no certified block answers are refused' };
  const key = settings.apiKeyEnv !== undefined ? env[settings.apiKeyEnv] : undefined;
  if (settings.apiKeyEnv !== undefined && (key ?? '') === '')
    return { check: 'model', status: 'fail', detail: `ask.provider.apiKeyEnv names $${settings.apiKeyEnv}, which is not set` };
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/models`;
  try {
    const response = await fetch(url, { headers: key !== undefined ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403)
      return { check: 'model', status: 'fail', detail: `${settings.model} at ${settings.baseUrl} refuses the API key (HTTP ${response.status})` };
    return { check: 'model', status: 'ok', detail: `${settings.model} at ${settings.baseUrl} answers (HTTP ${response.status})` };
  } catch (error) {
    return { check: 'model', status: 'fail', detail: `${settings.model} at ${settings.baseUrl}: ${reasonOf(error, timeoutMs)}` };
  }
}
