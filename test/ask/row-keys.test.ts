/**
 * What the rows are per: the key of the declared grain (or the first key), the keys of the same
 * thing beside it, and the things the owner's description says the rows are per. A key of another
 * thing shown beside each row (the plant of a production line, a vehicle's type, a shop's region)
 * is no breakdown by it: "OEE by plant" is not answered by rows per line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
const routers = new Map<string, FixtureRouter>();

beforeAll(async () => {
  for (const name of ['factory', 'freight', 'games', 'housing', 'charity']) routers.set(name, await fixtureRouter(name));
}, 240_000);
afterAll(() => cleanupProjects());

const route = (fixture: string, question: string) => routers.get(fixture)?.router.route(question, { now: NOW });

describe('a breakdown the rows are', () => {
  it.each<[string, string, string]>([
    ['factory', 'OEE by line', 'production.oee_by_line'],
    ['factory', 'OEE by production line last month', 'production.oee_by_line'],
    // Every key asked: the rows are per line and plant together.
    ['factory', 'OEE by line and plant', 'production.oee_by_line'],
    // The description says the ratings are per title and platform.
    ['games', 'store rating by platform', 'quality.store_rating_by_title'],
    ['games', 'store rating by title and platform', 'quality.store_rating_by_title'],
    // A grain declared over two keys makes both the rows' own.
    ['housing', 'open damp and mould cases by age band', 'assets.damp_mould_open_cases'],
  ])('%s: "%s" is certified from %s', (fixture, question, block) => {
    expect(route(fixture, question)).toMatchObject({ kind: 'answer', block });
  });
});

describe('a key beside the rows', () => {
  it.each<[string, string, string]>([
    ['factory', 'OEE by plant for Q3 2026', 'production.oee_by_line'],
    // "code" names no plant and no line: the plant's code is still the plant.
    ['factory', 'OEE by plant code', 'production.oee_by_line'],
    ['freight', 'downtime by vehicle type', 'fleet.vehicle_downtime_last_30_days'],
    ['charity', 'top shops by net sales by region', 'retail.top_shops_by_net_sales'],
  ])('%s: "%s" is not certified from %s', (fixture, question, block) => {
    const d = route(fixture, question);
    expect(d?.kind === 'answer' ? d.block : undefined).not.toBe(block);
  });
});
