/**
 * Ask answers on App pages (spec 03 "Answers, figures and sources" 2), as page documents keep
 * them: written text (`kind: 'text'` with the `answer` it came from) or a live tile (`mode:
 * 'live'`, `source: { kind: 'answer', id: <runId> }`, the tables it reads as `answer_relation`
 * evidence). Pages are read from their files, so a tile added a moment ago is seen at once; a
 * tile is added by rewriting the page document atomically (temp file + rename), so a failure
 * leaves it as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledApp, CompiledPage, CompiledTile, Manifest } from '../../compiler/types.js';
import { atomicWrite } from '../../compiler/write-file.js';
import { pageFile } from '../../rules/app-check/index.js';

/** Placeholder text of answer text a reader may not read. */
export const ANSWER_TEXT_PLACEHOLDER = 'This answer text must be replaced with a live tile by a steward; until then it is not shown.';

/** An App page as its document holds it now. */
export interface PageDocument {
  app: CompiledApp;
  page: CompiledPage;
  /** Project-relative path of the page document. */
  file: string;
  title?: string;
  tiles: CompiledTile[];
}

/** The page `appId`/`pageId` of the manifest's Apps, read from its file; undefined when there is none. */
export function readPageDocument(root: string, manifest: Manifest, appId: string, pageId: string): PageDocument | undefined {
  const app = Object.hasOwn(manifest.apps ?? {}, appId) ? manifest.apps[appId] : undefined;
  const page = app?.pages.find((p) => p.id === pageId);
  if (app === undefined || page === undefined) return undefined;
  const file = pageFile(app, page);
  try {
    const doc = JSON.parse(readFileSync(join(root, file), 'utf8')) as { title?: unknown; tiles?: unknown };
    const tiles = Array.isArray(doc.tiles) ? (doc.tiles as CompiledTile[]) : [];
    const title = page.title ?? (typeof doc.title === 'string' ? doc.title : undefined);
    return { app, page, file, tiles, ...(title !== undefined ? { title } : {}) };
  } catch {
    return undefined;
  }
}

/** A tile id not yet used on the page: `answer_<n>`. */
function freshId(tiles: readonly CompiledTile[]): string {
  const used = new Set(tiles.map((t) => t.id));
  let n = 1;
  while (used.has(`answer_${n}`)) n += 1;
  return `answer_${n}`;
}

/** Adds `tile` (its id chosen here) to the page document; returns the tile as written. */
export function addPageTile(root: string, doc: PageDocument, tile: Omit<CompiledTile, 'id'>): CompiledTile {
  const path = join(root, doc.file);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { tiles?: CompiledTile[] };
  const tiles = Array.isArray(raw.tiles) ? raw.tiles : [];
  const written: CompiledTile = { id: freshId(tiles), ...tile };
  atomicWrite(path, `${JSON.stringify({ ...raw, tiles: [...tiles, written] }, null, 2)}\n`);
  return written;
}

/** True for answer text an App page keeps (a text tile written from an Ask answer). */
export function isAnswerText(tile: CompiledTile): boolean {
  return tile.kind === 'text' && tile.answer !== undefined;
}

/** Every answer-text tile of the project's App pages, as `GET /api/app-answer-tiles` lists them. */
export function answerTextTiles(root: string, manifest: Manifest): Array<{ appId: string; pageId: string; tileId: string; runId: string; question: string }> {
  return Object.values(manifest.apps ?? {}).flatMap((app) =>
    app.pages.flatMap((page) => {
      const doc = readPageDocument(root, manifest, app.id, page.id);
      return (doc?.tiles ?? [])
        .filter(isAnswerText)
        .map((t) => ({ appId: app.id, pageId: page.id, tileId: t.id, runId: t.answer?.runId ?? '', question: t.answer?.question ?? '' }));
    }),
  );
}
