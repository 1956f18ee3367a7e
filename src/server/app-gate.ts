/**
 * The App decision (src/hooks/app-access.ts) for the routes: the App's facts read from the
 * manifest and its own `svc.app.json` (audience groups), and a refusal as 403 PERMISSION_DENIED
 * naming the action that would open it. The library, App pages, page runs and follows all ask here.
 */
import type { CompiledApp } from '../compiler/types.js';
import { type AppFacts, type AppNeed, mayUseApp } from '../hooks/app-access.js';
import type { Asker } from '../hooks/context/request-context.js';
import { readAppAudience } from '../runtime/apps/app-audience.js';
import { ApiError } from './errors.js';

function factsOf(root: string, app: CompiledApp): AppFacts {
  return { id: app.id, ...(app.owner !== undefined ? { owner: app.owner } : {}), audienceGroups: readAppAudience(root, app.file).groups };
}

/** True when `asker` may `need` `app`. */
export function mayUse(asker: Asker, root: string, app: CompiledApp, need: AppNeed): Promise<boolean> {
  return mayUseApp(asker, factsOf(root, app), need);
}

/** Throws 403 PERMISSION_DENIED unless `asker` may `need` `app` (an App the project lacks is the route's 404). */
export async function requireApp(asker: Asker, root: string, app: CompiledApp | undefined, need: AppNeed): Promise<void> {
  if (app === undefined || (await mayUse(asker, root, app, need))) return;
  const action = need === 'read' ? 'app.view' : 'query.run';
  const message =
    need === 'read' ? 'This App is not open to you.' : 'Running this App before it is published is for its authors and the people it is granted to.';
  throw new ApiError(403, 'PERMISSION_DENIED', message, { action });
}

/** A published App's pages run on read; anything else runs on execute (spec 03 Apps rule 10). */
export function runNeed(app: CompiledApp | undefined): AppNeed {
  return app?.lifecycle === 'certified' ? 'read' : 'execute';
}
