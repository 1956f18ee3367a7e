/**
 * `GET /api/health`: the server is up, for which project, serving how many blocks, from which
 * loaded snapshot of the project (`generation` counts reloads; `reloadError` says why the files
 * changed on disk are not served yet, without paths), and each connection's state: `ok` is
 * false when one cannot serve (an embedded database file missing).
 */
import type { FastifyPluginAsync } from 'fastify';
import { connectionStates } from '../connection-state.js';
import { HEALTH_ROUTE, type Health } from '../contract/health.js';
import type { RouteOptions } from '../deps.js';
import { snapshotOf } from '../snapshot-hook.js';

export const healthRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: Health }>('/api/health', { schema: HEALTH_ROUTE }, async (request) => {
    const s = snapshotOf(request);
    const error = deps.source?.lastError();
    const connections = connectionStates(deps.root, s.config);
    const ok = Object.values(connections).every((c) => c.ok);
    return {
      ok,
      project: s.manifest.project,
      blocks: Object.keys(s.manifest.blocks).length,
      connections,
      snapshot: { generation: s.generation, loadedAt: s.loadedAt, ...(error !== undefined ? { reloadError: error } : {}) },
    };
  });
};
