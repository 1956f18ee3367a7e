/** publication.preflight: per-tile and per-App facts in, rule ids out (fail closed). */
import { describe, expect, it } from 'vitest';
import { builtinPolicy } from '../../src/rules/built-in-policies.js';
import { evaluatePolicy } from '../../src/rules/evaluate.js';
import type { Facts } from '../../src/rules/facts.js';
import { tileFacts } from './fixtures.js';

const app = { id: 'growth', file: 'apps/growth/svc.app.json', draftPending: false };

const CASES: Array<[string, Facts, string[]]> = [
  ['current certified tile that ran', tileFacts(), []],
  ['source block gone', tileFacts({ block: undefined }), ['publication/source-exists']],
  ['chart tile without a source', tileFacts({ block: undefined, run: undefined }, { source: undefined }), ['publication/source-exists']],
  ['text tile needs nothing', tileFacts({ block: undefined, run: undefined }, { kind: 'text', source: undefined }), []],
  [
    'live Ask answer tile',
    tileFacts({ block: undefined, run: undefined }, { source: { kind: 'answer', id: 'run_1' }, fromAnswer: 'run_1' }),
    ['publication/answer-tile', 'publication/preview-settled'],
  ],
  [
    'Ask answer kept as text',
    tileFacts({ block: undefined, run: undefined }, { kind: 'text', source: undefined, fromAnswer: 'run_1' }),
    ['publication/answer-tile'],
  ],
  ['draft source', tileFacts({}, {}, { status: 'draft' }), ['publication/source-certified']],
  ['certified source without tests', tileFacts({}, {}, { tests: [] }), ['publication/source-answer-gate']],
  ['forged: certified without a receipt', tileFacts({}, {}, { companion: undefined }), ['publication/source-answer-gate']],
  ['certified but still tagged review-required', tileFacts({}, {}, { tags: ['review-required'] }), ['publication/source-answer-gate']],
  ['the gate was never asked (fails closed)', tileFacts({ gate: undefined }), ['publication/source-answer-gate']],
  ['review source', tileFacts({}, {}, { status: 'review' }), ['publication/source-certified']],
  ['source drift', tileFacts({}, {}, { sourceSha256: 'sha256:changed' }), ['publication/source-current']],
  ['binding without revision', tileFacts({}, { source: { kind: 'block', id: 'finance.weekly_revenue' } }), ['publication/source-current']],
  ['unbound filter', tileFacts({}, { unboundFilters: ['region'] }), ['publication/filters-bound']],
  ['open review item', tileFacts({}, { openReviews: 2 }), ['publication/reviews-closed']],
  ['never ran', tileFacts({ run: undefined }), ['publication/preview-settled']],
  ['failed run', tileFacts({ run: { ok: false, columns: [], rowCount: 0, error: 'timeout' } }), ['publication/preview-settled']],
  ['review-required result', tileFacts({}, { reviewRequired: true }), ['publication/result-reviewed']],
  ['App with pending draft', { app: { ...app, draftPending: true } }, ['publication/draft-saved']],
  ['App without pending draft', { app }, []],
];

describe('publication.preflight', () => {
  it.each(CASES)('%s', (_n, facts, expected) => {
    expect(evaluatePolicy(builtinPolicy('publication.preflight'), facts).map((f) => f.rule)).toEqual(expected);
  });

  it('tile findings point at the App and name the tile and filters', () => {
    const [f] = evaluatePolicy(builtinPolicy('publication.preflight'), tileFacts({}, { unboundFilters: ['region', 'channel'] }));
    expect(f).toMatchObject({
      file: 'apps/growth/svc.app.json',
      message: 'Tile revenue has no binding for filters region, channel.',
      data: { tile: 'revenue', page: 'overview', app: 'growth', block: 'finance.weekly_revenue' },
    });
    expect(f?.span).toBeUndefined();
  });

  it('every rule is an error (publication fails closed)', () => {
    expect(builtinPolicy('publication.preflight').rules.every((r) => r.severity === 'error')).toBe(true);
  });
});
