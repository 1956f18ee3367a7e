/**
 * Facts are everything a rule may look at. Callers (compile, certify, lint, app check, the
 * runtime) gather them; the rules engine only reads them, so it stays free of I/O and every
 * policy can be tested with plain objects.
 */
import type { CompiledBlock, CompiledTerm, CompiledView } from '../compiler/types.js';

/** The result of running the block's (or tile's) statement once. */
export interface RunFacts {
  ok: boolean;
  /** Column names in the order the statement returned them. */
  columns: string[];
  rowCount: number;
  /** Short reason when `ok` is false; never SQL or row values. */
  error?: string;
}

/**
 * The engine's reading of a statement before it runs: `prepared` is false when the engine
 * cannot prepare without running (its run is then the only evidence), `error` its first line.
 */
export interface ValidationFacts {
  ok: boolean;
  prepared: boolean;
  error?: string;
  /** True when the connection could not be reached: the query itself was never read by the engine. */
  unreachable?: true;
}

/** One evaluated block test (`assert ...`). */
export interface TestResultFacts {
  /** Canonical assertion text, e.g. `revenue >= 0`. */
  text: string;
  pass: boolean;
  /** Rows that broke the assertion, when the test is per row. */
  failures?: number;
}

/**
 * The complete-source proof of the block's grain keys (certify --enterprise runs it, as
 * `svc keys prove` does): its status and counts, or the code it could not run with. Never a row
 * or a key value.
 */
export interface KeyProofFacts {
  keys: string[];
  status: 'passed' | 'failed' | 'error';
  rowCount?: number;
  distinctKeyCount?: number;
  nullKeyCount?: number;
  duplicateKeyCount?: number;
  /** The code of a proof that did not run. */
  errorCode?: string;
}

/** The App a tile or a publication belongs to. */
export interface AppFacts {
  id: string;
  /** Project-relative path of svc.app.json; findings about the App point here. */
  file?: string;
  owner?: string;
  /** draft | in_review | certified (App lifecycle is its own axis, not data trust). */
  lifecycle?: string;
  /** True while an unsaved or unapplied App draft revision exists. */
  draftPending: boolean;
}

/**
 * One tile as it is now. With tile facts, `Facts.block` is the tile's source block resolved as
 * it is now (absent when the source no longer exists) and `Facts.run` is the tile's own run
 * evidence (absent when the tile has not run).
 */
export interface TileFacts {
  id: string;
  /** chart | table | kpi | text; text tiles carry no data. */
  kind: string;
  page?: string;
  /** Project-relative page document (.svcd) that holds the tile and its binding. */
  file?: string;
  title?: string;
  /** The binding saved in the page document; `revision` is the bound block's sourceSha256. */
  source?: { kind: string; id: string; revision?: string };
  /** The Ask run whose answer the tile shows (a live answer tile, or answer text). */
  fromAnswer?: string;
  /** Page filters that have no binding for this tile. */
  unboundFilters: string[];
  /** Review tasks and requirement gaps still open against this tile. */
  openReviews: number;
  /** True when the tile's result came from review-required SQL (a draft or a repair). */
  reviewRequired?: boolean;
}

/** The answer gate's decision about `Facts.block` (rules/gates/answer-gate.ts), as plain data. */
export interface GateFacts {
  certified: boolean;
  /** Id of the gate rule that said no. */
  rule?: string;
  /** Its message: why the block may not answer as certified. */
  reason?: string;
}

export interface Facts {
  block?: CompiledBlock;
  /** A business term, when a rule is about a term (the answer gate of definition answers). */
  term?: CompiledTerm;
  /** A business view, when a rule is about a view (the answer gate of view answers and scopes). */
  view?: CompiledView;
  /** Whether the block may answer as certified, decided once by the answer gate. */
  gate?: GateFacts;
  /** Whether the block's engine prepared its statement without running it (certify asks first). */
  validation?: ValidationFacts;
  run?: RunFacts;
  tests?: TestResultFacts[];
  /** The proof of the block's grain keys, when one ran (enterprise certification). */
  keyProof?: KeyProofFacts;
  /** Error diagnostics the compiler reported for the block's file (0 = compiles). */
  compileErrors?: number;
  /** True when a contract manifest was loaded (contract checks are skipped otherwise). */
  contractsLoaded?: boolean;
  /**
   * Tables the SQL reads according to a deeper analysis (certify pays for the parser once);
   * when absent, the compiler's `block.tables` is used.
   */
  tables?: string[];
  app?: AppFacts;
  tile?: TileFacts;
}

/** Names of the fact groups a rule selector may require. */
export const FACT_NAMES = ['app', 'block', 'run', 'term', 'tests', 'tile', 'view'] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** True when the named group of facts is present. */
export function hasFact(facts: Facts, name: FactName): boolean {
  return facts[name] !== undefined;
}

/** Every tile but a text tile shows data (a data tile without a source is broken, not layout). */
export function isDataTile(tile: TileFacts): boolean {
  return tile.kind !== 'text';
}
