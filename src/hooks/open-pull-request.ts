/**
 * Asks the host's `git.openPullRequest` for a review request (spec 02 rule 3): the answer must
 * be `{ url }` holding a web address (http or https) or a same-origin path; a throw, an answer
 * after six times the hook limit (rule 4), or any other answer refuses the review request with a
 * reference, and what the hook said goes only to the log (it is never echoed back).
 */
import { callHook } from './call-hook.js';
import type { ContextHooks } from './context/request-context.js';
import { type PullRequestRequest, SLOW_HOOK_FACTOR } from './hooks.js';
import { isSameOriginPath } from './shapes.js';

/** A web address a person may open: http or https, no credentials in it, no white space. */
function isWebAddress(value: string): boolean {
  if (value.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** True for `{ url }` with a web address or a same-origin path, nothing else. */
export function isReviewAnswer(value: unknown): value is { url: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const url = (value as { url?: unknown }).url;
  return typeof url === 'string' && (isSameOriginPath(url) || isWebAddress(url));
}

export type ReviewRequestOutcome = { kind: 'requested'; url: string } | { kind: 'refused'; reference: string };

/** The host's review request for `request`; the hook must be present (the caller checks). */
export async function hostReviewRequest(host: ContextHooks, request: PullRequestRequest): Promise<ReviewRequestOutcome> {
  const git = host.hooks.git;
  const outcome = await callHook({
    name: 'git.openPullRequest',
    invoke: () => git?.openPullRequest?.call(git, request),
    accept: isReviewAnswer,
    timeoutMs: host.timeoutMs * SLOW_HOOK_FACTOR,
    log: host.log,
  });
  return outcome.kind === 'ok' ? { kind: 'requested', url: outcome.value.url } : { kind: 'refused', reference: outcome.reference };
}
