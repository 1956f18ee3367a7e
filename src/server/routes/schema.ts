/**
 * `GET /api/schema?connection=<name>`: the connection's tables and their columns (names and
 * declared types, never rows), through the executor's catalog lookups (the host's row policy
 * decides each, purpose metadata); with a host, each table lists only the columns
 * `columnsVisible` names (told by the engine's catalog names, a view as the tables it reads).
 */
import type { FastifyPluginAsync } from 'fastify';
import { visibleColumns } from '../../hooks/visible-columns.js';
import { catalogFailure } from '../catalog-failure.js';
import { type Catalog, SCHEMA_ROUTE } from '../contract/catalog.js';
import type { RouteOptions } from '../deps.js';
import { listedRelations } from '../listed-relations.js';
import { snapshotOf } from '../snapshot-hook.js';

export const schemaRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Querystring: { connection?: string }; Reply: Catalog }>('/api/schema', { schema: SCHEMA_ROUTE }, async (request) => {
    const { executor, config } = snapshotOf(request);
    const connection = request.query.connection;
    try {
      if (executor.catalog === undefined) throw catalogFailure(undefined);
      const catalog = await executor.catalog({ asker: request.asker, ...(connection !== undefined ? { connection } : {}) });
      const tables = [];
      for (const t of catalog.tables)
        tables.push({
          name: t.name,
          columns: await visibleColumns(request.asker, t.name, t.columns, listedRelations(executor, config, request.asker, t.name, connection)),
        });
      return { connection: connection ?? 'default', tables, truncated: catalog.truncated };
    } catch (error) {
      throw catalogFailure(error);
    }
  });
};
