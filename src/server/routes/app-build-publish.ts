/**
 * App builds, from preview to publication (spec 01 "Build with AI (App Builder orchestrator)"
 * rules 8-11; contract/app-builds.ts): preview runs a revision's data tiles on the server's one
 * query path as the caller (at most four at a time, in order, each failure its own) and keeps
 * the settled evidence; preflight reports every blocker and the trust `svc app check` would give
 * the App; publish writes the App's files all or none, only when the preflight has no blocker,
 * and then compiles the project so the App is listed at once; with `review: true` (action
 * `git.review`, asked first) the App's files are also committed as the signed-in person on a
 * review branch and sent for review (review-gate.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import { figuresDependOnReader } from '../../hooks/answer-text.js';
import { audit } from '../../hooks/audit.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { HostModelUnavailableError, requestProvider } from '../../runtime/agent-runs/host-model.js';
import { configuredProvider, type ModelProvider } from '../../runtime/agent-runs/model-provider.js';
import type { ChosenProvider } from '../../runtime/agent-runs/privacy-boundary.js';
import type { AppBuildDraft } from '../../runtime/app-builder/index.js';
import { BuildError, preflight, previewDraft, publishDraft } from '../../runtime/app-builder/index.js';
import { runnerOn } from '../../runtime/certify/executor-runner.js';
import { localOwner } from '../../runtime/certify/local-owner.js';
import { asBuild } from '../build-failure.js';
import { PREFLIGHT_ROUTE, PREVIEW_ROUTE, PUBLISH_ROUTE, type PublishOnlyRequest, type PublishRequest, type RevisionRequest } from '../contract/app-builds.js';
import type { RouteOptions, ServerDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { answerStatements, certifiedBlockOf } from '../own-answer.js';
import { ownDraft } from '../own-build.js';
import { requireReview, sendForReview } from '../review-gate.js';
import { snapshotOf } from '../snapshot-hook.js';

type Params = { id: string };

/**
 * Answer text whose figures depend on the reader is refused at publication too (spec 03
 * "Answers, figures and sources" 2): 409 ANSWER_FIGURES_DEPEND_ON_READER, nothing written. The
 * host is told the tables each answer's run read, from the run's facts; an answer whose facts
 * are gone depends on the reader.
 */
async function answerTextMayBeKept(deps: ServerDeps, draft: AppBuildDraft, request: FastifyRequest): Promise<void> {
  const { manifest, executor } = snapshotOf(request);
  for (const tile of draft.pages.flatMap((p) => p.tiles)) {
    if (tile.kind !== 'text' || tile.answer === undefined) continue;
    const record = await deps.runs?.get(tile.answer.runId);
    const statements = record === undefined ? undefined : answerStatements(record, certifiedBlockOf(record, manifest));
    if (await figuresDependOnReader(request.asker, executor, statements))
      throw new ApiError(
        409,
        'ANSWER_FIGURES_DEPEND_ON_READER',
        `Tile ${tile.id} keeps answer text whose figures can differ by who reads them; add it as a live tile instead.`,
      );
  }
}

/** The model a preview repair may use: the host's choice or the project's; none when the host gives none. */
function repairProvider(asker: Asker, project: ModelProvider | undefined): ChosenProvider | undefined {
  try {
    return requestProvider(asker, project);
  } catch (error) {
    if (error instanceof HostModelUnavailableError) return undefined;
    throw error;
  }
}

/** The newest revision, which must be the one the request names. */
function current(draft: AppBuildDraft, revision: number): AppBuildDraft {
  if (draft.revision !== revision)
    throw new BuildError('APP_BUILD_REVISION_CONFLICT', `The request names revision ${revision}; the newest is ${draft.revision}.`, {
      revision: draft.revision,
    });
  return draft;
}

/** Publishes the build's revision, all files or none; with `review`, sends the App's files for review. */
async function publish(request: FastifyRequest<{ Params: Params; Body: PublishOnlyRequest }>, deps: ServerDeps) {
  const review = request.body.review === true;
  if (review) await requireReview(request.asker);
  const { manifest, config } = snapshotOf(request);
  const draft = ownDraft(deps.root, request.params.id, manifest, request.asker);
  await answerTextMayBeKept(deps, draft, request);
  const owner = request.asker?.principal?.id ?? localOwner(deps.root, config).owner;
  const input = { root: deps.root, draft, manifest, appId: request.body.appId, owner, rules: config.rules ?? [], expectedRevision: request.body.revision };
  const published = publishDraft(input);
  audit('change', { change: 'app_published', source: `app:${published.app}` }, request.asker);
  // The manifest lists Apps; compiling now lets the running server serve the new App.
  compileProject({ project: deps.root });
  if (!review) return published;
  // The App's whole folder: pages the publication removed leave the review commit too.
  const body = `Published from the web app at revision ${published.revision}.`;
  const sent = await sendForReview(deps.root, request.asker, published.files, `Publish App ${published.app}`, body, deps.log, [`apps/${published.app}`]);
  if (sent.commit !== undefined) audit('change', { change: 'git_review', source: `app:${published.app}` }, request.asker);
  return { ...published, review: sent };
}

export const appBuildPublishRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: Params; Body: RevisionRequest }>('/api/app-builds/:id/preview', { schema: PREVIEW_ROUTE }, (request) =>
    asBuild(async () => {
      const { manifest, executor } = snapshotOf(request);
      const draft = current(ownDraft(deps.root, request.params.id, manifest, request.asker), request.body.revision);
      const repair = { executor, asker: request.asker, provider: repairProvider(request.asker, configuredProvider(snapshotOf(request).config)) };
      return previewDraft(deps.root, draft, manifest, runnerOn(executor, request.asker), repair);
    }),
  );
  app.post<{ Params: Params; Body: PublishRequest }>('/api/app-builds/:id/preflight', { schema: PREFLIGHT_ROUTE }, (request) =>
    asBuild(async () => {
      const { manifest, config } = snapshotOf(request);
      const draft = current(ownDraft(deps.root, request.params.id, manifest, request.asker), request.body.revision);
      await answerTextMayBeKept(deps, draft, request);
      const owner = request.asker?.principal?.id ?? localOwner(deps.root, config).owner;
      const { app: _app, ...report } = preflight({ root: deps.root, draft, manifest, appId: request.body.appId, owner, rules: config.rules ?? [] });
      return report;
    }),
  );
  app.post<{ Params: Params; Body: PublishOnlyRequest }>('/api/app-builds/:id/publish', { schema: PUBLISH_ROUTE }, (request) =>
    asBuild(() => publish(request, deps)),
  );
};
