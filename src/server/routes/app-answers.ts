/**
 * Ask answers on App pages (spec 03 "Answers, figures and sources" 2):
 * - POST /api/apps/:appId/pages/:pageId/answers `{ runId, mode }` (action `app.author` on the
 *   App) adds one of the caller's own answers to the page: `mode: 'live'` as a tile that runs
 *   the answer's own SQL for each reader and records the tables it reads (a certified block's
 *   answer is bound to that block instead); `mode: 'text'` as
 *   written text, refused with 409 ANSWER_FIGURES_DEPEND_ON_READER where the figures may differ
 *   by reader (or were withheld from the caller): add it as a live tile instead.
 * - GET /api/app-answer-tiles lists the answer text App pages keep, to be replaced by live tiles.
 * - GET /api/apps/:appId/pages/:pageId (action `app.view`) reads a page's tiles; answer text
 *   reads as a placeholder for everyone `keepsAnswerText` does not name.
 */

import type { FastifyPluginAsync } from 'fastify';
import type { CompiledTile, Manifest } from '../../compiler/types.js';
import { keepsAnswerText } from '../../hooks/answer-text.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { RunRecord } from '../../hooks/stores/run-store.js';
import { ANSWER_TEXT_PLACEHOLDER, addPageTile, answerTextTiles, isAnswerText, readPageDocument } from '../../runtime/apps/page-answers.js';
import type { Executor } from '../../warehouse/types.js';
import { requireApp } from '../app-gate.js';
import { ADD_ANSWER_ROUTE, type AddAnswerRequest, ANSWER_TEXT_TILES_ROUTE, type AnswerTextTiles, PAGE_ROUTE } from '../contract/apps.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';
import { certifiedBlockOf, keepableText, ownRun } from '../own-answer.js';
import { snapshotOf } from '../snapshot-hook.js';

/** The tile an answer becomes; throws the 409 when its text may not be kept. */
async function answerTile(
  record: RunRecord,
  mode: 'text' | 'live',
  snapshot: { manifest: Manifest; executor: Executor },
  asker: Asker,
): Promise<Omit<CompiledTile, 'id'>> {
  const { manifest, executor } = snapshot;
  const block = certifiedBlockOf(record, manifest);
  // A certified block's answer is bound to the block itself, at its current revision: the
  // page then reads certified content, never a copy of its SQL.
  if (mode === 'live' && block !== undefined)
    return { kind: 'table', title: record.question, source: { kind: 'block', id: block.id, revision: block.sourceSha256 } };
  if (mode === 'live')
    return {
      kind: 'table',
      title: record.question,
      mode: 'live',
      source: { kind: 'answer', id: record.runId },
      sourceEvidence: record.tables.map((relation) => ({ kind: 'answer_relation' as const, relation })),
    };
  const text = await keepableText(record, asker, executor, block);
  return { kind: 'text', title: record.question, text, answer: { runId: record.runId, question: record.question, tables: record.tables } };
}

/** The tile as this reader reads it. */
function asRead(tile: CompiledTile, keeps: boolean): CompiledTile & { placeholder?: true } {
  if (!isAnswerText(tile) || keeps) return tile;
  const { text: _text, answer: _answer, ...rest } = tile;
  return { ...rest, text: ANSWER_TEXT_PLACEHOLDER, placeholder: true };
}

export const appAnswersRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.post<{ Params: { appId: string; pageId: string }; Body: AddAnswerRequest }>(
    '/api/apps/:appId/pages/:pageId/answers',
    { schema: ADD_ANSWER_ROUTE },
    async (request) => {
      const { appId, pageId } = request.params;
      const doc = readPageDocument(deps.root, snapshotOf(request).manifest, appId, pageId);
      if (doc === undefined) throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${appId}/${pageId}.`);
      const tile = await answerTile(await ownRun(deps.runs, request.body.runId, request.asker), request.body.mode, snapshotOf(request), request.asker);
      return { appId, pageId, tile: addPageTile(deps.root, doc, tile) };
    },
  );
  app.get<{ Reply: AnswerTextTiles }>('/api/app-answer-tiles', { schema: ANSWER_TEXT_TILES_ROUTE }, async (request) => ({
    tiles: answerTextTiles(deps.root, snapshotOf(request).manifest),
  }));
  app.get<{ Params: { appId: string; pageId: string } }>('/api/apps/:appId/pages/:pageId', { schema: PAGE_ROUTE }, async (request) => {
    const { appId, pageId } = request.params;
    await requireApp(request.asker, deps.root, snapshotOf(request).manifest.apps?.[appId], 'read');
    const doc = readPageDocument(deps.root, snapshotOf(request).manifest, appId, pageId);
    if (doc === undefined) throw new ApiError(404, 'PAGE_NOT_FOUND', `This project has no App page ${appId}/${pageId}.`);
    const keeps = doc.tiles.some(isAnswerText) ? await keepsAnswerText(request.asker, appId) : true;
    return { appId, pageId, ...(doc.title !== undefined ? { title: doc.title } : {}), tiles: doc.tiles.map((t) => asRead(t, keeps)) };
  });
};
