/**
 * `POST /api/block-studio/certifications` with `{ block, enterprise?, certifiedBy? }`: certifies
 * a block of the project as `svc certify` does (the same judgement, receipts and all-or-nothing
 * writes), with its statements on the server's one query path. Without a host, `certifiedBy`
 * (else the local owner) and `enterprise` come from the request. With a host (spec 02,
 * Authentication 5) the request names no actor: the receipt records the signed-in person, and
 * the host's `enterpriseCertification` alone chooses the rule set; a request no one was placed
 * for cannot certify (401). Answers the certify result: 200 certified, 422 not certifiable,
 * 404 for an unknown block. With `review: true` (action `git.review`, asked first) the files the
 * certification wrote are committed as the signed-in person on a review branch and sent for
 * review (review-gate.ts); the answer's `review` says how far that went.
 */

import type { FastifyPluginAsync } from 'fastify';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import { audit } from '../../hooks/audit.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { certifyBlock } from '../../runtime/certify/certify-block.js';
import { runnerOn } from '../../runtime/certify/executor-runner.js';
import { signerFor } from '../../runtime/certify/receipt-signer.js';
import { CERTIFICATIONS_ROUTE, type CertifyRequest } from '../contract/certifications.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { requireReview, sendForReview } from '../review-gate.js';
import { snapshotOf } from '../snapshot-hook.js';

/** Who the receipt names and which rules apply, as spec 02 decides them. */
function actor(body: CertifyRequest, context: Asker): { certifiedBy?: string; from?: 'host' | 'request'; enterprise: boolean } {
  const host = context?.host;
  if (host === undefined)
    return { ...(body.certifiedBy !== undefined ? { certifiedBy: body.certifiedBy, from: 'request' as const } : {}), enterprise: body.enterprise === true };
  const principal = context?.principal;
  if (principal === undefined) throw new ApiError(401, 'SIGN_IN_REQUIRED', 'Certification records who certified: sign in first.');
  return { certifiedBy: principal.email ?? principal.id, from: 'host', enterprise: host.hooks.enterpriseCertification === true };
}

export const certificationsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Body: CertifyRequest }>('/api/block-studio/certifications', { schema: CERTIFICATIONS_ROUTE }, async (request, reply) => {
    const who = actor(request.body, request.asker);
    const review = request.body.review === true;
    if (review) await requireReview(request.asker);
    const { executor } = snapshotOf(request);
    const result = await certifyBlock({
      cwd: deps.root,
      project: deps.root,
      target: request.body.block,
      enterprise: who.enterprise,
      runner: runnerOn(executor, request.asker),
      via: 'block-studio',
      signer: signerFor(request.asker?.host, request.asker?.principal),
      ...(who.certifiedBy !== undefined ? { resolveOwner: () => ({ owner: who.certifiedBy!, from: who.from! }) } : {}),
    });
    if (result.exitCode === 2) throw new ApiError(404, 'BLOCK_NOT_FOUND', `There is no block ${request.body.block} to certify in this project.`);
    if (result.ok && result.block !== undefined) audit('change', { change: 'certified', source: `block:${result.block}` }, request.asker);
    // Compiled at once, so this server (its answer gate included) reads the new receipt from its next request on.
    if (result.ok && result.written.length > 0) compileProject({ project: deps.root });
    if (!review || !result.ok || result.written.length === 0) return reply.code(result.ok ? 200 : 422).send(result);
    const title = `Certify ${result.block ?? request.body.block}`;
    const body = `Certified from the web app by ${result.receipt?.certifiedBy ?? who.certifiedBy ?? 'the local owner'} under the ${result.rules} rules.`;
    const sent = await sendForReview(deps.root, request.asker, result.written, title, body, deps.log);
    if (sent.commit !== undefined) audit('change', { change: 'git_review', source: `block:${result.block ?? request.body.block}` }, request.asker);
    return reply.code(200).send({ ...result, review: sent });
  });
};
