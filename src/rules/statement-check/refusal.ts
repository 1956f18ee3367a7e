/**
 * What the statement check answers: null, or a refusal with a stable reason code and a plain
 * sentence. The sentence never names anything from the statement (a table, a path, a value):
 * refusals reach people and models, and the statement may hold what neither should read.
 */

/** Families refused on every connection with a host (spec 03, query path item 8). */
export type FamilyReason =
  | 'attach'
  | 'call'
  | 'copy'
  | 'environment-reader'
  | 'export-import'
  | 'extension'
  | 'external-query'
  | 'file'
  | 'file-reader'
  | 'install'
  | 'load'
  | 'path-table'
  | 'pragma'
  | 'prepared-statement'
  | 'query-as-text'
  | 'session'
  | 'setting'
  | 'stage'
  | 'table-function';

/** Refused only for statements that must only read (spec 03, query path item 9). */
export type ReadOnlyReason = 'effect-function' | 'not-a-read' | 'row-lock' | 'select-into' | 'several-statements' | 'system-catalog' | 'write';

export type RefusalReason = FamilyReason | ReadOnlyReason | 'invalid-option' | 'unknown-driver' | 'unreadable';

export interface StatementRefusal {
  readonly code: 'ROW_POLICY_REFUSED';
  readonly reason: RefusalReason;
  readonly message: string;
}

const MESSAGES: Readonly<Record<RefusalReason, string>> = {
  attach: 'Statements here may not attach or detach databases.',
  call: 'Statements here may not call procedures.',
  copy: 'Statements here may not copy data into or out of the warehouse.',
  'effect-function': 'The statement calls a function that changes state, and statements here may only read.',
  'environment-reader': 'Statements here may not read the server environment.',
  'export-import': 'Statements here may not export or import databases.',
  extension: 'Statements here may not use engine extensions.',
  'external-query': 'Statements here may not reach other databases or services.',
  file: "Statements here may not use the engine's file features.",
  'file-reader': 'Statements here may not read files, except plain paths inside the folders this connection allows.',
  'invalid-option':
    'The statement check was called with an option it cannot read (readOnly must be true or false, allowedDirectories a list of folder paths), so the statement was not run.',
  install: 'Statements here may not install extensions.',
  load: 'Statements here may not load extensions or libraries.',
  'not-a-read': 'Statements here may only read: a single SELECT, WITH, VALUES, TABLE, SHOW, DESCRIBE, SUMMARIZE, PIVOT or EXPLAIN of one.',
  'path-table': 'Statements here may not read tables named by a storage path.',
  pragma: 'Statements here may not use pragmas.',
  'prepared-statement': 'Statements here may not prepare or execute other statements.',
  'query-as-text': 'Statements here may not run queries or name tables given as text.',
  'row-lock': 'Statements here may only read and may not lock rows.',
  'select-into': 'Statements here may only read and may not store results with INTO.',
  session: "Statements here may not change or read the engine's session state.",
  setting: 'Statements here may not change settings.',
  'several-statements': 'Statements here must be exactly one statement.',
  stage: 'Statements here may not use stages.',
  'system-catalog': "Statements here may not read the warehouse's record of sessions, queries, users or settings.",
  'table-function': "Statements here may not use the engine's external table functions.",
  'unknown-driver': 'The statement check does not know this engine, so the statement was not run.',
  unreadable: 'The statement could not be read with certainty, so it was not run.',
  write: 'Statements here may only read; the statement changes data, objects, settings or the session.',
};

/** The refusal for `reason`. */
export function refusal(reason: RefusalReason): StatementRefusal {
  return { code: 'ROW_POLICY_REFUSED', reason, message: MESSAGES[reason] };
}

/** Every reason with its sentence, for documentation and tests. */
export const REFUSAL_MESSAGES = MESSAGES;
