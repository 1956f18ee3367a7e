/**
 * What an App Builder refusal answers over HTTP: its code with the status the server's code
 * table gives it, its message and its extra fields (the blockers of a failed preflight). Any
 * other failure passes unchanged to the error handler.
 */
import { BuildError } from '../runtime/app-builder/index.js';
import { API_ERROR_CODES } from './codes.js';
import { ApiError } from './errors.js';

export function buildFailure(error: unknown): unknown {
  if (!(error instanceof BuildError)) return error;
  return new ApiError(API_ERROR_CODES[error.code].status, error.code, error.message, error.extra);
}

/** Runs `work`, answering a BuildError as its ApiError. */
export async function asBuild<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw buildFailure(error);
  }
}
