/**
 * The App Autopilot over HTTP (spec 01 "App Autopilot"; contract/autopilot.ts): a run on the
 * saved draft of build `:id`, reading the caller's review artifact, Apply and Discard. A run's
 * refusal is a 200 answer carrying its typed recovery reason; a refused Apply is the 409 of its
 * recovery reason (404 for an artifact that is not the caller's), and nothing is written.
 */
import type { FastifyPluginAsync } from 'fastify';
import { configuredProvider } from '../../runtime/agent-runs/model-provider.js';
import { AutopilotError, applyProposal, discardProposal, readArtifact, runAutopilot, settledOf } from '../../runtime/autopilot/index.js';
import { asBuild } from '../build-failure.js';
import { API_ERROR_CODES } from '../codes.js';
import { APPLY_ROUTE, type ApplyBody, ARTIFACT_ROUTE, AUTOPILOT_ROUTE, type AutopilotRequestBody, DISCARD_ROUTE } from '../contract/autopilot.js';
import type { RouteOptions } from '../deps.js';
import { ApiError, type ApiErrorCode } from '../errors.js';
import { ownDraft } from '../own-build.js';
import { snapshotOf } from '../snapshot-hook.js';

type Params = { id: string };
type ArtifactParams = { id: string; artifactId: string };

/** Runs `work`, answering an Apply's refusal as the HTTP error of its recovery reason. */
async function asAutopilot<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await asBuild(work);
  } catch (error) {
    if (!(error instanceof AutopilotError)) throw error;
    // Only an Apply's, a read's or a Discard's reasons are thrown here; each has its HTTP status.
    const code = error.code as ApiErrorCode;
    const status = Object.hasOwn(API_ERROR_CODES, code) ? API_ERROR_CODES[code].status : undefined;
    if (typeof status !== 'number') throw error;
    throw new ApiError(status, code, error.message, error.extra);
  }
}

export const appBuildAutopilotRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: Params; Body: AutopilotRequestBody }>('/api/app-builds/:id/autopilot', { schema: AUTOPILOT_ROUTE }, (request) =>
    asBuild(() => {
      const { manifest, executor, config } = snapshotOf(request);
      ownDraft(deps.root, request.params.id, manifest, request.asker);
      const ctx = {
        root: deps.root,
        manifest,
        executor,
        asker: request.asker,
        provider: configuredProvider(config),
        ...(deps.recorder ? { recorder: deps.recorder } : {}),
        ...(deps.runs ? { runs: deps.runs } : {}),
      };
      return runAutopilot(ctx, { build: request.params.id, ...request.body });
    }),
  );
  app.get<{ Params: ArtifactParams }>('/api/app-builds/:id/autopilot/:artifactId', { schema: ARTIFACT_ROUTE }, (request) =>
    asAutopilot(() => {
      const { id, artifactId } = request.params;
      ownDraft(deps.root, id, snapshotOf(request).manifest, request.asker);
      const artifact = readArtifact(deps.root, id, artifactId, request.asker?.principal?.id ?? null);
      return { ...artifact, ...settledOf(deps.root, id, artifactId) };
    }),
  );
  app.post<{ Params: ArtifactParams; Body: ApplyBody }>('/api/app-builds/:id/autopilot/:artifactId/apply', { schema: APPLY_ROUTE }, (request) =>
    asAutopilot(() => {
      ownDraft(deps.root, request.params.id, snapshotOf(request).manifest, request.asker);
      return applyProposal({
        root: deps.root,
        manifest: snapshotOf(request).manifest,
        build: request.params.id,
        artifactId: request.params.artifactId,
        proposalHash: request.body.proposalHash,
        baseRevision: request.body.baseRevision,
        owner: request.asker?.principal?.id ?? null,
      });
    }),
  );
  app.post<{ Params: ArtifactParams }>('/api/app-builds/:id/autopilot/:artifactId/discard', { schema: DISCARD_ROUTE }, (request) =>
    asAutopilot(() => {
      ownDraft(deps.root, request.params.id, snapshotOf(request).manifest, request.asker);
      discardProposal(deps.root, request.params.id, request.params.artifactId, request.asker?.principal?.id ?? null);
      return { discarded: true };
    }),
  );
};
