/**
 * App builds, authoring (spec 01 "Build with AI (App Builder orchestrator)" rules 1-7; spec 03
 * `POST /api/app-builds/:id/ask-results`; contract/app-builds.ts): start a build, read its newest
 * revision, search and resolve the source catalog, plan with the configured model (or the
 * labelled deterministic plan when none is configured), compose, and add an Ask answer. Every
 * change writes the next immutable revision through src/runtime/app-builder; the browser sends
 * only catalog ids and allow-listed operations, never source identities, tiles or bindings.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { configuredProvider } from '../../runtime/agent-runs/model-provider.js';
import {
  type AppBuildDraft,
  addAnswer,
  blockOfSource,
  catalogSnapshot,
  catalogSources,
  compose,
  contentOf,
  createDraft,
  type DraftOperation,
  filterCandidates,
  nextRevision,
  planDraft,
  searchSources,
} from '../../runtime/app-builder/index.js';
import type { Executor } from '../../warehouse/types.js';
import { asBuild } from '../build-failure.js';
import {
  type AddAskResult,
  ASK_RESULT_ROUTE,
  CANDIDATES_ROUTE,
  type CandidatesQuery,
  COMPOSE_ROUTE,
  type ComposeBuild,
  CREATE_BUILD_ROUTE,
  type CreateBuild,
  FILTER_CANDIDATES_ROUTE,
  PLAN_ROUTE,
  type PlanBuild,
  READ_BUILD_ROUTE,
  RESOLVE_ROUTE,
  type ResolveSources,
} from '../contract/app-builds.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { certifiedBlockOf, keepableText, ownRun } from '../own-answer.js';
import { draftOwner, ownDraft } from '../own-build.js';
import { snapshotOf } from '../snapshot-hook.js';

type Params = { id: string };

function startBuild(root: string, manifest: Manifest, body: CreateBuild, asker: Asker): AppBuildDraft {
  const empty = {
    title: body.title ?? 'New App',
    trustMode: body.trustMode ?? 'governed_only',
    snapshot: '',
    sources: [],
    pages: [],
    reviewTasks: [],
    ...draftOwner(asker),
  };
  const ops: DraftOperation[] = (body.sourceIds ?? []).map((sourceId) => ({ op: 'add_tile', sourceId }));
  return createDraft(root, compose(empty, ops, manifest));
}

/** The draft with one of the caller's answers added (the 409 rule decided first). */
async function withAnswer(
  deps: ServerDeps,
  draft: AppBuildDraft,
  body: AddAskResult,
  snapshot: { manifest: Manifest; executor: Executor },
  asker: Asker,
): Promise<AppBuildDraft> {
  const { manifest, executor } = snapshot;
  const record = await ownRun(deps.runs, body.runId, asker);
  const block = certifiedBlockOf(record, manifest);
  const text = body.mode === 'text' ? await keepableText(record, asker, executor, block) : undefined;
  const answer = {
    runId: record.runId,
    question: record.question,
    tables: record.tables,
    mode: body.mode,
    ...(text !== undefined ? { text } : {}),
    ...(block !== undefined ? { blockId: block.id } : {}),
  };
  return nextRevision(deps.root, draft, body.baseRevision, addAnswer(contentOf(draft), manifest, answer, body.pageId));
}

function authoringRoutes(app: Parameters<FastifyPluginAsync<RouteOptions>>[0], deps: ServerDeps): void {
  app.post<{ Body: CreateBuild }>('/api/app-builds', { schema: CREATE_BUILD_ROUTE }, (request) =>
    asBuild(() => startBuild(deps.root, snapshotOf(request).manifest, request.body, request.asker)),
  );
  app.get<{ Params: Params }>('/api/app-builds/:id', { schema: READ_BUILD_ROUTE }, (request) =>
    asBuild(() => ownDraft(deps.root, request.params.id, snapshotOf(request).manifest, request.asker)),
  );
  app.post<{ Params: Params; Body: PlanBuild }>('/api/app-builds/:id/plan', { schema: PLAN_ROUTE }, (request) =>
    asBuild(async () => {
      const { manifest, config, executor } = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
      const provider = configuredProvider(config);
      const { prompt, answers } = request.body;
      const content = await planDraft({
        content: contentOf(draft),
        prompt,
        ...(answers !== undefined ? { answers } : {}),
        manifest,
        executor,
        asker: request.asker,
        provider,
      });
      return nextRevision(deps.root, draft, request.body.baseRevision, content);
    }),
  );
  app.post<{ Params: Params; Body: ComposeBuild }>('/api/app-builds/:id/compose', { schema: COMPOSE_ROUTE }, (request) =>
    asBuild(() => {
      const { manifest } = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
      const content = compose(contentOf(draft), request.body.operations as DraftOperation[], manifest);
      return nextRevision(deps.root, draft, request.body.baseRevision, content);
    }),
  );
  app.post<{ Params: Params; Body: AddAskResult }>('/api/app-builds/:id/ask-results', { schema: ASK_RESULT_ROUTE }, (request) =>
    asBuild(async () => {
      const snapshot = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, snapshot.manifest, request.asker);
      return withAnswer(deps, draft, request.body, snapshot, request.asker);
    }),
  );
}

function catalogRoutes(app: Parameters<FastifyPluginAsync<RouteOptions>>[0], deps: ServerDeps): void {
  app.get<{ Params: Params; Querystring: CandidatesQuery }>('/api/app-builds/:id/source-candidates', { schema: CANDIDATES_ROUTE }, (request) =>
    asBuild(() => {
      const { manifest } = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
      const q = request.query;
      const sources = catalogSources(manifest, { includeDeprecated: q.includeDeprecated === '1' });
      const search = {
        ...(q.query !== undefined ? { query: q.query } : {}),
        ...(q.facet !== undefined ? { facet: q.facet } : {}),
        ...(q.cursor !== undefined ? { cursor: q.cursor } : {}),
        ...(q.limit !== undefined ? { limit: Number(q.limit) } : {}),
      };
      return { ...searchSources(sources, search, draft.trustMode), trustMode: draft.trustMode, snapshot: catalogSnapshot(manifest) };
    }),
  );
  app.post<{ Params: Params; Body: ResolveSources }>('/api/app-builds/:id/source-candidates', { schema: RESOLVE_ROUTE }, (request) =>
    asBuild(() => {
      const { manifest } = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
      const all = new Map(catalogSources(manifest, { includeDeprecated: true }).map((s) => [s.id, s]));
      const ids = [...new Set(request.body.ids)];
      const found = ids.filter((id) => all.has(id) && blockOfSource(manifest, id) !== undefined);
      const page = searchSources(
        found.map((id) => all.get(id)!),
        { limit: 100 },
        draft.trustMode,
      );
      return { sources: page.sources, missing: ids.filter((id) => !all.has(id)), snapshot: catalogSnapshot(manifest) };
    }),
  );
  app.get<{ Params: Params }>('/api/app-builds/:id/filter-candidates', { schema: FILTER_CANDIDATES_ROUTE }, (request) =>
    asBuild(() => {
      const { manifest } = snapshotOf(request);
      const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
      return { revision: draft.revision, tiles: filterCandidates(deps.root, draft, manifest) };
    }),
  );
}

export const appBuildsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  authoringRoutes(app, deps);
  catalogRoutes(app, deps);
};
