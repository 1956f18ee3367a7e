/**
 * Every route that runs SQL is listed in SQL_ROUTES with the actions it asks (src/hooks/context/
 * sql-routes.ts). Each registered route is called on a hosted server over the commerce fixture
 * whose `authorize` records every action asked and whose `rowPolicy` records every statement's
 * action and destination: a route that ran a statement must be listed, must ask exactly the
 * listed actions (plus `query.run` when the caller wrote the SQL) and its statements must go to
 * the listed destination (`person` for written SQL). A listed route no sample runs SQL for fails
 * too, so the samples stay honest. A new route needs a sample here.
 */
import { describe, expect, it } from 'vitest';
import { routeAction } from '../../src/hooks/context/route-action.js';
import { carriesWrittenSql, SQL_ROUTES } from '../../src/hooks/context/sql-routes.js';
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';
import { hookHarness } from '../helpers/hook-harness.js';
import { addKeyBlocks } from '../helpers/key-blocks.js';

// The key blocks give key proofs certified keys to prove.
const harness = hookHarness((root) => {
  addKeyBlocks(root);
});

interface Sample {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

const WRITTEN = 'SELECT state, count(*) AS n FROM orders GROUP BY state';

/** At least one request per registered route (several where the body changes what runs). */
const SAMPLES: Record<string, Sample[]> = {
  'GET /': [{ method: 'GET', url: '/' }],
  'GET /apps': [{ method: 'GET', url: '/apps' }],
  'GET /apps/build': [{ method: 'GET', url: '/apps/build' }],
  'GET /apps/:appId/:pageId': [{ method: 'GET', url: '/apps/growth/overview' }],
  'GET /ask': [{ method: 'GET', url: '/ask' }],
  'GET /ask/traces/:runId': [{ method: 'GET', url: '/ask/traces/r1' }],
  'GET /assets/*': [{ method: 'GET', url: '/assets/none.js' }],
  'GET /blocks': [{ method: 'GET', url: '/blocks' }],
  'GET /blocks/:id': [{ method: 'GET', url: '/blocks/sales.top_states_by_revenue' }],
  'GET /favicon.ico': [{ method: 'GET', url: '/favicon.ico' }],
  'GET /home': [{ method: 'GET', url: '/home' }],
  'GET /host': [{ method: 'GET', url: '/host' }],
  'GET /api/agent-runs/:id/thread': [{ method: 'GET', url: '/api/agent-runs/r1/thread' }],
  'POST /api/agent-runs': [
    { method: 'POST', url: '/api/agent-runs', payload: { question: 'Top 5 states by revenue' } },
    { method: 'POST', url: '/api/agent-runs', payload: { question: 'How many orders per state?', proposedSql: WRITTEN } },
  ],
  // Build routes name the build the first sample makes (`:build` is replaced by its id).
  'POST /api/app-builds': [
    { method: 'POST', url: '/api/app-builds', payload: { sourceIds: ['domains/sales/blocks/top_states_by_revenue.svc#top_states_by_revenue'] } },
  ],
  'GET /api/app-builds/:id': [{ method: 'GET', url: '/api/app-builds/:build' }],
  'POST /api/app-builds/:id/ask-results': [
    { method: 'POST', url: '/api/app-builds/:build/ask-results', payload: { baseRevision: 1, runId: 'r1', mode: 'live' } },
  ],
  // No model is configured and no preview named: the Autopilot refuses before any statement.
  'POST /api/app-builds/:id/autopilot': [{ method: 'POST', url: '/api/app-builds/:build/autopilot', payload: { request: 'make it a table' } }],
  'GET /api/app-builds/:id/autopilot/:artifactId': [{ method: 'GET', url: '/api/app-builds/:build/autopilot/ap_0000000000000000' }],
  'POST /api/app-builds/:id/autopilot/:artifactId/apply': [
    { method: 'POST', url: '/api/app-builds/:build/autopilot/ap_0000000000000000/apply', payload: { proposalHash: 'sha256:0', baseRevision: 1 } },
  ],
  'POST /api/app-builds/:id/autopilot/:artifactId/discard': [
    { method: 'POST', url: '/api/app-builds/:build/autopilot/ap_0000000000000000/discard', payload: {} },
  ],
  'POST /api/app-builds/:id/compose': [{ method: 'POST', url: '/api/app-builds/:build/compose', payload: { baseRevision: 9, operations: [] } }],
  'GET /api/app-builds/:id/filter-candidates': [{ method: 'GET', url: '/api/app-builds/:build/filter-candidates' }],
  'POST /api/app-builds/:id/plan': [{ method: 'POST', url: '/api/app-builds/:build/plan', payload: { baseRevision: 9, prompt: 'revenue' } }],
  'POST /api/app-builds/:id/preflight': [{ method: 'POST', url: '/api/app-builds/:build/preflight', payload: { revision: 1, appId: 'x' } }],
  'POST /api/app-builds/:id/preview': [{ method: 'POST', url: '/api/app-builds/:build/preview', payload: { revision: 1 } }],
  'POST /api/app-builds/:id/publish': [{ method: 'POST', url: '/api/app-builds/:build/publish', payload: { revision: 1, appId: 'x' } }],
  'GET /api/app-builds/:id/source-candidates': [{ method: 'GET', url: '/api/app-builds/:build/source-candidates?query=revenue' }],
  'POST /api/app-builds/:id/source-candidates': [{ method: 'POST', url: '/api/app-builds/:build/source-candidates', payload: { ids: ['x'] } }],
  'GET /api/app-answer-tiles': [{ method: 'GET', url: '/api/app-answer-tiles' }],
  'GET /api/apps': [{ method: 'GET', url: '/api/apps' }],
  'GET /api/apps/:appId/pages/:pageId': [{ method: 'GET', url: '/api/apps/growth/pages/overview' }],
  'PUT /api/apps/:appId/audience': [{ method: 'PUT', url: '/api/apps/growth/audience', payload: { groups: [] } }],
  'GET /api/git/diff': [{ method: 'GET', url: '/api/git/diff?path=apps/growth/svc.app.json' }],
  'GET /api/persona': [{ method: 'GET', url: '/api/persona' }],
  'POST /api/persona': [{ method: 'POST', url: '/api/persona', payload: { persona: null } }],
  // A hosted server has no owner sign-in: 409, nothing runs.
  'POST /api/owner-session': [{ method: 'POST', url: '/api/owner-session', payload: { token: 'x' } }],
  'POST /api/apps/:appId/share-link': [{ method: 'POST', url: '/api/apps/growth/share-link', payload: {} }],
  'POST /api/apps/:appId/pages/:pageId/answers': [{ method: 'POST', url: '/api/apps/growth/pages/overview/answers', payload: { runId: 'r1', mode: 'live' } }],
  'POST /api/apps/:appId/dashboards/:pageId/export': [
    { method: 'POST', url: '/api/apps/growth/dashboards/overview/export', payload: { tileId: 'top_states', format: 'csv' } },
  ],
  'POST /api/apps/:appId/follow': [{ method: 'POST', url: '/api/apps/growth/follow', payload: { pageId: 'overview', following: true } }],
  // The harness's growth App declares no schedule: 404, nothing runs.
  'POST /api/apps/:appId/schedules/:scheduleId/run': [{ method: 'POST', url: '/api/apps/growth/schedules/daily/run', payload: {} }],
  // Editing schedules writes project files and runs nothing: an invalid one (422) and an unknown one (404) write nothing either.
  'GET /api/apps/:appId/schedules': [{ method: 'GET', url: '/api/apps/growth/schedules' }],
  'PUT /api/apps/:appId/schedules/:scheduleId': [
    { method: 'PUT', url: '/api/apps/growth/schedules/daily', payload: { page: 'overview', cron: 'soon', recipients: [] } },
  ],
  'DELETE /api/apps/:appId/schedules/:scheduleId': [{ method: 'DELETE', url: '/api/apps/growth/schedules/daily' }],
  'POST /api/apps/:appId/pages/:pageId/run': [{ method: 'POST', url: '/api/apps/growth/pages/overview/run', payload: {} }],
  // Certifying a term judges files and the compiled manifest; it runs no statement.
  'POST /api/block-studio/approve-semantic': [{ method: 'POST', url: '/api/block-studio/approve-semantic', payload: { term: 'finance.revenue' } }],
  'POST /api/block-studio/certifications': [{ method: 'POST', url: '/api/block-studio/certifications', payload: { block: 'sales.top_states_by_revenue' } }],
  'GET /api/blocks': [{ method: 'GET', url: '/api/blocks' }],
  'GET /api/blocks/:id': [{ method: 'GET', url: '/api/blocks/sales.top_states_by_revenue' }],
  'POST /api/blocks/:id/run': [{ method: 'POST', url: '/api/blocks/sales.top_states_by_revenue/run', payload: { params: { top_n: 5 } } }],
  'POST /api/datasets/validate-grain': [
    { method: 'POST', url: '/api/datasets/validate-grain', payload: { block: 'sales.top_states_by_revenue', keys: ['state'] } },
  ],
  'GET /api/describe-table': [{ method: 'GET', url: '/api/describe-table?table=orders' }],
  'GET /api/follows': [{ method: 'GET', url: '/api/follows' }],
  'PUT /api/follows/:appId/:pageId': [{ method: 'PUT', url: '/api/follows/growth/overview', payload: { following: true } }],
  'GET /api/health': [{ method: 'GET', url: '/api/health' }],
  'GET /api/home': [{ method: 'GET', url: '/api/home' }],
  'POST /api/host/answer-status': [{ method: 'POST', url: '/api/host/answer-status', payload: { runIds: ['r1'] } }],
  'GET /api/host/answers/:runId': [{ method: 'GET', url: '/api/host/answers/r1' }],
  'GET /api/host/groups': [{ method: 'GET', url: '/api/host/groups' }],
  'GET /api/host/home-cards': [{ method: 'GET', url: '/api/host/home-cards' }],
  'GET /api/host/ui': [{ method: 'GET', url: '/api/host/ui' }],
  'GET /api/identity': [{ method: 'GET', url: '/api/identity' }],
  'POST /api/keys/prove': [{ method: 'POST', url: '/api/keys/prove', payload: { blocks: ['keys.customer_directory'] } }],
  'POST /api/modeling/dbt-first/relationships/validate': [
    { method: 'POST', url: '/api/modeling/dbt-first/relationships/validate', payload: { block: 'keys.customer_emails' } },
  ],
  'GET /api/operations': [{ method: 'GET', url: '/api/operations' }],
  'POST /api/operations/:id/cancel': [{ method: 'POST', url: '/api/operations/op1/cancel', payload: {} }],
  'POST /api/query/export': [{ method: 'POST', url: '/api/query/export', payload: { sql: WRITTEN, format: 'json' } }],
  'GET /api/schema': [{ method: 'GET', url: '/api/schema' }],
  'POST /api/tools/:name': [
    { method: 'POST', url: '/api/tools/query_via_block', payload: { args: { block: 'sales.top_states_by_revenue', params: { top_n: 3 } } } },
    { method: 'POST', url: '/api/tools/query_via_metadata', payload: { args: { question: 'How many orders per state?', proposedSql: WRITTEN } } },
  ],
};

interface Heard {
  actions: string[];
  statements: Array<Pick<QueryContext, 'action' | 'destination'>>;
}

function recordingHooks(heard: Heard): HostHooks {
  return {
    resolvePrincipal: () => ({ id: 'ada@host.test', kind: 'person' }),
    authorize: (_p, action) => {
      heard.actions.push(action);
      return { allow: true };
    },
    keepsAnswerText: () => false,
    rowPolicy: (q) => {
      heard.statements.push({ action: q.action, destination: q.destination });
      return { sql: q.sql, params: q.params };
    },
  };
}

/** The actions a request of `route` must ask, `tool.:name` filled from its path. */
function expectedActions(route: string, sample: Sample): string[] {
  const listed = SQL_ROUTES.find((r) => r.route === route);
  const asks = (listed?.asks ?? []).map((a) => a.replace(':name', sample.url.split('/')[3] ?? ''));
  return carriesWrittenSql(route, sample.payload) ? [...asks, 'query.run'].sort() : [...asks].sort();
}

describe('every route that runs SQL is listed with the actions it asks', () => {
  it('holds for every registered route', { timeout: 120_000 }, async () => {
    const heard: Heard = { actions: [], statements: [] };
    const app = harness.server(recordingHooks(heard), { timeoutMs: 2_000 });
    const routes: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${r.url}`);
    });
    await app.ready();
    const ranSql = new Set<string>();
    let build = '';
    for (const route of routes) {
      const samples = SAMPLES[route];
      expect(samples, `a sample request for ${route}`).toBeDefined();
      for (const sample of samples ?? []) {
        heard.actions.length = 0;
        heard.statements.length = 0;
        const url = sample.url.replace(':build', build);
        const res = await app.inject({ method: sample.method, url, ...(sample.payload !== undefined ? { payload: sample.payload } : {}) });
        if (route === 'POST /api/app-builds') build = (JSON.parse(res.body) as { id: string }).id;
        // The harness keeps no memory store: follows answer 503 STORE_UNAVAILABLE, never a failure.
        expect(res.statusCode, `${sample.method} ${sample.url}: ${res.body.slice(0, 300)}`).not.toBe(500);
        expect(routeAction(sample.method, url).rule).toBe(route);
        if (heard.statements.length === 0) continue;
        ranSql.add(route);
        const listed = SQL_ROUTES.find((r) => r.route === route);
        expect(listed, `${route} runs SQL: list it in SQL_ROUTES`).toBeDefined();
        expect([...new Set(heard.actions)].sort(), `${sample.method} ${sample.url}`).toEqual(expectedActions(route, sample));
        const destination = carriesWrittenSql(route, sample.payload) ? 'person' : listed?.destination;
        for (const statement of heard.statements) expect(statement.destination, `${sample.method} ${sample.url}`).toBe(destination);
      }
    }
    expect([...ranSql].sort()).toEqual(SQL_ROUTES.map((r) => r.route).sort());
  });
});
