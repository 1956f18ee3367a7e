/**
 * One of the caller's own Ask answers, as routes that add an answer to an App page or an App
 * build read it (spec 03 "Answers, figures and sources" 2): the run must be the caller's; the
 * certified block it came from, when the project still has it; and whether its text may be
 * kept, refused with 409 ANSWER_FIGURES_DEPEND_ON_READER where the figures may differ by reader
 * (or were withheld from the caller), so it is added as a live tile instead.
 */
import { rowRules } from '../compiler/analyze/row-rules.js';
import type { CompiledBlock, Manifest } from '../compiler/types.js';
import { figuresDependOnReader } from '../hooks/answer-text.js';
import { type RelationResolver, runnableQuery, type SourceStatement } from '../hooks/catalog-tables.js';
import type { Asker } from '../hooks/context/request-context.js';
import type { RunRecord, RunStore } from '../hooks/stores/run-store.js';
import { ApiError } from './errors.js';

export async function ownRun(store: RunStore | undefined, runId: string, asker: Asker): Promise<RunRecord> {
  const record = store === undefined ? undefined : await store.get(runId);
  // An Autopilot run shares the run store but is no answer: it cannot become a tile.
  if (record === undefined || record.owner === undefined || record.owner !== asker?.principal?.id || record.kind === 'autopilot')
    throw new ApiError(404, 'RUN_NOT_FOUND', `There is no Ask run ${runId} of yours.`);
  return record;
}

/** The block a certified answer came from, when the project still has it. */
export function certifiedBlockOf(record: RunRecord, manifest: Manifest): CompiledBlock | undefined {
  if (record.sqlFrom !== 'block') return undefined;
  const id = record.sources.find((s) => s.startsWith('block:'))?.slice('block:'.length);
  return id !== undefined && Object.hasOwn(manifest.blocks, id) ? manifest.blocks[id] : undefined;
}

/**
 * The statement a run's figures were read by, on the connection it ran on; undefined when that
 * cannot be told (no SQL kept, or a block's answer from before runs kept their connection whose
 * block is gone), so its tables cannot be named.
 */
export function answerStatements(record: RunRecord, block?: CompiledBlock): SourceStatement[] | undefined {
  const connection = record.connection ?? block?.connection;
  if (record.sql === undefined || (record.sqlFrom === 'block' && connection === undefined)) return undefined;
  const sql = record.sqlFrom === 'block' ? runnableQuery(record.sql) : record.sql;
  return [{ sql, ...(connection !== undefined ? { connection } : {}) }];
}

/** The answer's text when it may be kept as written text (`block`: the certified block it came from); else the 409. */
export async function keepableText(record: RunRecord, asker: Asker, resolver: RelationResolver, block?: CompiledBlock): Promise<string> {
  const text = record.values?.text;
  // A block's own row rules narrow by reader whatever the host's hooks say.
  const narrowsByReader = asker?.host !== undefined && block !== undefined && rowRules(block.query).length > 0;
  if (
    text === undefined ||
    record.figuresWithheld === true ||
    narrowsByReader ||
    (await figuresDependOnReader(asker, resolver, answerStatements(record, block)))
  )
    throw new ApiError(
      409,
      'ANSWER_FIGURES_DEPEND_ON_READER',
      'The figures of this answer can differ by who reads them, so it cannot be kept as text on a page; add it as a live tile instead.',
    );
  return text;
}
