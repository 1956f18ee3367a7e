/**
 * An Ask answer added to a build draft (spec 03 `POST /api/app-builds/:id/ask-results`). A
 * certified block's answer becomes an ordinary tile bound to that block's catalog source,
 * through compose; any other answer is uncovered SQL, added only in the review lane
 * (`include_review_required`, spec 01 Build with AI rule 6): a live tile that runs its own SQL for each reader
 * and opens a `review_answer` task (it is not certified content, so it blocks publication until
 * it is replaced); written text keeps the answer it came from. Whether text may be kept at all
 * (409 ANSWER_FIGURES_DEPEND_ON_READER) is decided by the caller before this is reached.
 */
import type { Manifest } from '../../compiler/types.js';
import { BuildError } from './build-error.js';
import { compose } from './compose.js';
import type { DraftContent } from './draft-store.js';
import { sourceId } from './source-catalog.js';

export interface AddedAnswer {
  runId: string;
  question: string;
  tables: string[];
  mode: 'live' | 'text';
  /** The answer's text (mode `text`). */
  text?: string;
  /** The certified block that answered, when one did and the project still has it. */
  blockId?: string;
}

function pageIndex(content: DraftContent, pageId: string | undefined): number {
  if (pageId === undefined) return 0;
  const at = content.pages.findIndex((p) => p.id === pageId);
  if (at < 0) throw new BuildError('APP_BUILD_OPERATION_INVALID', `The draft has no page ${pageId}.`);
  return at;
}

/** The draft content with `answer` added on `pageId` (the first page when absent). */
export function addAnswer(content: DraftContent, manifest: Manifest, answer: AddedAnswer, pageId?: string): DraftContent {
  const block = answer.blockId === undefined ? undefined : manifest.blocks[answer.blockId];
  if (answer.mode === 'live' && block !== undefined)
    return compose(content, [{ op: 'add_tile', sourceId: sourceId(block), title: answer.question, ...(pageId ? { pageId } : {}) }], manifest);
  // Uncovered SQL enters a build only in the review lane, by this explicit action (rule 6).
  if (block === undefined && content.trustMode !== 'include_review_required')
    throw new BuildError(
      'APP_BUILD_SOURCE_NOT_ADDABLE',
      'This answer is not from a certified block; switch the build to include_review_required to add it for review (it still cannot be published).',
    );
  const base = content.pages.length === 0 ? compose(content, [{ op: 'add_page', title: 'Overview' }], manifest) : structuredClone(content);
  const page = base.pages[pageIndex(base, pageId)]!;
  const used = new Set(base.pages.flatMap((p) => p.tiles.map((t) => t.id)));
  let n = 1;
  while (used.has(`answer_${n}`)) n += 1;
  const ref = { runId: answer.runId, question: answer.question, tables: [...answer.tables] };
  if (answer.mode === 'text') {
    page.tiles.push({ id: `answer_${n}`, title: answer.question, kind: 'text', text: answer.text ?? '', answer: ref });
    return base;
  }
  page.tiles.push({ id: `answer_${n}`, title: answer.question, kind: 'table', answer: ref });
  base.reviewTasks.push({
    id: `review_answer_${n}`,
    kind: 'review_answer',
    status: 'open',
    page: page.id,
    tile: `answer_${n}`,
    message: `Tile answer_${n} runs an Ask answer's own SQL; replace it with a certified source before publishing.`,
  });
  return base;
}
