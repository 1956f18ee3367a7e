/**
 * One way to ask the host's `authorize` (spec 02): whether `principal` may take `action` on
 * `resource`. Without the hook everything is allowed; a throw, a wrong shape or a late answer is
 * a refusal with a reason and the reference its log line carries (never an allowance).
 */

import { callHook } from './call-hook.js';
import type { ContextHooks, Principal } from './context/request-context.js';
import type { RouteResource } from './context/route-action.js';
import type { AuthorizeDecision } from './hooks.js';
import { isDecision } from './shapes.js';

export async function authorizeAction(
  host: ContextHooks,
  principal: Principal,
  action: string,
  resource: RouteResource,
): Promise<AuthorizeDecision & { reference?: string }> {
  const authorize = host.hooks.authorize;
  if (authorize === undefined) return { allow: true };
  const outcome = await callHook({
    name: 'authorize',
    invoke: () => authorize.call(host.hooks, principal, action, resource),
    accept: isDecision,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  if (outcome.kind === 'ok') return outcome.value;
  if (outcome.kind === 'timeout')
    return { allow: false, reason: 'The service could not check what you may do right now; try again in a moment.', reference: outcome.reference };
  return { allow: false, reason: `The service could not check what you may do (reference ${outcome.reference}).`, reference: outcome.reference };
}
