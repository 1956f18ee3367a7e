/**
 * Judging one run against what its question expects. The figure that must stay 0 is the wrong
 * certified label: any run labelled certified that does not meet a Tier-1 expectation exactly
 * (another block, other parameters in effect, or a question that must not be answered as
 * certified). Parameters are compared as the block runs with them: its declared defaults beneath
 * what was bound.
 *
 * Expected Tier 2 is met by a Tier-2 answer, or by a run that reached Tier 2 with no model to
 * write SQL (NO_MODEL_CONFIGURED, MODEL_UNAVAILABLE): a set then judges the same with or
 * without a model configured.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AskRefusalCode, AskRun } from '../agent-runs/types.js';
import type { EvalItem } from './eval-set.js';

/** What the judge looked at in a run (never its rows). */
export interface EvalGot {
  tier: 1 | 2 | 3;
  trust: string;
  block?: string;
  params?: Record<string, string | number | boolean>;
  refusal?: string;
  term?: string;
}

export interface EvalVerdict {
  met: boolean;
  wrongCertified: boolean;
  got: EvalGot;
}

/** Refusals that mean the cascade went the Tier-2 way and found no model to write SQL. */
export const TIER2_WITHOUT_MODEL: ReadonlySet<string> = new Set<AskRefusalCode>(['NO_MODEL_CONFIGURED', 'MODEL_UNAVAILABLE']);

export function gotOf(run: AskRun): EvalGot {
  return {
    tier: run.tier,
    trust: run.trust,
    ...(run.block !== undefined ? { block: run.block } : {}),
    ...(run.params !== undefined ? { params: run.params } : {}),
    ...(run.refusal !== undefined ? { refusal: run.refusal.code } : {}),
    ...(run.definition !== undefined ? { term: run.definition.id } : {}),
  };
}

/** A block's declared parameter defaults: what it runs with where a run binds nothing. */
export type BlockDefaults = Readonly<Record<string, unknown>>;

/**
 * The same block with the same parameters in effect: a value bound from the question that equals
 * the block's default ("year to date" binding the current year, the default) runs the same
 * statement as leaving it unbound, so it is the same answer.
 */
function sameParams(got: EvalGot['params'], expected: Record<string, unknown>, defaults: BlockDefaults): boolean {
  return isDeepStrictEqual({ ...defaults, ...(got ?? {}) }, { ...defaults, ...expected });
}

function tier1Met(item: EvalItem, got: EvalGot, defaults: BlockDefaults): boolean {
  const e = item.expect;
  if (got.tier !== 1 || got.trust !== 'certified') return false;
  if (e.term !== undefined) return got.term === e.term;
  if (got.block !== e.block) return false;
  return e.params === undefined || sameParams(got.params, e.params, defaults);
}

function met(item: EvalItem, got: EvalGot, defaults: BlockDefaults): boolean {
  switch (item.expect.tier) {
    case 1:
      return tier1Met(item, got, defaults);
    case 2:
      return got.tier === 2 || (got.tier === 3 && TIER2_WITHOUT_MODEL.has(got.refusal ?? ''));
    default:
      return got.tier === 3 && (item.expect.refusal === undefined || got.refusal === item.expect.refusal);
  }
}

/** The verdict on one run; `defaults` are the answering block's declared parameter defaults. */
export function judgeRun(item: EvalItem, run: AskRun, defaults: BlockDefaults = {}): EvalVerdict {
  const got = gotOf(run);
  const ok = met(item, got, defaults);
  return { met: ok, wrongCertified: got.trust === 'certified' && !(item.expect.tier === 1 && ok), got };
}
