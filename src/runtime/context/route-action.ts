/**
 * routeAction(method, path): the one action and resource a request maps to (spec 02, "Action
 * vocabulary"). Specific rules first; anything else is project.read for GET and project.write
 * otherwise. Routes under the asking families are `ask` only when listed as such.
 */
import type { Destination } from './request-context.js';

export interface RouteAction {
  action: string;
  resource: { kind: 'project' | 'app' | 'app-build' | 'hint' | 'connection'; id?: string };
  destination: Destination;
}

interface Rule {
  method: string;
  pattern: RegExp;
  action: string;
}

/** Specific rules, checked in order. */
const RULES: readonly Rule[] = [
  { method: 'POST', pattern: /^\/api\/agent-runs\/?$/, action: 'ask' },
  // Reading one's own conversation is part of asking (spec 02: it touches only the person's own threads).
  { method: 'GET', pattern: /^\/api\/agent-runs\/[^/]+\/thread\/?$/, action: 'ask' },
  { method: 'POST', pattern: /^\/api\/blocks\/[^/]+\/run\/?$/, action: 'query.run' },
  { method: 'POST', pattern: /^\/api\/query\/export\/?$/, action: 'export' },
];

const ASKING = /^\/api\/(agent-runs|ask|ai|agent|llm)(\/|$)/;

function destinationOf(action: string): Destination {
  if (action === 'ask' || action === 'research') return 'model';
  if (action === 'export') return 'export';
  return 'person';
}

/** Maps a request to its action, resource and destination. */
export function routeAction(method: string, path: string): RouteAction {
  const bare = path.split('?')[0] ?? path;
  const upper = method.toUpperCase();
  const rule = RULES.find((r) => r.method === upper && r.pattern.test(bare));
  const action = rule?.action ?? (upper === 'GET' || upper === 'HEAD' ? 'project.read' : 'project.write');
  // Anything else under the asking families writes more than the person's own runs.
  const safe = ASKING.test(bare) && rule === undefined && upper !== 'GET' ? 'project.write' : action;
  return { action: safe, resource: { kind: 'project' }, destination: destinationOf(safe) };
}
