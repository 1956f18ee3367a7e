/**
 * `POST /api/block-studio/approve-semantic` `{ term }` or `{ view }`: certifies a business term or
 * view as `svc certify --term` / `--view` does (the same judgement, one in-place write or none),
 * recorded `via: block-studio`. In a project that signs its receipts the receipt is signed by the
 * host's `signing` hook when it has one (the key never leaves the key service), else by the local
 * key, and verified against the certifier list before anything is written: a late, failing,
 * wrong-shaped or non-verifying answer writes no receipt (422, with the code saying which). With a
 * host the receipt names the signed-in person (spec 02, Authentication 5; the body's
 * `certifiedBy` is ignored) and no one placed cannot certify (401).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { audit } from '../../hooks/audit.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { certifyTerm } from '../../runtime/certify/certify-term.js';
import { certifyView } from '../../runtime/certify/certify-view.js';
import { signerFor } from '../../runtime/certify/receipt-signer.js';
import { APPROVE_SEMANTIC_ROUTE, type ApproveSemanticRequest, type ApproveSemanticResult } from '../contract/semantic-certifications.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

/** Who the receipt names: with a host the signed-in person only; without, the body's name or the local owner. */
function certifier(body: ApproveSemanticRequest, asker: Asker): string | undefined {
  if (asker?.host === undefined) return body.certifiedBy;
  const principal = asker.principal;
  if (principal === undefined) throw new ApiError(401, 'SIGN_IN_REQUIRED', 'Certification records who certified: sign in first.');
  return principal.email ?? principal.id;
}

const NOT_FOUND = new Set(['certify/term-not-found', 'certify/view-not-found']);
const diagnosticsOf = (list: readonly Diagnostic[]) => list.map((d) => ({ code: d.code, severity: d.severity, message: d.message, file: d.file }));

export const semanticCertificationsRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Body: ApproveSemanticRequest; Reply: ApproveSemanticResult }>(
    '/api/block-studio/approve-semantic',
    { schema: APPROVE_SEMANTIC_ROUTE },
    async (request, reply) => {
      const body = request.body;
      const certifiedBy = certifier(body, request.asker);
      const kind = body.term !== undefined ? 'term' : 'view';
      const id = (body.term ?? body.view) as string;
      const common = {
        cwd: deps.root,
        project: deps.root,
        via: 'block-studio' as const,
        signer: signerFor(request.asker?.host, request.asker?.principal),
        ...(certifiedBy !== undefined ? { certifiedBy } : {}),
      };
      const result = kind === 'term' ? await certifyTerm({ ...common, term: id }) : await certifyView({ ...common, view: id });
      if (result.diagnostics.some((d) => NOT_FOUND.has(d.code)))
        throw new ApiError(404, 'SEMANTIC_NOT_FOUND', `This project has no business ${kind} ${id} to certify.`);
      if (result.ok) audit('change', { change: 'certified', source: `${kind}:${id}` }, request.asker);
      const answer: ApproveSemanticResult = {
        ok: result.ok,
        kind,
        id,
        ...(result.receipt !== undefined ? { receipt: result.receipt } : {}),
        diagnostics: diagnosticsOf(result.diagnostics),
        written: result.written,
      };
      return reply.code(result.ok ? 200 : 422).send(answer);
    },
  );
};
