// Routing over edited copies of the commerce manifest, for cases the fixture does not hold:
// an unresolved contract with and without a loaded contract manifest, a certified block fixed
// to a period by its own SQL (spec rule 2), a retired block, and same-name blocks in two domains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { certifyInPlace, compileCommerce, NOW, withBlocks } from './commerce-manifest.js';

let base: Manifest;
beforeAll(() => {
  base = compileCommerce();
});
afterAll(cleanupProjects);

const block = (m: Manifest, id: string): CompiledBlock => m.blocks[id] as CompiledBlock;

describe('contracts', () => {
  const unresolved = (m: Manifest): Manifest =>
    withBlocks(m, (blocks) => {
      const b = blocks['finance.weekly_revenue'] as CompiledBlock;
      b.contract = { ...(b.contract as NonNullable<CompiledBlock['contract']>), status: 'unresolved' };
    });

  it('refuses a certified block whose contract does not resolve in the loaded contract manifest', () => {
    const d = createTier1Router(unresolved(base)).route('use block finance.weekly_revenue', { now: NOW });
    expect(d).toMatchObject({ kind: 'refused', code: 'CONTRACT_UNRESOLVED', block: 'finance.weekly_revenue', nextAction: 'fix-contract-manifest' });
    expect(d.kind === 'refused' && d.reason).toContain('finance.Revenue.weekly_revenue@1');
  });

  it('refuses it when it is the best match too', () => {
    expect(createTier1Router(unresolved(base)).route('weekly revenue', { now: NOW })).toMatchObject({ kind: 'refused', code: 'CONTRACT_UNRESOLVED' });
  });

  it('skips the check when no contract manifest is loaded (spec rule 3)', () => {
    const m = withBlocks(base, (blocks) => {
      const b = blocks['finance.weekly_revenue'] as CompiledBlock;
      b.contract = { ...(b.contract as NonNullable<CompiledBlock['contract']>), status: 'unchecked' };
    });
    m.contracts = { ...m.contracts, loaded: false };
    expect(createTier1Router(m).route('weekly revenue', { now: NOW })).toMatchObject({ kind: 'answer', block: 'finance.weekly_revenue' });
  });
});

describe('a period fixed by the block SQL (spec rule 2)', () => {
  let m: Manifest;
  beforeAll(() => {
    m = withBlocks(base, (blocks) => {
      const b = blocks['finance.net_revenue_2024'] as CompiledBlock;
      certifyInPlace(b);
      b.contract = { raw: 'finance.Revenue.net_revenue_2024@1', id: 'finance.Revenue.net_revenue_2024', version: 1, status: 'resolved' };
    });
  });

  it('answers a question about exactly that period', () => {
    expect(createTier1Router(m).route('net revenue in 2024', { now: NOW })).toMatchObject({ kind: 'answer', block: 'finance.net_revenue_2024', params: {} });
    expect(createTier1Router(m).route('run net_revenue_2024 for 2024', { now: NOW })).toMatchObject({ kind: 'answer', params: {} });
  });

  it('does not answer a question that asks for no period from it', () => {
    const d = createTier1Router(m).route('What is our net revenue?', { now: NOW });
    expect(d.kind === 'answer' ? d.block : d.kind).not.toBe('finance.net_revenue_2024');
  });

  it('explains that a named block is fixed to its period for any other period', () => {
    const d = createTier1Router(m).route('run net_revenue_2024 for 2025', { now: NOW });
    expect(d).toMatchObject({ kind: 'refused', code: 'BLOCK_CANNOT_ANSWER', block: 'finance.net_revenue_2024', accepts: [] });
    expect(d.kind === 'refused' && d.reason).toMatch(/fixed to the period from 2024-01-01 up to 2025-01-01/);
  });
});

describe('status and names', () => {
  it('says a retired block is retired', () => {
    const m = withBlocks(base, (blocks) => {
      (blocks['finance.net_revenue_2024'] as CompiledBlock).status = 'retired';
    });
    expect(createTier1Router(m).route('use block finance.net_revenue_2024', { now: NOW })).toMatchObject({ kind: 'refused', code: 'BLOCK_RETIRED' });
  });

  it('asks for the domain when a name is used in two domains', () => {
    const m = withBlocks(base, (blocks) => {
      const copy = structuredClone(block(base, 'finance.weekly_revenue'));
      copy.id = 'sales.weekly_revenue';
      copy.domain = 'sales';
      blocks[copy.id] = copy;
    });
    const r = createTier1Router(m);
    expect(r.route('run weekly_revenue', { now: NOW })).toMatchObject({ kind: 'refused', code: 'BLOCK_AMBIGUOUS', nextAction: 'name-with-domain' });
    expect(r.route('run sales.weekly_revenue', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.weekly_revenue' });
  });

  it('prefers a certified block over a draft that only ties it', () => {
    const m = withBlocks(base, (blocks) => {
      const draft = structuredClone(block(base, 'finance.weekly_revenue'));
      Object.assign(draft, { id: 'aaa.weekly_revenue', domain: 'aaa', status: 'draft', file: 'domains/aaa/blocks/_drafts/weekly_revenue.svc' });
      blocks[draft.id] = draft;
    });
    expect(createTier1Router(m).route('weekly revenue', { now: NOW })).toMatchObject({ kind: 'answer', block: 'finance.weekly_revenue' });
  });
});
