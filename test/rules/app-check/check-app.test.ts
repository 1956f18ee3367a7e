/** svc app check decisions: filter bindings, blockers per tile, and the one trust value. */
import { describe, expect, it } from 'vitest';
import type { CompiledApp, CompiledBlock, CompiledPage } from '../../../src/compiler/types.js';
import { type AppEvidence, appTileFacts, checkApp, unboundFilters } from '../../../src/rules/app-check/index.js';
import type { RunFacts } from '../../../src/rules/facts.js';
import { manifestGate } from '../../../src/rules/gates/answer-gate.js';
import { appTrustSummary } from '../../../src/rules/trust.js';
import { certifiableBlock } from '../fixtures.js';

const gate = manifestGate({ diagnostics: [], contracts: { loaded: true, path: 'svc-contract-manifest.json', count: 1 } });

const param = (name: string) => ({ name, type: 'string' as const, default: 'x', required: false });
const revenue = certifiableBlock({ params: [param('since'), param('state')] });
const mix = certifiableBlock({ id: 'sales.channel_mix', name: 'channel_mix', domain: 'sales', params: [param('since')], sourceSha256: 'sha256:mix' });
const draft = certifiableBlock({ id: 'sales.orders_by_state', name: 'orders_by_state', domain: 'sales', status: 'draft', sourceSha256: 'sha256:draft' });
const BLOCKS: Record<string, CompiledBlock> = { [revenue.id]: revenue, [mix.id]: mix, [draft.id]: draft };

function page(over: Partial<CompiledPage> = {}): CompiledPage {
  return {
    id: 'overview',
    dashboard: 'dashboards/overview.svcd',
    tiles: [
      { id: 'intro', kind: 'text' },
      { id: 'revenue', kind: 'chart', source: { kind: 'block', id: revenue.id, revision: revenue.sourceSha256 } },
      { id: 'channels', kind: 'chart', source: { kind: 'block', id: mix.id, revision: mix.sourceSha256 } },
    ],
    filters: [
      { id: 'since', bindings: { revenue: 'since', channels: 'since' } },
      { id: 'state', bindings: { revenue: 'state' } },
    ],
    ...over,
  };
}

const app = (pages: CompiledPage[] = [page()]): CompiledApp => ({ id: 'growth', file: 'apps/growth/svc.app.json', lifecycle: 'draft', pages });
const ok: RunFacts = { ok: true, columns: ['a'], rowCount: 3 };

function evidence(over: Partial<AppEvidence> = {}): AppEvidence {
  return { runs: new Map(Object.keys(BLOCKS).map((id) => [id, ok])), draftPending: false, openReviews: new Map(), contractsLoaded: true, ...over };
}

describe('unboundFilters', () => {
  const p = page();
  it.each([
    ['a source that takes every filter, all bound', 'revenue', revenue, []],
    ['a source without the state parameter needs no state binding', 'channels', mix, []],
  ] as const)('%s', (_n, tileId, block, expected) => {
    expect(unboundFilters(p, p.tiles.find((t) => t.id === tileId)!, block)).toEqual(expected);
  });

  it('flags a missing binding the source could take, and a binding to an undeclared parameter', () => {
    const q = page({
      filters: [
        { id: 'since', bindings: { revenue: 'since' } },
        { id: 'region', bindings: { channels: 'region' } },
      ],
    });
    expect(unboundFilters(q, q.tiles[2]!, mix)).toEqual(['since', 'region']);
  });
});

describe('checkApp', () => {
  it('a ready App: every tile passes, certified and verified', () => {
    const r = checkApp({ app: app(), blocks: BLOCKS, evidence: evidence(), gate });
    expect(r).toMatchObject({
      ready: true,
      exitCode: 0,
      blockers: [],
      trust: { label: 'Certified', line: '2 of 2 tiles certified', text: 'All data certified and verified' },
    });
    expect(r.tiles.map((t) => [t.tile, t.passes, t.trust ?? null])).toEqual([
      ['intro', true, null],
      ['revenue', true, 'Certified'],
      ['channels', true, 'Certified'],
    ]);
    expect(r.pages).toEqual([{ page: 'overview', trust: r.trust }]);
  });

  it('names each blocker: draft source, drift, missing source, unbound filter, open review, pending draft', () => {
    const broken = page({
      tiles: [
        { id: 'revenue', kind: 'chart', source: { kind: 'block', id: revenue.id, revision: 'sha256:old' } },
        { id: 'drafty', kind: 'table', source: { kind: 'block', id: draft.id, revision: draft.sourceSha256 } },
        { id: 'gone', kind: 'kpi', source: { kind: 'block', id: 'sales.gone', revision: 'sha256:x' } },
        { id: 'channels', kind: 'chart', source: { kind: 'block', id: mix.id, revision: mix.sourceSha256 } },
      ],
      filters: [{ id: 'since', bindings: { revenue: 'since' } }],
    });
    const r = checkApp({
      app: app([broken]),
      blocks: BLOCKS,
      evidence: evidence({ draftPending: true, openReviews: new Map([['overview/revenue', 2]]) }),
      gate,
    });
    expect(r.ready).toBe(false);
    expect(r.exitCode).toBe(1);
    const byTile = Object.fromEntries(r.tiles.map((t) => [t.tile, t.blockers]));
    expect(byTile).toEqual({
      revenue: ['publication/source-current', 'publication/reviews-closed'],
      drafty: ['publication/source-certified'],
      // A missing source has nothing to run either.
      gone: ['publication/source-exists', 'publication/preview-settled'],
      channels: ['publication/filters-bound'],
    });
    expect(r.blockers.map((d) => d.code)).toContain('publication/draft-saved');
    expect(r.tiles[0]?.source).toMatchObject({ drift: true, boundRevision: 'sha256:old', revision: revenue.sourceSha256, status: 'certified' });
    expect(r.tiles[2]?.source).toEqual({ kind: 'block', id: 'sales.gone', exists: false, boundRevision: 'sha256:x' });
    expect(r.trust).toMatchObject({ label: 'Blocked', allCertifiedVerified: false });
    expect(r.trust.text).toBeUndefined();
  });

  it('a failed run blocks publication and the tile', () => {
    const r = checkApp({
      app: app(),
      blocks: BLOCKS,
      evidence: evidence({
        runs: new Map([
          [revenue.id, { ok: false, columns: [], rowCount: 0, error: 'no such table' }],
          [mix.id, ok],
        ]),
      }),
      gate,
    });
    expect(r.tiles.find((t) => t.tile === 'revenue')).toMatchObject({
      passes: false,
      blockers: ['publication/preview-settled'],
      trust: 'Blocked',
      run: { ok: false, error: 'no such table' },
    });
  });

  it('App document problems block publication', () => {
    const problem = { code: 'app/page-missing', severity: 'error' as const, message: 'm', file: 'apps/growth/svc.app.json' };
    const r = checkApp({ app: app(), blocks: BLOCKS, evidence: evidence(), documentDiagnostics: [problem], gate });
    expect(r.ready).toBe(false);
    expect(r.blockers.map((d) => d.code)).toEqual(['app/page-missing']);
  });

  it('a pending App draft withholds "All data certified and verified" even when every tile is certified', () => {
    const r = checkApp({ app: app(), blocks: BLOCKS, evidence: evidence({ draftPending: true }), gate });
    expect(r.trust).toMatchObject({ label: 'Certified', line: '2 of 2 tiles certified', allCertifiedVerified: false });
    expect(r.trust.text).toBeUndefined();
  });

  it('before the page runs, the same facts read "Trust not checked yet"', () => {
    const facts = appTileFacts(app(), BLOCKS, evidence(), gate).map((e) => e.facts);
    expect(appTrustSummary(facts, { appDraftPending: false, ran: false })).toMatchObject({
      label: 'Trust not checked yet',
      line: '0 of 2 tiles certified',
      allCertifiedVerified: false,
    });
  });
});
