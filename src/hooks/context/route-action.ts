/**
 * routeAction(method, path): the one action and resource a request maps to (spec 02, "Action
 * vocabulary"), read from the decoded, normalised path, the path the server dispatches on, so
 * `/api/%61gent-runs` and `/api//agent-runs/` are the Ask route here as they are to the router.
 * Specific rules first; anything else is project.read for GET and project.write otherwise.
 * Routes under the asking families are `ask` only when listed as such. Every registered route
 * has its own rule (test/host/route-actions.test.ts lists them all).
 */
import type { Destination } from './request-context.js';

/** What a request acts on: a resource kind, with its id where the path names one. */
export interface RouteResource {
  kind: 'project' | 'app' | 'app-build' | 'hint' | 'connection';
  id?: string;
}

export interface RouteAction {
  action: string;
  resource: RouteResource;
  destination: Destination;
  /** The rule that decided (`METHOD /pattern`), or undefined for the fallback. */
  rule?: string;
  /** False when the path could not be decoded; such a request is refused before any route. */
  readable: boolean;
}

interface Rule {
  /** `METHOD /api/pattern/:param`, as the route is registered. */
  route: string;
  action: string;
}

/** One rule per registered route, sorted by path. Health is open and asks no one. */
const RULES: readonly Rule[] = [
  // Reading one's own conversation is part of asking (spec 02: it touches only the person's own threads).
  { route: 'GET /api/agent-runs/:id/thread', action: 'ask' },
  { route: 'POST /api/agent-runs', action: 'ask' },
  // The web app's pages and files: reading them runs nothing; each screen's data routes are asked on their own.
  { route: 'GET /', action: 'project.read' },
  { route: 'GET /apps', action: 'project.read' },
  { route: 'GET /apps/build', action: 'project.read' },
  { route: 'GET /ask', action: 'project.read' },
  { route: 'GET /apps/:appId/:pageId', action: 'project.read' },
  { route: 'GET /ask/traces/:runId', action: 'project.read' },
  { route: 'GET /assets/*', action: 'project.read' },
  { route: 'GET /blocks', action: 'project.read' },
  { route: 'GET /blocks/:id', action: 'project.read' },
  { route: 'GET /favicon.ico', action: 'project.read' },
  { route: 'GET /home', action: 'project.read' },
  { route: 'GET /host', action: 'project.read' },
  // Answer text waiting to be replaced by live tiles: a list of ids and questions, no figures.
  { route: 'GET /api/app-answer-tiles', action: 'project.read' },
  // An App page as its document holds it; answer text reads as a placeholder unless the host keeps it for the reader.
  // One tile of a page as a file; a draft App's tile also needs what running its page needs.
  { route: 'POST /api/apps/:appId/dashboards/:pageId/export', action: 'export' },
  // Following a page keeps the person's own Home state, nothing of the project: seeing the App is enough.
  { route: 'POST /api/apps/:appId/follow', action: 'app.view' },
  { route: 'GET /api/apps/:appId/pages/:pageId', action: 'app.view' },
  { route: 'POST /api/apps/:appId/pages/:pageId/answers', action: 'app.author' },
  // Running a page's tiles reads what the App shows; the page's own read policy (spec 03) is the App's.
  { route: 'POST /api/apps/:appId/pages/:pageId/run', action: 'app.view' },
  // Who may open each App is the App decision's (src/hooks/app-access.ts): the library lists only those.
  { route: 'GET /api/apps', action: 'project.read' },
  // Choosing who an App opens for is authoring it.
  { route: 'PUT /api/apps/:appId/audience', action: 'app.author' },
  // Running a schedule now: its page runs go to its recipients (destination delivery).
  // Reading, making, changing and deleting schedules is managing them (who receives what).
  { route: 'GET /api/apps/:appId/schedules', action: 'schedule.manage' },
  { route: 'DELETE /api/apps/:appId/schedules/:scheduleId', action: 'schedule.manage' },
  { route: 'PUT /api/apps/:appId/schedules/:scheduleId', action: 'schedule.manage' },
  { route: 'POST /api/apps/:appId/schedules/:scheduleId/run', action: 'schedule.manage' },
  // A viewer link publishes the App to whoever holds the link.
  { route: 'POST /api/apps/:appId/share-link', action: 'app.publish' },
  // Building an App is authoring one: the catalog, drafts, plans, previews and publication alike.
  { route: 'POST /api/app-builds', action: 'app.author' },
  { route: 'GET /api/app-builds/:id', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/ask-results', action: 'app.author' },
  // The Autopilot reads a draft and proposes; applying its change is app.author (spec 02).
  { route: 'POST /api/app-builds/:id/autopilot', action: 'app.author' },
  { route: 'GET /api/app-builds/:id/autopilot/:artifactId', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/autopilot/:artifactId/apply', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/autopilot/:artifactId/discard', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/compose', action: 'app.author' },
  { route: 'GET /api/app-builds/:id/filter-candidates', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/plan', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/preflight', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/preview', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/publish', action: 'app.author' },
  { route: 'GET /api/app-builds/:id/source-candidates', action: 'app.author' },
  { route: 'POST /api/app-builds/:id/source-candidates', action: 'app.author' },
  // Reading traces runs no statement; which traces a person sees is the trace store's rule.
  { route: 'GET /api/ask-traces', action: 'project.read' },
  { route: 'GET /api/ask-traces/:traceId', action: 'project.read' },
  { route: 'GET /api/ask-traces/:traceId/export', action: 'project.read' },
  { route: 'GET /api/ask-traces/by-run/:runId', action: 'project.read' },
  { route: 'GET /api/ask-traces/status', action: 'project.read' },
  { route: 'POST /api/block-studio/certifications', action: 'dataset.certify' },
  // Certifying a business term or view (spec 02 names it approve-semantic among the certification routes).
  { route: 'POST /api/block-studio/approve-semantic', action: 'dataset.certify' },
  // Trying a block's grain keys while it is authored; key proofs of certified content are query.run.
  { route: 'POST /api/datasets/validate-grain', action: 'dataset.author' },
  // Trying a block's relationships while it is authored: the relationship validation of key proofs.
  { route: 'POST /api/modeling/dbt-first/relationships/validate', action: 'dataset.author' },
  { route: 'GET /api/blocks', action: 'project.read' },
  { route: 'GET /api/blocks/:id', action: 'project.read' },
  { route: 'GET /api/describe-table', action: 'project.read' },
  { route: 'POST /api/blocks/:id/run', action: 'query.run' },
  // Following a page keeps the person's own memory, nothing of the project: seeing the App is enough.
  { route: 'GET /api/follows', action: 'project.read' },
  { route: 'PUT /api/follows/:appId/:pageId', action: 'app.view' },
  // A diff of project content reads the project, as its files do.
  { route: 'GET /api/git/diff', action: 'project.read' },
  { route: 'GET /api/health', action: 'project.read' },
  // One's own Home: Apps one may open and one's own figures; each App is asked of the App decision.
  { route: 'GET /api/home', action: 'project.read' },
  // The host's own lists and additions: reading them changes nothing; capabilities are asked inside.
  // One's own answers' facts: part of asking, like one's own thread.
  { route: 'POST /api/host/answer-status', action: 'ask' },
  { route: 'GET /api/host/answers/:runId', action: 'ask' },
  { route: 'GET /api/host/groups', action: 'project.read' },
  { route: 'GET /api/host/home-cards', action: 'project.read' },
  { route: 'GET /api/host/ui', action: 'project.read' },
  { route: 'GET /api/identity', action: 'project.read' },
  { route: 'POST /api/keys/prove', action: 'query.run' },
  { route: 'POST /api/query/export', action: 'export' },
  // One's own running work: listing and stopping it changes nothing of the project.
  { route: 'GET /api/operations', action: 'project.read' },
  { route: 'POST /api/operations/:id/cancel', action: 'project.read' },
  // The owner's browser sign-in on a token-guarded server: it checks the token itself, asks no one.
  { route: 'POST /api/owner-session', action: 'project.read' },
  // View as is offered to authors only (spec 03 "Client behaviour with a host"); reading one's own persona changes nothing.
  { route: 'GET /api/persona', action: 'project.read' },
  { route: 'POST /api/persona', action: 'app.author' },
  { route: 'GET /api/schema', action: 'project.read' },
  // One action per tool (spec 02 vocabulary `tool.<name>`), named by the path's own segment.
  { route: 'POST /api/tools/:name', action: 'tool.:name' },
];

/** Every rule's route, for the meta-test. */
export const ROUTE_RULES: readonly string[] = RULES.map((r) => r.route);

const ASKING = /^\/api\/(agent-runs|ask|ai|agent|llm|research)(\/|$)/;

function destinationOf(action: string): Destination {
  if (action === 'ask' || action === 'research') return 'model';
  if (action === 'export') return 'export';
  if (action === 'schedule.manage') return 'delivery';
  return 'person';
}

const COMPILED = RULES.map((r) => {
  const path = r.route.slice(r.route.indexOf(' ') + 1);
  const segments = path.split('/').filter((s) => s !== '');
  // A literal segment outranks a parameter, as in the router: /status is not /:traceId.
  return { ...r, method: r.route.slice(0, r.route.indexOf(' ')), segments, literals: segments.filter((s) => !s.startsWith(':')).length };
});

/**
 * The path's segments as the router reads them: the query cut, split on `/`, each segment
 * percent-decoded (an encoded slash stays inside its segment), empty and `.` segments dropped,
 * `..` taking the previous one away. Undefined when a segment does not decode.
 */
function pathSegments(url: string): string[] | undefined {
  const raw = url.split('?')[0] ?? url;
  const out: string[] = [];
  for (const segment of raw.split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out;
}

/** The normalised path (`/a/b`), or undefined when it does not decode. */
export function normalisePath(url: string): string | undefined {
  const segments = pathSegments(url);
  return segments === undefined ? undefined : `/${segments.join('/')}`;
}

function matches(rule: (typeof COMPILED)[number], segments: readonly string[]): boolean {
  // A trailing `*` (static files) stands for one or more segments.
  const rest = rule.segments.at(-1) === '*';
  if (rest ? segments.length < rule.segments.length : rule.segments.length !== segments.length) return false;
  return rule.segments.every((s, i) => s === '*' || (s.startsWith(':') ? segments[i] !== '' : s === segments[i]));
}

/** A rule's action, with `:name` filled from the path when it is a tool's name (else a write). */
function actionOf(rule: (typeof COMPILED)[number], segments: readonly string[]): string {
  if (!rule.action.includes(':')) return rule.action;
  const name = segments[rule.segments.indexOf(':name')] ?? '';
  return /^[a-z][a-z0-9_]{0,63}$/.test(name) ? rule.action.replace(':name', name) : 'project.write';
}

/**
 * Mappings of requests seen before: a request is mapped by several hooks, and the same few paths
 * (an Ask's) come again and again. Bounded (emptied when full); each caller gets its own copy.
 */
const MAPPED_KEPT = 512;
const mapped = new Map<string, RouteAction>();

/** Maps a request to its action, resource and destination. */
export function routeAction(method: string, url: string): RouteAction {
  const key = `${method}\u0000${url}`;
  let found = mapped.get(key);
  if (found === undefined) {
    found = mapRequest(method, url);
    if (mapped.size >= MAPPED_KEPT) mapped.clear();
    mapped.set(key, found);
  }
  return { ...found, resource: { ...found.resource } };
}

function mapRequest(method: string, url: string): RouteAction {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const segments = pathSegments(url);
  // An undecodable path is no route's: it is refused, and counts as a write until then.
  if (segments === undefined) return { action: 'project.write', resource: { kind: 'project' }, destination: 'person', readable: false };
  const path = `/${segments.join('/')}`;
  const rule = COMPILED.filter((r) => r.method === upper && matches(r, segments)).sort((a, b) => b.literals - a.literals)[0];
  const fallback = upper === 'GET' ? 'project.read' : 'project.write';
  // Anything else under the asking families writes more than the person's own runs.
  const action = rule !== undefined ? actionOf(rule, segments) : ASKING.test(path) && upper !== 'GET' ? 'project.write' : fallback;
  const appAt = rule?.segments.indexOf(':appId') ?? -1;
  const buildAt = rule?.route.includes('/api/app-builds/:id') === true ? rule.segments.indexOf(':id') : -1;
  const resource: RouteResource =
    appAt >= 0 && segments[appAt] !== undefined
      ? { kind: 'app', id: segments[appAt] }
      : buildAt >= 0 && segments[buildAt] !== undefined
        ? { kind: 'app-build', id: segments[buildAt] }
        : { kind: 'project' };
  return { action, resource, destination: destinationOf(action), readable: true, ...(rule !== undefined ? { rule: rule.route } : {}) };
}
