/**
 * Schedule run digests (spec 03 "Schedules, delivery, signing, git"): each run's governed figures
 * are compared with the last run of the same schedule as the same person; the baseline is kept per
 * person a run ran as, under `.svc/local/digests/<hash of the person>/<app>/<schedule>/`
 * (`baseline.json`, and one `<runId>.json` digest for each run whose figures changed). A run
 * whose figures did not change writes no digest. Only Certified or Governed single figures are
 * kept, never rows. Each settle sweeps the folder (folder-sweeper.ts): the newest DIGEST_LIMITS
 * digests within their age stay; the baseline, which the next run compares with, always stays.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import { type FileLimits, type SweptEntry, sweepEntries } from '../../traces/folder-sweeper.js';
import type { PageFigure } from '../home/page-figures.js';

export const DIGESTS_FOLDER = '.svc/local/digests';
const BASELINE = 'baseline.json';

/** Digests kept per person per schedule: the newest 50, none older than 90 days. */
export const DIGEST_LIMITS: FileLimits = { maxFiles: 50, maxAgeMs: 90 * 86_400_000 };

export interface DigestFigure extends PageFigure {
  /** The figure of the person's previous run of this schedule, when it had one. */
  previous?: number;
}

export interface Digest {
  runId: string;
  at: string;
  appId: string;
  pageId: string;
  scheduleId: string;
  figures: DigestFigure[];
}

/** The folder of `person`'s digests of one schedule (the person's id is hashed, never spelt). */
export function digestFolder(root: string, person: string, appId: string, scheduleId: string): string {
  const hash = createHash('sha256').update(person).digest('hex').slice(0, 32);
  return join(root, DIGESTS_FOLDER, hash, appId, scheduleId);
}

function readBaseline(folder: string): PageFigure[] | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(folder, BASELINE), 'utf8')) as { figures?: unknown };
    return Array.isArray(parsed.figures) ? (parsed.figures as PageFigure[]) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the two sets of figures differ (a tile added, dropped or moved). */
export function figuresDiffer(a: readonly PageFigure[], b: readonly PageFigure[]): boolean {
  const key = (fs: readonly PageFigure[]) => JSON.stringify(fs.map((f) => [f.tileId, f.value]).sort());
  return key(a) !== key(b);
}

/** The time a digest file says it was made (NaN when it does not read: the oldest). */
function digestTime(file: string): number {
  try {
    return Date.parse((JSON.parse(readFileSync(file, 'utf8')) as { at?: string }).at ?? '');
  } catch {
    return Number.NaN;
  }
}

/** Drops the folder's digests past DIGEST_LIMITS, oldest first; the baseline is not a digest and stays. */
export function sweepDigests(folder: string, now: number, limits: FileLimits = DIGEST_LIMITS): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json') && n !== BASELINE && !n.startsWith('.'));
  } catch {
    return [];
  }
  const entries: SweptEntry[] = names.sort().map((n) => ({ path: join(folder, n), at: digestTime(join(folder, n)) }));
  return sweepEntries(entries, limits, now);
}

/** Forgets every person's digests of a deleted schedule, so a new schedule of the same id starts with none. */
export function forgetDigests(root: string, appId: string, scheduleId: string): void {
  let people: string[];
  try {
    people = readdirSync(join(root, DIGESTS_FOLDER));
  } catch {
    return;
  }
  for (const hash of people) rmSync(join(root, DIGESTS_FOLDER, hash, appId, scheduleId), { recursive: true, force: true });
}

/** Compares the run with the person's baseline, keeps the new baseline, and writes a digest when the figures changed. */
export function settleDigest(
  root: string,
  person: string,
  digest: Omit<Digest, 'figures'>,
  figures: readonly PageFigure[],
  limits: FileLimits = DIGEST_LIMITS,
): Digest | undefined {
  const folder = digestFolder(root, person, digest.appId, digest.scheduleId);
  const baseline = readBaseline(folder);
  atomicWrite(join(folder, BASELINE), `${JSON.stringify({ at: digest.at, runId: digest.runId, figures }, null, 2)}\n`);
  if (baseline !== undefined && !figuresDiffer(baseline, figures)) return undefined;
  const before = new Map((baseline ?? []).map((f) => [f.tileId, f.value]));
  const written: Digest = {
    ...digest,
    figures: figures.map((f) => (before.has(f.tileId) ? { ...f, previous: before.get(f.tileId) as number } : { ...f })),
  };
  atomicWrite(join(folder, `${digest.runId}.json`), `${JSON.stringify(written, null, 2)}\n`);
  // Swept by the run's own time (the store's clock): ages are counted between runs.
  const at = Date.parse(digest.at);
  sweepDigests(folder, Number.isFinite(at) ? at : Date.now(), limits);
  return written;
}
