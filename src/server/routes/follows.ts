/**
 * Page follows (spec 02 `follows`; spec 03 "Follow"):
 * - GET /api/follows: the person's `{ pageId, following }` for pages the project still has.
 * - PUT /api/follows/:appId/:pageId `{ following }`: follows or unfollows one page (action
 *   `app.view` on the App); a page the project does not have is 404 PAGE_NOT_FOUND.
 * The host keeps them when it has the hook, else the person's memory store does; a store that
 * fails is 503 STORE_UNAVAILABLE with a reference.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Manifest } from '../../compiler/types.js';
import { listFollows, setFollow } from '../../hooks/follows.js';
import { requireApp } from '../app-gate.js';
import { FOLLOW_ROUTE, FOLLOWS_ROUTE, type Follow, type FollowRequest, type Follows } from '../contract/follows.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

/** Every `<appId>/<pageId>` of the manifest. */
function pageKeys(manifest: Manifest): Set<string> {
  return new Set(Object.values(manifest.apps ?? {}).flatMap((app) => app.pages.map((p) => `${app.id}/${p.id}`)));
}

export const followsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: Follows }>('/api/follows', { schema: FOLLOWS_ROUTE }, async (request) => {
    const pages = pageKeys(snapshotOf(request).manifest);
    return { follows: (await listFollows(request.asker, deps.memory)).filter((f) => pages.has(f.pageId)) };
  });
  app.put<{ Params: { appId: string; pageId: string }; Body: FollowRequest; Reply: Follow }>(
    '/api/follows/:appId/:pageId',
    { schema: FOLLOW_ROUTE },
    async (request) => {
      const key = `${request.params.appId}/${request.params.pageId}`;
      if (!pageKeys(snapshotOf(request).manifest).has(key)) throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${key}.`);
      await requireApp(request.asker, deps.root, snapshotOf(request).manifest.apps?.[request.params.appId], 'read');
      return setFollow(request.asker, deps.memory, key, request.body.following);
    },
  );
};
