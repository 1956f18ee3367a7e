/**
 * Publication (spec 01 Build with AI rules 10-11): after a preflight with no blocker, the draft
 * is written as ordinary version-controllable files, `apps/<id>/svc.app.json` and one
 * `dashboards/<page>.svcd` per page, all or none: every file goes to a temporary name first and
 * the renames are undone from the originals when any step fails (certify/file-transaction.ts),
 * so an interrupted publication leaves the App's previous files as they were. Page documents of
 * an earlier publication that the new one no longer lists are removed in the same transaction.
 * Nothing is written while a blocker stands. The build records its publication, which keeps it
 * and the revision published from the local store's sweep.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledApp, CompiledPage } from '../../compiler/types.js';
import { applyChanges, type FileChange, type TransactionHooks } from '../certify/file-transaction.js';
import { BuildError } from './build-error.js';
import { markPublished } from './build-retention.js';
import { buildFolder } from './draft-store.js';
import { type Preflight, type PreflightInput, preflight } from './preflight.js';

export const APP_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export interface PublishInput extends PreflightInput {
  /** The revision the caller reviewed; a newer one is a conflict. */
  expectedRevision: number;
  /** Test seam: interrupt the file transaction between steps. */
  hooks?: TransactionHooks;
}

export interface Published {
  app: string;
  files: string[];
  revision: number;
  trust: Preflight['trust'];
}

function pageDocument(page: CompiledPage): string {
  const doc = { id: page.id, title: page.title, tiles: page.tiles, filters: page.filters, ...(page.crossFilters ? { crossFilters: page.crossFilters } : {}) };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function appDocument(app: CompiledApp): string {
  const pages = app.pages.map((p) => ({ id: p.id, title: p.title, dashboard: p.dashboard }));
  const doc = { id: app.id, title: app.title, ...(app.owner !== undefined ? { owner: app.owner } : {}), lifecycle: app.lifecycle, pages };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Page documents the App's current svc.app.json lists (to remove those the new one drops). */
function earlierDashboards(root: string, appId: string): string[] {
  try {
    const doc = JSON.parse(readFileSync(join(root, 'apps', appId, 'svc.app.json'), 'utf8')) as { pages?: Array<{ dashboard?: unknown }> };
    return (doc.pages ?? []).flatMap((p) =>
      typeof p.dashboard === 'string' && /^[\w-]+(\/[\w-]+)*\.svcd$/.test(p.dashboard) ? [`apps/${appId}/${p.dashboard}`] : [],
    );
  } catch {
    return [];
  }
}

/** The file changes that publish `app`. */
export function publicationChanges(root: string, app: CompiledApp): FileChange[] {
  const writes: FileChange[] = app.pages.map((p) => ({ kind: 'write', path: `apps/${app.id}/${p.dashboard}`, content: pageDocument(p) }));
  const kept = new Set(writes.map((w) => w.path));
  const removed: FileChange[] = earlierDashboards(root, app.id)
    .filter((path) => !kept.has(path))
    .map((path) => ({ kind: 'delete', path }));
  // The App document last: until it is renamed in, the App lists what it listed before.
  return [...writes, ...removed, { kind: 'write', path: app.file, content: appDocument(app) }];
}

/** Publishes the draft as App `appId`; throws APP_BUILD_PREFLIGHT_FAILED, APP_BUILD_REVISION_CONFLICT or APP_BUILD_PUBLISH_FAILED. */
export function publishDraft(input: PublishInput): Published {
  if (!APP_ID.test(input.appId))
    throw new BuildError('APP_BUILD_OPERATION_INVALID', `${JSON.stringify(input.appId)} is not an App id (lower case, digits, _ and -).`);
  if (input.expectedRevision !== input.draft.revision)
    throw new BuildError(
      'APP_BUILD_REVISION_CONFLICT',
      `Publication was asked for revision ${input.expectedRevision}; the newest is ${input.draft.revision}.`,
      {
        revision: input.draft.revision,
      },
    );
  const checked = preflight(input);
  if (!checked.ready)
    throw new BuildError('APP_BUILD_PREFLIGHT_FAILED', `Publication preflight found ${checked.blockers.length} blocker(s); nothing was written.`, {
      blockers: checked.blockers,
    });
  const changes = publicationChanges(input.root, checked.app);
  try {
    applyChanges(input.root, changes, input.hooks);
  } catch {
    throw new BuildError('APP_BUILD_PUBLISH_FAILED', 'Writing the App files failed; every file was put back as it was.');
  }
  // The build stays while the App is published from it (build-retention.ts).
  markPublished(buildFolder(input.root, input.draft.id), { app: checked.app.id, revision: checked.revision, at: new Date().toISOString() });
  return { app: checked.app.id, files: changes.filter((c) => c.kind === 'write').map((c) => c.path), revision: checked.revision, trust: checked.trust };
}
