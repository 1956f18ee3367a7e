/**
 * Schedule run digests (spec 03 "Schedules, delivery, signing, git"): each run's governed figures
 * are compared with the last run of the same schedule as the same person; the baseline is kept per
 * person a run ran as, under `.svc/local/digests/<hash of the person>/<app>/<schedule>/`
 * (`baseline.json`, and one `<runId>.json` digest for each run whose figures changed). A run
 * whose figures did not change writes no digest. Only Certified or Governed single figures are
 * kept, never rows.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import type { PageFigure } from '../home/page-figures.js';

export const DIGESTS_FOLDER = '.svc/local/digests';

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
    const parsed = JSON.parse(readFileSync(join(folder, 'baseline.json'), 'utf8')) as { figures?: unknown };
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

/** Compares the run with the person's baseline, keeps the new baseline, and writes a digest when the figures changed. */
export function settleDigest(root: string, person: string, digest: Omit<Digest, 'figures'>, figures: readonly PageFigure[]): Digest | undefined {
  const folder = digestFolder(root, person, digest.appId, digest.scheduleId);
  const baseline = readBaseline(folder);
  atomicWrite(join(folder, 'baseline.json'), `${JSON.stringify({ at: digest.at, runId: digest.runId, figures }, null, 2)}\n`);
  if (baseline !== undefined && !figuresDiffer(baseline, figures)) return undefined;
  const before = new Map((baseline ?? []).map((f) => [f.tileId, f.value]));
  const written: Digest = {
    ...digest,
    figures: figures.map((f) => (before.has(f.tileId) ? { ...f, previous: before.get(f.tileId) as number } : { ...f })),
  };
  atomicWrite(join(folder, `${digest.runId}.json`), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}
