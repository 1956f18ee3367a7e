/**
 * GET /api/host/ui (spec 03 "Host routes", "GET /api/host/ui capability rules"): without a host
 * `{ host: false }`; with one, the person, the host's UI additions kept to their shapes
 * (ui-additions.ts), and each action of the vocabulary asked of `authorize` on the project:
 * `capabilities[action]` true or false, and for a refusal the host's reason and a same-origin
 * next link. `export` is offered only when `query.run` is too. The route never fails because of
 * a hook: a failing `ui` reads as no additions, a failing `authorize` as not allowed.
 */

import type { FastifyPluginAsync } from 'fastify';
import { authorizeAction } from '../../hooks/authorize-action.js';
import { callHook } from '../../hooks/call-hook.js';
import type { RequestContext } from '../../hooks/context/request-context.js';
import { isSameOriginPath } from '../../hooks/shapes.js';
import { sanitiseUi } from '../../hooks/ui-additions.js';
import { HOST_UI_ROUTE, type HostMap } from '../contract/host.js';
import type { RouteOptions } from '../deps.js';

/** Every action a screen may offer or hide, asked on the project (`tool.<name>` is per tool). */
export const CAPABILITY_ACTIONS = [
  'app.author',
  'app.publish',
  'app.view',
  'ask',
  'connection.manage',
  'dataset.author',
  'dataset.certify',
  'export',
  'git.review',
  'hint.review',
  'project.read',
  'project.write',
  'query.run',
  'request.create',
  'research',
  'schedule.manage',
  'settings.manage',
] as const;

type Host = NonNullable<RequestContext['host']>;
type Principal = NonNullable<RequestContext['principal']>;

async function capabilities(host: Host, principal: Principal) {
  const decisions = new Map(
    await Promise.all(CAPABILITY_ACTIONS.map(async (a) => [a, await authorizeAction(host, principal, a, { kind: 'project' })] as const)),
  );
  const allowed: Record<string, boolean> = {};
  const refusals: Record<string, { reason?: string; next?: { label: string; href: string } }> = {};
  for (const [action, decision] of decisions) {
    // Exports run SQL the person chose: offered only with query.run (rule 1).
    allowed[action] = decision.allow && (action !== 'export' || decisions.get('query.run')?.allow === true);
    if (decision.allow) continue;
    const next =
      decision.next !== undefined && isSameOriginPath(decision.next.href) ? { label: decision.next.label.slice(0, 200), href: decision.next.href } : undefined;
    refusals[action] = { ...(typeof decision.reason === 'string' ? { reason: decision.reason.slice(0, 500) } : {}), ...(next !== undefined ? { next } : {}) };
  }
  return { capabilities: allowed, refusals };
}

async function additions(host: Host, principal: Principal) {
  const ui = host.hooks.ui;
  if (ui === undefined) return {};
  const outcome = await callHook({
    name: 'ui',
    invoke: () => ui.call(host.hooks, principal),
    accept: (v: unknown): v is unknown => true,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  return outcome.kind === 'ok' ? sanitiseUi(outcome.value) : {};
}

export const hostUiRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Reply: HostMap }>('/api/host/ui', { schema: HOST_UI_ROUTE }, async (request) => {
    const context = request.asker;
    const host = context?.host;
    const principal = context?.principal;
    // Only an unhosted server says `host: false`: a hosted answer never contradicts X-SVC-Hosted.
    if (host === undefined) return { host: false };
    if (principal === undefined) return { host: true };
    const [ui, caps] = await Promise.all([additions(host, principal), capabilities(host, principal)]);
    const person = {
      id: principal.id,
      ...(principal.displayName !== undefined ? { name: principal.displayName } : {}),
      ...(principal.email !== undefined ? { email: principal.email } : {}),
    };
    return { host: true, person, ui, ...caps };
  });
};
