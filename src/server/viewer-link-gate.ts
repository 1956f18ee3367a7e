/**
 * What a request carrying a viewer link may do (spec 02 Authentication 4): view, run and export
 * the one App the link names, list that App alone, say who it is, and load the app's own files;
 * nothing else. The link reader is placed as a principal of source `link` holding a `read` grant
 * for that App only (src/hooks/app-access.ts lets a link open nothing more), and the App must
 * still be shareable (app-sharing.ts) on every request.
 */
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../hooks/context/request-context.js';
import { routeAction } from '../hooks/context/route-action.js';
import type { HostHooks } from '../hooks/hooks.js';
import { APP_RULES } from './app-paths.js';
import { shareRefusal } from './app-sharing.js';
import type { ApiErrorCode } from './codes.js';
import { snapshotOf } from './snapshot-hook.js';
import { verifyViewerLink } from './viewer-link.js';

/** The API routes a link may use besides the app's own files; App routes only for the link's App. */
const LINK_API_RULES: ReadonlySet<string> = new Set([
  'GET /api/apps',
  'GET /api/apps/:appId/pages/:pageId',
  'GET /api/identity',
  'POST /api/apps/:appId/dashboards/:pageId/export',
  'POST /api/apps/:appId/pages/:pageId/run',
]);

/** The principal a viewer link places: no one's own, a `read` grant for its App alone. */
export function linkPrincipal(appId: string): Principal {
  return { id: `link:${appId}`, kind: 'person', displayName: 'Viewer link', source: 'link', appGrants: { [appId]: 'read' } };
}

export type LinkAdmission = { principal: Principal; expiresAt: number } | { status: number; code: ApiErrorCode; message: string };

const INVALID = { status: 401, code: 'VIEWER_LINK_INVALID' } as const;

/** Admits `request` carrying viewer token `token` on a server whose shared token is `serverToken`, or says why not. */
export function admitViewerLink(request: FastifyRequest, token: string, serverToken: string, hooks: HostHooks | undefined, now = Date.now()): LinkAdmission {
  const checked = verifyViewerLink(serverToken, token, now);
  if (!checked.ok)
    return checked.why === 'expired'
      ? { ...INVALID, message: 'This viewer link has expired; ask its owner for a new one.' }
      : { ...INVALID, message: 'This viewer link is not valid here (it may have been ended); ask its owner for a new one.' };
  const { appId } = checked.link;
  const route = routeAction(request.method, request.url);
  const rule = route.rule ?? '';
  const refused = { status: 403, code: 'VIEWER_LINK_REFUSED' as const, message: 'A viewer link opens only the pages of the App it was made for.' };
  if (!APP_RULES.has(rule) && !LINK_API_RULES.has(rule)) return refused;
  if (route.resource.kind === 'app' && route.resource.id !== appId) return refused;
  const app = snapshotOf(request).manifest.apps?.[appId];
  if (app === undefined) return { ...refused, message: 'The App this viewer link was made for is no longer in the project.' };
  const why = shareRefusal(app, snapshotOf(request).manifest, hooks);
  if (why !== undefined) return { status: 403, code: 'APP_NOT_SHAREABLE', message: why };
  return { principal: linkPrincipal(appId), expiresAt: checked.link.expiresAt };
}
