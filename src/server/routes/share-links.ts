/**
 * POST /api/apps/:appId/share-link (action `app.publish` on the App; spec 02 Authentication 4):
 * the owner of a network-shared server without a host makes a viewer link for one published App
 * with no per-member row rules (app-sharing.ts). The token is signed with a key derived from the
 * server token (viewer-link.ts), lasts 14 days and ends when the server token changes; a request
 * that carries it is admitted by the shared-token hook (viewer-link-gate.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { audit } from '../../hooks/audit.js';
import { shareRefusal } from '../app-sharing.js';
import { SHARE_LINK_ROUTE, type ShareLink, type ShareLinkRequest } from '../contract/share-links.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';
import { signViewerLink } from '../viewer-link.js';

export const shareLinksRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: { appId: string }; Body: ShareLinkRequest | undefined; Reply: ShareLink }>(
    '/api/apps/:appId/share-link',
    { schema: SHARE_LINK_ROUTE },
    async (request) => {
      const token = deps.sharedToken;
      // A hosted server shares through the host's sign-in; a loopback server without a token has no one to share with.
      if (token === undefined || deps.hooks !== undefined || request.asker?.principal?.source !== 'local')
        throw new ApiError(409, 'SHARE_LINK_UNAVAILABLE', 'Viewer links are made only by the owner of a network-shared server without a host.');
      const { appId } = request.params;
      const { manifest } = snapshotOf(request);
      const target = manifest.apps?.[appId];
      if (target === undefined) throw new ApiError(404, 'APP_NOT_FOUND', 'This project has no such App.');
      const why = shareRefusal(target, manifest, deps.hooks);
      if (why !== undefined) throw new ApiError(403, 'APP_NOT_SHAREABLE', why);
      const made = signViewerLink(token, appId, deps.now?.());
      const first = target.pages[0]?.id;
      audit('change', { change: 'viewer_link', source: `app:${appId}` }, request.asker);
      return {
        appId,
        token: made.token,
        href: `/?app=${encodeURIComponent(appId)}${first !== undefined ? `&page=${encodeURIComponent(first)}` : ''}&link=${encodeURIComponent(made.token)}`,
        expiresAt: new Date(made.link.expiresAt).toISOString(),
      };
    },
  );
};
