/**
 * The `svc-toolchain/host` export: what an embedding host uses to check statements the way the service
 * does (spec 02, "What the service does").
 */

/** Shapes of the reader's answers. */
export type { Driver, KnownLexicon, SqlToken, SqlTokenKind, UnreadableReason } from '../grammar/sql/index.js';
/** Reads a statement as the engine does: tokens with kind, text, normalised value and offsets. */
/** Describes what the reading of an engine covers: strings, names, comments, settings. */
/** Thrown by the reader for a statement it cannot decide; `reason` says why. */
/** `sha256:<hex>` of a statement normalised for comments, case and whitespace. */
/** Every driver the reader knows. */
export { DRIVERS, knownLexicon, lexStatement, sqlFingerprint, UnreadableStatement } from '../grammar/sql/index.js';
/** The host's review status of an answer (`answerStatus`): a known state, a label, a detail and a same-origin page. */
export { ANSWER_STATES, type AnswerState, type AnswerStatus } from './hooks/answer-status.js';
/** Who answers are written for (`audience`): `stakeholder` or `analyst`. */
export type { Audience } from './hooks/audience.js';
/** What the `audit` sink is told: answers, refusals, changes and model usage, never question, SQL, values or prompt text. */
export type { AuditEvent } from './hooks/audit.js';
/** The person or service a request runs as, and the request's context. */
export type { Destination, Principal, RequestContext } from './hooks/context/request-context.js';
/** The resource and the mapping `routeAction` answers. */
export type { RouteAction, RouteResource } from './hooks/context/route-action.js';
/** Maps a request (method, path) to its action, resource and destination, as the server authorizes it. */
export { routeAction } from './hooks/context/route-action.js';
/** A page follow (`{ pageId: '<appId>/<pageId>', following }`) and the `follows` hook's methods. */
export type { Follow, FollowsHook } from './hooks/follows.js';
/** The hooks an embedding host hands to `startLocalServer` (who asks, what they may do, which rows). */
/** What `credentials` is told and may answer. */
/** What the `statements` observer is told of each statement. */
/** What `rowPolicy` is told of a statement, why it runs, and what it may answer. */
/** The stores a host may replace (`hostHooks.stores`), and the conversation store's interface. */
/** What `modelProvider` answers. */
/** A knowledge server as `knowledgeSources(principal)` names it (MCP over HTTP, a search and a fetch tool). */
export type {
  AuthorizeDecision,
  CredentialsAnswer,
  CredentialsContext,
  HostHooks,
  HostRequest,
  HostStatementEvent,
  HostStores,
  KnowledgeServerEntry,
  ModelChoice,
  QueryContext,
  QueryPurpose,
  RowPolicyAnswer,
} from './hooks/hooks.js';
/** The default time limit of a decision hook, in milliseconds (10 s). */
export { DEFAULT_HOOK_TIMEOUT_MS } from './hooks/hooks.js';
/** A relation as the engine resolves it (`name`) and as written; in a statement, with where its spelling stands. */
export type { RelationName, StatementRelation } from './hooks/relation-names.js';
/** The ids `sourceAccess` is told (`app:block:<domain>:<hash>`) and may answer (`block:<domain>.<name>` too). */
export { appBlockSourceId, blockSourceId } from './hooks/source-access.js';
/** The per-person memory store a host may give as `stores.memory(projectRoot)`, its items, and one in this process. */
export { createInMemoryMemoryStore, type MemoryItem, type MemoryStore, type MemoryValue } from './hooks/stores/memory-store.js';
/** A memory store (`stores.memory`) on PostgreSQL that several server copies share. */
export { createPostgresMemoryStore } from './hooks/stores/postgres-memory-store.js';
/** An answer-facts store (`stores.runs`) on PostgreSQL that several server copies share. */
export { createPostgresRunStore } from './hooks/stores/postgres-run-store.js';
/** A conversation store on PostgreSQL that several server copies share. */
export { createPostgresThreadStore, type PostgresStoreSettings } from './hooks/stores/postgres-thread-store.js';
/** The answer-facts store a host may give as `stores.runs`, and one in memory. */
export { createMemoryRunStore, type RunRecord, type RunStore } from './hooks/stores/run-store.js';
export type { Thread, ThreadRun, ThreadStore } from './hooks/stores/thread-store.js';
/** A tool call the host's `tools` gate did not let through. */
export { ToolRefusedError } from './hooks/tool-call-hook.js';
/** The host's UI additions as `GET /api/host/ui` keeps them (shapes and limits of spec 03). */
export type { HostUiAdditions } from './hooks/ui-additions.js';
/**
 * Options of `hostedStatementRefusal`: `readOnly`, and `allow`, the connection's additions to its
 * engine's allow list (`statementCheck.allow` of svc.config.json) so a host checks reads as the
 * service does.
 */
/**
 * A refusal: `code`, stable kebab `reason`, and a plain `message` naming nothing from the
 * statement but, for the allow-list reasons, the one function or relation name (`name`).
 */
export type { RefusalReason, StatementAllowance, StatementCheckOptions, StatementRefusal } from './rules/statement-check/index.js';
/** Null when a statement may run on a hosted connection, else a `ROW_POLICY_REFUSED` refusal. */
export { hostedStatementRefusal } from './rules/statement-check/index.js';
/** The headings of written answers: `Certified answer`, `Governed answer`, `Needs review`, `No answer`. */
export { ANSWER_HEADINGS } from './runtime/agent-runs/answer-words.js';
/** The model step refused because the host's `modelProvider` failed or answered another shape. */
export { HostModelUnavailableError } from './runtime/agent-runs/host-model.js';
/** The one decision whether result values may reach a model (spec 02 "Privacy boundary"). */
export { valuesMayReachProvider } from './runtime/agent-runs/privacy-boundary.js';
/** The person or service the current request runs as, from the request context. */
export { currentPrincipal } from './server/request-scope.js';
/** Thrown at start when `stores.conversations` gives no store: the server never falls back to the local file. */
export { HostStoreInvalidError } from './server/server-stores.js';
/** Options of `startHostedServer`. */
export type { HostedServerOptions } from './server/start/start-hosted-server.js';
/** Starts the server for one project as a platform embeds it: hooks required, allowed origins, a host-managed connection. */
export { HostHooksRequiredError, HostResolverRequiredError, startHostedServer } from './server/start/start-hosted-server.js';
/** Options and handle of `startLocalServer`. */
export type { LocalServer, LocalServerOptions } from './server/start/start-local-server.js';
/** Starts the local server for one project with optional `hostHooks`; resolves to `{ url, close() }`. */
/** Thrown by `startLocalServer` for an `allowedOrigins` entry that is not an origin. */
export { OriginInvalidError, startLocalServer } from './server/start/start-local-server.js';
/** What `syncSchema()` of a server handle answers: table and column names only. */
export type { SyncedSchema } from './warehouse/schema-refresh.js';
/** A warehouse failure on a hosted request: diagnosis, reference and the statement's own tables, never the engine's words. */
export { StatementError, WarehouseStatementError } from './warehouse/types.js';
