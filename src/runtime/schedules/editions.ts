/**
 * Page editions (spec 03 "States": page edition; Resources "Scheduled edition"; spec 02
 * `pageEdition`): a scheduled run whose governed figures differ from the previous scheduled run
 * of the same page makes a new edition `{ appId, pageId, appTitle, pageTitle, href, runId, at,
 * scheduleId }`, never a figure. The comparison keeps only a hash of the previous figures
 * (`.svc/local/editions/<app>/<page>.json`), so the edition record holds none. The host's
 * `pageEdition` is told once, not waited for; its failure is logged with a reference and changes
 * nothing (the edition is recorded either way). A reader's own run is never an edition: only the
 * schedule runner calls this.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import type { PageFigure } from '../home/page-figures.js';

export const EDITIONS_FOLDER = '.svc/local/editions';
/** Editions kept per page, newest last. */
const KEPT = 50;

export interface PageEdition {
  appId: string;
  pageId: string;
  appTitle?: string;
  pageTitle?: string;
  href: string;
  runId: string;
  at: string;
  scheduleId: string;
}

interface EditionsFile {
  figuresHash?: string;
  editions: PageEdition[];
}

const hashOf = (figures: readonly PageFigure[]): string =>
  createHash('sha256')
    .update(JSON.stringify(figures.map((f) => [f.tileId, f.value]).sort()))
    .digest('hex');

function readFile(path: string): EditionsFile {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as EditionsFile;
    return {
      ...(typeof parsed.figuresHash === 'string' ? { figuresHash: parsed.figuresHash } : {}),
      editions: Array.isArray(parsed.editions) ? parsed.editions : [],
    };
  } catch {
    return { editions: [] };
  }
}

/** The page's editions, oldest first. */
export function listEditions(root: string, appId: string, pageId: string): PageEdition[] {
  return readFile(join(root, EDITIONS_FOLDER, appId, `${pageId}.json`)).editions;
}

/** Records a new edition when `figures` differ from the previous scheduled run's, and tells `tell` once; undefined when they do not. */
export function settleEdition(
  root: string,
  edition: PageEdition,
  figures: readonly PageFigure[],
  tell: ((edition: PageEdition) => unknown) | undefined,
  log: (line: string) => void,
): PageEdition | undefined {
  const path = join(root, EDITIONS_FOLDER, edition.appId, `${edition.pageId}.json`);
  const kept = readFile(path);
  const hash = hashOf(figures);
  if (kept.figuresHash === hash) return undefined;
  atomicWrite(path, `${JSON.stringify({ figuresHash: hash, editions: [...kept.editions, edition].slice(-KEPT) }, null, 2)}\n`);
  if (tell !== undefined) {
    const failed = (error: unknown) =>
      log(`svc: pageEdition failed (reference ${errorReference()}): ${error instanceof Error ? error.message : String(error)}`);
    try {
      void Promise.resolve(tell({ ...edition })).catch(failed);
    } catch (error) {
      failed(error);
    }
  }
  return edition;
}
