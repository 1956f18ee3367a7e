/**
 * The figures of an evaluation: the Tier-1 hit rate (overall and per kind), wrong certified
 * labels (the figure that must be 0), Tier-2 and refusal accuracy, and whether the run passes:
 * no wrong certified label and a hit rate at least `minHit`.
 */
import type { EvalResult } from './run-eval.js';

export interface Rate {
  expected: number;
  met: number;
  /** met / expected, 1 when nothing was expected. */
  rate: number;
}

export interface EvalSummary {
  total: number;
  met: number;
  tier1: Rate;
  tier2: Rate;
  refusals: Rate;
  byKind: Record<string, Rate>;
  wrongCertified: string[];
  minHit: number;
  passed: boolean;
}

function rate(results: readonly EvalResult[]): Rate {
  const met = results.filter((r) => r.met).length;
  return { expected: results.length, met, rate: results.length === 0 ? 1 : Math.round((met / results.length) * 10_000) / 10_000 };
}

/** The summary of `results` under the hit-rate bar `minHit` (0..1). */
export function summarise(results: readonly EvalResult[], minHit: number): EvalSummary {
  const kinds = [...new Set(results.map((r) => r.kind))].sort();
  const tier1 = rate(results.filter((r) => r.expect.tier === 1));
  const wrongCertified = results.filter((r) => r.wrongCertified).map((r) => r.id);
  return {
    total: results.length,
    met: results.filter((r) => r.met).length,
    tier1,
    tier2: rate(results.filter((r) => r.expect.tier === 2)),
    refusals: rate(results.filter((r) => r.expect.tier === 3)),
    byKind: Object.fromEntries(kinds.map((k) => [k, rate(results.filter((r) => r.kind === k))])),
    wrongCertified,
    minHit,
    passed: wrongCertified.length === 0 && tier1.rate >= minHit,
  };
}
