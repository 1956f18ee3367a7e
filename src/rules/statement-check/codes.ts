/**
 * The statement layer's one code table: the codes of a statement that produced no result
 * (`kind: 'error'`, what `StatementError.code` carries, declared here, the lowest layer that
 * knows them, and re-used by the Ask and HTTP tables), and the reasons a ROW_POLICY_REFUSED
 * carries (`reason`, `checkReason`): the statement check's (`family`, `read-only`, `check`),
 * the host's row policy's (`row-policy`) and the catalog reader's (`metadata`). A reason of the
 * statement check means the sentence the refusal says; it never names anything from the
 * statement. Codes and reasons are stable: traces, HTTP bodies and hosts key on them.
 */
import type { CodeMeaning, CodesWhere } from '../code-table.js';

type Kind = 'error' | 'family' | 'read-only' | 'check' | 'row-policy' | 'metadata';

const code = <const K extends Kind>(kind: K, meaning: string, hint: string) => ({ kind, meaning, hint });

const NO_USE = 'Leave it out: answer from the tables and plain functions the connection already offers.';
const READ_ONLY = 'Ask with one plain read (SELECT or WITH); changes go through the warehouse owner, never through svc.';
const ALLOW = (list: string) =>
  `Use what the engine's catalog shows is harmless; if the name is the project's own and harmless, add it to \`statementCheck.allow.${list}\` of the connection in svc.config.json (reviewed in git).`;

export const STATEMENT_CODES = {
  CONNECTION_UNAVAILABLE: code(
    'error',
    'The warehouse connection could not be opened or reached (an unknown connection, no connector for its driver, a missing database file, a server that does not answer, a closed connection).',
    'Check the connection in svc.config.json and that its database is reachable, then try again.',
  ),
  CREDENTIALS_REQUIRED: code(
    'error',
    "The person's own warehouse sign-in is needed again: the host's credentials hook refused, failed or answered late.",
    'Reconnect to the warehouse where the host offers it, then try again.',
  ),
  RESULT_TOO_LARGE: code(
    'error',
    "The rows went over the result's byte budget (in all or in one value), so the statement was stopped.",
    'Ask for fewer rows or columns, or for an aggregate.',
  ),
  ROW_POLICY_REFUSED: code(
    'error',
    "The statement was refused before it ran: by the statement check or by the host's row policy; `reason` says which rule.",
    'Read the reason and ask for what the rule allows; nothing ran.',
  ),
  STATEMENT_CANCELLED: code(
    'error',
    'The statement was stopped in the engine because the person who asked went away or cancelled the work.',
    'Ask again when you want the answer; nothing is wrong with the statement.',
  ),
  STATEMENT_TIMEOUT: code(
    'error',
    'The statement did not finish within its deadline and was stopped.',
    'Narrow the question (a shorter period, fewer rows), or try again later.',
  ),
  WAREHOUSE_ERROR: code(
    'error',
    'The warehouse could not read or run the statement; its own words go to the server log under a reference, never to the caller.',
    'Fix the SQL, or give the administrator the reference.',
  ),
  attach: code('family', 'Statements here may not attach or detach databases.', NO_USE),
  call: code('family', 'Statements here may not call procedures.', NO_USE),
  copy: code('family', 'Statements here may not copy data into or out of the warehouse.', NO_USE),
  'effect-function': code('read-only', 'The statement calls a function that changes state, and statements here may only read.', READ_ONLY),
  'environment-reader': code('family', 'Statements here may not read the server environment.', NO_USE),
  'explain-analyze': code(
    'read-only',
    "Statements here may not be run to be measured (EXPLAIN ANALYZE): the engine's report counts the rows each step read and left out, more than the answer shows.",
    'Leave out ANALYZE: EXPLAIN alone shows the plan without running it.',
  ),
  'export-import': code('family', 'Statements here may not export or import databases.', NO_USE),
  extension: code('family', 'Statements here may not use engine extensions.', NO_USE),
  'external-query': code('family', 'Statements here may not reach other databases or services.', 'Read the tables of this connection only.'),
  file: code('family', "Statements here may not use the engine's file features.", NO_USE),
  'file-reader': code(
    'family',
    'Statements here may not read files, except plain paths inside the folders this connection allows.',
    "Read a plain path inside the connection's allowed folders, or a table.",
  ),
  'function-not-allowed': code(
    'read-only',
    "The statement calls a function that is not on this engine's allow list of functions known to be harmless; `name` says which.",
    ALLOW('functions'),
  ),
  'group-rows': code(
    'row-policy',
    "A group of the result is smaller than the host's row policy shows (or the result lacks the column that tells); the message is the host's.",
    'Ask for larger groups (a coarser grouping or a longer period).',
  ),
  'inline-function': code(
    'read-only',
    "The statement defines an inline function whose body is not only routine statements over expressions (DECLARE, SET of the routine's variables, IF, CASE, loops, RETURN), so it could run more than a read.",
    "Write the function's body as expressions over its arguments, or ask without an inline function.",
  ),
  install: code('family', 'Statements here may not install extensions.', NO_USE),
  'invalid-option': code(
    'check',
    'The statement check was called with an option it cannot read (readOnly must be true or false, allowedDirectories a list of folder paths, allow an object of name lists), so the statement was not run.',
    'Pass readOnly as a boolean, allowedDirectories as a list of folder paths and allow as { functions, tableFunctions, relations } lists of names.',
  ),
  load: code('family', 'Statements here may not load extensions or libraries.', NO_USE),
  'not-a-read': code(
    'read-only',
    'Statements here may only read: a single SELECT, WITH, VALUES, TABLE, SHOW, DESCRIBE, SUMMARIZE, PIVOT or EXPLAIN of one.',
    READ_ONLY,
  ),
  'not-metadata': code('metadata', 'A metadata query is one SELECT, WITH, SHOW or DESCRIBE statement.', 'Read the catalog with one of those statements.'),
  'path-table': code('family', 'Statements here may not read tables named by a storage path.', 'Name the table by its name in the warehouse.'),
  pragma: code('family', 'Statements here may not use pragmas.', NO_USE),
  'prepared-statement': code('family', 'Statements here may not prepare or execute other statements.', 'Write the statement itself.'),
  'query-as-text': code(
    'family',
    'Statements here may not run queries or name tables given as text.',
    'Write the query and the table names in the statement itself.',
  ),
  'relation-not-allowed': code(
    'read-only',
    "The statement reads one of the engine's own relations that is not on its allow list of catalog relations known to be harmless; `name` says which.",
    ALLOW('relations'),
  ),
  'row-lock': code('read-only', 'Statements here may only read and may not lock rows.', 'Leave out FOR UPDATE, FOR SHARE and other locking clauses.'),
  'row-policy': code(
    'row-policy',
    "The host's row policy refused the statement; the message is the host's.",
    'Ask for data your row rules allow, or ask the host for access.',
  ),
  'row-policy-failed': code(
    'row-policy',
    "The host's row policy could not be asked (it threw, answered late or in the wrong shape), so nothing ran.",
    'Try again; if it keeps failing, give the administrator the reference.',
  ),
  'row-policy-unsafe': code(
    'row-policy',
    "The host's row policy answered with a statement the statement check refuses, so nothing ran.",
    'The host should narrow with a plain read; give the administrator the question.',
  ),
  'row-rules': code(
    'row-policy',
    "The block's own @rls row rules read an attribute the person's sign-in does not give (or a list where one value is compared), so nothing ran.",
    'Ask the host to give your sign-in the attribute the block reads, or ask for a block without row rules.',
  ),
  'select-into': code('read-only', 'Statements here may only read and may not store results with INTO.', 'Leave out INTO: the answer carries the rows.'),
  session: code('family', "Statements here may not change or read the engine's session state.", NO_USE),
  setting: code('family', 'Statements here may not change settings.', NO_USE),
  'several-statements': code('read-only', 'Statements here must be exactly one statement.', 'Send one statement, without a second after a semicolon.'),
  stage: code('family', 'Statements here may not use stages.', NO_USE),
  'system-catalog': code(
    'read-only',
    "Statements here may not read the warehouse's record of sessions, queries, users or settings.",
    'Read the data tables; the warehouse owner reads its own records.',
  ),
  'table-function': code('family', "Statements here may not use the engine's external table functions.", 'Read tables of the connection instead.'),
  'table-function-not-allowed': code(
    'read-only',
    "The statement calls a table function that is not on this engine's allow list of table functions known to be harmless; `name` says which.",
    ALLOW('tableFunctions'),
  ),
  unbounded: code(
    'read-only',
    'The statement asks the engine for work without end: a recursive query that reads only itself with nothing to stop it, or a generator of more rows than any answer shows.',
    'Give the recursion a condition that ends it (WHERE n < 100) or the generator a smaller count.',
  ),
  'unknown-driver': code(
    'check',
    'The statement check does not know this engine, so the statement was not run.',
    'Name one of the engines the check reads (DRIVERS of grammar/sql: sqlite, duckdb, postgresql, clickhouse, snowflake, ...).',
  ),
  unreadable: code(
    'check',
    'The statement could not be read with certainty, so it was not run.',
    'Write the statement more plainly (no unusual quoting or comments).',
  ),
  'view-unreadable': code(
    'row-policy',
    "A view the statement reads could not be read from the warehouse's catalog (or cannot stand as the query it keeps, as a materialized view's kept rows), so it could not be judged on the tables it reads and nothing ran.",
    'Read the tables under the view directly, or ask the warehouse owner to let the connection read the view definitions.',
  ),
  write: code('read-only', 'Statements here may only read; the statement changes data, objects, settings or the session.', READ_ONLY),
} as const satisfies Record<string, CodeMeaning & { kind: Kind }>;

type Table = typeof STATEMENT_CODES;

/** Why a statement produced no result (`StatementError.code`). */
export type StatementErrorCode = CodesWhere<Table, { kind: 'error' }>;
/** Families refused on every connection with a host (spec 03, query path item 8). */
export type FamilyReason = CodesWhere<Table, { kind: 'family' }>;
/** Refused only for statements that must only read (spec 03, query path item 9). */
export type ReadOnlyReason = CodesWhere<Table, { kind: 'read-only' }>;
/** Every reason the statement check gives. */
export type RefusalReason = FamilyReason | ReadOnlyReason | CodesWhere<Table, { kind: 'check' }>;
/** Every reason a ROW_POLICY_REFUSED carries: the statement check's, the row policy's, the catalog reader's. */
export type StatementReason = Exclude<keyof Table, StatementErrorCode>;
