/**
 * GET /api/git/diff?path=<project-relative path> (spec 03 Endpoints): the diff of one project
 * file against the current commit. Only project content (project-content.ts) is named, judged
 * before git is asked, so a refused path answers 403 whether or not it exists; the path reaches
 * git as a literal pathspec (src/runtime/git/project-diff.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { projectDiff } from '../../runtime/git/project-diff.js';
import { DIFF_ROUTE, type Diff, type DiffQuery } from '../contract/git.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { isProjectContent } from '../project-content.js';

export const gitRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Querystring: DiffQuery; Reply: Diff }>('/api/git/diff', { schema: DIFF_ROUTE }, async (request) => {
    const { path } = request.query;
    if (!isProjectContent(deps.root, path)) throw new ApiError(403, 'PATH_REFUSED', 'This path is not project content, so it is not shown.');
    const outcome = await projectDiff(deps.root, path);
    if (outcome.ok) return { path, diff: outcome.diff };
    if (outcome.why === 'no-repository') throw new ApiError(409, 'GIT_REPOSITORY_MISSING', 'The project is not in a git repository with a first commit.');
    // An unexpected failure: the error handler answers 500 with a reference and logs git's words under it.
    throw new Error(`git diff failed: ${outcome.detail ?? 'no detail'}`);
  });
};
