/**
 * A block taking a month ("2026-10") or a financial-year label ("FY27") beside one value
 * parameter: the period parameter takes periods, so a place nobody holds is still refused as a
 * value of the other one, with the values the block holds, and a label outside the policy is
 * refused as that label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';
let bank: FixtureRouter;
beforeAll(async () => {
  bank = await fixtureRouter('bank');
}, 120_000);
afterAll(() => cleanupProjects());

describe('refusals beside a period parameter', () => {
  it.each([
    ['mortgage book by LTV band in Wales', 'lending.mortgage_book_by_ltv_band', '"Wales" is not a region_code value'],
    ['NIM by quarter for FY24', 'finance.nim_quarterly', '"FY24" is not one of them'],
  ])('%s is refused by %s', (question, block, reason) => {
    const d = bank.router.route(question, { now: NOW });
    expect(d).toMatchObject({ kind: 'refused', code: 'VALUE_NOT_ACCEPTED', block });
    expect(d.kind === 'refused' ? d.reason : '').toContain(reason);
  });
  it.each([
    ['mortgage book by LTV band in Scotland', { region_code: 'SCO' }],
    ['What was the impairment charge each quarter in FY26?', { financial_year: 'FY26' }],
  ])('%s binds %j', (question, params) => expect(bank.router.route(question, { now: NOW })).toMatchObject({ kind: 'answer', params }));
});
