/**
 * What a catalog lookup's failure answers: a row-policy refusal is 403 ROW_POLICY_REFUSED with
 * the policy's words; an unavailable connection 503; anything else from the warehouse 502
 * WAREHOUSE_ERROR without the engine's words. An ApiError passes unchanged.
 */
import { StatementError } from '../warehouse/types.js';
import { ApiError } from './errors.js';

export function catalogFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error === undefined) return new ApiError(503, 'CONNECTION_UNAVAILABLE', 'This connection offers no catalog.');
  if (error instanceof StatementError && error.code === 'ROW_POLICY_REFUSED')
    return new ApiError(403, 'ROW_POLICY_REFUSED', error.message, error.reason !== undefined ? { reason: error.reason } : {});
  if (error instanceof StatementError && error.code === 'CREDENTIALS_REQUIRED') return new ApiError(403, 'CREDENTIALS_REQUIRED', error.message);
  if (error instanceof StatementError && error.code === 'CONNECTION_UNAVAILABLE')
    return new ApiError(503, 'CONNECTION_UNAVAILABLE', 'The warehouse connection is not available.');
  if (error instanceof StatementError && error.code === 'STATEMENT_TIMEOUT')
    return new ApiError(504, 'STATEMENT_TIMEOUT', 'The catalog lookup did not finish in time.');
  return new ApiError(502, 'WAREHOUSE_ERROR', 'The warehouse could not list its tables.');
}
