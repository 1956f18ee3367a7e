/** answer.trust: tile trust labels and the one App trust summary. */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../src/rules/facts.js';
import { ALL_CERTIFIED_TEXT, appTrustSummary, type TileTrust, tileTrust } from '../../src/rules/trust.js';
import { tileFacts } from './fixtures.js';

const TILES: Array<[string, Facts, TileTrust, string[]]> = [
  ['ran from a current certified source', tileFacts(), 'Certified', []],
  ['source gone', tileFacts({ block: undefined }), 'Blocked', ['trust/source-exists']],
  ['retired source', tileFacts({}, {}, { status: 'retired' }), 'Blocked', ['trust/source-not-retired', 'trust/source-certified']],
  ['run failed', tileFacts({ run: { ok: false, columns: [], rowCount: 0, error: 'x' } }), 'Blocked', ['trust/run-ok']],
  ['certified but tagged review-required', tileFacts({}, {}, { tags: ['review-required'] }), 'Blocked', ['trust/answer-gate']],
  [
    'certified with unresolved contract',
    tileFacts({}, {}, { contract: { raw: 'a.B.c@1', id: 'a.B.c', version: 1, status: 'unresolved' } }),
    'Blocked',
    ['trust/answer-gate'],
  ],
  ['forged: certified without a receipt', tileFacts({}, {}, { companion: undefined }), 'Blocked', ['trust/answer-gate']],
  [
    'certified, but edited since its receipt',
    tileFacts({}, {}, { companion: { file: 'x.yaml', certification: { sourceSha256: 'sha256:before-the-edit' } } }),
    'Blocked',
    ['trust/answer-gate'],
  ],
  ['the gate was never asked (fails closed)', tileFacts({ gate: undefined }), 'Blocked', ['trust/answer-gate']],
  ['not run yet', tileFacts({ run: undefined }), 'Needs review', ['trust/run-evidence']],
  ['draft source', tileFacts({}, {}, { status: 'draft' }), 'Needs review', ['trust/source-reviewed', 'trust/source-certified']],
  ['certified source without tests', tileFacts({}, {}, { tests: [] }), 'Blocked', ['trust/answer-gate']],
  ['repaired result', tileFacts({}, { reviewRequired: true }), 'Needs review', ['trust/result-reviewed']],
  ['source drift', tileFacts({}, {}, { sourceSha256: 'sha256:new' }), 'Needs review', ['trust/source-current']],
  ['pending recertification', tileFacts({}, {}, { status: 'pending_recertification' }), 'Governed', ['trust/source-certified']],
  ['deprecated source', tileFacts({}, {}, { status: 'deprecated' }), 'Governed', ['trust/source-certified']],
];

describe('tileTrust', () => {
  it.each(TILES)('%s -> %s', (_n, facts, label, rules) => {
    const r = tileTrust(facts);
    expect(r.label).toBe(label);
    expect(r.findings.map((f) => f.rule)).toEqual(rules);
  });
});

const certified = (id: string) => tileFacts({}, { id });
const text = tileFacts({ block: undefined, run: undefined }, { id: 'note', kind: 'text', source: undefined });

describe('appTrustSummary', () => {
  it('all data certified and verified: every data tile certified, no draft pending', () => {
    const s = appTrustSummary([certified('a'), text, certified('b')], { appDraftPending: false, ran: true });
    expect(s).toMatchObject({
      label: 'Certified',
      certified: 2,
      total: 2,
      line: '2 of 2 tiles certified',
      allCertifiedVerified: true,
      text: ALL_CERTIFIED_TEXT,
    });
    expect(s.tiles.map((t) => t.tile)).toEqual(['a', 'b']);
  });

  it('a pending App draft withholds the claim but not the data label', () => {
    const s = appTrustSummary([certified('a')], { appDraftPending: true, ran: true });
    expect(s).toMatchObject({ label: 'Certified', allCertifiedVerified: false });
    expect(s.text).toBeUndefined();
  });

  it('before the page runs: Trust not checked yet', () => {
    const s = appTrustSummary([certified('a'), certified('b')], { appDraftPending: false, ran: false });
    expect(s).toMatchObject({ label: 'Trust not checked yet', certified: 0, total: 2, line: '0 of 2 tiles certified', allCertifiedVerified: false });
  });

  it('the worst tile decides the label', () => {
    const tiles = [certified('a'), tileFacts({}, { id: 'b' }, { status: 'deprecated' }), tileFacts({ run: undefined }, { id: 'c' })];
    const s = appTrustSummary(tiles, { appDraftPending: false, ran: true });
    expect(s).toMatchObject({ label: 'Needs review', certified: 1, total: 3, line: '1 of 3 tiles certified', allCertifiedVerified: false });
    expect(s.tiles.map((t) => t.label)).toEqual(['Certified', 'Governed', 'Needs review']);
  });

  it('a blocked tile blocks the page', () => {
    const s = appTrustSummary([certified('a'), tileFacts({ block: undefined }, { id: 'b' })], { appDraftPending: false, ran: true });
    expect(s.label).toBe('Blocked');
  });

  it('no data tiles: nothing to claim', () => {
    const s = appTrustSummary([text], { appDraftPending: false, ran: true });
    expect(s).toMatchObject({ label: 'Governed', certified: 0, total: 0, allCertifiedVerified: false });
  });
});
