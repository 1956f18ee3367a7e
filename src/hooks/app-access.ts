/**
 * Who may open an App and who may run it (spec 02 Authentication 6, 7; spec 03 Apps rules 9,
 * 10): one decision the App library, App pages, page runs and follows read alike. `read` opens
 * the App (listed, its page read, a published page's tiles run); `execute` also runs what is not
 * yet published. In order:
 * 1. the host's `appGrants` for the App are honoured first (`read` or `execute`);
 * 2. the App's owner may do both;
 * 3. with `audienceGroups`, someone in none of them is refused unless the host lets them author it;
 * 4. `authorize(app.view)` on the App opens it; `execute` also needs `query.run` on the project,
 *    or `app.author` on the App.
 * Without a host, or with no one placed, nothing is asked (the request hook already decided).
 * A hook that fails refuses (authorize-action.ts).
 */

import { authorizeAction } from './authorize-action.js';
import type { Asker, Principal } from './context/request-context.js';

export type AppNeed = 'read' | 'execute';

/** What the decision reads of an App: its id, owner and audience groups (from svc.app.json). */
export interface AppFacts {
  id: string;
  owner?: string;
  audienceGroups?: readonly string[];
}

const isOwner = (principal: Principal, owner: string | undefined): boolean =>
  owner !== undefined && owner !== '' && (owner === principal.id || (principal.email !== undefined && owner.toLowerCase() === principal.email.toLowerCase()));

/**
 * True when `asker` may `need` the App. With a persona (View as) the App's audience is checked
 * against the persona's groups, not the person's, and the person's own decision must allow it
 * too: a persona shows an App as its groups see it and never opens more than the person may.
 */
export async function mayUseApp(asker: Asker, app: AppFacts, need: AppNeed): Promise<boolean> {
  const persona = asker?.persona;
  if (persona === undefined || asker?.principal?.source === 'link') return ownDecision(asker, app, need);
  const groups = app.audienceGroups ?? [];
  const member = groups.length === 0 || groups.some((g) => persona.groups.includes(g));
  return member && ownDecision(asker, app, need);
}

/** The decision for the person themselves (spec 02 rule 7: their own groups, never the owner default). */
async function ownDecision(asker: Asker, app: AppFacts, need: AppNeed): Promise<boolean> {
  const host = asker?.host;
  const principal = asker?.principal;
  // A viewer link opens its one App to read, nothing else, with or without a host (spec 02 Authentication 4).
  if (principal?.source === 'link') return need === 'read' && principal.appGrants?.[app.id] === 'read';
  if (host === undefined || principal === undefined) return true;
  const allowed = async (action: string, onApp: boolean) =>
    (await authorizeAction(host, principal, action, onApp ? { kind: 'app', id: app.id } : { kind: 'project' })).allow;
  const grant = principal.appGrants?.[app.id];
  if (grant === 'execute' || (grant === 'read' && need === 'read')) return true;
  if (isOwner(principal, app.owner)) return true;
  if (grant === 'read') return allowed('app.author', true);
  const groups = app.audienceGroups ?? [];
  const member = groups.length === 0 || groups.some((g) => principal.groups?.includes(g) === true);
  if (!member || !(await allowed('app.view', true))) return allowed('app.author', true);
  if (need === 'read') return true;
  return (await allowed('query.run', false)) || allowed('app.author', true);
}
