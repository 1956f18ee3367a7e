/**
 * The names owners give things, read as they write them: initials joined by "&" and written in
 * capitals, initialisms in the plural, labels in sentence case, clipped names, a plural label
 * asked in the singular, a framing word that is an owner's label, one value known to two fields,
 * initials in brackets inside a description's phrase, and a LIMIT that belongs to a subquery; a
 * financial-year default read as a period, and the contract's entity counted as a measure where
 * the rows are of something else; the population a value keeps, a grain after a grouping, date
 * parameters' names, shares that count no rows, and years that are no record references; a
 * value a parameter takes rather than a column it names, how a range's last date counts, and the
 * end of an unlimited sorted list its answer does not lead with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockFacts } from '../../src/ask/block-facts.js';
import { terms, words } from '../../src/ask/tokens.js';
import { labelledValues } from '../../src/ask/value-labels.js';
import { buildValueLexicon } from '../../src/ask/value-lexicon.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { type FixtureRouter, fixtureRouter } from './fixture-router.js';

const NOW = '2026-11-27T09:00:00Z';

/** A block with a description, params and examples, as much as the lexicon reads. */
function block(description: string, extra: Partial<CompiledBlock> = {}): CompiledBlock {
  return {
    id: 'a.b',
    name: 'b',
    description,
    params: [],
    paramsUsed: [],
    examples: [],
    tests: [],
    outputs: [],
    columns: {},
    tags: [],
    ...extra,
  } as unknown as CompiledBlock;
}

describe('words as owners write them', () => {
  it.each<[string, string[]]>([
    // Initials joined by "&" that would fold into a stop word keep the "&".
    ['RTT for T&O', ['rtt', 't&o']],
    ['I&T spend', ['i&t', 'spend']],
    // Others fold as one word, as a column name spells them.
    ['F&B revenue and P&L', ['fb', 'revenu', 'pl']],
    // An initialism's plural is the initialism.
    ['HCAIs and KPIs and SKUs', ['hcai', 'kpi', 'sku']],
    // Capitals that look like a swapped stop word are the owner's shorthand.
    ['AWS and AER', ['AWS', 'AER']],
    ['aws was', []],
  ])('%s', (text, expected) => expect(terms(text)).toEqual(expected));

  it('spans still cover the whole written word', () => {
    expect(words('HCAIs').map((w) => [w.start, w.end])).toEqual([[0, 5]]);
  });
});

describe('labels in sentence case, and a bracket that names a whole list', () => {
  const codes = new Map([
    ['bu_code', ['DIS', 'RET', 'SSC']],
    ['route_code', ['1', '12', '42', 'RED']],
  ]);
  it.each<[string, string, Array<[string, string]>]>([
    [
      'lower-case words run on to the list punctuation',
      'for one business unit (bu_code: RET Retail stores, DIS Distribution, SSC Support centre, or all)',
      [
        ['Retail stores', 'RET'],
        ['Retail', 'RET'],
        ['Distribution', 'DIS'],
        ['Support centre', 'SSC'],
        ['Support', 'SSC'],
      ],
    ],
    ['words that run on into the sentence are no part of the label', 'bu_code RET Retail per week', [['Retail', 'RET']]],
    [
      'a bracket after the last item of a list says what the list is',
      'route_code 1, 12 or 42 (bus), RED Red Line',
      [
        ['Red Line', 'RED'],
        ['Red', 'RED'],
      ],
    ],
  ])('%s', (_, description, expected) => {
    const got = labelledValues([block(description)], codes).map(([, label, code]) => [label, code]);
    expect(got.sort()).toEqual([...expected].sort());
  });

  it('labels written all in lower case run to the list punctuation, never a joining word', () => {
    const channels = new Map([['channel_code', ['PSO', 'SRA', 'XPR', 'all']]]);
    const text = 'on one paid channel (channel_code: PSO paid social, SRA search ads, XPR cross-promo, or all)';
    const got = labelledValues([block(text)], channels).map(([, label, code]) => `${label}=${code}`);
    expect(got.sort()).toEqual(['cross-promo=XPR', 'paid social=PSO', 'search ads=SRA']);
    expect(labelledValues([block('channel_code PSO, SRA or all')], channels)).toEqual([]);
  });

  it("a lower-case label's leading words name its code; a month after a code dates it, never names it", () => {
    const services = new Map([['service_code', ['ESS', 'HVS', 'TEC']]]);
    const text = 'for one service (service_code: ESS emotional support sessions, HVS home visits, TEC technology training, or all)';
    const got = labelledValues([block(text)], services).map(([, label, code]) => `${label}=${code}`);
    expect(got.sort()).toEqual(['emotional support sessions=ESS', 'emotional support=ESS', 'home visits=HVS', 'technology training=TEC'].sort());
    const years = new Map([['financial_year', ['FY25', 'FY26']]]);
    const dated = labelledValues([block('Net sales for financial year FY25 (September 2024 to August 2025), FY26 Current Year, or all')], years);
    expect(dated.map(([, l, c]) => `${l}=${c}`)).toEqual(expect.arrayContaining(['Current Year=FY26']));
    expect(dated.map(([, l]) => l)).not.toContain('September');
  });

  it("a label's leading word is no name of its value where the owners name their own things with it", () => {
    const platforms = new Map([['platform', ['IOS', 'AND']]]);
    const ratings = block('Ratings per platform (platform: IOS App Store, AND Google Play).');
    const crashes = block('Crash-free sessions per app version.', { outputs: ['app_version', 'crash_free_pct'] } as Partial<CompiledBlock>);
    const labels = (blocks: CompiledBlock[]) => labelledValues(blocks, platforms).map(([, label, code]) => `${label}=${code}`);
    expect(labels([ratings])).toEqual(expect.arrayContaining(['App Store=IOS', 'App=IOS', 'Google=AND']));
    expect(labels([ratings, crashes])).toEqual(expect.arrayContaining(['App Store=IOS', 'Google Play=AND', 'Google=AND']));
    expect(labels([ratings, crashes])).not.toContain('App=IOS');
  });
});

describe('the value lexicon', () => {
  const specialties = block('RTT for one specialty (specialty_code: 110 Trauma and Orthopaedics (T&O), 330 Dermatology, 502 Gynaecology, 320 Cardiology)');
  const families = block('Vacancies per job family (job_family: DRV Drivers and transport, TEC Technology, or all).');
  const lexicon = buildValueLexicon(
    [specialties, families],
    new Map([
      ['specialty_code', ['110', '320', '330', '502']],
      ['job_family', ['DRV', 'TEC']],
    ]),
  );

  it.each<[string, string[], string[]]>([
    // Clipped names: four letters or more, three or more short of the word, unique in the field.
    ['Gynae', ['specialty_code'], ['502']],
    ['derm', ['specialty_code'], ['330']],
    ['cardio', ['specialty_code'], ['320']],
    // Too short a clip, or a word the project itself uses, names nothing.
    ['gyn', [], []],
    ['specialty', [], []],
    // "T&O" is the label's initials.
    ['T&O', ['specialty_code'], ['110']],
    // A label written in the plural is asked in the singular; a data value's plural is not.
    ['driver', ['job_family'], ['DRV']],
    ['drivers', ['job_family'], ['DRV']],
  ])('%s', (phrase, fields, stored) => {
    expect(lexicon.fieldsOf(phrase)).toEqual(fields);
    expect(fields.map((f) => lexicon.stored(f, phrase))).toEqual(stored);
  });

  it('knows which writings are an owner label, so a framing word written as a label is a value', () => {
    const units = buildValueLexicon([block('bu_code: DIS Distribution, RET Retail')], new Map([['bu_code', ['DIS', 'RET']]]));
    expect(units.writes('distribution', 'Distribution')).toBe(true);
    expect(units.writes('distribution', 'distribution')).toBe(false);
  });

  it("an example's word for a block's one free parameter is no value where it names another field's value", () => {
    const funnel = block('Offer acceptance per job family for one business unit.', {
      params: [{ name: 'bu_code', type: 'string', default: 'all' }],
      examples: [{ question: 'What was the offer acceptance rate for drivers in FY26?' }],
    } as unknown as Partial<CompiledBlock>);
    const withLabels = buildValueLexicon([funnel, families], new Map([['job_family', ['DRV', 'TEC']]]));
    expect(withLabels.fieldsOf('drivers')).toEqual(['job_family']);
    // Without the label the example's word stays a value of its parameter.
    expect(buildValueLexicon([funnel]).fieldsOf('drivers')).toEqual(['bu_code']);
  });
});

describe("a result's own LIMIT, not a subquery's", () => {
  it.each<[string, number | undefined]>([
    ['SELECT a, (SELECT b FROM t q WHERE q.a = r.a ORDER BY q.d DESC LIMIT 1) AS prev FROM r ORDER BY a', undefined],
    ['SELECT a FROM r ORDER BY a LIMIT 10', 10],
    ["SELECT a, '(' AS p FROM r ORDER BY a LIMIT 5", 5],
    ['WITH x AS (SELECT a FROM r LIMIT 3) SELECT a FROM x', undefined],
  ])('%s', (query, limit) => {
    const facts = blockFacts(block('x', { query, params: [], paramsUsed: [] } as unknown as Partial<CompiledBlock>));
    expect(facts.fixedLimit).toBe(limit);
  });
});

describe('questions on the fixture projects', () => {
  const routers = new Map<string, FixtureRouter>();
  beforeAll(async () => {
    for (const name of ['people', 'hospital', 'transit', 'bank', 'restaurants', 'telecom', 'university', 'saas', 'factory', 'housing', 'games'])
      routers.set(name, await fixtureRouter(name));
  });
  afterAll(() => cleanupProjects());

  it.each<[string, string, string, Record<string, unknown>]>([
    // A verbatim example binds the value it names, though "distribution" alone frames a question.
    ['people', 'What is the length of service profile in Distribution?', 'workforce.tenure_bands', { bu_code: 'DIS' }],
    ['people', 'absence rate by month for the Support centre', 'wellbeing.absence_rate_monthly', { bu_code: 'SSC' }],
    ['people', 'How many driver vacancies are open right now?', 'recruitment.open_vacancies_by_bu', { job_family: 'DRV' }],
    ['people', 'vacancies by business unit for drivers', 'recruitment.open_vacancies_by_bu', { job_family: 'DRV' }],
    ['hospital', 'monthly RTT position for T&O', 'elective.rtt_performance_monthly', { specialty_code: '110' }],
    ['hospital', 'Gynae RTT performance by month since January 2026', 'elective.rtt_performance_monthly', { specialty_code: '502', since: '2026-01-01' }],
    ['hospital', 'derm clock stops by month', 'elective.rtt_performance_monthly', { specialty_code: '330' }],
    ['hospital', 'HCAI cases per month since April', 'quality.infections_monthly', { since: '2026-04-01' }],
    // "tram" is TRAM as a mode and TRM as a fleet type: the block's own field spells it.
    ['transit', 'What was tram on-time performance each month since April 2026?', 'operations.otp_monthly', { mode_code: 'TRAM', since: '2026-04-01' }],
    ['bank', 'AER by product', 'deposits.savings_rates_by_product', {}],
    ['restaurants', 'AWS by restaurant format', 'sales.auv_by_format', {}],
    // The noun the description puts before a parameter names whose rows its value keeps.
    [
      'telecom',
      'support tickets by category for SME customers in Q3 2026',
      'service.support_tickets_by_category',
      { segment: 'sme', start_date: '2026-07-01', end_date: '2026-09-30' },
    ],
    ['restaurants', 'net sales by channel for franchise restaurants', 'digital.sales_by_channel', { ownership: 'franchise' }],
    // "at end of" a month, "the" left out, is its month end.
    [
      'bank',
      'mortgage book by LTV band in London and South East at end of October 2026',
      'lending.mortgage_book_by_ltv_band',
      { month: '2026-10', region_code: 'LSE' },
    ],
    // A year after a noun for no person is no record reference; a capitalised place is no misspelt pay word.
    ['people', 'gender pay gap 2025 snapshot', 'reward.gender_pay_gap', { snapshot_year: '2025' }],
    // A value the block cannot filter on names the column it and the other measure words name.
    ['transit', 'tram boardings by month', 'ridership.boardings_monthly', {}],
    // A value its parameter takes narrows the rows, though a column is named by it too.
    [
      'telecom',
      'broadband disconnections by churn reason from 2026-01-01 to 2026-06-30',
      'growth.churn_by_reason',
      { product: 'broadband', start_date: '2026-01-01', end_date: '2026-06-30' },
    ],
    // "(exclusive)" says the last date does not count: it is no measure asked.
    [
      'transit',
      'tram OTP per month from July 2026 up to November 2026 (exclusive)',
      'operations.otp_monthly',
      { mode_code: 'TRAM', since: '2026-07-01', until: '2026-11-01' },
    ],
    [
      'telecom',
      'prepaid churn rate by month from 2026-01-01 to 2026-11-01 (exclusive)',
      'growth.churn_rate_monthly',
      { payment_type: 'prepaid', since: '2026-01-01', until: '2026-11-01' },
    ],
    ['transit', 'most crowded tram lines in the am peak', 'ridership.am_peak_crowding_by_route', { mode_code: 'TRAM' }],
    // An owner's example binds its period and row count too: "FY25/26" in the parameter's own spelling, "which 3 ... quickest".
    [
      'housing',
      'Which 3 contractors completed routine repairs quickest in FY25/26?',
      'repairs.top_contractors_by_routine_repair_days',
      { top_n: 3, financial_year: 'FY25/26' },
    ],
    [
      'housing',
      'What was the repairs cost per home in each patch in financial year 2025?',
      'repairs.repairs_spend_per_home_by_patch',
      { financial_year: '2025' },
    ],
    // A value list's words in an example ("for rent arrears") are no value of the financial year.
    ['housing', 'How many evictions for rent arrears did we carry out in FY25/26?', 'income.evictions_by_reason', { financial_year: 'FY25/26' }],
    [
      'housing',
      'Fastest 2 contractors for routine repairs last financial year',
      'repairs.top_contractors_by_routine_repair_days',
      { top_n: 2, financial_year: 'FY25/26' },
    ],
    ['housing', 'tsm by tenure 25/26', 'neighbourhoods.tsm_satisfaction_by_tenure', { financial_year: '2025' }],
    // A capitalised name after "by" is whose figure, not a field; the series' rows asked in the plural are a breakdown.
    [
      'games',
      'Top 8 countries by Gem Harbour installs in FY26',
      'acquisition.top_countries_by_installs',
      { top_n: 8, start_date: '2025-10-01', end_date: '2026-09-30', title_code: 'GEM' },
    ],
    [
      'games',
      'D7 retention for Gem Harbour cohorts in 2025',
      'engagement.retention_by_cohort_week',
      { title_code: 'GEM', since: '2025-01-01', until: '2026-01-01' },
    ],
    ['games', 'in-app purchase revenue by month by title', 'monetisation.iap_bookings_monthly', {}],
    [
      'games',
      'top 5 search ads campaigns by D7 ROAS last quarter',
      'acquisition.top_campaigns_by_roas_d7',
      { top_n: 5, channel_code: 'SRA', start_date: '2026-07-01', end_date: '2026-09-30' },
    ],
  ])('%s: %s', (fixture, question, id, params) => {
    const d = routers.get(fixture)?.router.route(question, { now: NOW });
    expect(d).toMatchObject({ kind: 'answer', block: id });
    expect(d?.kind === 'answer' ? d.params : undefined).toEqual(params);
  });

  it.each<[string, string, string]>([
    // A financial-year label parameter's default is the period the block answers by default, as a date's is.
    ['transit', 'CSAT by mode', 'customer.satisfaction_by_mode'],
    ['transit', 'farebox ratio per quarter', 'finance.farebox_recovery_quarterly'],
  ])('%s: %s answers for the default financial year', (fixture, question, id) => {
    expect(routers.get(fixture)?.router.route(question, { now: NOW })).toMatchObject({ kind: 'answer', block: id, params: {} });
  });

  it.each<[string, string]>([
    // The block answers for one specialty at a time and the question names none.
    ['hospital', 'RTT position by month'],
    // Rows of stores ranked by attrition: the contract's entity (a leaver) counted is another measure to rank by.
    ['people', 'Top stores by number of leavers'],
    ['people', 'stores with the most leavers'],
    // A calendar adjective after a grouping's words is a grain of its own: the region is still asked.
    ['telecom', 'site power costs by region monthly'],
    // A date parameter's name is no figure: "start date" is not the hire the block measures.
    ['people', 'average days from vacancy opened to start date by job family'],
    // A share of part-timers counts none of them: "part-timers only" is a restriction the block cannot keep.
    ['people', 'headcount of part-timers only by BU at end of october'],
    // "every AHS module": the value after the cue says which; the rows asked are still modules.
    ['university', 'pass rate for every AHS module 2024/25'],
    // A share is of the whole run of words after "of": trial conversion is no share of trial signups.
    ['saas', 'share of trial signups by channel'],
    // A window of recent weeks beside another period is two periods: neither is kept whole.
    ['factory', 'production output by week, last 8 weeks, since 2026-09-01'],
    // Every line listed most crowded first: the least crowded is the end its answer does not lead with.
    ['transit', 'least crowded tram lines in the am peak'],
    ['hospital', 'specialties with the lowest readmission rates this year'],
    // An example's words with a period its parameter cannot take ("2025" is no financial year) is not answered for the default year.
    ['housing', 'Which 3 contractors completed routine repairs quickest in 2025?'],
    // A series in calendar order does not lead with its highest month.
    ['housing', 'Which month had the highest void rent loss in 2025?'],
    // One figure for a year of a weekly series is a total it does not give.
    ['games', 'D7 retention in 2025'],
  ])('%s: %s is not answered for a default value', (fixture, question) => {
    expect(routers.get(fixture)?.router.route(question, { now: NOW }).kind).not.toBe('answer');
  });
});
