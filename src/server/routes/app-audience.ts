/**
 * PUT /api/apps/:appId/audience `{ groups, text? }` (action `app.author` on the App, spec 03
 * Endpoints): writes the identity-provider groups an App opens for into its `svc.app.json`
 * (`audienceGroups`, with `audienceText` as a note). With a host, from the next request on the
 * App opens only for members of those groups, its owners, people the host granted it and people
 * it lets author it (app-gate.ts); a host that keeps production to reviewed changes refuses the
 * action with its next link. Without a host the groups are a note that carries over.
 */
import type { FastifyPluginAsync } from 'fastify';
import { audit } from '../../hooks/audit.js';
import { writeAppAudience } from '../../runtime/apps/app-audience.js';
import { AUDIENCE_ROUTE, type Audience, type AudienceRequest } from '../contract/apps.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

export const appAudienceRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.put<{ Params: { appId: string }; Body: AudienceRequest; Reply: Audience }>('/api/apps/:appId/audience', { schema: AUDIENCE_ROUTE }, async (request) => {
    const { appId } = request.params;
    const target = snapshotOf(request).manifest.apps?.[appId];
    if (target === undefined) throw new ApiError(404, 'APP_NOT_FOUND', 'This project has no such App.');
    const written = writeAppAudience(deps.root, target.file, {
      groups: request.body.groups,
      ...(request.body.text !== undefined ? { text: request.body.text } : {}),
    });
    audit('change', { change: 'app_audience', source: `app:${appId}` }, request.asker);
    return { appId, groups: written.groups, ...(written.text !== undefined ? { text: written.text } : {}) };
  });
};
