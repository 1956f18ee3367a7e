/**
 * `GET /api/operations` and `POST /api/operations/:id/cancel` (spec 03; src/server/operations.ts):
 * the caller's own running work, and stopping one piece of it. Cancelling stops its statements in
 * the engine; the cancelled request then answers as its route answers a stopped statement.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CANCEL_ROUTE, type Cancelled, OPERATIONS_ROUTE, type OperationList } from '../contract/operations.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

export const operationsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: OperationList }>('/api/operations', { schema: OPERATIONS_ROUTE }, async (request) => ({
    operations: deps.operations?.listOf(request.asker) ?? [],
  }));
  // A POST with no body at all cancels too; validation then sees `{}`.
  const emptyBodyIsObject = async (request: { body: unknown }) => {
    request.body ??= {};
  };
  app.post<{ Params: { id: string }; Reply: Cancelled }>(
    '/api/operations/:id/cancel',
    { schema: CANCEL_ROUTE, preValidation: emptyBodyIsObject },
    async (request) => {
      if (deps.operations?.cancel(request.asker, request.params.id) !== true)
        throw new ApiError(404, 'OPERATION_NOT_FOUND', 'There is no running operation of yours with this id.');
      return { id: request.params.id, cancelled: true };
    },
  );
};
