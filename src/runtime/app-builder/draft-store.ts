/**
 * Build drafts as server-owned local artifacts (spec 01 Build with AI rule 5, Versioning): each
 * build is a folder `.svc/local/app-builds/<id>/` holding one file per revision,
 * `revisions/<n>.json`, never rewritten. A revision is written to a temporary file and then
 * hard-linked to its final name, which fails when the name exists: two writers racing for the
 * same revision cannot both win, and a reader never sees a half-written revision. A version 2
 * draft (`.svc/local/app-builds/<id>.json`, one mutable file) is migrated the first time it is
 * read: its version 3 content becomes revision 1 and the legacy file is left as it was. Each
 * new build and each new revision sweeps what it adds to (build-retention.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../compiler/types.js';
import { BuildError } from './build-error.js';
import { sweepBuilds, sweepRevisions } from './build-retention.js';
import { isLegacyDraft, migrateV2 } from './migrate-v2.js';
import { catalogSnapshot, catalogSources } from './source-catalog.js';
import type { AppBuildDraft } from './types.js';

export const BUILDS_DIR = '.svc/local/app-builds';
const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The next revision's content: everything but the fields the store sets. */
export type DraftContent = Omit<AppBuildDraft, 'version' | 'id' | 'revision' | 'createdAt'>;

export function newBuildId(): string {
  return `build_${randomBytes(8).toString('hex')}`;
}

function buildDir(root: string, id: string): string {
  if (!ID.test(id)) throw new BuildError('APP_BUILD_NOT_FOUND', `There is no App build ${JSON.stringify(id)}.`);
  return join(root, BUILDS_DIR, id);
}

const revisionFile = (dir: string, n: number) => join(dir, 'revisions', `${String(n).padStart(6, '0')}.json`);

/** Revision numbers of a build, ascending. */
function revisions(dir: string): number[] {
  const folder = join(dir, 'revisions');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((f) => /^(\d{6})\.json$/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Writes revision `n` of build `id`; APP_BUILD_REVISION_CONFLICT when someone wrote it first. */
function writeRevision(root: string, draft: AppBuildDraft): void {
  const dir = buildDir(root, draft.id);
  mkdirSync(join(dir, 'revisions'), { recursive: true });
  const final = revisionFile(dir, draft.revision);
  const tmp = `${final}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(draft, null, 2)}\n`);
  try {
    linkSync(tmp, final);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BuildError('APP_BUILD_REVISION_CONFLICT', `Revision ${draft.revision} of ${draft.id} was written by another change first.`);
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
  sweepRevisions(dir);
}

/** Creates a build at revision 1. */
export function createDraft(root: string, content: DraftContent, now: Date = new Date()): AppBuildDraft {
  const draft: AppBuildDraft = { version: 3, id: newBuildId(), revision: 1, createdAt: now.toISOString(), ...content };
  writeRevision(root, draft);
  sweepBuilds(root, join(root, BUILDS_DIR), draft.owner, now.getTime());
  return draft;
}

/** The folder of build `id`, once its id is known to be one. */
export function buildFolder(root: string, id: string): string {
  return buildDir(root, id);
}

/** The legacy draft of `id` migrated to revision 1, or undefined when there is none. */
function migrateLegacy(root: string, id: string, manifest: Manifest): AppBuildDraft | undefined {
  const file = join(root, BUILDS_DIR, `${id}.json`);
  if (!existsSync(file)) return undefined;
  let legacy: unknown;
  try {
    legacy = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!isLegacyDraft(legacy)) return undefined;
  const migrated = migrateV2(legacy, catalogSources(manifest, { includeDeprecated: true }));
  const draft: AppBuildDraft = {
    version: 3,
    id,
    revision: 1,
    createdAt: new Date().toISOString(),
    trustMode: 'governed_only',
    snapshot: catalogSnapshot(manifest),
    ...migrated,
  };
  try {
    writeRevision(root, draft);
  } catch (error) {
    // Another reader migrated it at the same moment: theirs is revision 1.
    if (!(error instanceof BuildError)) throw error;
  }
  return readRevision(root, id, 1);
}

/** Revision `n` of build `id`, or APP_BUILD_NOT_FOUND. */
export function readRevision(root: string, id: string, n: number): AppBuildDraft {
  try {
    return JSON.parse(readFileSync(revisionFile(buildDir(root, id), n), 'utf8')) as AppBuildDraft;
  } catch (error) {
    if (error instanceof BuildError) throw error;
    throw new BuildError('APP_BUILD_NOT_FOUND', `The App build ${id} has no revision ${n}.`);
  }
}

/** The newest revision of build `id` (a version 2 draft is migrated first), or APP_BUILD_NOT_FOUND. */
export function readDraft(root: string, id: string, manifest: Manifest): AppBuildDraft {
  const list = revisions(buildDir(root, id));
  if (list.length > 0) return readRevision(root, id, list.at(-1)!);
  const migrated = migrateLegacy(root, id, manifest);
  if (migrated === undefined) throw new BuildError('APP_BUILD_NOT_FOUND', `There is no App build ${id} in this project.`);
  return migrated;
}

/**
 * Writes the revision after `base` with `content`; APP_BUILD_REVISION_CONFLICT unless `base`
 * is the newest revision (what the change was made against is what it replaces).
 */
export function nextRevision(root: string, base: AppBuildDraft, expected: number, content: DraftContent): AppBuildDraft {
  if (expected !== base.revision)
    throw new BuildError('APP_BUILD_REVISION_CONFLICT', `The change was made against revision ${expected}; the newest is ${base.revision}.`, {
      revision: base.revision,
    });
  // Whose build it is was settled by revision 1: no change, however made, hands it to someone else.
  const { owner: _owner, ...rest } = content;
  const owner = base.owner !== undefined ? { owner: base.owner } : {};
  const draft: AppBuildDraft = { version: 3, id: base.id, revision: base.revision + 1, createdAt: new Date().toISOString(), ...rest, ...owner };
  writeRevision(root, draft);
  return draft;
}

/** The fields of a draft a change carries over. */
export function contentOf(draft: AppBuildDraft): DraftContent {
  const { version: _v, id: _i, revision: _r, createdAt: _c, ...content } = draft;
  return structuredClone(content);
}
