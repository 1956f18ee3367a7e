/**
 * The host hooks an embedding program hands to `startLocalServer` (spec 02). This slice holds
 * who asks (`resolvePrincipal`) and what they may do (`authorize`); every hook may answer
 * directly or with a promise, and every answer is checked for its shape before it is used.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { OutboundTrace } from '../traces/content.js';
import type { AuditEvent } from './audit.js';
import type { Destination, Principal } from './context/request-context.js';
import type { RouteResource } from './context/route-action.js';
import type { FollowsHook } from './follows.js';
import type { RelationName, StatementRelation } from './relation-names.js';
import type { MemoryStore } from './stores/memory-store.js';
import type { RunStore } from './stores/run-store.js';
import type { ThreadStore } from './stores/thread-store.js';

/** What `resolvePrincipal` is told of the incoming request. */
export interface HostRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The peer address. */
  ip: string;
}

/** A permission decision: `allow`, else a reason for the person and an optional same-origin next step. */
export interface AuthorizeDecision {
  allow: boolean;
  reason?: string;
  next?: { label: string; href: string };
}

/** Why a statement is run: for its data, for names only, or svc's own work (never a request's choice). */
export type QueryPurpose = 'data' | 'metadata' | 'platform';

/** What `rowPolicy` is told of one statement. */
export interface QueryContext {
  principal?: Principal;
  sql: string;
  params: ReadonlyArray<string | number | boolean | null>;
  /** Tables the statement reads, as written there, lower-cased (empty when it cannot tell). Compare `relations` instead. */
  tables: string[];
  /**
   * Every relation the statement reads, in the order written: `name` as the engine resolves it
   * (catalog-qualified, quotes removed, case folded as the engine folds: `main.orders` for
   * `FROM Orders` on SQLite) and `written`, its spelling in the statement. CTEs are not relations.
   */
  relations: StatementRelation[];
  connection: string;
  purpose: QueryPurpose;
  destination?: Destination;
  action?: string;
}

/** `rowPolicy`'s answer: the statement to run instead (narrowed), or a refusal shown to the person. */
export type RowPolicyAnswer =
  | {
      sql: string;
      params?: ReadonlyArray<string | number | boolean | null>;
      /** Every result row's `column` must be at least `minimum`, else the result is refused with `refusal`. */
      groupRows?: { column: string; minimum: number; refusal: string };
    }
  | { refuse: string };

/** What the `statements` observer is told of each statement: never SQL, parameters, rows or who asked. */
export interface HostStatementEvent {
  engine: string;
  read: 'data' | 'schema';
  outcome: 'ok' | 'error' | 'refused' | 'timeout';
  durationMs: number;
}

/** What `credentials` is told: who, and which of the project's connections (never its settings). */
export interface CredentialsContext {
  principal?: Principal;
  connection: string;
  driver: string;
}

/**
 * `credentials`' answer: the person's own settings laid over the connection (`driver` cannot be
 * changed) with an id that keys caches, or a refusal: the person must reconnect.
 */
export type CredentialsAnswer = { settings?: Record<string, string | number | boolean>; credentialId?: string } | { refuse: string };

/** The hooks of one server. Absent hooks keep the defaults of spec 02. */
export interface HostHooks {
  /** Who makes the request; null answers 401 (health stays open). Replaces the shared token. */
  resolvePrincipal?(request: HostRequest): Principal | null | Promise<Principal | null>;
  /** Whether the principal may take `action` on `resource`. */
  authorize?(principal: Principal, action: string, resource: RouteResource): AuthorizeDecision | Promise<AuthorizeDecision>;
  /**
   * One person works here (a draft space): Tier-2 answers are saved as drafts. Otherwise a hosted
   * runtime serves many people and captures none (spec 01 rule 8).
   */
  onePerson?: boolean;
  /** Certify with every enterprise gate: the host decides, never the request (default off with a host). */
  enterpriseCertification?: boolean;
  /**
   * The columns of `relation` (as the route names it) the person may see listed by the schema
   * routes (a subset of `columns`); `resolved` names it as the engine's catalog resolves it
   * (`main.customers`, a search_path's schema filled in). A view is asked about once per table
   * it reads, `resolved` naming that table and `resolved.view` the view.
   */
  columnsVisible?(principal: Principal, relation: string, columns: string[], resolved: RelationName & { view?: string }): string[] | Promise<string[]>;
  rowPolicy?(query: QueryContext): RowPolicyAnswer | Promise<RowPolicyAnswer>;
  /** The person's own warehouse sign-in, laid over the connection before the row policy sees it. */
  credentials?(context: CredentialsContext): CredentialsAnswer | Promise<CredentialsAnswer>;
  /**
   * Chooses the model for this person's request: `{ id, provider: { kind, baseUrl, model,
   * apiKeyEnv? } }`, or undefined for the project's. A throw or another shape refuses the model
   * step; it never falls back to the project's model. Synchronous, no time limit.
   */
  modelProvider?(context: { principal?: Principal }): ModelChoice | undefined;
  /**
   * Whether result values may reach `model`; told every table they came from when all are
   * known, named as the engine's catalog resolves them (`main.orders`, a view as the tables under
   * it). Anything but `true` is no; values whose tables cannot be named are not asked about and
   * stay from the model. Without it, only a model on this machine may see them.
   */
  isInBoundary?(model: { id: string; name: string; model?: string; baseUrl?: string }, context: { relations?: string[] }): boolean;
  /**
   * Around every agent tool call (MCP and HTTP): call `next()` to let it run (its result is the
   * call's); return without calling it to refuse. The decision is timed until `next()`.
   */
  tools?(call: { name: string; args: unknown; principal?: Principal }, next: () => Promise<unknown>): unknown;
  /** Who this person's answers are written for; undefined keeps the request's, anything else but these two means `stakeholder`. */
  audience?(principal: Principal): 'stakeholder' | 'analyst' | undefined | Promise<'stakeholder' | 'analyst' | undefined>;
  /** Whether this person is shown the figures of answers that need review; only a clear `show` shows. */
  answerFigures?(principal: Principal): 'show' | 'withhold_review' | Promise<'show' | 'withhold_review'>;
  /** The host's review status of this person's answers, by run id (see answer-status.ts for the shape). */
  answerStatus?(principal: Principal, runIds: string[]): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * The certified sources (`app:block:<domain>:<hash>`, `block:<domain>.<name>`) this person may use;
   * an error allows none. `relations` names, per source id, the relations its query reads as the engine resolves them.
   */
  sourceAccess?(principal: Principal, sources: string[], context: { relations: Record<string, RelationName[]> }): Iterable<string> | Promise<Iterable<string>>;
  /** Page follows the host keeps: `list(principal)` gives `{ pageId, following }[]`, `set(principal, { pageId }, following)` keeps one. */
  follows?: FollowsHook;
  /**
   * The read-only document servers this person's answers may read (MCP over HTTP), only ones the
   * host's model may read. A throw, a late or malformed answer gives none.
   */
  knowledgeSources?(principal: Principal): KnowledgeServerEntry[] | Promise<KnowledgeServerEntry[]>;
  /**
   * Whether figures read from `relations` (named as the engine's catalog resolves them) differ by
   * who reads them; only a clear `false` lets an answer be kept as text on an App page. An answer
   * whose tables cannot be named depends on the reader without asking.
   */
  figuresDependOnReader?(context: { relations?: string[] }): boolean | Promise<boolean>;
  /** Whether this person still reads answer text an App page keeps (others read a placeholder). */
  keepsAnswerText?(principal: Principal, app: { appId: string }): boolean | Promise<boolean>;
  /** The host's additions around the screens for this person (see ui-additions.ts for the shapes). */
  ui?(principal: Principal): unknown;
  /** Cards for this person's Home: at most 8 `{ title, text?, href? }` are shown. */
  homeCards?(principal: Principal): unknown[] | Promise<unknown[]>;
  /** The directory groups an author may pick (`{ id, name }` or names). */
  directoryGroups?(principal: Principal): unknown[] | Promise<unknown[]>;
  /**
   * Told of answers, refusals, changes and model usage (AuditEvent): never a question, SQL,
   * values or prompt text. Not waited for; its failures are logged and counted.
   */
  audit?(event: AuditEvent): void | Promise<void>;
  /**
   * Receives every finished Ask trace as a strict bundle entry (pseudonymised, no question text,
   * SQL or values). Not waited for; its failures are counted and change nothing.
   */
  traces?(trace: OutboundTrace): void | Promise<void>;
  /** Key for every question fingerprint that leaves the machine (sink, exports); used only when non-empty text. */
  traceSalt?: string;
  /**
   * Stores that replace the local ones (spec 02: every store method returns a promise).
   * `conversations(defaultPath)` gives the conversation (thread) store; `defaultPath` is where
   * the local one would be. Called once when the server starts.
   */
  stores?: HostStores;
  /**
   * Attributes of the principal the host sets per request to mark where values go (for example
   * a purpose); each one named here is part of every cache key, so a result read for one purpose
   * never serves another. Anything but a list of names names none.
   */
  purposeAttributes?: string[];
  /** Told of every statement's outcome and duration; never waited for, and its failures change nothing. */
  statements?(event: HostStatementEvent): void | Promise<void>;
  /**
   * How personal-data questions are refused: `wording` (default) refuses them by their words
   * before planning; `columns` hands the decision to `rowPolicy`, which sees every statement.
   */
  sensitiveQuestions?: 'wording' | 'columns';
  /**
   * Where a person signs in, sent as `X-SVC-Sign-In` with a 401 when it is a same-origin path.
   * (Spec 03 lets a host's 401 carry the header without saying how the host names it: this
   * field is that name.)
   */
  signInPath?: string;
  /**
   * The key service that signs certification receipts (spec 02 `signing`): it is handed the exact
   * text to sign and answers the id of its key and the signature; the key never leaves it. A
   * throw, a late answer (six times the hook limit), another shape, or a signature that does not
   * verify against a key on svc-certifiers.json yields no receipt. Without it the local key signs.
   * Signed exports are signed the same way (purpose `export`) and carry `signedBy`; a failure
   * yields no export claiming to be signed.
   */
  signing?: SigningHook;
  /**
   * Replaces svc's mail and webhook senders for schedule digests and alerts (spec 02 `delivery`):
   * told each message with its recipient; a message counts as delivered only when it answers
   * `{ delivered: true }` within six times the hook limit; anything else is not delivered, with a reference.
   */
  delivery?: DeliveryHook;
  /** Told once of each new scheduled page edition (never a figure); not waited for, its failures are logged. */
  pageEdition?(edition: PageEditionEvent): void | Promise<void>;
  /**
   * Review requests (spec 02 `git.openPullRequest`): replaces the hosting provider's command line.
   * It must answer `{ url }` with a web address or a same-origin path within six times the hook
   * limit; anything else refuses the review request (the commit on the review branch stays).
   */
  git?: GitHooks;
}

/** A new scheduled page edition, as `pageEdition` is told it: no figure. */
export interface PageEditionEvent {
  appId: string;
  pageId: string;
  appTitle?: string;
  pageTitle?: string;
  href: string;
  runId: string;
  at: string;
  scheduleId: string;
}

/** A schedule's message to one recipient: the App page it is about and its governed single figures only. */
export interface DeliveryMessage {
  kind: 'digest' | 'alert';
  appPage: { appId: string; pageId: string; title: string; href: string };
  scheduleId: string;
  runId: string;
  at: string;
  figures: Array<{ tileId: string; title?: string; value: number; previous?: number; trust: string }>;
  /** Monitors that fired on this run. */
  monitors: Array<{ id: string; tile: string; value?: number; above?: number; below?: number }>;
  recipient: { kind: 'email'; address: string } | { kind: 'webhook'; url: string };
}

export interface DeliveryHook {
  send(message: DeliveryMessage): unknown;
}

/** What `git.openPullRequest` is asked: a review of `branch` into `base` in the repository at `gitRoot`. */
export interface PullRequestRequest {
  gitRoot: string;
  branch: string;
  base: string;
  title: string;
  body: string;
  principal?: Principal;
}

export interface GitHooks {
  openPullRequest?(request: PullRequestRequest): { url: string } | Promise<{ url: string }>;
}

/** What the `signing` hook is asked to sign: a certification receipt, or an exported file's snapshot. */
export interface SigningRequest {
  purpose: 'certification' | 'export';
  /** The canonical text the signature covers (for a receipt: its fields and the block id; for an export: the file's hash and facts). */
  payload: string;
  principal?: Principal;
}

/** The `signing` hook's answer: the key's id (`key:<hex>`, as svc-certifiers.json lists it) and `ed25519:<base64url>`. */
export interface SigningAnswer {
  keyId: string;
  signature: string;
}

export interface SigningHook {
  sign(request: SigningRequest): SigningAnswer | Promise<SigningAnswer>;
}

/** Default time a decision hook may take before it counts as failed (spec 02 rule 4). */
export const DEFAULT_HOOK_TIMEOUT_MS = 10_000;

/** Time the `delivery`, `signing` and `git` hooks may take, as a multiple of the decision limit (spec 02 rule 4). */
export const SLOW_HOOK_FACTOR = 6;

/** A knowledge server as a host names it: MCP over HTTP (plain http only to this machine) with a search and a fetch tool. */
export interface KnowledgeServerEntry {
  id: string;
  label?: string;
  url: string;
  headers?: Record<string, string>;
  /** Default `search`, its question argument `query`. */
  searchTool?: string;
  searchArg?: string;
  /** Default `fetch`, its page argument `id`. */
  fetchTool?: string;
  fetchArg?: string;
  /** Fixed arguments sent with every search or fetch. */
  searchArgs?: Record<string, unknown>;
  fetchArgs?: Record<string, unknown>;
}

/** The stores a host may replace; see `HostHooks.stores`. */
export interface HostStores {
  /** The conversation store shared by every copy of the server (e.g. `createPostgresThreadStore`). */
  conversations?(defaultPath: string): ThreadStore | Promise<ThreadStore>;
  /** The answer-facts store shared by every copy of the server (every method a promise). */
  runs?: RunStore;
  /** The per-person memory store (follows when the host keeps none) for the project at `projectRoot`. */
  memory?(projectRoot: string): MemoryStore | Promise<MemoryStore>;
}

/** What `modelProvider` answers: the host's id for the model and its settings. */
export interface ModelChoice {
  id: string;
  provider: { kind: 'openai-compatible' | 'local'; baseUrl: string; model: string; apiKeyEnv?: string };
}
