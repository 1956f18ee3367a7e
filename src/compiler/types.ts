/**
 * Shapes the compiler produces: the compiled block, the App entries and the manifest written
 * to svc-manifest.json. Everything here is plain JSON (no Dates, no Maps) so the manifest is
 * byte-for-byte deterministic.
 */
import type { Diagnostic, Span } from '../../grammar/diagnostics.js';

export const BLOCK_STATUSES = ['draft', 'review', 'certified', 'pending_recertification', 'deprecated', 'retired'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];

export const RECEIPT_STATES = ['valid', 'missing', 'stale', 'orphaned', 'none', 'unsigned', 'unknown-signer', 'bad-signature', 'signer-not-allowed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

export type ParamType = 'string' | 'number' | 'integer' | 'boolean' | 'date';

export interface CompiledParam {
  name: string;
  type: ParamType;
  /** Declared default; absent means the parameter is required. */
  default?: string | number | boolean | null;
  required: boolean;
}

export type TestOp = '>' | '<' | '>=' | '<=' | '==' | '!=' | 'in' | 'not in' | 'between' | 'is null' | 'is not null';

export interface CompiledTest {
  /** Column name, or `row_count` for the table-level count. */
  subject: string;
  op: TestOp;
  value?: JsonValue;
  value2?: JsonValue;
  /** The assertion as canonical text, e.g. `revenue >= 0`. */
  text: string;
}

export interface ContractRef {
  /** The full value as written: `<id>@<version>`. */
  raw: string;
  id: string;
  version: number;
  /** resolved: listed in the loaded manifest; unresolved: manifest loaded, not listed; unchecked: no manifest. */
  status: 'resolved' | 'unresolved' | 'unchecked';
}

export interface CompanionInfo {
  /** Project-relative path of the companion YAML. */
  file: string;
  reviewStatus?: string;
  certification?: {
    certifiedBy?: string;
    certifiedAt?: string;
    via?: string;
    rules?: string;
    sourceSha256?: string;
    checks?: string[];
    /** Id of the key that signed the receipt (`key:<hex>`). */
    signedBy?: string;
    /** `ed25519:<base64url>` over the receipt's canonical payload. */
    signature?: string;
  };
}

/**
 * The columns that name one row of a block's result (`grain = { keys = [...], keyEvidence = ... }`,
 * src/compiler/analyze/grain.ts), and what the claim rests on: `complete-source`, a proof over
 * every row the block returns.
 */
export interface GrainKeys {
  keys: string[];
  keyEvidence: 'complete-source';
}

/**
 * A join a block declares to another block (`relationships { customer = { to = "...", keys =
 * [...], cardinality = "many-to-one" } }`, src/compiler/analyze/relationships.ts): this block's
 * rows refer, by `keys`, to the rows of `to` named by `toKeys` (the same names unless given).
 * Relationship validation (key proofs) checks it over every row of both.
 */
export interface Relationship {
  /** The name within the block; the qualified id is `<block id>.<name>`. */
  name: string;
  /** The block id of the side every key must be found on. */
  to: string;
  keys: string[];
  toKeys: string[];
  cardinality: 'many-to-one' | 'one-to-one';
}

/** What an owner declares of one result column. */
export interface ColumnMeaning {
  /** Words people use for it ("sales", "turnover" for `revenue`). */
  synonyms?: string[];
  /** Its unit ("hours", "USD", "percent"): a question in another word for the unit still finds it. */
  unit?: string;
  /** Personal data of a kind the Ask guard refuses about individuals. */
  sensitive?: 'contact' | 'pay' | 'health' | 'protected' | 'identifier';
  /** Sums over rows are meaningful (true), or only along the named dimensions. */
  additive?: boolean | string[];
  /** A dimension no sum may cross (a snapshot or balance date): groups along it never get a subtotal. */
  nonAdditive?: boolean;
  description?: string;
}

export interface CompiledBlock {
  /** `<domain>.<name>` */
  id: string;
  name: string;
  domain: string;
  /** Project-relative path, forward slashes. */
  file: string;
  /** Where the declaration sits in its file. */
  span: Span;
  layout: 'domain' | 'legacy';
  /** True when the file lives in a `_drafts` folder. */
  inDrafts: boolean;
  /** The status the block file declares. */
  status: BlockStatus | string;
  /**
   * The status the project may rely on: `status`, except that a block declared certified
   * without a receipt for its current source is `pending_recertification` (see `receipt`).
   */
  effectiveStatus: BlockStatus | string;
  /**
   * The certification receipt in the companion YAML: `valid` (made for the current source),
   * `missing` or `stale` (declared certified without a matching receipt), `orphaned` (a receipt
   * kept while the block is not certified), `none` (not certified, no receipt). In a project
   * that signs its receipts, a receipt for the current source is also refused as `unsigned`,
   * `unknown-signer`, `bad-signature` or `signer-not-allowed` (see svc-certifiers.json).
   */
  receipt: ReceiptState;
  description?: string;
  owner?: string;
  tags: string[];
  contract?: ContractRef;
  pattern?: string;
  grain?: JsonValue;
  outputs: string[];
  sourceSystems: string[];
  reviewCadence?: string;
  examples: Array<{ question: string; [k: string]: JsonValue }>;
  params: CompiledParam[];
  /** `${name}` references found in the query, in order of first use. */
  paramsUsed: string[];
  query: string;
  /** Connection name the block runs on (`default` unless the block says otherwise). */
  connection: string;
  /** SQL driver of that connection (sqlite by default). */
  dialect: string;
  tests: CompiledTest[];
  visualization?: { [k: string]: JsonValue };
  parameterPolicy?: { [k: string]: JsonValue };
  filterBindings?: { [k: string]: JsonValue };
  /** Words and phrases the block answers to, beside its name (`synonyms = [...]`). */
  synonyms?: string[];
  /** What the owner declares of result columns (`columns { revenue = { synonyms = [...], unit = "USD" } }`). */
  columns?: { [column: string]: ColumnMeaning };
  /** The grain keys the block declares (read from `grain`), proven by key proofs. */
  grainKeys?: GrainKeys;
  /** The joins the block declares to other blocks (read from `relationships`), validated by key proofs. */
  relationships?: Relationship[];
  /** Tier-2 capture fields of a draft. */
  answerFingerprint?: string;
  askedTimes?: number;
  proposed?: { [k: string]: JsonValue };
  /** Fields the compiler does not know, kept as written (as JSON values). */
  extra: { [k: string]: JsonValue };
  /** Tables the query reads, lower-cased as written (schema-qualified when qualified), sorted. */
  tables: string[];
  /** How `tables` was read: the dialect lexer, the parser fallback, or not at all. */
  tablesFrom: 'lexer' | 'parser' | 'none';
  /** sha256 of the block's canonical content (fields and values; not comments or layout). */
  sourceSha256: string;
  /** sha256 of the query after normalising comments, case and whitespace (literals kept). */
  sqlFingerprint: string;
  companion?: CompanionInfo;
}

export interface CompiledTile {
  id: string;
  title?: string;
  kind: string;
  /** `block` (a block id) or `answer` (an Ask run id: a live answer tile). */
  source?: { kind: string; id: string; revision?: string };
  /** Written text (text tiles). */
  text?: string;
  /** `live`: an answer tile that runs its run's own SQL for each reader. */
  mode?: 'live';
  /** The Ask answer a text tile was written from. */
  answer?: { runId: string; question: string; tables: string[] };
  /** What a live answer tile reads (`answer_relation` per table); none recorded: any table. */
  sourceEvidence?: Array<{ kind: 'answer_relation'; relation: string }>;
  /** The result field the tile's chart groups by. */
  groupBy?: string;
  /** The page of the App a click on the tile opens. */
  navigateTo?: string;
  /** A click on a group opens block `block` with `parameter` set to the group's value. */
  drill?: { block: string; parameter: string };
}

export interface CompiledPage {
  id: string;
  title?: string;
  dashboard: string;
  tiles: CompiledTile[];
  filters: Array<{ id: string; bindings: Record<string, string> }>;
  /** Selecting a group of tile `from` sets each target tile's parameter to the selected `field` value. */
  crossFilters?: Array<{ from: string; field: string; targets: Record<string, string> }>;
}

export interface CompiledApp {
  id: string;
  title?: string;
  owner?: string;
  lifecycle?: string;
  file: string;
  pages: CompiledPage[];
  /** Schedules declared in svc.app.json (only those whose page, cadence and monitors read). */
  schedules?: CompiledSchedule[];
}

/** A recipient of a schedule's digests and alerts: mail, or a webhook signed with the secret `secretEnv` names. */
export type ScheduleRecipient = { kind: 'email'; address: string } | { kind: 'webhook'; url: string; secretEnv?: string };

/** A monitor on one governed figure: fires when the tile's figure is above `above` or below `below`. */
export interface ScheduleMonitor {
  id: string;
  tile: string;
  above?: number;
  below?: number;
}

/** A schedule of an App (svc.app.json `schedules`): one page run in cron form as its owner. */
export interface CompiledSchedule {
  id: string;
  page: string;
  /** Five-field cron form, read in UTC. */
  cron: string;
  /** The principal id it runs as (default: the App's owner). */
  owner?: string;
  filters?: Record<string, string | number | boolean>;
  recipients: ScheduleRecipient[];
  monitors: ScheduleMonitor[];
}

/** A business term (semantic-layer/terms.yaml): what the project means by a word. */
export interface CompiledTerm {
  /** `<domain>.<name>` */
  id: string;
  /** As people say it ("active customer"). */
  name: string;
  domain: string;
  definition: string;
  synonyms: string[];
  owner?: string;
  /** Declared status: draft | review | certified | deprecated. */
  status: string;
  /** `certified` only with a receipt for the current definition; else as declared, or pending_recertification. */
  effectiveStatus: string;
  receipt: ReceiptState;
  /** Ids of blocks the term is about. */
  related: string[];
  /** sha256 of the term's canonical content (id, name, definition, synonyms, owner, related). */
  sourceSha256: string;
  certification?: { certifiedBy?: string; certifiedAt?: string; via?: string; sourceSha256?: string; signedBy?: string; signature?: string };
}

/**
 * A business view (semantic-layer/views.yaml): a named, owned set of blocks and terms that
 * belong together, for context questions and to scope routing.
 */
export interface CompiledView {
  /** `<domain>.<name>` */
  id: string;
  /** As people say it ("revenue reporting"). */
  name: string;
  domain: string;
  description: string;
  synonyms: string[];
  owner?: string;
  /** Declared status: draft | certified. */
  status: string;
  /** `certified` only with a receipt for the current content; else as declared, or pending_recertification. */
  effectiveStatus: string;
  receipt: ReceiptState;
  /** Ids of the blocks the view holds, as declared. */
  blocks: string[];
  /** Ids of the business terms the view holds, as declared. */
  terms: string[];
  /** sha256 of the view's canonical content (id, name, description, synonyms, owner, blocks, terms). */
  sourceSha256: string;
  certification?: { certifiedBy?: string; certifiedAt?: string; via?: string; sourceSha256?: string; signedBy?: string; signature?: string };
}

export interface LineageEdge {
  block: string;
  table: string;
}

export interface Manifest {
  manifestVersion: 1;
  project: string;
  contracts: { loaded: boolean; path: string; count: number };
  /**
   * Connections that add names to their engine's allow list (`statementCheck.allow` of
   * svc.config.json), with the additions; absent when none does.
   */
  statementCheck?: Record<string, { functions?: string[]; tableFunctions?: string[]; relations?: string[] }>;
  blocks: Record<string, CompiledBlock>;
  apps: Record<string, CompiledApp>;
  /** Business terms by id (semantic-layer/terms.yaml); empty when the project declares none. */
  terms: Record<string, CompiledTerm>;
  /** Business views by id (semantic-layer/views.yaml); empty when the project declares none. */
  views: Record<string, CompiledView>;
  lineage: LineageEdge[];
  diagnostics: Diagnostic[];
}
