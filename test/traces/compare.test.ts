import { afterEach, describe, expect, it } from 'vitest';
import { compareTraces } from '../../src/traces/index.js';
import { askTier1, askTier2 } from './ask-shapes.js';
import { cleanup, recorderFor } from './helpers.js';

afterEach(cleanup);

describe('compare', () => {
  it('two Tier-1 answers to the same question: same structure, timing deltas only', () => {
    const { recorder } = recorderFor();
    const a = recorder.store.detail(askTier1(recorder, { question: 'What was revenue last week?' }).traceId);
    const b = recorder.store.detail(askTier1(recorder, { question: 'What was revenue last week?' }).traceId);
    const c = compareTraces(a, b);
    expect(c).toMatchObject({
      mode: 'compare',
      same: true,
      routing: { equal: true },
      candidates: { equal: true, changes: [] },
      attempts: { equal: true },
      trust: { equal: true },
    });
    expect(c.timing.phases.map((p) => p.code)).toEqual(['question.received', 'route.tier1', 'query.execute', 'tests.evaluate']);
    expect(c.timing.totalMs.deltaMs).toBe(0);
  });

  it('a Tier-1 answer against a Tier-2 draft: stages, roles, attempts and trust differ', () => {
    const { recorder } = recorderFor();
    const one = recorder.store.detail(askTier1(recorder, { question: 'Zebra revenue wording?' }).traceId);
    const two = recorder.store.detail(askTier2(recorder, { question: 'Quokka orders wording?' }).traceId);
    const c = compareTraces(one, two);
    expect(c.same).toBe(false);
    expect(c.routing.right).toContain('provider.call');
    expect(c.candidates.changes).toContainEqual({ id: 'finance.weekly_revenue', left: { role: 'answer' } });
    expect(c.attempts).toMatchObject({
      equal: false,
      left: ['tier1:answered:CERTIFIED_MATCH'],
      right: ['tier1:no_match:NO_MATCH', 'tier2:answered:METADATA_SQL'],
    });
    expect(c.trust).toMatchObject({ equal: false, left: { tier: 1, trust: 'certified' }, right: { tier: 2, trust: 'review_required' } });
    expect(c.timing.phases.find((p) => p.code === 'provider.call')).toEqual({ code: 'provider.call', right: 420 });
    const text = JSON.stringify(c);
    expect(text).not.toMatch(/Zebra|Quokka|wording/);
  });
});
