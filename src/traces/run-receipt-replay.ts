/**
 * `svc agent trace replay <bundle> --mode receipt`: re-checks an exported receipt offline. It
 * validates the bundle, then re-derives what the receipt claims from the trace evidence
 * (outcome, tier order, attempts, sources, timing) and reports each check. Pure over the bundle
 * files: it starts no provider, tool, warehouse query or network request.
 */
import { type BundleFinding, type LoadedBundle, validateBundle } from './bundle-validate.js';

export interface ReceiptCheck {
  id: string;
  ok: boolean;
  /** Why it failed; a fixed sentence. */
  message?: string;
}

export interface ReceiptReplay {
  mode: 'receipt';
  valid: boolean;
  findings: BundleFinding[];
  checks: ReceiptCheck[];
  receipt?: {
    traceId: string;
    runId: string;
    profile: string;
    tier?: number;
    trust?: string;
    refusalCode?: string;
    attempts: number;
    sources: number;
    durationMs?: number;
  };
}

const TRUST_OF_TIER: Record<number, string> = { 1: 'certified', 2: 'review_required', 3: 'refused' };
const TOLERANCE_MS = 1;

function check(id: string, ok: boolean, message: string): ReceiptCheck {
  return ok ? { id, ok } : { id, ok, message };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function outcomeChecks(bundle: LoadedBundle): ReceiptCheck[] {
  const { trace, receipt } = bundle;
  const o = trace.outcome;
  const terminal = trace.status === 'complete' || trace.status === 'failed';
  return [
    check('terminal', terminal, 'The trace did not reach a terminal state.'),
    check(
      'outcome-matches',
      receipt.tier === o.tier && receipt.trust === o.trust && receipt.refusalCode === o.refusalCode && receipt.block === o.block,
      'The receipt outcome differs from the trace outcome.',
    ),
    check(
      'trust-of-tier',
      o.tier === undefined || o.trust === undefined || TRUST_OF_TIER[o.tier] === o.trust || (o.trust === 'refused' && o.refusalCode !== undefined),
      'The trust label does not belong to the tier.',
    ),
    ...attemptChecks(bundle),
  ];
}

/** The checks of the attempts: their tier order, the answering tier's answer, and the receipt's copy of them. */
function attemptChecks({ trace, receipt }: LoadedBundle): ReceiptCheck[] {
  const o = trace.outcome;
  const answered = trace.attempts.filter((a) => a.outcome === 'answered');
  const tiers = trace.attempts.map((a) => a.tier);
  return [
    check(
      'tier-order',
      tiers.every((t, i) => i === 0 || t >= tiers[i - 1]!),
      'Tiers were attempted out of priority order.',
    ),
    check(
      'tier2-after-tier1',
      !tiers.includes(2) || trace.attempts.some((a) => a.tier === 1 && a.outcome !== 'answered'),
      'Tier 2 ran although Tier 1 was not tried or answered.',
    ),
    check(
      'answered-tier',
      o.trust === 'refused' || o.tier === undefined || answered.some((a) => a.tier === o.tier),
      'No attempt of the answering tier answered.',
    ),
    check(
      'attempts-match',
      sameJson(
        receipt.attempts,
        trace.attempts.map((a) => ({ tier: a.tier, outcome: a.outcome, ...(a.reasonCode !== undefined ? { reasonCode: a.reasonCode } : {}) })),
      ),
      'The receipt attempts differ from the trace attempts.',
    ),
  ];
}

function sourceChecks({ trace, receipt }: LoadedBundle): ReceiptCheck[] {
  const o = trace.outcome;
  const answerIds = new Set(trace.candidates.filter((c) => c.role === 'answer' || c.role === 'named').map((c) => c.id));
  return [
    check('sources-match', sameJson(receipt.sources, trace.sources.used), 'The receipt sources differ from the trace sources.'),
    check(
      'tier1-block-sourced',
      o.tier !== 1 || o.block === undefined || (trace.sources.used.includes(o.block) && (answerIds.size === 0 || answerIds.has(o.block))),
      'The Tier-1 block is not among the sources and answering candidates.',
    ),
    check(
      'coverage',
      trace.sources.considered === trace.candidates.length && trace.sources.eligible <= trace.sources.considered,
      'Source coverage does not add up to the candidates.',
    ),
  ];
}

function timingChecks({ trace }: LoadedBundle): ReceiptCheck[] {
  const start = Date.parse(trace.startedAt);
  const end = trace.finishedAt === undefined ? Number.NaN : Date.parse(trace.finishedAt);
  const total = trace.durationMs ?? Number.NaN;
  const within = (ms: number) => ms >= 0 && ms <= total + TOLERANCE_MS;
  return [
    check(
      'duration',
      Number.isFinite(start) && Number.isFinite(end) && Math.abs(end - start - total) <= TOLERANCE_MS,
      'The duration does not match the start and finish times.',
    ),
    check(
      'phases-within',
      trace.phases.every((p) => within(p.startMs) && within(p.startMs + p.durationMs)),
      'A phase lies outside the trace time.',
    ),
    check(
      'attempts-within',
      trace.attempts.every((a) => within(a.startMs) && within(a.startMs + (a.durationMs ?? 0))),
      'An attempt lies outside the trace time.',
    ),
  ];
}

export function replayReceipt(dir: string): ReceiptReplay {
  const v = validateBundle(dir);
  if (v.bundle === undefined) return { mode: 'receipt', valid: false, findings: v.findings, checks: [] };
  const b = v.bundle;
  const checks = [...outcomeChecks(b), ...sourceChecks(b), ...timingChecks(b)];
  const receipt: NonNullable<ReceiptReplay['receipt']> = {
    traceId: b.receipt.traceId,
    runId: b.receipt.runId,
    profile: b.manifest.profile,
    attempts: b.receipt.attempts.length,
    sources: b.receipt.sources.length,
  };
  for (const k of ['tier', 'trust', 'refusalCode', 'durationMs'] as const)
    if (b.receipt[k] !== undefined) (receipt as Record<string, unknown>)[k] = b.receipt[k];
  return { mode: 'receipt', valid: checks.every((c) => c.ok), findings: [], checks, receipt };
}
