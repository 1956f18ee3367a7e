/**
 * Two asks the rows of a block do not give by themselves (src/ask/coverage.ts): "why did revenue
 * drop?" asks for causes, which only a block whose rows are causes answers (by cause, by reason,
 * by failure mode); "per 1000 customers" asks a rate per so many, which rows per customer are
 * not, unless the owner declared that rate.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../src/ask/index.js';
import { cleanupProjects } from '../helpers/project.js';
import { fixtureRouter } from './fixture-router.js';

const NOW: Record<string, string> = { freight: '2026-04-15T09:00:00Z', saas: '2026-11-18T09:00:00Z', factory: '2026-11-26T09:00:00Z' };
const routers = new Map<string, Tier1Router>();

async function router(name: string): Promise<Tier1Router> {
  const hit = routers.get(name);
  if (hit !== undefined) return hit;
  const made = (await fixtureRouter(name)).router;
  routers.set(name, made);
  return made;
}
afterAll(() => cleanupProjects());

describe('asking why', () => {
  it.each([
    ['freight', 'why did deliveries fail at DAR1?', 'shipments.failed_deliveries_by_reason'],
    ['saas', 'why are customers leaving us?', 'accounts.churn_by_reason'],
    ['factory', 'Why did customers send pumps back under warranty in 2025?', 'quality.warranty_returns_by_failure_mode'],
  ])('%s: %s -> %s, whose rows are causes', async (fx, q, block) => {
    expect((await router(fx)).route(q, { now: NOW[fx] })).toMatchObject({ kind: 'answer', block });
  });

  it.each([
    ['freight', 'why did revenue by month drop'],
    ['freight', 'what caused the late deliveries by depot'],
    ['saas', 'why did MRR by plan drop'],
    ['saas', "what's driving net revenue retention by segment"],
    // A move asks for two periods compared, which causes counted in one do not explain.
    ['freight', 'why did failed deliveries by reason increase at DAR1?'],
  ])('%s: %s has no certified answer', async (fx, q) => {
    expect((await router(fx)).route(q, { now: NOW[fx] }).kind).not.toBe('answer');
  });
}, 120_000);

describe('a rate per so many', () => {
  it.each([
    ['saas', 'Upcoming renewals per 1000 customers'],
    ['saas', 'How many paying customers do we have in each segment per 1000 customers'],
  ])('%s: %s has no certified answer', async (fx, q) => {
    expect((await router(fx)).route(q, { now: NOW[fx] }).kind).not.toBe('answer');
  });
  it('is answered where the owner declared it: claims per 1,000 consignments', async () => {
    expect((await router('freight')).route('claims per 1000 consignments by depot', { now: NOW.freight })).toMatchObject({
      kind: 'answer',
      block: 'safety.claims_rate_by_depot',
    });
  });
}, 120_000);
