/**
 * The one review toggle of a change made from the web app (spec 02 `git.review`, spec 03
 * "Schedules, delivery, signing, git"): off, the change is made in the project as it is; on, it
 * is committed as the signed-in person on a review branch and a review is requested. Offered to
 * someone who may send changes for review (always without a host), never to a link reader; the
 * server asks `git.review` again on every such request.
 */
import { useContext } from 'preact/hooks';
import type { Review } from '../../server/contract/git.js';
import { HostContext } from '../client/host-context.js';
import { viewingByLink } from '../client/viewer-link.js';

/** Whether the capability map lets the person take `action` here (single-user: yes; a link reader: no). */
export function useAllowed(action: string): boolean {
  const host = useContext(HostContext);
  return !viewingByLink && host.kind === 'ready' && (host.map.host === false || host.map.capabilities?.[action] === true);
}

interface ToggleProps {
  checked: boolean;
  set: (on: boolean) => void;
  /** What the change does without review, ending the label: "only writing the files". */
  otherwise: string;
}

/** The checkbox, labelled `Send for review (...)`; nothing for someone who may not send changes for review. */
export function ReviewToggle({ checked, set, otherwise }: ToggleProps) {
  if (!useAllowed('git.review')) return null;
  return (
    <label class="review-toggle">
      <input type="checkbox" checked={checked} onChange={(e) => set((e.target as HTMLInputElement).checked)} /> Send for review (commit on a review branch and
      request a review, instead of {otherwise})
    </label>
  );
}

/** What became of a change sent for review, as one sentence with the request's address when there is one. */
export function ReviewOutcome({ review }: { review: Review | undefined }) {
  if (review === undefined) return null;
  const link = review.url !== undefined && /^(https?:\/\/|\/(?![/\\]))/.test(review.url) ? review.url : undefined;
  return (
    <span class="review-outcome">
      {' '}
      Review: {review.message}
      {link !== undefined ? (
        <>
          {' '}
          <a href={link} target="_top" rel="noopener">
            Open the review request
          </a>
        </>
      ) : null}
    </span>
  );
}
