/** Judging a run against its expectation: every rule, and above all the wrong certified label. */
import { describe, expect, it } from 'vitest';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';
import type { EvalItem } from '../../../src/runtime/eval/eval-set.js';
import { judgeRun } from '../../../src/runtime/eval/judge-run.js';
import type { EvalResult } from '../../../src/runtime/eval/run-eval.js';
import { summarise } from '../../../src/runtime/eval/summarise.js';

const item = (expect: EvalItem['expect'], kind: EvalItem['kind'] = 'paraphrase'): EvalItem => ({ id: 'q', kind, question: 'q', expect });
const base = { runId: 'r', traceId: 't', question: 'q', columns: [], rows: [], rowCount: 0, truncated: false, candidates: [], durationMs: 1 };
const certified = (block: string, params: Record<string, string | number> = {}): AskRun => ({ ...base, tier: 1, trust: 'certified', block, params });
const review: AskRun = { ...base, tier: 2, trust: 'review_required', uncertified: true };
const refused = (code: string): AskRun => ({ ...base, tier: 3, trust: 'refused', refusal: { code, reason: 'r' } });
const definition = (term: string): AskRun => ({ ...base, tier: 1, trust: 'certified', definition: { id: term, name: 'x', definition: 'd', related: [] } });

const CASES: Array<[string, EvalItem, AskRun, boolean, boolean]> = [
  ['tier 1, right block and params', item({ tier: 1, block: 'a.b', params: { top_n: 3 } }), certified('a.b', { top_n: 3 }), true, false],
  ['tier 1, right block, no params expected', item({ tier: 1, block: 'a.b' }), certified('a.b', { top_n: 3 }), true, false],
  ['tier 1, {} expected and none bound', item({ tier: 1, block: 'a.b', params: {} }), certified('a.b'), true, false],
  ['tier 1, other block: a wrong certified label', item({ tier: 1, block: 'a.b' }), certified('a.c'), false, true],
  ['tier 1, other params: a wrong certified label', item({ tier: 1, block: 'a.b', params: { state: 'CA' } }), certified('a.b', { state: 'ca' }), false, true],
  ['tier 1 expected, a refusal: a miss, not wrong', item({ tier: 1, block: 'a.b' }), refused('NO_MATCH'), false, false],
  ['tier 1 expected, review required: a miss, not wrong', item({ tier: 1, block: 'a.b' }), review, false, false],
  ['tier 2 met by a review-required answer', item({ tier: 2 }), review, true, false],
  ['tier 2 met without a model configured', item({ tier: 2 }), refused('NO_MODEL_CONFIGURED'), true, false],
  ['tier 2 met when the model is unavailable', item({ tier: 2 }), refused('MODEL_UNAVAILABLE'), true, false],
  ['tier 2 expected, another refusal', item({ tier: 2 }), refused('BLOCK_DRAFT'), false, false],
  ['tier 2 expected, certified: wrong', item({ tier: 2 }), certified('a.b'), false, true],
  ['tier 3 with the code', item({ tier: 3, refusal: 'SENSITIVE_QUESTION' }, 'sensitive'), refused('SENSITIVE_QUESTION'), true, false],
  ['tier 3 with another code', item({ tier: 3, refusal: 'SENSITIVE_QUESTION' }, 'sensitive'), refused('NO_MODEL_CONFIGURED'), false, false],
  ['tier 3 any code', item({ tier: 3 }, 'unanswerable'), refused('NO_CERTIFIED_ANSWER'), true, false],
  ['tier 3 expected, certified: wrong', item({ tier: 3 }, 'sensitive'), certified('a.b'), false, true],
  ['a definition from the right term', item({ tier: 1, term: 't.x' }, 'definition'), definition('t.x'), true, false],
  ['a definition from another term: wrong', item({ tier: 1, term: 't.x' }, 'definition'), definition('t.y'), false, true],
];

describe('judgeRun', () => {
  it.each(CASES)('%s', (_name, it_, run, met, wrong) => {
    const v = judgeRun(it_, run);
    expect(v.met).toBe(met);
    expect(v.wrongCertified).toBe(wrong);
  });

  const DEFAULTS = { financial_year: '2026/27', top_n: 10 };
  it.each<[string, EvalItem, AskRun, boolean]>([
    [
      'a bound value equal to the default is the same answer',
      item({ tier: 1, block: 'a.b', params: {} }),
      certified('a.b', { financial_year: '2026/27' }),
      true,
    ],
    ['an expected default left unbound is the same answer', item({ tier: 1, block: 'a.b', params: { top_n: 10 } }), certified('a.b'), true],
    [
      'a bound value other than the default is another answer',
      item({ tier: 1, block: 'a.b', params: {} }),
      certified('a.b', { financial_year: '2025/26' }),
      false,
    ],
    ['a parameter the block does not declare is another answer', item({ tier: 1, block: 'a.b', params: {} }), certified('a.b', { region: 'N' }), false],
  ])('with the block defaults: %s', (_name, it_, run, met) => {
    const v = judgeRun(it_, run, DEFAULTS);
    expect(v.met).toBe(met);
    expect(v.wrongCertified).toBe(!met);
  });
});

describe('summarise', () => {
  const result = (kind: EvalItem['kind'], tier: 1 | 2 | 3, met: boolean, wrongCertified = false): EvalResult => ({
    id: `${kind}${tier}${met}`,
    kind,
    question: 'q',
    expect: { tier },
    met,
    wrongCertified,
    got: { tier, trust: 'refused' },
  });

  it('rates per tier and kind, and fails on a wrong certified label or a low hit rate', () => {
    const results = [
      result('example', 1, true),
      result('paraphrase', 1, true),
      result('paraphrase', 1, false),
      result('near-miss', 2, true),
      result('sensitive', 3, true),
    ];
    const s = summarise(results, 0.6);
    expect(s.tier1).toEqual({ expected: 3, met: 2, rate: 0.6667 });
    expect(s.byKind['paraphrase']).toEqual({ expected: 2, met: 1, rate: 0.5 });
    expect(s.refusals.rate).toBe(1);
    expect(s.passed).toBe(true);
    expect(summarise(results, 0.9).passed).toBe(false);
    expect(summarise([...results, result('near-miss', 2, false, true)], 0.5).passed).toBe(false);
  });
});
