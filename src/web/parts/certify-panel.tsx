/**
 * Certify on a block's page (spec 02 action `dataset.certify`, Authentication 5; spec 03 Answers
 * 7): the server certifies the block as `svc certify` does, as the signed-in person, and writes
 * the receipt the answer gate reads; with Send for review on, the files it wrote are also
 * committed on a review branch and a review is requested. Offered to someone who may certify
 * (always without a host), never to a link reader, and not for a block still in drafts or one
 * that can no longer be certified. The page reads the block again after a certification, so its
 * trust is the answer gate's, not this panel's.
 */
import { useState } from 'preact/hooks';
import type { BlockView } from '../../server/contract/blocks.js';
import type { CertifyResult } from '../../server/contract/certifications.js';
import { api } from '../client/api.js';
import { ReviewOutcome, ReviewToggle, useAllowed } from './review-toggle.js';

type Detail = BlockView['block'];

/** Statuses `svc certify` refuses in place. */
const NOT_CERTIFIABLE = new Set(['deprecated', 'retired']);

/** Why the certification did not pass: its failed checks, else its error diagnostics. */
function reasons(result: CertifyResult): string[] {
  const failed = result.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.rule}${typeof c['message'] === 'string' ? `: ${c['message']}` : ''}`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message ?? d.code ?? 'error');
  return [...new Set([...errors, ...failed])];
}

function Result({ result }: { result: CertifyResult }) {
  if (!result.ok)
    return (
      <div role="alert" class="certify-result">
        <p class="error">Not certified under the {result.rules} rules; nothing was written.</p>
        <ul class="error problems">
          {reasons(result).map((r) => (
            <li>{r}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <p role="status" class="certify-result">
      Certified by {result.receipt?.certifiedBy ?? 'you'} under the {result.rules} rules.
      <ReviewOutcome review={result.review} />
    </p>
  );
}

export function CertifyPanel({ block, onCertified }: { block: Detail; onCertified: () => void }) {
  const allowed = useAllowed('dataset.certify');
  const [review, setReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CertifyResult | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (!allowed || block.inDrafts === true || NOT_CERTIFIABLE.has(block.status)) return null;
  const certify = async () => {
    setBusy(true);
    const r = await api<CertifyResult>('/api/block-studio/certifications', { body: { block: block.id, ...(review ? { review: true } : {}) } });
    setBusy(false);
    // 422 answers the same result with `ok: false`: its reasons are shown, not a bare status.
    const answered = r.ok ? r.value : r.error.status === 422 ? (r.error.body as unknown as CertifyResult) : undefined;
    setResult(answered);
    setFailure(answered === undefined && !r.ok ? r.error.message : undefined);
    if (answered?.ok === true) onCertified();
  };
  return (
    <section class="certify" aria-labelledby="certify-h">
      <h2 id="certify-h">Certify</h2>
      <p class="note">Runs the block's checks and tests on the warehouse as you, and records you in its receipt when every check passes.</p>
      <ReviewToggle checked={review} set={setReview} otherwise="only writing the block's files" />{' '}
      <button type="button" disabled={busy} onClick={() => void certify()}>
        {review ? 'Certify and send for review' : 'Certify'}
      </button>
      {busy ? <p role="status">Certifying…</p> : null}
      {result !== undefined ? <Result result={result} /> : null}
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
