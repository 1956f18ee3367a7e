/**
 * The trace content model: what a detailed trace and its summary hold, and the gate every value
 * passes on its way in. Allowed: qualified ids (`<domain>.<name>`), run and trace ids, stable
 * phase and reason codes, counts, timestamps, durations, tier, trust, source coverage and
 * one-way fingerprints. A value that does not have one of those exact shapes is dropped and
 * counted, so a question, answer, SQL, literal, row, business value, provider body, credential,
 * URL or local path cannot be stored even when a caller passes one by mistake.
 */

import { createHash } from 'node:crypto';
import { looksSecret } from './canary.js';
import type { TraceCode } from './codes.js';

export const TRACE_FORMAT = 'svc.ask-trace';
export const TRACE_FORMAT_VERSION = 1;

export type TraceKind = 'ask' | 'conversation' | 'research' | 'autopilot';
export type TraceStatus = 'recording' | 'complete' | 'failed' | 'abandoned';
export type Tier = 1 | 2 | 3;
export type Trust = 'certified' | 'review_required' | 'refused';
export type AttemptOutcome = 'answered' | 'no_match' | 'refused' | 'failed' | 'skipped';

export interface TracePhase {
  code: string;
  /** Milliseconds after the trace started. */
  startMs: number;
  durationMs: number;
  counts: Record<string, number>;
  reasonCode?: string;
}

export interface TraceCandidate {
  id: string;
  role: string;
  reasonCode?: string;
  score?: number;
  /** The phase that produced the candidate (e.g. `route.tier1`). */
  phase?: string;
  /**
   * For the candidate the route explains: each asked part the block gives, as `kind=declaration`
   * (`measure=column:revenue`, `period=param:since`, `example=example`). Declarations are the
   * block's own identifiers, never the question's words.
   */
  matched?: string[];
  /** The kinds of asked parts the block does not give (`measure`, `grouping`, `filter`...). */
  unmatched?: string[];
}

export interface TraceAttempt {
  tier: Tier;
  outcome: AttemptOutcome;
  reasonCode?: string;
  startMs: number;
  durationMs?: number;
}

export interface TraceOutcome {
  tier?: Tier;
  trust?: Trust;
  refusalCode?: string;
  block?: string;
  contract?: string;
  /** The conversation the run belongs to (stored as run ids are: hashed unless id-shaped); a follow-up shares its question's. */
  threadId?: string;
  /** Why a run failed before it could answer or refuse (the Ask threw). */
  errorCode?: string;
}

export interface SourceCoverage {
  /** Qualified ids of the sources the answer used. */
  used: string[];
  /** Candidates considered, and how many of them were allowed to answer. */
  considered: number;
  eligible: number;
}

/** What a detailed trace and its summary both say about the run. */
export interface TraceHeader {
  traceId: string;
  runId: string;
  kind: TraceKind;
  status: TraceStatus;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
}

export interface TraceDetail extends TraceHeader {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_FORMAT_VERSION;
  phases: TracePhase[];
  candidates: TraceCandidate[];
  attempts: TraceAttempt[];
  outcome: TraceOutcome;
  sources: SourceCoverage;
  /** `hmac-sha256:<hex>` of the normalised question, keyed (salt.ts); absent when no key could be had. */
  fingerprints: { question?: string };
  /** Values the content gate refused (wrong shape), counted so a caller bug is visible. */
  dropped: number;
}

export interface TraceSummary extends TraceHeader {
  tier?: Tier;
  trust?: Trust;
  refusalCode?: string;
  counts: { phases: number; candidates: number; attempts: number; sources: number };
  /** `expired` once retention removed the detailed evidence. */
  detail: 'present' | 'expired';
}

/** What Ask runs, run lists and progress events carry instead of a trace. */
export interface TraceRef {
  traceId: string;
  status: TraceStatus | 'unavailable';
  code?: Extract<TraceCode, 'TRACE_STORE_UNAVAILABLE' | 'TRACE_SCHEMA_UNSUPPORTED' | 'TRACE_NOT_FOUND'>;
}

const REASON_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const PHASE_CODE = /^[a-z][a-z0-9_]{0,31}(?:\.[a-z0-9_]{1,31}){0,3}$/;
const ROLE = /^[a-z][a-z0-9_-]{0,31}$/;
const COUNT_KEY = /^[a-z][A-Za-z0-9_]{0,47}$/;
const QUALIFIED_ID = /^[a-z][a-z0-9_]{0,63}\.[a-z][a-z0-9_]{0,127}$/;
const CONTRACT_ID = /^[a-z][a-z0-9_]{0,63}\.[A-Za-z][A-Za-z0-9_]{0,63}\.[a-z][a-z0-9_]{0,127}(?:@\d{1,6})?$/;
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const SVC_RUN_ID = /^[a-z]{2,8}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const TRACE_ID = /^tr_[0-9a-f]{32}$/;

/**
 * The canary's verdict on values already shaped as a code or an id: the same codes, block ids and
 * route parts reach every Ask's trace, and the canary runs a dozen patterns over each, so each
 * verdict is kept. Bounded (emptied when full); no free text has these shapes, so none is kept.
 */
const VERDICTS_KEPT = 4096;
const verdicts = new Map<string, boolean>();

function secretShaped(value: string): boolean {
  const known = verdicts.get(value);
  if (known !== undefined) return known;
  const found = looksSecret(value);
  if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
  verdicts.set(value, found);
  return found;
}

/** Codes with many digits are tokens, not vocabulary; a secret-shaped code is never stored. */
function codeLike(value: unknown, pattern: RegExp): value is string {
  if (typeof value !== 'string' || !pattern.test(value)) return false;
  return (value.match(/[0-9]/g)?.length ?? 0) <= 4 && !secretShaped(value);
}

const ROUTE_MATCH = /^[a-z]{3,12}=[a-z]{3,12}(?::[A-Za-z_][A-Za-z0-9_]{0,63}(?:,[A-Za-z_][A-Za-z0-9_]{0,63})?)?$/;
const ROUTE_KIND = /^[a-z]{3,12}$/;
/** One matched route part (`measure=column:revenue`), or undefined when it has any other shape. */
export const cleanRouteMatch = (v: unknown): string | undefined => (typeof v === 'string' && ROUTE_MATCH.test(v) && !secretShaped(v) ? v : undefined);
/** One unmatched route part's kind (`measure`). */
export const cleanRouteKind = (v: unknown): string | undefined => (typeof v === 'string' && ROUTE_KIND.test(v) ? v : undefined);

export const cleanReasonCode = (v: unknown): string | undefined => (codeLike(v, REASON_CODE) ? v : undefined);
export const cleanPhaseCode = (v: unknown): string | undefined => (codeLike(v, PHASE_CODE) ? v : undefined);
export const cleanRole = (v: unknown): string | undefined => (codeLike(v, ROLE) ? v : undefined);
export const cleanCountKey = (v: unknown): string | undefined => (codeLike(v, COUNT_KEY) ? v : undefined);
export const cleanQualifiedId = (v: unknown): string | undefined => (typeof v === 'string' && QUALIFIED_ID.test(v) && !secretShaped(v) ? v : undefined);
export const cleanContractId = (v: unknown): string | undefined => (typeof v === 'string' && CONTRACT_ID.test(v) && !secretShaped(v) ? v : undefined);

/**
 * A run id as stored: itself when it has the id shape, else a one-way stand-in derived from it,
 * so a lookup by the caller's own run id still finds the trace without storing that text.
 */
export function storedRunId(runId: string): string {
  // svc's own run ids (a prefix and a random UUID, lower-case hex) never look like a secret.
  if (SVC_RUN_ID.test(runId)) return runId;
  if (RUN_ID.test(runId) && !looksSecret(runId)) return runId;
  return `h_${createHash('sha256').update(runId).digest('hex').slice(0, 32)}`;
}

export function cleanTier(v: unknown): Tier | undefined {
  return v === 1 || v === 2 || v === 3 ? v : undefined;
}

export function cleanTrust(v: unknown): Trust | undefined {
  return v === 'certified' || v === 'review_required' || v === 'refused' ? v : undefined;
}

export function cleanOutcome(v: unknown): AttemptOutcome | undefined {
  return v === 'answered' || v === 'no_match' || v === 'refused' || v === 'failed' || v === 'skipped' ? v : undefined;
}

/** A duration or offset in ms: finite, not negative, microsecond precision. */
export function cleanMs(v: unknown): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return undefined;
  return Math.round(Math.min(v, 1e10) * 1000) / 1000;
}

export function cleanScore(v: unknown): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  return Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
}

export function cleanCount(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** The question as its fingerprint reads it: NFKC, case and whitespace normalised (salt.ts keys it). */
export function normaliseQuestion(question: string): string {
  return question.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The summary a detailed trace reduces to (what list pages and expired traces show). */
export function summarise(detail: TraceDetail, detailState: 'present' | 'expired' = 'present'): TraceSummary {
  const s: TraceSummary = {
    traceId: detail.traceId,
    runId: detail.runId,
    kind: detail.kind,
    status: detail.status,
    startedAt: detail.startedAt,
    counts: { phases: detail.phases.length, candidates: detail.candidates.length, attempts: detail.attempts.length, sources: detail.sources.used.length },
    detail: detailState,
  };
  if (detail.finishedAt !== undefined) s.finishedAt = detail.finishedAt;
  if (detail.durationMs !== undefined) s.durationMs = detail.durationMs;
  if (detail.outcome.tier !== undefined) s.tier = detail.outcome.tier;
  if (detail.outcome.trust !== undefined) s.trust = detail.outcome.trust;
  if (detail.outcome.refusalCode !== undefined) s.refusalCode = detail.outcome.refusalCode;
  return s;
}

/** A finished trace as it leaves this machine (host sink, OTLP): only a keyed fingerprint. */
export interface OutboundTrace extends Omit<TraceDetail, 'fingerprints'> {
  /** `hmac-sha256:<hex>` of the normalised question; absent when no key could be had. */
  fingerprints: { question?: string };
}

export function toOutbound(detail: TraceDetail, keyedQuestion: string | undefined): OutboundTrace {
  const copy = JSON.parse(JSON.stringify(detail)) as OutboundTrace;
  copy.fingerprints = keyedQuestion === undefined ? {} : { question: keyedQuestion };
  return copy;
}
