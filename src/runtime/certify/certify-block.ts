/**
 * `svc certify <block-file|block-id>`: judge the block as it would be certified and, only
 * when every error rule passes, write status = "certified" (review-required tag cleared) and
 * the companion YAML with reviewStatus and the receipt. On refusal nothing is written.
 *
 * Which blocks: draft, review, pending_recertification and certified blocks (certifying a
 * certified block again refreshes its receipt for the current source). A draft still in
 * `_drafts` is promoted with --from-draft instead; deprecated and retired blocks are refused.
 */
import { diag } from '../../../grammar/diagnostics.js';
import { commitCertification } from './commit-certification.js';
import { judge } from './judge.js';
import { type LocatedBlock, locateBlock } from './project.js';
import { localSigner } from './receipt-signer.js';
import { certifiedBy, closeSession, judged, notCertified, openSession, type Session } from './session.js';
import type { CertifyOptions, CertifyResult } from './types.js';

const NOT_CERTIFIABLE = new Set(['deprecated', 'retired']);

/** A reason this block is not certified in place, before anything runs. */
function precondition(located: LocatedBlock, session: Session): CertifyResult | undefined {
  const { block, file } = located;
  if (block.inDrafts) return notCertified(session.rules, 1, [diag('certify/in-drafts', { block: block.id, file }, { file, span: block.span })]);
  if (NOT_CERTIFIABLE.has(block.status)) {
    return notCertified(session.rules, 1, [diag('certify/status-not-certifiable', { block: block.id, status: block.status }, { file, span: block.span })]);
  }
  return undefined;
}

async function certifyLocated(session: Session, located: LocatedBlock, opts: CertifyOptions): Promise<CertifyResult> {
  const early = precondition(located, session);
  if (early !== undefined) return early;
  const { project, policy, rules, runner } = session;
  const judgement = await judge({ project, runner, located, destination: located.file, edits: {}, rules, policy });
  const result = judged(rules, judgement);
  if (!judgement.decision.ok || judgement.certified === undefined) return { ...result, ok: false, exitCode: 1 };
  if (opts.dryRun === true) return result;
  const commit = await commitCertification({
    project,
    certified: judgement.certified,
    destination: located.file,
    policy,
    rules,
    certifiedBy: certifiedBy(session, opts),
    via: opts.via,
    signer: opts.signer ?? localSigner(),
    certifiedAt: (opts.now ?? (() => new Date()))(),
    contracts: project.env.contracts,
    ...(opts.hooks !== undefined ? { hooks: opts.hooks } : {}),
  });
  if (commit.failure !== undefined) return { ...result, ok: false, exitCode: 1, diagnostics: [...result.diagnostics, commit.failure] };
  return { ...result, companion: commit.companion, receipt: commit.receipt, written: commit.written };
}

/** Certifies one block; never throws on user input. */
export async function certifyBlock(opts: CertifyOptions): Promise<CertifyResult> {
  const { session, diagnostics } = await openSession(opts);
  if (session === undefined) return notCertified(opts.enterprise === true ? 'enterprise' : 'oss', 2, diagnostics);
  try {
    const found = locateBlock(session.project, opts.cwd, opts.target);
    if (found.located === undefined) return notCertified(session.rules, 2, found.diagnostics);
    return await certifyLocated(session, found.located, opts);
  } finally {
    await closeSession(session, opts);
  }
}
