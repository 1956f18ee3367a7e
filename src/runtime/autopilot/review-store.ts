/**
 * Review artifacts (spec 01 App Autopilot rule 3; spec 03 "Run evidence" 4): each Autopilot run
 * leaves one immutable artifact, `.svc/local/app-builds/<build>/autopilot/<id>.json`, linked to
 * the run and its trace: what was asked, the intent, the compiled operations with their proposal
 * hash, the readable diff, the pins of every source the proposal relies on, and the words of an
 * explanation. It is written to a temporary file and hard-linked to its name, which fails when
 * the name exists, so an artifact is never rewritten. Apply and Discard leave their own marker
 * beside it the same way (`<id>.applied.json`, `<id>.discarded.json`): the first one wins and a
 * repeated Apply reads the revision the first wrote. An artifact is found only by the person who
 * ran it; an id alone reads as not found. Each new artifact sweeps its build's oldest past the cap.
 */
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTOPILOT_FOLDER, BUILDS_DIR, type DraftOperation, sweepArtifacts } from '../app-builder/index.js';
import { AutopilotError } from './autopilot-error.js';
import type { SourcePin } from './dataset-contract.js';
import type { DiffLine } from './draft-diff.js';
import type { Intent } from './intents.js';

export interface ReviewArtifact {
  id: string;
  runId: string;
  traceId: string;
  build: string;
  /** The draft revision the proposal was compiled against. */
  baseRevision: number;
  /** The principal id of the person who ran it (null: no one was placed). */
  owner: string | null;
  createdAt: string;
  kind: 'proposal' | 'answer';
  intent: Intent;
  operations: DraftOperation[];
  /** sha256 over the build, base revision and operations: what Apply must name. */
  proposalHash: string;
  diff: DiffLine[];
  /** Every source the proposed draft binds, as the project held it when the proposal was made. */
  sources: SourcePin[];
  /** An explanation or repair guidance, unless its figures were withheld from the person. */
  answer?: string;
  figuresWithheld?: true;
  /** What evidence the request needed and what was found. */
  evidence: { required: 'none' | 'result' | 'failure'; status: 'current' | 'stale' | 'missing' | 'not_needed' };
}

const ID = /^ap_[a-f0-9]{16}$/;

export const newArtifactId = (): string => `ap_${randomBytes(8).toString('hex')}`;

export function proposalHash(build: string, baseRevision: number, operations: readonly DraftOperation[]): string {
  return `sha256:${createHash('sha256').update(JSON.stringify({ build, baseRevision, operations })).digest('hex')}`;
}

const folder = (root: string, build: string) => join(root, BUILDS_DIR, build, AUTOPILOT_FOLDER);

/** Writes `value` as `name` once; false when the name was taken first. */
function writeOnce(dir: string, name: string, value: unknown): boolean {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  try {
    linkSync(tmp, join(dir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function writeArtifact(root: string, artifact: ReviewArtifact): void {
  if (!writeOnce(folder(root, artifact.build), `${artifact.id}.json`, artifact)) throw new Error(`review artifact ${artifact.id} exists`);
  // The oldest artifacts past the build's cap go with their markers (build-retention.ts).
  sweepArtifacts(join(root, BUILDS_DIR, artifact.build));
}

/** The caller's artifact `id` of build `build`; AUTOPILOT_ARTIFACT_NOT_FOUND otherwise. */
export function readArtifact(root: string, build: string, id: string, owner: string | null): ReviewArtifact {
  const artifact = ID.test(id) ? readJson<ReviewArtifact>(join(folder(root, build), `${id}.json`)) : undefined;
  if (artifact === undefined || artifact.build !== build || artifact.owner !== owner)
    throw new AutopilotError('AUTOPILOT_ARTIFACT_NOT_FOUND', `There is no Autopilot proposal ${id} of yours on this App build.`);
  return artifact;
}

export interface Settled {
  applied?: { revision: number; at: string };
  discarded?: { at: string };
}

export function settledOf(root: string, build: string, id: string): Settled {
  const applied = readJson<{ revision: number; at: string }>(join(folder(root, build), `${id}.applied.json`));
  const discarded = readJson<{ at: string }>(join(folder(root, build), `${id}.discarded.json`));
  return { ...(applied !== undefined ? { applied } : {}), ...(discarded !== undefined ? { discarded } : {}) };
}

/** Marks the artifact applied as `revision`; the mark already there when another Apply was first. */
export function markApplied(root: string, build: string, id: string, revision: number): { revision: number; at: string } {
  const mark = { revision, at: new Date().toISOString() };
  if (writeOnce(folder(root, build), `${id}.applied.json`, mark)) return mark;
  return settledOf(root, build, id).applied ?? mark;
}

export function markDiscarded(root: string, build: string, id: string): void {
  writeOnce(folder(root, build), `${id}.discarded.json`, { at: new Date().toISOString() });
}
