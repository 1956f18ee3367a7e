/**
 * The server's one code table: every code the HTTP API answers with in an error body
 * `{ error: { code, message } }`, with its status; the codes a server refuses to start with
 * (`status: 'start'`, thrown to the program that starts it); and the codes `/api/health`
 * reports of a connection (`status: 'health'`, inside a 200 answer). A code a lower layer
 * declares (a statement's, an Ask refusal's, a host hook's) is re-used here by reference. The
 * local trace endpoints answer with the traces table's codes and statuses (src/traces/codes.ts).
 */

import { HOOK_CODES } from '../hooks/codes.js';
import { ASK_REFUSAL_CODES } from '../rules/ask-refusal-codes.js';
import { type CodeMeaning, type CodesWhere, reuse } from '../rules/code-table.js';
import { STATEMENT_CODES } from '../rules/statement-check/codes.js';
import { RUNTIME_CODES } from '../runtime/codes.js';

type Status = number | 'start' | 'health';

const code = <const S extends Status>(status: S, meaning: string, hint: string) => ({ status, meaning, hint });
const http = <const S extends number>(status: S, entry: CodeMeaning) => reuse(entry, { status });

export const API_ERROR_CODES = {
  ANSWER_FIGURES_DEPEND_ON_READER: code(
    409,
    'The figures of this answer can differ by who reads them (or were withheld from the caller), so it cannot be kept as text on a page.',
    'Add it to the page as a live tile instead.',
  ),
  // A live answer tile that cannot run (exported on its own, its failure is the request's).
  ANSWER_NOT_EXPORTABLE: code(
    409,
    'The Ask answer named for an export keeps no statement to rerun: it was refused, or it was kept without the values its certified block ran with.',
    'Ask again, then export the new answer.',
  ),
  ANSWER_NOT_LIVE: http(409, RUNTIME_CODES.ANSWER_NOT_LIVE),
  ANSWER_SOURCE_CHANGED: code(
    409,
    'The certified block an Ask answer came from changed or left the project since the answer, so the answer cannot be rerun for an export as it was given; nothing ran.',
    'Ask again, then export the new answer.',
  ),
  ANSWER_UNAVAILABLE: http(409, RUNTIME_CODES.ANSWER_UNAVAILABLE),
  APP_BUILD_NOT_FOUND: http(404, RUNTIME_CODES.APP_BUILD_NOT_FOUND),
  APP_BUILD_OPERATION_INVALID: http(400, RUNTIME_CODES.APP_BUILD_OPERATION_INVALID),
  APP_BUILD_PLANNER_FAILED: http(502, RUNTIME_CODES.APP_BUILD_PLANNER_FAILED),
  APP_BUILD_PLANNER_MALFORMED: http(502, RUNTIME_CODES.APP_BUILD_PLANNER_MALFORMED),
  APP_BUILD_PREFLIGHT_FAILED: http(409, RUNTIME_CODES.APP_BUILD_PREFLIGHT_FAILED),
  APP_BUILD_PUBLISH_FAILED: http(500, RUNTIME_CODES.APP_BUILD_PUBLISH_FAILED),
  APP_BUILD_REVISION_CONFLICT: http(409, RUNTIME_CODES.APP_BUILD_REVISION_CONFLICT),
  APP_BUILD_SOURCE_NOT_ADDABLE: http(409, RUNTIME_CODES.APP_BUILD_SOURCE_NOT_ADDABLE),
  APP_BUILD_SOURCE_UNKNOWN: http(400, RUNTIME_CODES.APP_BUILD_SOURCE_UNKNOWN),
  APP_NOT_FOUND: code(404, 'The project has no such App.', 'Check the App id; svc app check lists the Apps.'),
  APP_NOT_SHAREABLE: code(
    403,
    'This App cannot be shared by a viewer link: it is not published, or its rows differ by member (block row rules or the host narrowing rows per person).',
    'Publish the App, or share it with people who sign in, so each reads their own rows.',
  ),
  AUTOPILOT_ARTIFACT_NOT_FOUND: http(404, RUNTIME_CODES.AUTOPILOT_ARTIFACT_NOT_FOUND),
  AUTOPILOT_CONTRACT_CHANGED: http(409, RUNTIME_CODES.AUTOPILOT_CONTRACT_CHANGED),
  AUTOPILOT_DISCARDED: http(409, RUNTIME_CODES.AUTOPILOT_DISCARDED),
  AUTOPILOT_DRAFT_CHANGED: http(409, RUNTIME_CODES.AUTOPILOT_DRAFT_CHANGED),
  AUTOPILOT_NOTHING_TO_APPLY: http(409, RUNTIME_CODES.AUTOPILOT_NOTHING_TO_APPLY),
  AUTOPILOT_PROPOSAL_MISMATCH: http(409, RUNTIME_CODES.AUTOPILOT_PROPOSAL_MISMATCH),
  AUTOPILOT_SOURCE_CHANGED: http(409, RUNTIME_CODES.AUTOPILOT_SOURCE_CHANGED),
  BAD_REQUEST: code(400, 'The request is not valid (its JSON, its body or a parameter); the message says what.', 'Fix the request as the message says.'),
  BLOCK_NOT_CERTIFIED: http(409, ASK_REFUSAL_CODES.BLOCK_NOT_CERTIFIED),
  BLOCK_NOT_FOUND: http(404, ASK_REFUSAL_CODES.BLOCK_NOT_FOUND),
  CONNECTION_INVALID: code(
    'health',
    'An embedded-database connection (SQLite, DuckDB) names no database file.',
    'Set "path" of the connection in svc.config.json.',
  ),
  CONNECTION_UNAVAILABLE: http(503, STATEMENT_CODES.CONNECTION_UNAVAILABLE),
  CONNECTION_UNKNOWN: code(
    400,
    'The request names a connection this project does not have.',
    'Name one of the connections in svc.config.json, or leave it out for the default.',
  ),
  // The person's own warehouse sign-in is needed again (reconnect); not the service's sign-in (401).
  CREDENTIALS_REQUIRED: http(403, STATEMENT_CODES.CREDENTIALS_REQUIRED),
  DATABASE_MISSING: code(
    'health',
    "The database file of an embedded-database connection is not where the connection's path says.",
    'Create the database, or fix "path" in svc.config.json.',
  ),
  EXPORT_REFUSED: code(
    403,
    "The host's policy refused to let these rows leave as a file (the statement check or the row policy, told the destination `export`); nothing ran.",
    'Ask the administrator which data may be exported; the rows may still be readable on screen.',
  ),
  EXPORT_SIGNING_FAILED: code(
    502,
    'A signed export was asked for, but the key service failed, answered late or wrongly, named a key the project does not list, or its signature did not verify; no file was sent.',
    'Try again, or export unsigned; the administrator can find a failing key service under the reference.',
  ),
  GIT_REPOSITORY_MISSING: code(
    409,
    'The project is not in a git repository with a first commit, so there is no diff and no review branch.',
    'Put the project under git (git init, then a first commit).',
  ),
  HOST_HOOKS_REQUIRED: code(
    'start',
    'startHostedServer was called without hostHooks: a hosted server never falls back to single-user behaviour.',
    'Pass hostHooks (at least resolvePrincipal), or use startLocalServer for a single-user server.',
  ),
  HOST_RESOLVER_REQUIRED: code(
    'start',
    'startHostedServer was given hostHooks without resolvePrincipal: a hosted server answers only people the host names.',
    'Add resolvePrincipal to hostHooks (answer null for someone not signed in), or use startLocalServer for a single-user server.',
  ),
  IDENTITY_UNAVAILABLE: http(503, HOOK_CODES.IDENTITY_UNAVAILABLE),
  INTERNAL_ERROR: code(
    500,
    'Something went wrong on the server; the stack is in the server log under the reference the answer carries.',
    'Give the administrator the reference.',
  ),
  KEYS_NOT_DECLARED: http(409, RUNTIME_CODES.KEYS_NOT_DECLARED),
  LOCAL_TARGET_REFUSED: code(
    403,
    'The local workspace is shared by everyone on this hosted server, so a request may not run there.',
    'Leave the execution target out, or name a connection.',
  ),
  NOT_FOUND: code(404, 'There is no such route here.', 'Check the method and the path.'),
  OPERATION_NOT_FOUND: code(404, "No running operation of the caller has this id (someone else's reads the same).", 'List your own with GET /api/operations.'),
  ORIGIN_INVALID: code(
    'start',
    'An allowedOrigins entry is not an origin (scheme://host[:port], http or https), so the server does not start.',
    'Write each allowed origin as scheme://host[:port], without a path.',
  ),
  ORIGIN_REFUSED: code(
    403,
    'The request comes from a page whose origin may not call this server.',
    "Call from the server's own pages, or add the page's origin to allowedOrigins.",
  ),
  OWNER_SESSION_UNAVAILABLE: code(
    409,
    'Signing a browser in as the owner is only for a server guarded by SVC_SERVER_TOKEN without a host (a host signs people in itself; a loopback server without a token needs no sign-in).',
    'Open the app without signing in, or sign in through the host.',
  ),
  PAGE_NOT_FOUND: code(404, 'The project has no such App page.', 'Check the App and page ids; svc app check lists them.'),
  PARAM_INVALID: http(400, ASK_REFUSAL_CODES.PARAM_INVALID),
  PARAM_REQUIRED: http(400, ASK_REFUSAL_CODES.PARAM_REQUIRED),
  PARAM_UNKNOWN: http(400, ASK_REFUSAL_CODES.PARAM_UNKNOWN),
  PATH_REFUSED: code(
    403,
    'The path is not project content (a dot folder or dotfile, svc.config.json, data/, target/, node_modules/, another extension, or outside the project); whether it exists is not told.',
    'Name a notebook, block, App, page, semantic-layer or docs file inside the project.',
  ),
  PAYLOAD_TOO_LARGE: code(413, 'The request body is larger than the server reads.', 'Send a smaller body.'),
  PERMISSION_DENIED: http(403, HOOK_CODES.PERMISSION_DENIED),
  RELATIONSHIP_NOT_DECLARED: http(409, RUNTIME_CODES.RELATIONSHIP_NOT_DECLARED),
  RELATION_NAME_REFUSED: code(
    400,
    'A table name may not hold a quote, a backslash or a control character; no lookup was made.',
    'Name the table as the catalog lists it.',
  ),
  // The request was fine and the warehouse answered; the answer is more than this server returns.
  RESULT_TOO_LARGE: http(422, STATEMENT_CODES.RESULT_TOO_LARGE),
  ROW_POLICY_REFUSED: http(403, STATEMENT_CODES.ROW_POLICY_REFUSED),
  RUN_NOT_FOUND: code(
    404,
    "There is no Ask run of the caller's with this id (whether someone else's exists is not told).",
    'Check the run id; ask again for a new run.',
  ),
  SCHEDULE_INVALID: code(
    422,
    'The schedule cannot be saved as sent: its id, page, cadence (five-field cron, UTC) or a recipient does not read; `problems` says each; nothing was written.',
    'Fix what each problem names and save again.',
  ),
  SCHEDULE_NOT_FOUND: code(404, 'The App declares no schedule with this id.', 'Check the schedule id against svc.app.json `schedules`.'),
  SCHEDULE_PASS_REFUSED: code(
    401,
    'The schedule pass was refused: unknown, expired (passes last 2 minutes), revoked, not sent from this machine, or sent for another route or App.',
    'Run the schedule again (POST /api/apps/:appId/schedules/:scheduleId/run or svc schedule run); a pass opens only its own App page runs.',
  ),
  SCHEDULE_RUN_FAILED: code(
    502,
    "The schedule's page did not run as its owner (the owner may not open the App, or a tile's statement failed), or this server is not listening.",
    "Run the page as the owner to see why; check the schedule's owner in svc.app.json.",
  ),
  SEMANTIC_NOT_FOUND: code(
    404,
    'The project has no business term (semantic-layer/terms.yaml) or view (semantic-layer/views.yaml) with this id.',
    'Name a term or view by its <domain>.<name> id as the file declares it.',
  ),
  SERVER_TOKEN_REQUIRED: code(
    'start',
    'The server would listen beyond this machine without SVC_SERVER_TOKEN, so it does not start.',
    'Set SVC_SERVER_TOKEN to a secret of at least 16 characters, or listen on 127.0.0.1.',
  ),
  SERVER_TOKEN_TOO_SHORT: code(
    'start',
    'SVC_SERVER_TOKEN is set but shorter than 16 characters, so the server does not start.',
    'Use a longer secret, or unset it on a loopback server.',
  ),
  SHARE_LINK_UNAVAILABLE: code(
    409,
    'Viewer links are made only by the owner of a network-shared server without a host (one guarded by SVC_SERVER_TOKEN).',
    'Share the App through the platform that signs people in, or start the server with SVC_SERVER_TOKEN.',
  ),
  SIGN_IN_REQUIRED: http(401, HOOK_CODES.SIGN_IN_REQUIRED),
  STATEMENT_CANCELLED: http(409, STATEMENT_CODES.STATEMENT_CANCELLED),
  STATEMENT_TIMEOUT: http(504, STATEMENT_CODES.STATEMENT_TIMEOUT),
  STORE_UNAVAILABLE: http(503, HOOK_CODES.STORE_UNAVAILABLE),
  TABLE_NOT_FOUND: code(
    404,
    'There is no such table on this connection (or none the caller may see).',
    "Check the table name; the catalog lists the connection's tables.",
  ),
  TILE_EXPORT_REFUSED: code(
    422,
    "The host's policy refused to let this tile's rows leave as a file (or withholds its figures from the caller); nothing was exported.",
    'Read the tile on the page, or ask the administrator which data may be exported.',
  ),
  TILE_NOT_FOUND: code(
    404,
    'The App page has no data tile with this id (a text tile has nothing to export).',
    'Check the tile id; svc app check lists the tiles.',
  ),
  TOOL_NOT_FOUND: code(404, 'POST /api/tools/:name names no agent tool.', 'Use a tool name svc mcp lists (tools/list).'),
  TOOL_REFUSED: http(403, HOOK_CODES.TOOL_REFUSED),
  UNAUTHORIZED: code(
    401,
    "The request carries neither the server's shared token (Authorization: Bearer) nor the owner's signed-in browser session, on a server guarded by SVC_SERVER_TOKEN.",
    'Send the token as a bearer, or open the app and sign in with the server token.',
  ),
  UNSUPPORTED_MEDIA_TYPE: code(415, 'The request body is not of a media type this route reads.', 'Send application/json.'),
  VIEWER_LINK_INVALID: code(
    401,
    'The viewer link is not one this server signed, has expired (after 14 days), or was ended when the server token changed.',
    "Ask the App's owner for a new Share link.",
  ),
  VIEWER_LINK_REFUSED: code(
    403,
    'A viewer link opens only the pages of the App it was made for: viewing, running and exporting them.',
    'Open the link as it was shared, or sign in for more.',
  ),
  WAREHOUSE_ERROR: http(502, STATEMENT_CODES.WAREHOUSE_ERROR),
} as const satisfies Record<string, CodeMeaning & { status: Status }>;

type Table = typeof API_ERROR_CODES;

/** Every code the API answers with in an error body. */
export type ApiErrorCode = CodesWhere<Table, { status: number }>;
/** The codes a server refuses to start with. */
export type StartErrorCode = CodesWhere<Table, { status: 'start' }>;
/** What /api/health says of a connection that cannot be used. */
export type HealthCode = CodesWhere<Table, { status: 'health' }>;
