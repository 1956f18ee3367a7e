/**
 * The trust label, always first above an answer (spec 01 rule 2): the word itself carries the
 * trust (colour only repeats it), with the block and contract for a certified answer, the
 * `uncertified` marker shown unchanged for one that needs review, and the reason for a refusal.
 */
import type { AskRun } from '../../server/contract/agent-runs.js';

/** What of a run its trust label reads. */
type LabelledRun = Pick<AskRun, 'trust' | 'block' | 'contract' | 'uncertified' | 'refusal'>;

export function TrustLabel({ run }: { run: LabelledRun }) {
  if (run.trust === 'certified') return <CertifiedLabel run={run} />;
  if (run.trust === 'review_required') return <ReviewLabel run={run} />;
  return <RefusedLabel run={run} />;
}

/** A certified answer's label: the block and contract it came from. */
function CertifiedLabel({ run }: { run: LabelledRun }) {
  return (
    <p class="trust trust-certified" data-trust="certified">
      <strong>Certified</strong>
      {run.block !== undefined ? (
        <span>
          {' '}
          · block <code>{run.block}</code>
        </span>
      ) : null}
      {run.contract !== undefined ? (
        <span>
          {' '}
          · contract <code>{run.contract}</code>
        </span>
      ) : null}
    </p>
  );
}

/** A review-required answer's label: the `uncertified` marker unchanged, and why it needs review. */
function ReviewLabel({ run }: { run: LabelledRun }) {
  return (
    <p class="trust trust-review" data-trust="review_required">
      <strong>Review required</strong>
      {run.uncertified === true ? (
        <span>
          {' '}
          · <code>uncertified</code>
        </span>
      ) : null}
      <span> · SQL was written for this question; no certified block answers it.</span>
    </p>
  );
}

/** A refusal's label: its code and reason. */
function RefusedLabel({ run }: { run: LabelledRun }) {
  return (
    <p class="trust trust-refused" data-trust="refused">
      <strong>Refused</strong>
      {run.refusal !== undefined ? (
        <span>
          {' '}
          · <code>{run.refusal.code}</code>: {run.refusal.reason}
        </span>
      ) : null}
    </p>
  );
}
