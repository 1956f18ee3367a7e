/**
 * Apply and Discard (spec 01 App Autopilot rule 3): the only way an Autopilot proposal changes a
 * draft. Apply names the artifact, its proposal hash and the draft revision it was reviewed
 * against, and writes the next draft revision only while the artifact, that revision, the hash,
 * the revision of every source the proposal relies on and each source's dataset contract all
 * still match; each mismatch is refused with its own recovery reason and nothing is written. A
 * repeated Apply answers the revision the first one wrote (one change, however often it is
 * sent); Applies of one build are taken one at a time in this process so two cannot both write.
 */
import type { Manifest } from '../../compiler/types.js';
import { type AppBuildDraft, BuildError, compose, contentOf, nextRevision, readDraft, readRevision } from '../app-builder/index.js';
import { AutopilotError } from './autopilot-error.js';
import { pinOf } from './dataset-contract.js';
import { markApplied, markDiscarded, type ReviewArtifact, readArtifact, settledOf } from './review-store.js';

export interface ApplyRequest {
  root: string;
  manifest: Manifest;
  build: string;
  artifactId: string;
  proposalHash: string;
  baseRevision: number;
  owner: string | null;
}

export interface Applied {
  draft: AppBuildDraft;
  /** True when an earlier Apply of the same artifact wrote the revision. */
  repeated: boolean;
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier queued work of `key`. */
function oneAtATime<T>(key: string, work: () => T): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => queues.get(key) === settled && queues.delete(key));
  return run;
}

/** Refuses unless every source the proposal relies on is at its pinned revision and contract. */
function checkSources(artifact: ReviewArtifact, manifest: Manifest): void {
  for (const pin of artifact.sources) {
    const now = pinOf(manifest, pin.id);
    if (now === undefined || now.revision !== pin.revision)
      throw new AutopilotError('AUTOPILOT_SOURCE_CHANGED', `The source ${pin.id} changed since the proposal was made; nothing was applied.`, {
        sourceId: pin.id,
      });
    if (now.contract !== pin.contract)
      throw new AutopilotError('AUTOPILOT_CONTRACT_CHANGED', `The dataset contract of ${pin.id} changed since the proposal was made; nothing was applied.`, {
        sourceId: pin.id,
      });
  }
}

function applyNow(r: ApplyRequest): Applied {
  const artifact = readArtifact(r.root, r.build, r.artifactId, r.owner);
  if (artifact.proposalHash !== r.proposalHash || artifact.baseRevision !== r.baseRevision)
    throw new AutopilotError('AUTOPILOT_PROPOSAL_MISMATCH', 'The proposal sent is not the one reviewed; nothing was applied.');
  if (artifact.kind !== 'proposal' || artifact.operations.length === 0)
    throw new AutopilotError('AUTOPILOT_NOTHING_TO_APPLY', 'This Autopilot answer changes nothing, so there is nothing to apply.');
  const settled = settledOf(r.root, r.build, artifact.id);
  if (settled.applied !== undefined) return { draft: readRevision(r.root, r.build, settled.applied.revision), repeated: true };
  if (settled.discarded !== undefined) throw new AutopilotError('AUTOPILOT_DISCARDED', 'This proposal was discarded; nothing was applied.');
  const draft = readDraft(r.root, r.build, r.manifest);
  if (draft.revision !== artifact.baseRevision)
    throw new AutopilotError('AUTOPILOT_DRAFT_CHANGED', `The proposal was made against revision ${artifact.baseRevision}; the newest is ${draft.revision}.`, {
      revision: draft.revision,
    });
  checkSources(artifact, r.manifest);
  let next: AppBuildDraft;
  try {
    next = nextRevision(r.root, draft, artifact.baseRevision, compose(contentOf(draft), artifact.operations, r.manifest));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    throw new AutopilotError('AUTOPILOT_DRAFT_CHANGED', `The draft no longer takes this proposal: ${error.message}`);
  }
  const mark = markApplied(r.root, r.build, artifact.id, next.revision);
  return { draft: mark.revision === next.revision ? next : readRevision(r.root, r.build, mark.revision), repeated: false };
}

/** Applies the reviewed proposal; throws the AutopilotError of the first check that fails. */
export function applyProposal(r: ApplyRequest): Promise<Applied> {
  return oneAtATime(`${r.root}\n${r.build}`, () => applyNow(r));
}

/** Discards the proposal (an applied one stays applied); AUTOPILOT_ARTIFACT_NOT_FOUND when it is not the caller's. */
export function discardProposal(root: string, build: string, artifactId: string, owner: string | null): void {
  readArtifact(root, build, artifactId, owner);
  if (settledOf(root, build, artifactId).applied === undefined) markDiscarded(root, build, artifactId);
}
