/**
 * Preview evidence (spec 01 Build with AI rule 9): what each data tile's settled preview run
 * showed (ok or its failure, row count, column names, the source revision it ran), kept for one
 * draft revision in the git-ignored local store `.svc/local/app-builds/<id>/evidence.json`, so
 * a restarted server still holds a settled receipt for the preflight. Rows and sampled values
 * are never written here; they stay in the answer of the preview that produced them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import { BUILDS_DIR } from './draft-store.js';

export interface TileEvidence {
  pageId: string;
  tileId: string;
  sourceId: string;
  /** The source revision that ran. */
  sourceRevision: string;
  ok: boolean;
  rowCount: number;
  columns: string[];
  error?: string;
  /** True when the result is not certified content (a draft or review source, or a repair). */
  reviewRequired: boolean;
  /** True when the run shown is a repair's (repair.ts): never evidence for publication. */
  repaired?: boolean;
}

export interface PreviewEvidence {
  build: string;
  /** This preview's generation: the id the Autopilot resolves a named preview against. */
  previewId?: string;
  /** The draft revision the preview ran. */
  revision: number;
  snapshot: string;
  settledAt: string;
  tiles: TileEvidence[];
}

const evidenceFile = (root: string, build: string) => join(root, BUILDS_DIR, build, 'evidence.json');

export function writeEvidence(root: string, evidence: PreviewEvidence): void {
  atomicWrite(evidenceFile(root, evidence.build), `${JSON.stringify(evidence, null, 2)}\n`);
}

/** The settled evidence of build `build`, or undefined when none was kept (or it cannot be read). */
export function readEvidence(root: string, build: string): PreviewEvidence | undefined {
  try {
    const value = JSON.parse(readFileSync(evidenceFile(root, build), 'utf8')) as PreviewEvidence;
    return Array.isArray(value.tiles) && typeof value.revision === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
