/**
 * Every route that runs SQL, the actions it asks and where its rows go (spec 02 "Action
 * vocabulary", spec 03 "Query path and safeguards" 2). A statement is authorized for what it is:
 * SQL the caller wrote (an agent's `proposedSql`, a tool's written SQL) asks `query.run` besides
 * the route's own action, and its rows go back to the person (destination `person`), whatever
 * the route's own destination. test/meta/sql-routes.test.ts runs every registered route on a
 * hosted server and fails when one runs SQL without a line here, or asks other actions.
 */
import type { Destination } from './request-context.js';

export interface SqlRoute {
  /** `METHOD /api/pattern`, as the route is registered. */
  route: string;
  /** The actions every request of the route asks (`tool.:name` is the tool the path names). */
  asks: readonly string[];
  /** Where a body holds SQL the caller wrote (a path of field names); then `query.run` is asked too. */
  writtenSql?: readonly string[];
  /** Where the statements' rows go when the caller wrote none. */
  destination: Destination;
  /**
   * Actions on the project every request also needs before the route runs, beyond its own
   * (spec 03 capability rule 1: `export` is allowed only when `query.run` is too).
   */
  requires?: readonly string[];
}

/** Sorted by route. */
export const SQL_ROUTES: readonly SqlRoute[] = [
  // An agent's own SQL runs at Tier 2 and answers the person with its rows.
  { route: 'POST /api/agent-runs', asks: ['ask'], writtenSql: ['proposedSql'], destination: 'model' },
  // Previewing an App build runs each data tile's source as the author, rows back to them only;
  // a build's sources may be drafts, so it runs on execute as a draft App's page does.
  { route: 'POST /api/app-builds/:id/preview', asks: ['app.author', 'query.run'], requires: ['query.run'], destination: 'person' },
  // One tile of a page as a file: the tile's query rerun for the file (a draft App runs on execute, as its page does).
  { route: 'POST /api/apps/:appId/dashboards/:pageId/export', asks: ['export', 'app.view', 'query.run'], destination: 'export' },
  // Running a page's tiles (each tile's dataset query, live answer tiles' SQL of their own runs);
  // the sample's App is not published, so it runs on execute: app.view and query.run.
  { route: 'POST /api/apps/:appId/pages/:pageId/run', asks: ['app.view', 'query.run'], destination: 'person' },
  // Certification runs the block's tests and proofs on the one query path.
  { route: 'POST /api/block-studio/certifications', asks: ['dataset.certify'], destination: 'person' },
  { route: 'POST /api/blocks/:id/run', asks: ['query.run'], destination: 'person' },
  // A block's grain keys counted while it is authored (the complete-source proof of key proofs).
  { route: 'POST /api/datasets/validate-grain', asks: ['dataset.author'], destination: 'person' },
  // Catalog lookups: the engine's own statements, names bound as parameters.
  { route: 'GET /api/describe-table', asks: ['project.read'], destination: 'person' },
  // Certified blocks' grain keys counted whole, as the person asking.
  { route: 'POST /api/keys/prove', asks: ['query.run'], destination: 'person' },
  // A block's relationships validated while it is authored (the relationship validation of key proofs).
  { route: 'POST /api/modeling/dbt-first/relationships/validate', asks: ['dataset.author'], destination: 'person' },
  // SQL the person wrote, rerun for a file: export is allowed only with query.run.
  { route: 'POST /api/query/export', asks: ['export', 'query.run'], requires: ['query.run'], destination: 'export' },
  { route: 'GET /api/schema', asks: ['project.read'], destination: 'person' },
  // query_via_metadata runs the agent's SQL; the other data tools run certified blocks.
  { route: 'POST /api/tools/:name', asks: ['tool.:name'], writtenSql: ['args', 'proposedSql'], destination: 'person' },
];

const BY_ROUTE = new Map(SQL_ROUTES.map((r) => [r.route, r]));

/** True when requests of `rule` run statements: each is an operation its asker may list and cancel. */
export function runsSql(rule: string | undefined): boolean {
  return rule !== undefined && BY_ROUTE.has(rule);
}

/** The actions on the project a request of `rule` needs beyond its own (none for most routes). */
export function requiredActions(rule: string | undefined): readonly string[] {
  return (rule === undefined ? undefined : BY_ROUTE.get(rule)?.requires) ?? [];
}

/** The value at `path` inside `body`, or undefined. */
function at(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** True when a request of `rule` (routeAction's rule) carries SQL its caller wrote in `body`. */
export function carriesWrittenSql(rule: string | undefined, body: unknown): boolean {
  const path = rule === undefined ? undefined : BY_ROUTE.get(rule)?.writtenSql;
  if (path === undefined) return false;
  const sql = at(body, path);
  return typeof sql === 'string' && sql.trim() !== '';
}
