/**
 * The trust label, always first above an answer (spec 01 rule 2): the word itself carries the
 * trust (colour only repeats it), with the block and contract for a certified answer, the
 * `uncertified` marker shown unchanged for one that needs review, and the reason for a refusal.
 */
import type { AskRun } from '../../server/contract/agent-runs.js';

export function TrustLabel({ run }: { run: Pick<AskRun, 'trust' | 'block' | 'contract' | 'uncertified' | 'refusal'> }) {
  if (run.trust === 'certified') {
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
  if (run.trust === 'review_required') {
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
