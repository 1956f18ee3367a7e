#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261203;

// Brookfield Homes' patches: code, name, share of the homes, postcode area
const PATCHES = [
  ['NTH', 'North', 0.22, 'BD'],
  ['STH', 'South', 0.2, 'WF'],
  ['EST', 'East', 0.18, 'HU'],
  ['WST', 'West', 0.17, 'BB'],
  ['CEN', 'Central', 0.23, 'LS'],
];
// Tenures: code, name, number of homes, yearly turnover of tenancies, weekly rent GBP
const TENURES = [
  ['GN', 'General needs', 12400, 0.075, 102],
  ['SH', 'Sheltered', 2300, 0.13, 96],
  ['SUP', 'Supported', 900, 0.32, 118],
  ['SO', 'Shared ownership', 1700, 0, 74],
  ['MR', 'Market rent', 700, 0.2, 182],
];
// Repair priorities: code, name, target in calendar days, share of repairs, mean cost GBP
const PRIORITIES = [
  ['EMG', 'Emergency', 1, 14, 120],
  ['URG', 'Urgent', 5, 21, 190],
  ['RTN', 'Routine', 28, 55, 240],
  ['PLN', 'Planned', 90, 10, 1450],
];
// Contractors: code, name, share of repairs, mean days to a routine repair, first-time fix rate
const CONTRACTORS = [
  ['DLO', 'Brookfield DLO (in-house repairs team)', 44, 14, 0.86],
  ['AXM', 'Axminster Property Services', 11, 19, 0.79],
  ['BRC', 'Briggs Construction', 8, 23, 0.74],
  ['CLV', 'Calverley Maintenance', 9, 17, 0.81],
  ['DNR', 'Denholme Roofing', 4, 26, 0.7],
  ['ELX', 'Elex Electrical', 7, 12, 0.88],
  ['FWG', 'Fairweather Gas Services', 9, 9, 0.9],
  ['GRN', 'Greenbank Joinery', 5, 21, 0.77],
  ['HLM', 'Holme Valley Plumbing', 3, 16, 0.83],
];
const EVICTION_REASONS = [
  ['ARR', 'Rent arrears', 70],
  ['ASB', 'Anti-social behaviour', 18],
  ['BRT', 'Other breach of tenancy', 7],
  ['FRD', 'Tenancy fraud or unlawful subletting', 5],
];
const WRITE_OFF_REASONS = [
  ['gone_no_trace', 45],
  ['deceased', 22],
  ['uneconomic_to_pursue', 25],
  ['bankruptcy_or_dro', 8],
];
const ASB_CATEGORIES = [
  ['noise', 34],
  ['verbal_abuse', 18],
  ['drugs', 12],
  ['vandalism', 10],
  ['pets_and_animals', 8],
  ['hate_incident', 4],
  ['domestic_abuse', 6],
  ['other', 8],
];
const COMPLAINT_CATEGORIES = [
  ['repairs', 46],
  ['damp_and_mould', 14],
  ['staff_conduct', 8],
  ['anti_social_behaviour', 10],
  ['rent_and_charges', 12],
  ['estate_services', 10],
];
const SCHEMES = [
  ['DEV01', 'Thornhill Rise', 'NTH', 'GN', 36, [2024, 9, 12]],
  ['DEV02', 'Canal Wharf', 'CEN', 'SO', 24, [2024, 11, 28]],
  ['DEV03', 'Beckside Court', 'EST', 'SH', 40, [2025, 2, 20]],
  ['DEV04', 'Marsh Lane', 'STH', 'GN', 18, [2025, 5, 15]],
  ['DEV05', 'Orchard View', 'WST', 'GN', 30, [2025, 8, 7]],
  ['DEV06', 'Mill Yard', 'CEN', 'MR', 22, [2025, 10, 30]],
  ['DEV07', 'Heron Gardens', 'EST', 'SO', 28, [2026, 1, 22]],
  ['DEV08', 'Priory Fields', 'NTH', 'GN', 44, [2026, 3, 19]],
  ['DEV09', 'Weavers Row', 'STH', 'SUP', 12, [2026, 6, 11]],
  ['DEV10', 'Kirkgate Place', 'WST', 'SO', 20, [2026, 9, 3]],
  ['DEV11', 'Larch Close', 'CEN', 'GN', 26, [2026, 12, 10]],
  ['DEV12', 'Station Quarter', 'NTH', 'MR', 32, [2027, 2, 18]],
  ['DEV13', 'Ferry Lane', 'EST', 'GN', 38, [2027, 3, 25]],
];
const FIRST = [
  'Amelia',
  'Olivia',
  'Isla',
  'Grace',
  'Sophie',
  'Aisha',
  'Ruth',
  'Megan',
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Callum',
  'Mohammed',
  'Tomasz',
  'Kieran',
  'Doreen',
  'Stanley',
  'Margaret',
  'Dennis',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Patel',
  'Khan',
  'Walker',
  'Robinson',
  'Hughes',
  'Clarke',
  'Ali',
  'Wood',
  'Nowak',
  'Okafor',
  'Sutcliffe',
  'Holroyd',
  'Ackroyd',
];
const STREETS = [
  'Beck Lane',
  'Moor View',
  'Church Street',
  'Victoria Road',
  'Mill Fold',
  'Albert Terrace',
  'Station Road',
  'Park Avenue',
  'Chapel Close',
  'Wharf Street',
];
const ETHNICITY = [
  ['White British', 74],
  ['White other', 6],
  ['Asian or Asian British', 10],
  ['Black or Black British', 4],
  ['Mixed', 3],
  ['Other', 1],
  ['Prefer not to say', 2],
];
const RELIGION = [
  ['No religion', 40],
  ['Christian', 44],
  ['Muslim', 10],
  ['Hindu', 1.5],
  ['Sikh', 1],
  ['Other', 1.5],
  ['Prefer not to say', 2],
];
const VULNERABILITY = [
  [null, 78],
  ['mental_health', 7],
  ['physical_disability', 6],
  ['learning_disability', 2],
  ['frailty', 4],
  ['domestic_abuse_survivor', 1.5],
  ['hoarding', 0.5],
  ['substance_misuse', 1],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 4, 1); // the warehouse's first day: the start of financial year 2024/25 (April 2024 to March 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly housing management system load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** Month starts (unshifted day numbers) from April 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 4 + k, 1) <= D1; k++) out.push([dn(2024, 4 + k, 1), dn(2024, 5 + k, 1)]);
  return out;
};

const SCHEMA = `
CREATE TABLE patches (patch_code TEXT PRIMARY KEY, patch_name TEXT NOT NULL);
CREATE TABLE tenures (tenure_code TEXT PRIMARY KEY, tenure_name TEXT NOT NULL);
CREATE TABLE properties (property_id INTEGER PRIMARY KEY, uprn TEXT NOT NULL, address_line TEXT NOT NULL, postcode TEXT NOT NULL, patch_code TEXT NOT NULL REFERENCES patches(patch_code), tenure_code TEXT NOT NULL REFERENCES tenures(tenure_code), property_type TEXT NOT NULL, bedrooms INTEGER NOT NULL, build_year INTEGER NOT NULL, epc_band TEXT NOT NULL, has_gas INTEGER NOT NULL, has_adaptation INTEGER NOT NULL, weekly_rent_gbp REAL NOT NULL, acquired_on TEXT NOT NULL);
CREATE TABLE tenants (tenant_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, phone TEXT NOT NULL, email TEXT, ni_number TEXT NOT NULL, bank_sort_code TEXT, bank_account_number TEXT, ethnicity TEXT NOT NULL, disability TEXT NOT NULL, religion TEXT NOT NULL, vulnerability_flag TEXT, health_notes TEXT, uc_claimant INTEGER NOT NULL, tenancy_start TEXT NOT NULL, tenancy_end TEXT, end_reason TEXT);
CREATE TABLE arrears_balances (month TEXT NOT NULL, tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id), balance_gbp REAL NOT NULL, PRIMARY KEY (month, tenant_id));
CREATE TABLE rent_ledger_monthly (month TEXT NOT NULL, patch_code TEXT NOT NULL REFERENCES patches(patch_code), tenure_code TEXT NOT NULL REFERENCES tenures(tenure_code), rent_due_gbp REAL NOT NULL, rent_collected_gbp REAL NOT NULL, PRIMARY KEY (month, patch_code, tenure_code));
CREATE TABLE write_offs (write_off_id INTEGER PRIMARY KEY, tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id), written_off_on TEXT NOT NULL, amount_gbp REAL NOT NULL, reason TEXT NOT NULL);
CREATE TABLE uc_monthly (month TEXT NOT NULL, patch_code TEXT NOT NULL REFERENCES patches(patch_code), tenancies INTEGER NOT NULL, uc_claimants INTEGER NOT NULL, PRIMARY KEY (month, patch_code));
CREATE TABLE evictions (eviction_id INTEGER PRIMARY KEY, tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id), patch_code TEXT NOT NULL REFERENCES patches(patch_code), evicted_on TEXT NOT NULL, reason_code TEXT NOT NULL);
CREATE TABLE eviction_reasons (reason_code TEXT PRIMARY KEY, reason_name TEXT NOT NULL);
CREATE TABLE voids (void_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), void_start TEXT NOT NULL, relet_on TEXT, void_type TEXT NOT NULL, weekly_rent_gbp REAL NOT NULL);
CREATE TABLE lettings (letting_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), tenant_id INTEGER NOT NULL REFERENCES tenants(tenant_id), let_on TEXT NOT NULL, patch_code TEXT NOT NULL, tenure_code TEXT NOT NULL, letting_source TEXT NOT NULL);
CREATE TABLE contractors (contractor_code TEXT PRIMARY KEY, contractor_name TEXT NOT NULL);
CREATE TABLE repair_priorities (priority_code TEXT PRIMARY KEY, priority_name TEXT NOT NULL, target_days INTEGER NOT NULL);
CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), priority_code TEXT NOT NULL REFERENCES repair_priorities(priority_code), contractor_code TEXT NOT NULL REFERENCES contractors(contractor_code), reported_on TEXT NOT NULL, completed_on TEXT, target_on TEXT NOT NULL, first_time_fix INTEGER, cost_gbp REAL);
CREATE TABLE gas_certificates (certificate_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), issued_on TEXT NOT NULL, expires_on TEXT NOT NULL, engineer_code TEXT NOT NULL);
CREATE TABLE damp_mould_cases (case_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES properties(property_id), opened_on TEXT NOT NULL, closed_on TEXT, severity TEXT NOT NULL);
CREATE TABLE asb_cases (case_id INTEGER PRIMARY KEY, patch_code TEXT NOT NULL REFERENCES patches(patch_code), property_id INTEGER REFERENCES properties(property_id), category TEXT NOT NULL, opened_on TEXT NOT NULL, closed_on TEXT, narrative TEXT NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, patch_code TEXT NOT NULL REFERENCES patches(patch_code), stage INTEGER NOT NULL, category TEXT NOT NULL, received_on TEXT NOT NULL, responded_on TEXT, due_on TEXT NOT NULL);
CREATE TABLE tsm_survey (survey_year INTEGER NOT NULL, patch_code TEXT NOT NULL REFERENCES patches(patch_code), tenure_code TEXT NOT NULL REFERENCES tenures(tenure_code), responses INTEGER NOT NULL, satisfied_overall INTEGER NOT NULL, satisfied_repairs INTEGER NOT NULL, satisfied_safe_home INTEGER NOT NULL, satisfied_listens INTEGER NOT NULL, satisfied_complaints INTEGER NOT NULL, complaint_responses INTEGER NOT NULL, PRIMARY KEY (survey_year, patch_code, tenure_code));
CREATE TABLE development_schemes (scheme_code TEXT PRIMARY KEY, scheme_name TEXT NOT NULL, patch_code TEXT NOT NULL REFERENCES patches(patch_code), tenure_code TEXT NOT NULL REFERENCES tenures(tenure_code), homes INTEGER NOT NULL, planned_handover_on TEXT NOT NULL, handed_over_on TEXT);
${calendarTables('is_working_day')}
`;
const LAYOUT = 1401;
const INDEXES = `
CREATE INDEX properties_patch ON properties (patch_code, tenure_code);
CREATE INDEX tenants_property ON tenants (property_id, tenancy_start);
CREATE INDEX repairs_reported ON repairs (reported_on, priority_code);
CREATE INDEX repairs_completed ON repairs (completed_on, contractor_code);
CREATE INDEX voids_dates ON voids (void_start, relet_on);
CREATE INDEX gas_property ON gas_certificates (property_id, expires_on);
CREATE INDEX arrears_month ON arrears_balances (month);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  patch: ['patches', 2],
  tenure: ['tenures', 2],
  property: ['properties', 14],
  tenant: ['tenants', 18],
  arrears: ['arrears_balances', 3],
  ledger: ['rent_ledger_monthly', 5],
  writeOff: ['write_offs', 5],
  uc: ['uc_monthly', 4],
  eviction: ['evictions', 5],
  evictionReason: ['eviction_reasons', 2],
  void: ['voids', 6],
  letting: ['lettings', 7],
  contractor: ['contractors', 2],
  priority: ['repair_priorities', 3],
  repair: ['repairs', 9],
  gas: ['gas_certificates', 5],
  damp: ['damp_mould_cases', 5],
  asb: ['asb_cases', 7],
  complaint: ['complaints', 7],
  tsm: ['tsm_survey', 10],
  scheme: ['development_schemes', 7],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, homes: [], tenancies: [], nextTenant: 1, nextVoid: 1, nextLetting: 1 };
}

const patchOf = (rnd) => rnd.weighted(PATCHES.map((p) => [p[0], p[2]]));

/** The reference lists: patches, tenures, contractors, repair priorities, eviction reasons. */
function fillReference(g) {
  for (const [code, name] of PATCHES) g.ins.patch.run(code, name);
  for (const [code, name] of TENURES) g.ins.tenure.run(code, name);
  for (const [code, name] of CONTRACTORS) g.ins.contractor.run(code, name);
  for (const [code, name, target] of PRIORITIES) g.ins.priority.run(code, name, target);
  for (const [code, name] of EVICTION_REASONS) g.ins.evictionReason.run(code, name);
}

const HEALTH_NOTES = [
  'Carer visits daily',
  'Uses a wheelchair',
  'Under the community mental health team',
  'Hearing impaired',
  'Oxygen at home',
  'Recent hospital discharge',
];

/** One tenant of a home from day `start` (unshifted); personal details drawn here. */
function tenant(g, home, start) {
  const { rnd } = g;
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const older = home.tenure === 'SH';
  const born = start - (older ? rnd.int(60, 85) : rnd.int(19, 70)) * 365 - rnd.int(0, 364);
  const vulnerability = rnd.weighted(VULNERABILITY.map(([v, w]) => [v, older && v === 'frailty' ? w * 6 : w]));
  const dd = home.tenure !== 'SO' && rnd.next() < 0.58;
  const uc = home.tenure === 'GN' || home.tenure === 'SUP' ? rnd.next() < 0.44 : home.tenure === 'SH' ? rnd.next() < 0.12 : rnd.next() < 0.04;
  const t = {
    id: g.nextTenant++,
    home,
    start,
    end: Infinity,
    name: `${first} ${last}`,
    born,
    phone: `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
    email: rnd.next() < 0.7 ? `${first}.${last}${rnd.int(1, 99)}@example.test`.toLowerCase() : null,
    ni: `${rnd.pick(['AB', 'JK', 'NP', 'SW', 'TR', 'ZL'])}${rnd.int(100000, 999999)}${rnd.pick(['A', 'B', 'C', 'D'])}`,
    sort: dd ? `${rnd.int(10, 99)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}` : null,
    account: dd ? String(rnd.int(10000000, 99999999)) : null,
    ethnicity: rnd.weighted(ETHNICITY),
    disability: home.adapted || rnd.next() < (older ? 0.35 : 0.14) ? 'Yes' : rnd.next() < 0.05 ? 'Prefer not to say' : 'No',
    religion: rnd.weighted(RELIGION),
    vulnerability,
    health: vulnerability === null ? null : rnd.pick(HEALTH_NOTES),
    uc,
    // a tenant's arrears risk: most pay, some drift into arrears
    risk: uc ? rnd.next() * 1.6 : rnd.next(),
    endReason: null,
  };
  g.tenancies.push(t);
  return t;
}

/** A build year: new-build for shared ownership and market rent, the older stock otherwise. */
const buildYear = (rnd, tenure) =>
  tenure === 'SO' || tenure === 'MR'
    ? rnd.int(2004, 2024)
    : rnd.weighted([
        [rnd.int(1920, 1944), 12],
        [rnd.int(1945, 1979), 44],
        [rnd.int(1980, 2002), 26],
        [rnd.int(2003, 2024), 18],
      ]);

/** The EPC band of a home built in `build`. */
const epcOf = (rnd, build) =>
  build > 2003
    ? rnd.weighted([
        ['B', 45],
        ['C', 50],
        ['D', 5],
      ])
    : rnd.weighted([
        ['B', 2],
        ['C', 52],
        ['D', 35],
        ['E', 9],
        ['F', 1.6],
        ['G', 0.4],
      ]);

const SUPPORTED_TYPES = [
  ['flat', 70],
  ['bungalow', 30],
];
const GENERAL_TYPES = [
  ['house', 55],
  ['flat', 38],
  ['bungalow', 7],
];

/** One home of a tenure, written to properties; returns it with its build year. */
function home(g, id, tenure, turnover, rent) {
  const { rnd } = g;
  const patch = patchOf(rnd);
  const area = PATCHES.find((p) => p[0] === patch)[3];
  const build = buildYear(rnd, tenure);
  const epc = epcOf(rnd, build);
  const h = {
    id,
    patch,
    tenure,
    turnover,
    build,
    rent: money(rent * (0.85 + 0.3 * rnd.next())),
    gas: tenure !== 'SO' && rnd.next() < 0.88,
    adapted: tenure === 'SH' ? rnd.next() < 0.3 : rnd.next() < 0.05,
  };
  g.homes.push(h);
  const type = rnd.weighted(tenure === 'SH' || tenure === 'SUP' ? SUPPORTED_TYPES : GENERAL_TYPES);
  const street = `${rnd.int(1, 180)} ${rnd.pick(STREETS)}`;
  const postcode = `${area}${rnd.int(1, 22)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`;
  const bedrooms = type === 'flat' ? rnd.int(1, 2) : rnd.int(2, 4);
  g.ins.property.run(
    h.id,
    `10${String(70000000 + h.id * 7)}`,
    street,
    postcode,
    patch,
    tenure,
    type,
    bedrooms,
    build,
    epc,
    h.gas ? 1 : 0,
    h.adapted ? 1 : 0,
    h.rent,
    day(Math.min(D0 - 30, dn(build, 6, 1))),
  );
  return h;
}

const VOID_MEAN = { GN: 22, SH: 38, SUP: 16, MR: 14 };
const VOID_PATCH = { NTH: 1.2, STH: 0.85, EST: 1.35, WST: 1, CEN: 0.8 };

/** How tenancy `t` ends on day `end`, and the void after it: its length in days and whether it needs major works. */
function tenancyEnd(g, h, t, end) {
  const { rnd } = g;
  t.end = end;
  t.endReason =
    rnd.next() < 0.012 * 12 * (t.risk > 1.2 ? 2 : 0.3)
      ? 'eviction'
      : rnd.weighted([
          ['notice_given', 62],
          ['deceased', h.tenure === 'SH' ? 30 : 9],
          ['transfer', 17],
          ['abandoned', 4],
        ]);
  const major = rnd.next() < (h.build < 1980 ? 0.14 : 0.07);
  const days = major ? 45 + Math.round(rnd.expo(55)) : 8 + Math.round(rnd.expo(VOID_MEAN[h.tenure] * VOID_PATCH[h.patch]));
  return { major, days };
}

/** The tenancy running at the start, then turnover: each end a void, each re-let a new letting. */
function tenancies(g, h) {
  const { rnd } = g;
  let t = tenant(g, h, D0 - Math.round(rnd.expo(2500)) - 1);
  if (h.turnover === 0) return;
  for (;;) {
    const end = Math.max(t.start + 30, D0) + Math.round(rnd.expo(365 / h.turnover));
    if (end > D1) return;
    const { major, days } = tenancyEnd(g, h, t, end);
    const relet = end + days;
    g.ins.void.run(g.nextVoid++, h.id, day(end), relet <= D1 ? day(relet) : null, major ? 'major_works' : 'standard', h.rent);
    if (relet > D1) return;
    t = tenant(g, h, relet);
    const source =
      h.tenure === 'MR'
        ? 'open_market'
        : rnd.weighted([
            ['housing_register', 62],
            ['transfer', 20],
            ['nomination', 14],
            ['mutual_exchange', 4],
          ]);
    g.ins.letting.run(g.nextLetting++, h.id, t.id, day(relet), h.patch, h.tenure, source);
  }
}

/** The homes, their tenancies, voids and lettings over the span. */
function fillHomes(g) {
  let id = 1;
  for (const [tenure, , count, turnover, rent] of TENURES) {
    for (let k = 0; k < count; k++) tenancies(g, home(g, id++, tenure, turnover, rent));
  }
}

/** Tenancy `t`'s rent for one month: due, paid, its closing balance, and what its ending leaves behind (an eviction, a write-off). */
function rentMonth(g, s, t, m0, m1, end, month) {
  const { rnd } = g;
  const mNo = Number(month.slice(5, 7));
  // rent-free weeks in March and December lower what is due; Christmas lowers what is paid
  const dueFactor = mNo === 3 || mNo === 12 ? 0.78 : 1;
  const h = t.home;
  const share = (Math.min(end, t.end) - Math.max(m0, t.start)) / (m1 - m0);
  const due = money(((h.rent * 52) / 12) * share * dueFactor);
  const payRate = Math.max(
    0.6,
    Math.min(1.06, 1.005 - 0.09 * Math.max(0, t.risk - 0.7) + 0.03 * rnd.noise() - (mNo === 12 ? 0.04 : 0) + (mNo === 1 ? 0.03 : 0)),
  );
  const paid = money(due * payRate);
  const row = (s.ledger[`${month}|${h.patch}|${h.tenure}`] ??= { month, patch: h.patch, tenure: h.tenure, due: 0, paid: 0 });
  row.due += due;
  row.paid += paid;
  const b = Math.max(0, (s.balance.get(t.id) ?? (t.risk > 0.9 ? rnd.int(0, 400) : 0)) + due - paid);
  s.balance.set(t.id, b);
  if (t.end < end) {
    if (t.endReason === 'eviction') g.ins.eviction.run(s.evId++, t.id, h.patch, day(t.end), rnd.weighted(EVICTION_REASONS.map((r) => [r[0], r[2]])));
    if (b > 50 && rnd.next() < 0.7) {
      const on = t.end + 60 + rnd.int(0, 240);
      if (on <= D1) g.ins.writeOff.run(s.woId++, t.id, day(on), money(b * (0.6 + 0.4 * rnd.next())), rnd.weighted(WRITE_OFF_REASONS));
    }
    s.balance.delete(t.id);
  } else if (b >= 1 && m1 <= D1 + 1) {
    g.ins.arrears.run(month, t.id, money(b));
  }
  if (h.tenure !== 'SO' && m1 <= D1 + 1 && t.end >= m1) {
    const u = (s.uc[`${month}|${h.patch}`] ??= { tenancies: 0, uc: 0 });
    u.tenancies++;
    // claimants grow as legacy benefits move to Universal Credit
    if (t.uc && rnd.next() < 0.72 + 0.28 * ((m0 - D0) / (D1 - D0))) u.uc++;
  }
}

/** Every tenant's row, written once their tenancy's end is known. */
function writeTenants(g) {
  for (const t of g.tenancies) {
    const ended = t.end <= D1;
    g.ins.tenant.run(
      t.id,
      t.home.id,
      t.name,
      day(t.born),
      t.phone,
      t.email,
      t.ni,
      t.sort,
      t.account,
      t.ethnicity,
      t.disability,
      t.religion,
      t.vulnerability,
      t.health,
      t.uc ? 1 : 0,
      day(t.start),
      ended ? day(t.end) : null,
      ended ? t.endReason : null,
    );
  }
}

/** Rent due and collected per month, each tenant's arrears balance at each month end, write-offs, evictions and UC claimants. */
function fillIncome(g) {
  const s = { ledger: {}, uc: {}, balance: new Map(), woId: 1, evId: 1 };
  for (const [m0, m1] of months()) {
    const month = day(m0).slice(0, 7);
    const end = Math.min(m1, D1 + 1);
    for (const t of g.tenancies) if (t.start < end && t.end >= m0) rentMonth(g, s, t, m0, m1, end, month);
  }
  for (const r of Object.values(s.ledger)) g.ins.ledger.run(r.month, r.patch, r.tenure, money(r.due), money(r.paid));
  for (const [k, u] of Object.entries(s.uc)) {
    const [month, patch] = k.split('|');
    g.ins.uc.run(month, patch, u.tenancies, u.uc);
  }
  writeTenants(g);
}

const REPAIR_PATCH = { NTH: 1.05, STH: 0.95, EST: 1.15, WST: 1, CEN: 0.9 };

/** Responsive and planned repairs of home `h`. */
function repairsOf(g, h) {
  const { rnd } = g;
  const perYear = h.tenure === 'SO' ? 0.3 : 3.1;
  for (let d = D0 + Math.round(rnd.expo(365 / perYear)); d <= D1; d += 1 + Math.round(rnd.expo(365 / perYear))) {
    const [prio, , target, , cost] = rnd.weighted(PRIORITIES.map((p) => [p, p[3]]));
    const c = rnd.weighted(CONTRACTORS.filter((x) => prio !== 'EMG' || x[0] !== 'DNR').map((x) => [x, x[2]]));
    const mean = prio === 'RTN' ? c[3] : prio === 'EMG' ? 0.5 : prio === 'URG' ? 3 : 55;
    const done = d + Math.round(rnd.expo(mean * REPAIR_PATCH[h.patch]));
    const completed = done <= D1 ? day(done) : null;
    const ftf = completed === null ? null : rnd.next() < c[4] ? 1 : 0;
    g.ins.repair.run(
      g.nextRepair++,
      h.id,
      prio,
      c[0],
      day(d),
      completed,
      day(d + target),
      ftf,
      completed === null ? null : money(cost * (0.4 + rnd.expo(0.6))),
    );
  }
}

/** Gas safety certificates (CP12) of home `h`: a new one a little before the last expires, now and then late. */
function gasOf(g, h) {
  const { rnd } = g;
  let issued = D0 - rnd.int(1, 364);
  for (;;) {
    g.ins.gas.run(g.nextCert++, h.id, day(issued), day(issued + 365), rnd.pick(['GS01', 'GS02', 'GS03', 'GS04', 'GS05', 'GS06']));
    const next = issued + 365 - rnd.int(5, 40) + (rnd.next() < 0.012 ? rnd.int(41, 80) : 0);
    if (next > D1) return;
    issued = next;
  }
}

/** Damp and mould cases of home `h`. */
function dampOf(g, h) {
  const { rnd } = g;
  const rate = h.tenure === 'SO' ? 0 : 0.07 * (h.patch === 'EST' ? 1.5 : h.patch === 'CEN' ? 1.2 : 1);
  for (let d = D0 + Math.round(rnd.expo(365 / Math.max(rate, 0.0001))); d <= D1; d += 30 + Math.round(rnd.expo(365 / rate))) {
    const severity = rnd.weighted([
      ['category_1', 8],
      ['category_2', 27],
      ['minor', 65],
    ]);
    const close = d + 3 + Math.round(rnd.expo(severity === 'category_1' ? 20 : 70));
    g.ins.damp.run(g.nextDamp++, h.id, day(d), close <= D1 ? day(close) : null, severity);
  }
}

/** Responsive and planned repairs, gas safety certificates (CP12) and damp and mould cases. */
function fillProperty(g) {
  g.nextRepair = 1;
  g.nextCert = 1;
  g.nextDamp = 1;
  for (const h of g.homes) {
    repairsOf(g, h);
    if (h.gas) gasOf(g, h);
    dampOf(g, h);
  }
}

/** The ASB cases opened on day `d` (more in the summer); each narrative names the person who reported it. */
function asbDay(g, d, homesOf) {
  const { rnd } = g;
  const mNo = Number(day(d).slice(5, 7));
  const summer = mNo >= 6 && mNo <= 8 ? 1.35 : 1;
  for (let k = rnd.poisson(2.6 * summer); k > 0; k--) {
    const patch = patchOf(rnd);
    const cat = rnd.weighted(ASB_CATEGORIES);
    const h = rnd.pick(homesOf[patch]);
    const close = d + 7 + Math.round(rnd.expo(cat === 'noise' ? 35 : 60));
    const who = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
    g.ins.asb.run(
      g.nextAsb++,
      patch,
      h.id,
      cat,
      day(d),
      close <= D1 ? day(close) : null,
      `Report by ${who} about the household at ${h.id}: ${cat.replace(/_/g, ' ')}.`,
    );
  }
}

/** The complaints received on working day `d`: stage 1 due in 10 working days (14 calendar days), some escalated to stage 2, due in 20 (28). */
function complaintsDay(g, d) {
  const { rnd } = g;
  for (let k = rnd.poisson(9.5); k > 0; k--) {
    const patch = patchOf(rnd);
    const cat = rnd.weighted(COMPLAINT_CATEGORIES);
    const r1 = d + Math.round(rnd.expo(8.5));
    g.ins.complaint.run(g.nextComplaint++, patch, 1, cat, day(d), r1 <= D1 ? day(r1) : null, day(d + 14));
    if (r1 <= D1 && rnd.next() < 0.14) {
      const d2 = r1 + rnd.int(2, 30);
      if (d2 <= D1) {
        const r2 = d2 + Math.round(rnd.expo(19));
        g.ins.complaint.run(g.nextComplaint++, patch, 2, cat, day(d2), r2 <= D1 ? day(r2) : null, day(d2 + 28));
      }
    }
  }
}

const TSM_BASE = { GN: 0.68, SH: 0.84, SUP: 0.74, SO: 0.58, MR: 0.71 };

/** TSM perception survey results per survey year (named by the year the financial year starts), patch and tenure; 2026 is the year so far. */
function fillTsm(g) {
  const { rnd } = g;
  for (const year of [2024, 2025, 2026]) {
    const ytd = year === 2026 ? 0.62 : 1;
    for (const [patch, , share] of PATCHES) {
      for (const [tenure, , count] of TENURES) {
        const responses = Math.round(count * 0.09 * share * ytd * (0.9 + 0.2 * rnd.next()));
        const base = TSM_BASE[tenure] + (year - 2024) * 0.012 + 0.03 * rnd.noise();
        const s = (x) => Math.max(0, Math.min(responses, Math.round(responses * x)));
        const cr = Math.round(responses * 0.18);
        const repairs = s(base - 0.04 + 0.02 * rnd.noise());
        const complaints = Math.max(0, Math.min(cr, Math.round(cr * (0.34 + 0.04 * rnd.noise()))));
        g.ins.tsm.run(year, patch, tenure, responses, s(base), repairs, s(base + 0.06), s(base - 0.08), complaints, cr);
      }
    }
  }
}

/** ASB cases, complaints, TSM survey results and the development pipeline. */
function fillNeighbourhoods(g) {
  const { rnd } = g;
  g.nextAsb = 1;
  g.nextComplaint = 1;
  const homesOf = Object.fromEntries(PATCHES.map(([code]) => [code, g.homes.filter((h) => h.patch === code)]));
  for (let d = D0; d <= D1; d++) {
    asbDay(g, d, homesOf);
    if (weekdayOf(d) < 5) complaintsDay(g, d);
  }
  fillTsm(g);
  for (const [code, name, patch, tenure, homes, [y, m, dd]] of SCHEMES) {
    const planned = dn(y, m, dd);
    const actual = planned + rnd.int(-10, 45);
    g.ins.scheme.run(code, name, patch, tenure, homes, day(planned), actual <= D1 ? day(actual) : null);
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillHomes(g);
  fillIncome(g);
  fillProperty(g);
  fillNeighbourhoods(g);
  for (const source of ['housing_management', 'rent_accounting', 'repairs_system', 'compliance_system', 'crm', 'tsm_survey', 'development_tracker'])
    g.ins.load.run(source, day(D1));
}

/** The generator's entry points (warehouse-kit.mjs): the calendar shift, the last day of data, the atomic write and the current-week check. */
export const { calendarShift, lastDataDay, makeWarehouse, warehouseIsCurrent } = weeklyWarehouse({
  t1: T1,
  layout: LAYOUT,
  deferKeys: true,
  setShift: (s) => {
    shift = s;
  },
  schema: SCHEMA,
  seed: SEED,
  fill,
  calendar: calendarOf,
  indexes: INDEXES,
});

await runAsScript(import.meta.url, (target) => makeWarehouse(target));
