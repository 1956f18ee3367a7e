/**
 * The Build screen's state and the one way it changes a draft: a request to a build route whose
 * answer is the next revision. Any preview, preflight or publication of the earlier revision is
 * dropped with it (they were about a revision that is no longer the newest); a refusal keeps the
 * state and shows the server's message.
 */
import type { BuildDraft, PreflightReport, Preview, PublishedApp } from '../../server/contract/app-builds.js';
import { api } from '../client/api.js';

export interface BuildState {
  draft?: BuildDraft;
  preview?: Preview;
  preflight?: PreflightReport;
  published?: PublishedApp;
  failure?: string;
}

export type SetBuild = (update: (s: BuildState) => BuildState) => void;

/** An allow-listed draft operation as the compose route takes it (ids only, minted by the server). */
export type Operation = { op: string } & Record<string, unknown>;

/** Sends a change; the answer is the next revision. */
export async function change(set: SetBuild, path: string, body: unknown): Promise<void> {
  const r = await api<BuildDraft>(path, { body });
  set((s) => (r.ok ? { draft: r.value } : { ...s, failure: r.error.message }));
}

/** Composes `operations` on the draft's newest revision. */
export function composeOn(draft: BuildDraft, set: SetBuild): (...operations: Operation[]) => Promise<void> {
  return (...operations) => change(set, `/api/app-builds/${draft.id}/compose`, { baseRevision: draft.revision, operations });
}
