/**
 * Sending a change made from the web app for review (spec 02 action `git.review`): with a host,
 * the person must be allowed `git.review` on the project, asked before the change is made, so a
 * refusal changes nothing; then the written files (or the new texts of files left unwritten) go to
 * src/runtime/git/git-review.ts.
 */
import { authorizeAction } from '../hooks/authorize-action.js';
import type { Asker } from '../hooks/context/request-context.js';
import { type ReviewOutcome, reviewChange } from '../runtime/git/git-review.js';
import { ApiError } from './errors.js';
import { defaultLog } from './server-logger.js';

/** Throws 403 PERMISSION_DENIED when the host refuses `asker` the review of a change. */
export async function requireReview(asker: Asker): Promise<void> {
  const host = asker?.host;
  const principal = asker?.principal;
  if (host === undefined || principal === undefined) return;
  const decision = await authorizeAction(host, principal, 'git.review', { kind: 'project' });
  if (decision.allow) return;
  throw new ApiError(403, 'PERMISSION_DENIED', 'You may not send changes for review here (git.review).', { action: 'git.review' });
}

/** Sends the project-relative `written` files (and every tracked file under `folders`) for review under `title`. */
export function sendForReview(
  root: string,
  asker: Asker,
  written: readonly string[],
  title: string,
  body: string,
  log: (line: string) => void = defaultLog,
  folders: readonly string[] = [],
): Promise<ReviewOutcome> {
  return reviewChange({ root, files: written.map((w) => `${root}/${w}`), folders: folders.map((f) => `${root}/${f}`), asker, title, body, log });
}

/** Sends project-relative files with their new `texts` for review under `title`, writing none of them in the project. */
export function sendTextsForReview(
  root: string,
  asker: Asker,
  texts: ReadonlyArray<{ path: string; text: string }>,
  title: string,
  body: string,
  log: (line: string) => void = defaultLog,
): Promise<ReviewOutcome> {
  return reviewChange({ root, files: [], texts: texts.map((t) => ({ file: `${root}/${t.path}`, text: t.text })), asker, title, body, log });
}
