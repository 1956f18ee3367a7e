/**
 * `GET /api/describe-table?table=<name>&connection=<name>`: one table's columns (names and
 * declared types). The name is bound as a parameter of the catalog lookup, never placed in a
 * statement, and a name holding a quote, a backslash or a control character is refused before
 * any lookup (400 RELATION_NAME_REFUSED; spec 03 leaves the status open, and a name is a
 * request's own input). An unknown table is 404 TABLE_NOT_FOUND; with a host, only the columns
 * `columnsVisible` names are listed, the hook told the table as the engine's catalog resolves
 * it (a view as the tables it reads).
 */
import type { FastifyPluginAsync } from 'fastify';
import { visibleColumns } from '../../hooks/visible-columns.js';
import { catalogFailure } from '../catalog-failure.js';
import { DESCRIBE_TABLE_ROUTE, type TableColumns } from '../contract/catalog.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { listedRelations } from '../listed-relations.js';
import { snapshotOf } from '../snapshot-hook.js';

/** Quotes of any dialect, a backslash, or a control character (C0, DEL, C1). */
const REFUSED_NAME = /["'`\\\u0000-\u001f\u007f-\u009f]/;

export const describeTableRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Querystring: { table: string; connection?: string }; Reply: TableColumns }>(
    '/api/describe-table',
    { schema: DESCRIBE_TABLE_ROUTE },
    async (request) => {
      const { table, connection } = request.query;
      if (REFUSED_NAME.test(table)) throw new ApiError(400, 'RELATION_NAME_REFUSED', 'A table name may not hold a quote, a backslash or a control character.');
      const { executor, config } = snapshotOf(request);
      let columns;
      try {
        if (executor.describeTable === undefined) throw catalogFailure(undefined);
        columns = await executor.describeTable(table, { asker: request.asker, ...(connection !== undefined ? { connection } : {}) });
      } catch (error) {
        throw catalogFailure(error);
      }
      // The name was the request's own; it is not repeated back in the error.
      if (columns.length === 0) throw new ApiError(404, 'TABLE_NOT_FOUND', 'There is no such table on this connection.');
      const resolve = listedRelations(executor, config, request.asker, table, connection);
      return { connection: connection ?? 'default', table, columns: await visibleColumns(request.asker, table, columns, resolve) };
    },
  );
};
