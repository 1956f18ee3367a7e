/**
 * Places every request in its context before any route runs: the principal, a request id, and
 * the action and destination routeAction maps it to. Routes read it as `request.asker` and pass
 * it on; the rest of the request also runs inside runWithContext, for a host's own hook code.
 *
 * Without a host the principal is the local owner. With a host (spec 02 "Authentication",
 * spec 03 "Errors"): every answer carries `X-SVC-Hosted: 1`; `resolvePrincipal` names the
 * person (null: 401 SIGN_IN_REQUIRED, with `X-SVC-Sign-In` when the host's sign-in path is
 * same-origin; no answer in time: 503 IDENTITY_UNAVAILABLE; a throw or a wrong shape: 401 with
 * a reference, since no one could be placed; a host with no resolvePrincipal places no one, so
 * every route but health, the app's files and `GET /api/identity` is 401); then `authorize` decides the route's action
 * (refused, failed or late: 403 PERMISSION_DENIED, nothing runs). Health stays open and asks
 * neither hook.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../hooks/audit.js';
import { authorizeAction } from '../hooks/authorize-action.js';
import { callHook } from '../hooks/call-hook.js';
import { localPrincipal, ownerKey, type Persona, type Principal, type RequestContext } from '../hooks/context/request-context.js';
import { type RouteAction, routeAction } from '../hooks/context/route-action.js';
import { carriesWrittenSql, requiredActions, runsSql } from '../hooks/context/sql-routes.js';
import { type AuthorizeDecision, DEFAULT_HOOK_TIMEOUT_MS, type HostHooks } from '../hooks/hooks.js';
import { isPrincipalAnswer, isSameOriginPath } from '../hooks/shapes.js';
import { localOwner } from '../runtime/certify/local-owner.js';
import { APP_RULES } from './app-paths.js';
import type { ServerDeps } from './deps.js';
import { send } from './errors.js';
import { runWithContext } from './request-scope.js';
import { PASS_HEADER } from './schedule-passes.js';
import { defaultLog } from './server-logger.js';

/**
 * Routes no one is placed for: health, and the app's page and files, which carry no data and are
 * the same for everyone (the app itself then meets the host's 401 and its sign-in page).
 */
function isOpen(route: RouteAction): boolean {
  return route.rule === 'GET /api/health' || (route.rule !== undefined && APP_RULES.has(route.rule));
}

/** The routes that open one App (`app.view` on it): the App page, its run and its follow. */
const APP_VIEW_RULES: ReadonlySet<string> = new Set([
  'GET /api/apps/:appId/pages/:pageId',
  'POST /api/apps/:appId/pages/:pageId/run',
  'POST /api/apps/:appId/follow',
  'PUT /api/follows/:appId/:pageId',
]);

function isAppView(route: RouteAction): boolean {
  return route.action === 'app.view' && route.resource.kind === 'app' && route.rule !== undefined && APP_VIEW_RULES.has(route.rule);
}

/**
 * A request carrying a schedule pass runs as the schedule's owner, destination `delivery`
 * (spec 03 Authentication 4, Query path 2), and asks no host who it is: the owner was placed when
 * the schedule ran. A pass that does not hold is 401 SCHEDULE_PASS_REFUSED, never a fall back to
 * the request's other credentials. Undefined when the request carries no pass.
 */
function passContext(request: FastifyRequest, reply: FastifyReply, deps: ServerDeps): RequestContext | 'refused' | undefined {
  const token = request.headers[PASS_HEADER];
  if (token === undefined) return undefined;
  const route = routeAction(request.method, request.url);
  const pass =
    typeof token === 'string' && deps.passes !== undefined
      ? deps.passes.check(token, { ip: request.ip, rule: route.rule, appId: route.resource.id })
      : 'unknown';
  if (typeof pass === 'string') {
    send(reply, 401, 'SCHEDULE_PASS_REFUSED', `The schedule pass was refused (${pass}).`);
    return 'refused';
  }
  const host =
    deps.hooks !== undefined ? { host: { hooks: deps.hooks, timeoutMs: deps.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log: deps.log ?? defaultLog } } : {};
  return {
    principal: pass.principal,
    requestId: request.id,
    action: route.action,
    destination: 'delivery',
    schedule: { appId: pass.appId, scheduleId: pass.scheduleId },
    ...host,
  };
}

/** Places a request that carries a schedule pass; false when it carries none. */
function placedByPass(request: FastifyRequest, reply: FastifyReply, deps: ServerDeps, done: (error?: Error) => void): boolean {
  const context = passContext(request, reply, deps);
  if (context === undefined) return false;
  if (context === 'refused') return true;
  request.asker = context;
  if (runsSql(route(request))) deps.operations?.open(context, route(request) ?? '', reply);
  runWithContext(context, done);
  return true;
}

const route = (request: FastifyRequest): string | undefined => routeAction(request.method, request.url).rule;

/** The person's persona on this server, as a context field (none: the field is left out). */
function personaOf(deps: ServerDeps, principal: Principal): { persona?: Persona } {
  const key = ownerKey(principal);
  const persona = key === null ? undefined : deps.personas?.get(key);
  return persona !== undefined ? { persona } : {};
}

/** Installs the onRequest hook that opens each request's context. */
export function installRequestContext(app: FastifyInstance, deps: ServerDeps): void {
  app.decorateRequest('asker', undefined);
  if (deps.hooks !== undefined) return installHosted(app, deps, deps.hooks);
  let principal: Principal | undefined = deps.principal;
  const resolve = (): Principal => {
    // Resolved on first use, once per server: git may be asked for the owner's address.
    principal ??= localPrincipal(localOwner(deps.root, deps.config).owner);
    return principal;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (placedByPass(request, reply, deps, done)) return;
    const { action, destination, rule } = routeAction(request.method, request.url);
    const principal = resolve();
    request.asker = { principal, requestId: request.id, action, destination, ...personaOf(deps, principal) };
    if (runsSql(rule)) deps.operations?.open(request.asker, rule ?? '', reply);
    runWithContext(request.asker, done);
  });
  installWrittenSql(app);
}

/**
 * After the body is read: a request carrying SQL its caller wrote is also authorized for
 * `query.run` (refused: 403, nothing runs), and its statements' rows go back to the person. The
 * context object is changed in place, so the route and the host's own hook code read the same.
 */
function installWrittenSql(app: FastifyInstance, hooks?: HostHooks, deps?: ServerDeps): void {
  app.addHook('preHandler', async (request, reply) => {
    const context = request.asker;
    if (context === undefined || !carriesWrittenSql(routeAction(request.method, request.url).rule, request.body)) return;
    context.destination = 'person';
    if (hooks === undefined || deps === undefined || context.principal === undefined) return;
    const route: RouteAction = { ...routeAction(request.method, request.url), action: 'query.run', destination: 'person' };
    const decision = await decide(route, context.principal, hooks, deps);
    if (decision.allow) return;
    audit('refusal', { code: 'PERMISSION_DENIED' }, context);
    return denied(reply, route, decision);
  });
}

interface Placed {
  principal?: Principal;
  refused?: FastifyReply;
}

async function place(request: FastifyRequest, reply: FastifyReply, hooks: HostHooks, deps: ServerDeps): Promise<Placed> {
  if (hooks.resolvePrincipal === undefined) return {};
  const resolvePrincipal = hooks.resolvePrincipal.bind(hooks);
  const outcome = await callHook({
    name: 'resolvePrincipal',
    invoke: () => resolvePrincipal({ method: request.method, url: request.url, headers: request.headers, ip: request.ip }),
    accept: isPrincipalAnswer,
    timeoutMs: deps.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
    log: deps.log ?? defaultLog,
  });
  if (outcome.kind === 'timeout')
    return {
      refused: send(reply, 503, 'IDENTITY_UNAVAILABLE', 'The service could not check who you are right now; try again in a moment.', {
        reference: outcome.reference,
      }),
    };
  if (outcome.kind !== 'ok')
    return {
      refused: send(reply, 401, 'SIGN_IN_REQUIRED', `The service could not confirm who you are; sign in again (reference ${outcome.reference}).`, {
        reference: outcome.reference,
      }),
    };
  if (outcome.value === null) {
    if (isSameOriginPath(hooks.signInPath)) void reply.header('X-SVC-Sign-In', hooks.signInPath);
    return { refused: send(reply, 401, 'SIGN_IN_REQUIRED', 'Sign in to use this service.') };
  }
  // The service, not the host's answer, says where the principal came from.
  const principal: Principal = { ...outcome.value, source: 'host' };
  deps.known?.remember(principal);
  return { principal };
}

async function decide(route: RouteAction, principal: Principal, hooks: HostHooks, deps: ServerDeps): Promise<AuthorizeDecision & { reference?: string }> {
  const host = { hooks, timeoutMs: deps.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log: deps.log ?? defaultLog };
  return authorizeAction(host, principal, route.action, route.resource);
}

/**
 * The route's own action, then each action on the project the route also requires (sql-routes.ts):
 * the first refusal with the action it refused, else an allowance.
 */
async function decideAll(
  route: RouteAction,
  principal: Principal,
  hooks: HostHooks,
  deps: ServerDeps,
): Promise<{ route: RouteAction; decision: AuthorizeDecision & { reference?: string } }> {
  const asked: RouteAction[] = [route, ...requiredActions(route.rule).map((action) => ({ ...route, action, resource: { kind: 'project' as const } }))];
  for (const one of asked) {
    const decision = await decide(one, principal, hooks, deps);
    if (!decision.allow) return { route: one, decision };
  }
  return { route, decision: { allow: true } };
}

function denied(reply: FastifyReply, route: RouteAction, decision: AuthorizeDecision & { reference?: string }): FastifyReply {
  const reason = typeof decision.reason === 'string' && decision.reason.trim() !== '' ? decision.reason.slice(0, 500) : undefined;
  const next =
    decision.next !== undefined && isSameOriginPath(decision.next.href) ? { label: decision.next.label.slice(0, 200), href: decision.next.href } : undefined;
  const extra = {
    action: route.action,
    ...(next !== undefined ? { next } : {}),
    ...(decision.reference !== undefined ? { reference: decision.reference } : {}),
  };
  return send(reply, 403, 'PERMISSION_DENIED', reason ?? `You may not do this here (${route.action}).`, extra);
}

/** The request's context, or undefined when the request was answered here (refused). */
async function hostedContext(request: FastifyRequest, reply: FastifyReply, deps: ServerDeps, hooks: HostHooks): Promise<RequestContext | undefined> {
  const route = routeAction(request.method, request.url);
  const host = { hooks, timeoutMs: deps.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS, log: deps.log ?? defaultLog };
  const context: RequestContext = { requestId: request.id, action: route.action, destination: route.destination, host };
  if (isOpen(route)) return context;
  const placed = await place(request, reply, hooks, deps);
  if (placed.refused !== undefined) return undefined;
  // A host without resolvePrincipal places no one: only who-am-I answers (no one); the rest is
  // 401 (spec 03 Errors), so no route runs with nobody's rights.
  if (placed.principal === undefined) {
    if (route.rule === 'GET /api/identity') return context;
    send(reply, 401, 'SIGN_IN_REQUIRED', 'This service names no one for this request, so nothing here is open; sign in through the platform.');
    return undefined;
  }
  // Opening an App is the App decision's (src/server/app-gate.ts), asked by each such route: it
  // honours grants and owners before asking app.view, so the library and the page agree.
  if (isAppView(route)) return { ...context, principal: placed.principal, ...personaOf(deps, placed.principal) };
  const decided = await decideAll(route, placed.principal, hooks, deps);
  if (!decided.decision.allow) {
    audit('refusal', { code: 'PERMISSION_DENIED' }, { ...context, principal: placed.principal });
    denied(reply, decided.route, decided.decision);
    return undefined;
  }
  return { ...context, principal: placed.principal, ...personaOf(deps, placed.principal) };
}

function installHosted(app: FastifyInstance, deps: ServerDeps, hooks: HostHooks): void {
  // Callback style: `done` continues the request inside runWithContext, so the route and all
  // it awaits read the context; a refused request is answered here and `done` is not called.
  app.addHook('onRequest', (request, reply, done) => {
    // First, so refusals, failures and not-found answers carry it too.
    void reply.header('X-SVC-Hosted', '1');
    if (placedByPass(request, reply, deps, done)) return;
    hostedContext(request, reply, deps, hooks).then(
      (context) => {
        if (context === undefined) return;
        request.asker = context;
        const rule = routeAction(request.method, request.url).rule;
        if (runsSql(rule)) deps.operations?.open(context, rule ?? '', reply);
        runWithContext(context, done);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  installWrittenSql(app, hooks, deps);
}
