/**
 * Home and following (spec 03 "Home", Endpoints):
 * - GET /api/home: `myApps` and `whatMoved` for the person asking, from the Apps they may open
 *   (the App decision, app-gate.ts), their follows and their own Home state (runtime/home).
 *   No one placed: no Apps of anyone's and nothing moved.
 * - POST /api/apps/:appId/follow `{ pageId, following }` (action `app.view` on the App): follows
 *   or unfollows one page; a page the App does not have is 404 PAGE_NOT_FOUND. The earlier
 *   `PUT /api/follows/:appId/:pageId` stays as an alias of it (routes/follows.ts).
 * A store or follows hook that fails is 503 STORE_UNAVAILABLE with a reference.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listFollows, setFollow } from '../../hooks/follows.js';
import { buildHome } from '../../runtime/home/home.js';
import { readHomeState } from '../../runtime/home/home-state.js';
import { mayUse, requireApp } from '../app-gate.js';
import type { Follow } from '../contract/follows.js';
import { APP_FOLLOW_ROUTE, type AppFollowRequest, HOME_ROUTE, type Home } from '../contract/home.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { snapshotOf } from '../snapshot-hook.js';

const EMPTY_STATE = { opened: new Map(), looked: new Map(), runs: new Map() };

export const homeRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: Home }>('/api/home', { schema: HOME_ROUTE }, async (request) => {
    const owner = request.asker?.principal?.id;
    if (owner === undefined) return { myApps: [], whatMoved: [] };
    const all = Object.values(snapshotOf(request).manifest.apps ?? {}).sort((a, b) => (a.id < b.id ? -1 : 1));
    const open = await Promise.all(all.map((a) => mayUse(request.asker, deps.root, a, 'read')));
    const apps = all.filter((_a, i) => open[i] === true);
    const [follows, state] = await Promise.all([
      listFollows(request.asker, deps.memory),
      deps.memory !== undefined ? readHomeState(deps.memory, owner) : EMPTY_STATE,
    ]);
    const followed = new Set(follows.filter((f) => f.following).map((f) => f.pageId));
    return buildHome(apps, followed, state);
  });
  app.post<{ Params: { appId: string }; Body: AppFollowRequest; Reply: Follow }>('/api/apps/:appId/follow', { schema: APP_FOLLOW_ROUTE }, async (request) => {
    const { appId } = request.params;
    const target = snapshotOf(request).manifest.apps?.[appId];
    if (target === undefined || !target.pages.some((p) => p.id === request.body.pageId))
      throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${appId}/${request.body.pageId}.`);
    await requireApp(request.asker, deps.root, target, 'read');
    const kept = await setFollow(request.asker, deps.memory, `${appId}/${request.body.pageId}`, request.body.following);
    return { pageId: request.body.pageId, following: kept.following };
  });
};
