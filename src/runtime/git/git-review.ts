/**
 * Sends a change made from the web app (a certification, an App publication) for review (spec 02
 * `git.openPullRequest`, spec 03 "Schedules, delivery, signing, git"): the changed files are
 * committed as the signed-in person on a review branch (review-branch.ts), then the review is
 * requested through the host's `git.openPullRequest` when it has one (it replaces the command
 * line), else the hosting provider's command line when present (provider-cli.ts). A hook that
 * fails, answers late or answers anything but a web address or same-origin path refuses the
 * request plainly, with a reference; the commit on its branch stays either way.
 */
import { errorReference } from '../../hooks/context/error-reference.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { DEFAULT_HOOK_TIMEOUT_MS, SLOW_HOOK_FACTOR } from '../../hooks/hooks.js';
import { hostReviewRequest } from '../../hooks/open-pull-request.js';
import { providerReviewRequest } from './provider-cli.js';
import { commitForReview, type GivenText } from './review-branch.js';

export interface ReviewInput {
  root: string;
  /** Absolute paths of the files the change wrote or removed. */
  files: readonly string[];
  /** Absolute folders whose tracked files are staged too (as they are now, removed ones removed). */
  folders?: readonly string[];
  /** Files whose new text the change gives, committed without writing them in the working tree. */
  texts?: readonly GivenText[];
  asker: Asker;
  title: string;
  body: string;
  log: (line: string) => void;
}

export interface ReviewOutcome {
  /** `requested`: a review request exists at `url`; `committed`: on its branch, no request made; `refused`: the request was refused; `not_committed`: nothing was committed. */
  status: 'requested' | 'committed' | 'refused' | 'not_committed';
  message: string;
  branch?: string;
  base?: string;
  commit?: string;
  url?: string;
  reference?: string;
}

const NOT_COMMITTED: Record<'no-repository' | 'no-change', string> = {
  'no-repository': 'The project is not in a git repository with a first commit, so the change was not sent for review.',
  'no-change': 'The change left the files as the current commit has them, so there is nothing to review.',
};

/** Commits the change on a review branch and asks for its review. */
export async function reviewChange(input: ReviewInput): Promise<ReviewOutcome> {
  const committed = await commitForReview({
    root: input.root,
    files: input.files,
    ...(input.folders !== undefined ? { folders: input.folders } : {}),
    ...(input.texts !== undefined ? { texts: input.texts } : {}),
    principal: input.asker?.principal,
    message: `${input.title}\n\n${input.body}`,
  });
  if (!committed.ok) {
    if (committed.why !== 'git-failed') return { status: 'not_committed', message: NOT_COMMITTED[committed.why] };
    const reference = errorReference();
    input.log(`[${reference}] git review commit: ${committed.detail ?? 'git failed'}`);
    return { status: 'not_committed', message: `git could not commit the change for review (reference ${reference}).`, reference };
  }
  const made = committed.made;
  const on = { branch: made.branch, base: made.base, commit: made.commit };
  const request = { gitRoot: made.gitRoot, branch: made.branch, base: made.base, title: input.title, body: input.body };
  const host = input.asker?.host;
  if (host?.hooks.git?.openPullRequest !== undefined) {
    const asked = await hostReviewRequest(host, { ...request, ...(input.asker?.principal !== undefined ? { principal: input.asker.principal } : {}) });
    if (asked.kind === 'requested') return { status: 'requested', message: `Sent for review from branch ${made.branch}.`, url: asked.url, ...on };
    return {
      status: 'refused',
      message: `The change is on branch ${made.branch}, but the review request was refused (reference ${asked.reference}).`,
      reference: asked.reference,
      ...on,
    };
  }
  return providerRequest(input, request, on);
}

async function providerRequest(
  input: ReviewInput,
  request: { gitRoot: string; branch: string; base: string; title: string; body: string },
  on: { branch: string; base: string; commit: string },
): Promise<ReviewOutcome> {
  const timeoutMs = (input.asker?.host?.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS) * SLOW_HOOK_FACTOR;
  const cli = await providerReviewRequest(request.gitRoot, request, timeoutMs);
  if (cli.kind === 'requested') return { status: 'requested', message: `Sent for review from branch ${on.branch}.`, url: cli.url, ...on };
  if (cli.kind === 'absent')
    return {
      status: 'committed',
      message: `The change is on branch ${on.branch}; no review request was made (no host review hook and no provider command line).`,
      ...on,
    };
  const reference = errorReference();
  input.log(`[${reference}] provider review request: ${cli.detail}`);
  return { status: 'refused', message: `The change is on branch ${on.branch}, but the review request was refused (reference ${reference}).`, reference, ...on };
}
