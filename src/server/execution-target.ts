/**
 * Which of the project's connections a request's SQL runs on (spec 02 rule 11). A request may
 * name one with `executionTarget: { target: 'connection', connectionName }`; a name the project
 * does not have is refused without being repeated (400 CONNECTION_UNKNOWN). Connection settings
 * a request carries (`connection`) are never read: only the project's configuration and the
 * host's `credentials` supply settings. `{ target: 'local' }`, the project's own embedded
 * connection, is shared by everyone, so a hosted server refuses it unless the host says one
 * person works here (403 LOCAL_TARGET_REFUSED).
 */

import type { SvcConfig } from '../compiler/project/config.js';
import type { Asker } from '../hooks/context/request-context.js';
import type { ExecutionTarget } from './contract/agent-runs.js';
import { ApiError } from './errors.js';

export type { ExecutionTarget };

/** The connection name to run on (undefined: the default), or an ApiError. */
export function resolveExecutionTarget(target: ExecutionTarget | undefined, config: SvcConfig, asker: Asker): string | undefined {
  if (target === undefined) return undefined;
  if (target.target === 'local') {
    const host = asker?.host;
    if (host !== undefined && host.hooks.onePerson !== true)
      throw new ApiError(403, 'LOCAL_TARGET_REFUSED', 'The local workspace is shared by everyone on this server, so it cannot be used here.');
    return undefined;
  }
  const known = config.connections !== undefined && Object.hasOwn(config.connections, target.connectionName);
  if (!known) throw new ApiError(400, 'CONNECTION_UNKNOWN', 'The request names a connection this project does not have.');
  return target.connectionName;
}
