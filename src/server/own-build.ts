/**
 * A build draft belongs to the person who started it (spec 03 "File and environment
 * restrictions" 6: the draft owner is the signed-in person; Errors: another person's item is not
 * found). With a host, a draft records its starter's id, and every `/api/app-builds/:id*` route
 * reads it through here: for anyone else it is APP_BUILD_NOT_FOUND, the answer for a build that
 * does not exist, so its existence is not told either. A draft started without a host person (on
 * a single-user install, or a version 2 draft) belongs to no hosted person and is not found for
 * every one of them: an unowned draft fails closed rather than open to all.
 */
import type { Manifest } from '../compiler/types.js';
import { type Asker, ownerKey } from '../hooks/context/request-context.js';
import { type AppBuildDraft, BuildError, readDraft } from '../runtime/app-builder/index.js';

/** The owner a new draft records for `asker`: the host's person id, none for the local owner. */
export function draftOwner(asker: Asker): { owner?: string } {
  const key = ownerKey(asker?.principal);
  return key !== null && key !== '' ? { owner: key } : {};
}

/** Whether `asker` may read and change `draft`. */
function mayUse(draft: AppBuildDraft, asker: Asker): boolean {
  const key = ownerKey(asker?.principal);
  if (key === null) return false;
  return (draft.owner ?? '') === key;
}

/** The newest revision of build `id` when it is the caller's; else APP_BUILD_NOT_FOUND. */
export function ownDraft(root: string, id: string, manifest: Manifest, asker: Asker): AppBuildDraft {
  const draft = readDraft(root, id, manifest);
  if (!mayUse(draft, asker)) throw new BuildError('APP_BUILD_NOT_FOUND', `There is no App build ${id} in this project.`);
  return draft;
}
