/**
 * The host's `credentials` (spec 02 rules 6 and 7, spec 03 "Query path" 5): before any statement
 * of a hosted request, the person's own settings are laid over the connection (the row policy
 * then sees the final connection). A refusal, a throw, a late answer or a wrong shape is
 * CREDENTIALS_REQUIRED: the person must reconnect, and nothing runs. There is never a retry with
 * the project's own settings. Outside a hosted request, or without the hook, nothing changes.
 */

import { callHook } from '../hooks/call-hook.js';
import type { Asker } from '../hooks/context/request-context.js';
import type { CredentialsAnswer } from '../hooks/hooks.js';
import { isCredentialsAnswer } from '../hooks/shapes.js';
import { StatementError } from './types.js';

/** The settings to lay over the connection, and the id that keys cached results; none without the hook. */
export interface PersonCredentials {
  overlay?: Record<string, string | number | boolean>;
  credentialId: string;
}

/** Asks the asker's host for their credentials on connection `name`; throws CREDENTIALS_REQUIRED. */
export async function personCredentials(context: Asker, name: string, driver: string): Promise<PersonCredentials> {
  const host = context?.host;
  if (host?.hooks.credentials === undefined) return { credentialId: '' };
  const credentials = host.hooks.credentials.bind(host.hooks);
  const asked = { ...(context?.principal !== undefined ? { principal: context.principal } : {}), connection: name, driver };
  const outcome = await callHook<CredentialsAnswer>({
    name: 'credentials',
    invoke: () => credentials(asked),
    accept: isCredentialsAnswer,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  if (outcome.kind !== 'ok')
    throw new StatementError(
      'CREDENTIALS_REQUIRED',
      `Your warehouse sign-in could not be checked (reference ${outcome.reference}); reconnect, then try again.`,
    );
  const answer = outcome.value;
  if ('refuse' in answer)
    throw new StatementError(
      'CREDENTIALS_REQUIRED',
      answer.refuse.trim() === '' ? 'Your warehouse sign-in is needed again: reconnect, then try again.' : answer.refuse.slice(0, 500),
    );
  // Without an id the settings themselves key the cache: equal settings, equal rights.
  const credentialId = answer.credentialId ?? JSON.stringify(answer.settings ?? {});
  return { ...(answer.settings !== undefined ? { overlay: answer.settings } : {}), credentialId };
}
