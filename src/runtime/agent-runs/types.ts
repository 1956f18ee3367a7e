/**
 * Shapes of the Ask cascade (spec 01 "What the service does", DESIGN.md section 7): what an Ask
 * is asked with, what it runs against, and the run it answers. One `runAsk` serves the HTTP
 * route, `svc agent ask` and the agent tools, so these shapes are the one contract of all three.
 * Everything in an AskRun is plain JSON.
 */

import type { NextAction, Tier1Candidate, Tier1Drilldown, Tier1Route, Tier1Router } from '../../ask/types.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { Audience } from '../../hooks/audience.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { ThreadStore } from '../../hooks/stores/thread-store.js';
import type { AskRefusalCode } from '../../rules/ask-refusal-codes.js';
import type { TraceRecorder } from '../../traces/index.js';
import type { Executor } from '../../warehouse/types.js';
import type { CaptureCode } from '../codes.js';
import type { KnowledgeContext, KnowledgeStep } from '../knowledge/knowledge-loop.js';
import type { KnowledgePool } from '../knowledge/knowledge-pool.js';
import type { ModelProvider } from './model-provider.js';

/** The Ask request; the same fields as the `query_via_metadata` tool arguments plus capture control. */
export interface AskRequest {
  question: string;
  /** SQL an agent tool already wrote: Tier 2 runs it instead of asking a model. */
  proposedSql?: string;
  proposedDomain?: string;
  proposedEntity?: string;
  upstreamRefs?: string[];
  /** `false` opts out of writing the draft (spec: query_via_metadata `saveDraft`). */
  saveDraft?: boolean;
  /** `off` for evaluation runs: nothing is captured (spec rule 8). */
  reviewDraftCapture?: 'on' | 'off';
  /** The conversation this Ask continues (a follow-up); a new thread is started without it. */
  threadId?: string;
  /**
   * The project connection written SQL runs on (default: the default connection); set by the
   * server from a request's `executionTarget`, never from connection settings a request carries.
   */
  connection?: string;
  /** Who the written answer is for; a host's `audience` hook overrides it. */
  audience?: Audience;
  /**
   * Takes the review-required exploration a refusal offered (`nextAction:
   * explore-review-required`, after BLOCK_CANNOT_ANSWER): Tier 2 writes SQL for the question,
   * never certified. Only ever explicit: without it such a refusal stays a refusal.
   */
  explore?: boolean;
}

export type AskTier = 1 | 2 | 3;
export type AskTrust = 'certified' | 'review_required' | 'refused';

/** Every code an Ask run's refusal carries: the Ask refusal table (src/rules/ask-refusal-codes.ts). */
export { ASK_REFUSAL_CODES, type AskRefusalCode } from '../../rules/ask-refusal-codes.js';

export interface AskRefusal {
  code: AskRefusalCode;
  reason: string;
  /** The statement check's reason code (ROW_POLICY_REFUSED only). */
  checkReason?: string;
  block?: string;
  /** Spec 03's name of the failure beside svc's code: the host's model hook failed, or the warehouse refused. */
  name?: 'HostModelUnavailableError' | 'WarehouseStatementError';
  /** `POLICY_DENIED` for a row-policy or statement-check refusal: nothing an automatic repair can change. */
  classification?: 'POLICY_DENIED';
  /** Where the details are in the server log (eight letters). */
  reference?: string;
}

/** A business term as an answer shows it (a definition, or evidence beside a block answer). */
export interface TermEvidence {
  id: string;
  name: string;
  definition: string;
  owner?: string;
  related: string[];
}

/** A business view as an answer names it: beside a block answer, the certified views holding the block. */
export interface ViewEvidence {
  id: string;
  name: string;
}

/** A certified business view answering a context question: what it is for, who owns it, what it holds. */
export interface ViewAnswer extends ViewEvidence {
  description: string;
  owner?: string;
  /** The view's blocks the answer gate lets answer as certified (never one it refuses). */
  blocks: Array<{ id: string; name: string; description?: string }>;
  /** The view's business terms the answer gate lets answer as certified. */
  terms: TermEvidence[];
}

export interface ReviewDraft {
  /** Project-relative path of the draft block file. */
  path: string;
  askedTimes: number;
  /** True when this Ask wrote a new file; false when it counted another ask on an existing draft. */
  created: boolean;
}

export interface AskRun {
  runId: string;
  traceId: string;
  tier: AskTier;
  trust: AskTrust;
  question: string;
  /** `<domain>.<name>` of the certified block that answered (Tier 1) or was refused. */
  block?: string;
  /** `<contract id>@<version>` of the answering block, when it declares one. */
  contract?: string;
  params?: Record<string, string | number | boolean>;
  /**
   * Tier 1: every parameter the block ran with, the declared defaults marked: they define the
   * period and filters the certified figures are for, whether the question named them or not.
   */
  paramsApplied?: Array<{ name: string; value: string | number | boolean | null; default: boolean }>;
  /** Tier 1 on a time series: the rows kept for the asked period (`column` from `start` up to `end`). */
  within?: { column: string; start?: string; end: string };
  /** The rows kept by the asked values of a field the result is broken down by ("at AMS01"). */
  keep?: Array<{ column: string; values: string[] }>;
  columns: string[];
  rows: Array<Record<string, unknown>>;
  rowCount: number;
  truncated: boolean;
  /** Tier 2 only: the answer is not certified; show it unchanged (spec rule 10). */
  uncertified?: true;
  /** Tier 2: the SQL that ran (review required, never certified). */
  sql?: string;
  reviewDraft?: ReviewDraft;
  /** Same path as reviewDraft.path, as the agent-tool surface names it. */
  draftBlockPath?: string;
  refusal?: AskRefusal;
  /** What to do next, in words (e.g. the exact `svc certify --from-draft <path>` command). */
  next?: string;
  nextAction?: NextAction;
  /** Ranked Tier-1 candidates (ids, scores, roles): the evidence route, never rows. */
  candidates: Tier1Candidate[];
  /**
   * Why Tier 1 answered from its block, or passed over the best certified candidate: the
   * question's words that block gives (`covered`) and does not (`uncovered`).
   */
  route?: Tier1Route;
  /** Why a Tier-2 answer was not saved as a draft (capture off, a write failure). */
  capture?: { saved: false; code: CaptureCode };
  /** A definition question answered from a certified business term. */
  definition?: TermEvidence;
  /** Certified business terms the answer used (named in the question, or related to its block). */
  terms?: TermEvidence[];
  /** A context question ("what is in the revenue reporting view?") answered from a certified business view. */
  view?: ViewAnswer;
  /** Tier 1 from a block: the certified business views that hold the block. */
  views?: ViewEvidence[];
  /** The conversation the run belongs to (absent where no thread store is kept). */
  threadId?: string;
  /** A follow-up of a certified answer: held to its block, or answered by a certified drilldown block. */
  followUp?: { of: string; mode: 'held' | 'drilldown'; from: string };
  /** A follow-up no certified block answers: the requested filters and dimensions, proposed for review. */
  drilldown?: Tier1Drilldown & { of: string };
  /** Who `answer` was written for. */
  audience?: Audience;
  /** The written answer: a heading (`Certified answer`, `Governed answer`, ...) and plain text from the run. */
  answer?: { heading: string; text: string };
  /** Team documents read after a governed answer: context only, never part of its trust or sources. */
  knowledge?: KnowledgeContext;
  /** Story steps beside the answer (`Team documents`, `Team documents not read`). */
  steps?: KnowledgeStep[];
  /** The person is not shown this needs-review answer's values: no rows and no written text (spec 03). */
  figuresWithheld?: true;
  durationMs: number;
}

/**
 * A progress event of a running Ask: only its kind, the run, a compact trace reference and the
 * route taken; never a figure, SQL or words of the answer (spec 01 "Events").
 */
export type AskProgress =
  | { kind: 'started'; runId: string; trace: { traceId: string; status: 'recording' } }
  | { kind: 'routed'; runId: string; trace: { traceId: string; status: 'recording' }; route: 'tier1' | 'tier2' | 'refused' };

/** What an Ask runs against; built once per server, CLI run or agent session. */
export interface AskContext {
  /** Who asks and for what (undefined outside any request, e.g. the command line); every hook and statement of the Ask is for them. */
  asker: Asker;
  /** Project root (absolute). */
  root: string;
  manifest: Manifest;
  executor: Executor;
  router: Tier1Router;
  /** The model that writes Tier-2 SQL; absent when none is configured (a normal state). */
  provider?: ModelProvider;
  /** Project config: `ask.reviewDraftCapture` and the local owner of drafts. */
  config?: SvcConfig;
  /** Clock for relative periods and `asked_at`. */
  now(): Date;
  /** Fresh run and trace ids (tests pin them). */
  ids?(): string;
  /** Local trace recorder; without one the run still has a traceId, but nothing is stored. */
  recorder?: TraceRecorder;
  /** Owner written into drafts (default: the local owner of the project). */
  draftOwner?: string;
  /** Conversation threads (follow-ups); without one every Ask stands alone. */
  threads?: ThreadStore;
  /** Answer facts of each run (`GET /api/host/answers/:runId`); without one none are kept. */
  runs?: RunStore;
  /** Told of the run's progress (a streaming request); never waited for. */
  progress?: (event: AskProgress) => void;
  /** Warm knowledge servers (a long-lived surface); without one each Ask starts its own. */
  knowledge?: KnowledgePool;
}
