/**
 * Retention of App builds under `.svc/local/app-builds/` (folder-sweeper.ts), swept by the write
 * that adds to each level: a new build sweeps the builds of its owner, a new revision the
 * revisions of its build, a new Autopilot artifact the artifacts of its build.
 *
 * What is still referenced is never swept: the build of an App that is still published (its
 * newest publication, `published.json`, written by publishDraft), and, within a build, the
 * revision its preview evidence ran, the revision it was published at, and every revision an
 * applied Autopilot proposal wrote (a repeated Apply reads it again).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import { type FileLimits, type SweptEntry, sweepEntries } from '../../traces/folder-sweeper.js';

const DAY = 86_400_000;

/** The caps (documented in the README's table of local stores). */
export const BUILD_LIMITS: Readonly<Record<'builds' | 'revisions' | 'artifacts', FileLimits>> = {
  /** Per owner (the person who started the build; one group without a host). */
  builds: { maxFiles: 100, maxAgeMs: 90 * DAY },
  /** Per build; a build's age is its newest revision's. */
  revisions: { maxFiles: 50, maxAgeMs: Number.POSITIVE_INFINITY },
  /** Per build, each with its Apply and Discard markers. */
  artifacts: { maxFiles: 100, maxAgeMs: Number.POSITIVE_INFINITY },
};

export const PUBLISHED_FILE = 'published.json';
export const AUTOPILOT_FOLDER = 'autopilot';
const BUILD_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const REVISION = /^(\d{6})\.json$/;
const ARTIFACT = /^(ap_[a-f0-9]{16})\.json$/;

export interface Publication {
  app: string;
  revision: number;
  at: string;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** Records that build folder `dir` was published as `app`: the build stays while the App does. */
export function markPublished(dir: string, publication: Publication): void {
  atomicWrite(join(dir, PUBLISHED_FILE), `${JSON.stringify(publication, null, 2)}\n`);
}

/** The revisions of build folder `dir` something still reads: its evidence's, its publication's, each applied proposal's. */
function referencedRevisions(dir: string): Set<number> {
  const out = new Set<number>();
  const add = (value: { revision?: unknown } | undefined) => {
    if (typeof value?.revision === 'number') out.add(value.revision);
  };
  add(readJson(join(dir, 'evidence.json')));
  add(readJson(join(dir, PUBLISHED_FILE)));
  const autopilot = join(dir, AUTOPILOT_FOLDER);
  for (const name of list(autopilot)) if (name.endsWith('.applied.json')) add(readJson(join(autopilot, name)));
  return out;
}

/** Drops the oldest revisions of build folder `dir` past the cap; those still referenced stay. */
export function sweepRevisions(dir: string, limits: FileLimits = BUILD_LIMITS.revisions): string[] {
  const folder = join(dir, 'revisions');
  const numbers = list(folder).flatMap((f) => {
    const n = REVISION.exec(f)?.[1];
    return n === undefined ? [] : [Number(n)];
  });
  // Read what is referenced only when there is something to drop.
  if (numbers.length <= limits.maxFiles) return [];
  const referenced = referencedRevisions(dir);
  const entries: SweptEntry[] = numbers
    .sort((a, b) => a - b)
    .map((n) => ({ path: join(folder, `${String(n).padStart(6, '0')}.json`), at: n, kept: referenced.has(n) }));
  return sweepEntries(entries, limits);
}

/** Drops the oldest Autopilot artifacts of build folder `dir` past the cap, each with its markers. */
export function sweepArtifacts(dir: string, limits: FileLimits = BUILD_LIMITS.artifacts): string[] {
  const folder = join(dir, AUTOPILOT_FOLDER);
  const ids = list(folder).flatMap((f) => {
    const id = ARTIFACT.exec(f)?.[1];
    return id === undefined ? [] : [id];
  });
  if (ids.length <= limits.maxFiles) return [];
  const entries: SweptEntry[] = ids.sort().map((id) => ({
    path: join(folder, `${id}.json`),
    at: Date.parse(readJson<{ createdAt?: string }>(join(folder, `${id}.json`))?.createdAt ?? ''),
    with: [join(folder, `${id}.applied.json`), join(folder, `${id}.discarded.json`)],
  }));
  return sweepEntries(entries, limits);
}

interface BuildFacts {
  path: string;
  at: number;
  owner: string;
  published?: Publication;
}

/** What the sweep needs of one build folder: its newest revision's time and owner, and its publication. */
function buildFacts(dir: string): BuildFacts {
  const newest = list(join(dir, 'revisions'))
    .filter((f) => REVISION.test(f))
    .sort()
    .at(-1);
  const draft = newest === undefined ? undefined : readJson<{ createdAt?: string; owner?: string }>(join(dir, 'revisions', newest));
  const published = readJson<Publication>(join(dir, PUBLISHED_FILE));
  return {
    path: dir,
    at: Date.parse(draft?.createdAt ?? ''),
    owner: typeof draft?.owner === 'string' ? draft.owner : '',
    ...(published !== undefined && typeof published.app === 'string' ? { published } : {}),
  };
}

/** The builds that are the newest publication of an App the project still has. */
function stillPublished(root: string, builds: readonly BuildFacts[]): Set<string> {
  const newest = new Map<string, BuildFacts>();
  for (const b of builds) {
    const app = b.published?.app;
    if (app === undefined || !BUILD_ID.test(app) || !existsSync(join(root, 'apps', app, 'svc.app.json'))) continue;
    const seen = newest.get(app);
    if (seen === undefined || (seen.published?.at ?? '') < (b.published?.at ?? '')) newest.set(app, b);
  }
  return new Set([...newest.values()].map((b) => b.path));
}

/** Drops the builds of `owner` past the cap or the age, oldest first; a still-published App's build stays. */
export function sweepBuilds(root: string, buildsDir: string, owner: string | undefined, now: number, limits: FileLimits = BUILD_LIMITS.builds): string[] {
  const builds = list(buildsDir)
    .filter((name) => BUILD_ID.test(name))
    .map((name) => buildFacts(join(buildsDir, name)));
  const kept = stillPublished(root, builds);
  const mine = builds.filter((b) => b.owner === (owner ?? ''));
  return sweepEntries(
    // A folder with no revision read yet is a build being started this moment: never swept.
    mine.map((b) => ({ path: b.path, at: b.at, kept: kept.has(b.path) || Number.isNaN(b.at) })),
    limits,
    now,
  );
}
