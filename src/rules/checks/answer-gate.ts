/**
 * `answer-gate`: the one answer gate let the block answer as certified. The decision itself is
 * made by rules/gates/answer-gate.ts (the `answer.gate` policy) and handed in as `facts.gate`,
 * so tile trust and publication never re-decide what the gate decides. Missing gate facts fail:
 * a surface that did not ask the gate gets no certified standing.
 *
 *   { "kind": "answer-gate" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

type Options = Record<string, never>;

export default defineCheck<Options>({
  kind: 'answer-gate',
  description: 'The answer gate allowed the block to answer as certified (facts.gate).',
  optionsSchema: checkSchema('answer-gate', {}),
  evaluate(_options, facts) {
    const gate = facts.gate;
    if (gate === undefined) return failed({ reason: 'the answer gate was not asked about it', gateRule: '(none)' });
    if (gate.certified) return passed({ reason: 'it may answer as certified', gateRule: '(none)' });
    return failed({ reason: gate.reason ?? 'the answer gate refused it', gateRule: gate.rule ?? '(none)' });
  },
});
