#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261213;

// Fernbrook District Council's wards: code, name, households
const WARDS = [
  ['W01', 'Abbey', 3900],
  ['W02', 'Ashby North', 4200],
  ['W03', 'Ashby South', 3600],
  ['W04', 'Brookside', 3100],
  ['W05', 'Castle', 2800],
  ['W06', 'Fernbrook Central', 5200],
  ['W07', 'Fernbrook East', 4700],
  ['W08', 'Fernbrook West', 4400],
  ['W09', 'Hallow Green', 2600],
  ['W10', 'Kingsmead', 3300],
  ['W11', 'Lower Moor', 2900],
  ['W12', 'Millbrook', 4100],
  ['W13', 'Northgate', 3700],
  ['W14', 'Oakfield', 3000],
  ['W15', 'Riverside', 4600],
  ['W16', "St Anne's", 3400],
  ['W17', 'Thornby', 2500],
  ['W18', 'Wickham', 2700],
];
const SERVICE_AREAS = [
  ['WST', 'Waste and recycling'],
  ['HSG', 'Housing options'],
  ['PLN', 'Planning'],
  ['ENV', 'Environmental health'],
  ['RVB', 'Revenues and benefits'],
  ['PKS', 'Parks'],
];
// service request types: code, name, owning service area, service-level target in calendar days, requests a day
const REQUEST_TYPES = [
  ['FLY', 'Fly-tipping', 'ENV', 5, 9],
  ['BIN', 'Missed bin', 'WST', 2, 11],
  ['POT', 'Pothole', 'ENV', 10, 5],
  ['NOI', 'Noise', 'ENV', 7, 4],
  ['GRF', 'Graffiti', 'PKS', 10, 2],
];
// collection rounds: code, waste stream, scheduled collections a working day
const ROUNDS = [
  ['R01', 'REF', 1150],
  ['R02', 'REF', 1120],
  ['R03', 'REF', 1180],
  ['R04', 'REC', 1100],
  ['R05', 'REC', 1090],
  ['R06', 'REC', 1130],
  ['R07', 'GDN', 640],
  ['R08', 'GDN', 610],
  ['R09', 'FWD', 1400],
  ['R10', 'FWD', 1380],
];
const SITES = [
  ['FLC', 'Fernbrook Leisure Centre', 1150],
  ['ASP', 'Ashby Pool', 520],
  ['MSH', 'Millbrook Sports Hall', 380],
];
const APPROACH_REASONS = [
  ['FAM', 30],
  ['PRS', 27],
  ['DA', 12],
  ['REL', 16],
  ['OTH', 15],
];
const TA_TYPES = [
  ['BB', 'Bed and breakfast', 14],
  ['HOS', 'Hostel', 22],
  ['PSL', 'Private sector leased', 38],
  ['CNL', 'Council-owned stock', 26],
];
const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Harry',
  'Freya',
  'Jack',
  'Mia',
  'Noah',
  'Priya',
  'Callum',
  'Fiona',
  'Aaron',
  'Zainab',
  'Ewan',
  'Grace',
  'Tomasz',
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
  'Evans',
  'Okafor',
];
const STREETS = ['High Street', 'Church Lane', 'Victoria Road', 'Mill Street', 'Kings Road', 'Moor Lane', 'Station Road', 'Abbey Close'];
const ETHNICITIES = ['White British', 'White Other', 'Asian or Asian British', 'Black or Black British', 'Mixed', 'Other', 'Not stated'];
const CTAX_BANDS = [
  ['A', 24],
  ['B', 22],
  ['C', 20],
  ['D', 15],
  ['E', 10],
  ['F', 5],
  ['G', 3],
  ['H', 1],
];
const BAND_CHARGE = { A: 1420, B: 1657, C: 1894, D: 2131, E: 2604, F: 3078, G: 3552, H: 4262 };

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 4, 1); // the warehouse's first day: the start of financial year 2024/25 (April 2024 to March 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (April to March) of a shifted day, spelled 2025/26 for April 2025 to March 2026, its quarter (Q1 = April to June) and month number (1 = April). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  const fyMonth = ((m + 8) % 12) + 1;
  return [`${start}/${String((start + 1) % 100).padStart(2, '0')}`, `Q${Math.floor((fyMonth - 1) / 3) + 1}`, fyMonth];
};
/** Month starts (unshifted day numbers) from April 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 4 + k, 1) <= D1; k++) out.push([dn(2024, 4 + k, 1), dn(2024, 5 + k, 1)]);
  return out;
};
const closedMonths = () => months().filter(([, next]) => next - 1 < D1);
const trend = (n) => (n - D0) / (D1 - D0);
/** Working days (Monday to Friday) from day a to day b, a excluded. */
const workingDaysBetween = (a, b) => {
  let k = 0;
  for (let n = a + 1; n <= b; n++) if (weekdayOf(n) < 5) k++;
  return k;
};

const SCHEMA = `
CREATE TABLE wards (ward_code TEXT PRIMARY KEY, ward_name TEXT NOT NULL, households INTEGER NOT NULL);
CREATE TABLE service_areas (service_area_code TEXT PRIMARY KEY, service_area_name TEXT NOT NULL);
CREATE TABLE request_types (request_type TEXT PRIMARY KEY, type_name TEXT NOT NULL, service_area_code TEXT NOT NULL REFERENCES service_areas(service_area_code), sla_days INTEGER NOT NULL);
CREATE TABLE residents (resident_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, address TEXT NOT NULL, postcode TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, date_of_birth TEXT NOT NULL, ethnicity TEXT NOT NULL, disability TEXT NOT NULL, ward_code TEXT NOT NULL REFERENCES wards(ward_code));
CREATE TABLE ctax_accounts (account_ref TEXT PRIMARY KEY, resident_id INTEGER NOT NULL REFERENCES residents(resident_id), ward_code TEXT NOT NULL REFERENCES wards(ward_code), band TEXT NOT NULL, annual_charge_gbp REAL NOT NULL, arrears_gbp REAL NOT NULL, single_person_discount INTEGER NOT NULL);
CREATE TABLE collection_monthly (tax TEXT NOT NULL, financial_year TEXT NOT NULL, fy_month_no INTEGER NOT NULL, month TEXT NOT NULL, net_collectable_gbp REAL NOT NULL, collected_gbp REAL NOT NULL, PRIMARY KEY (tax, month));
CREATE TABLE hb_claims (claim_id INTEGER PRIMARY KEY, resident_id INTEGER NOT NULL REFERENCES residents(resident_id), claim_type TEXT NOT NULL, received_on TEXT NOT NULL, decided_on TEXT, household_income_gbp REAL NOT NULL, household_size INTEGER NOT NULL, weekly_award_gbp REAL);
CREATE TABLE service_requests (request_id INTEGER PRIMARY KEY, request_type TEXT NOT NULL REFERENCES request_types(request_type), ward_code TEXT NOT NULL REFERENCES wards(ward_code), reported_on TEXT NOT NULL, closed_on TEXT, reporter_resident_id INTEGER REFERENCES residents(resident_id));
CREATE TABLE rounds (round_code TEXT PRIMARY KEY, waste_stream TEXT NOT NULL);
CREATE TABLE bin_collections (day TEXT NOT NULL, round_code TEXT NOT NULL REFERENCES rounds(round_code), scheduled INTEGER NOT NULL, missed INTEGER NOT NULL, PRIMARY KEY (day, round_code));
CREATE TABLE waste_tonnage (month TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, household_waste_t REAL NOT NULL, reused_recycled_composted_t REAL NOT NULL);
CREATE TABLE homelessness_cases (case_id INTEGER PRIMARY KEY, resident_id INTEGER NOT NULL REFERENCES residents(resident_id), ward_code TEXT NOT NULL REFERENCES wards(ward_code), approached_on TEXT NOT NULL, reason_code TEXT NOT NULL, duty TEXT NOT NULL, household_with_children INTEGER NOT NULL, safeguarding_flag INTEGER NOT NULL, case_notes TEXT NOT NULL);
CREATE TABLE ta_placements (placement_id INTEGER PRIMARY KEY, case_id INTEGER NOT NULL REFERENCES homelessness_cases(case_id), ward_code TEXT NOT NULL REFERENCES wards(ward_code), accommodation_type TEXT NOT NULL, placed_on TEXT NOT NULL, left_on TEXT, with_children INTEGER NOT NULL, nightly_cost_gbp REAL NOT NULL);
CREATE TABLE planning_applications (application_ref TEXT PRIMARY KEY, application_type TEXT NOT NULL, ward_code TEXT NOT NULL REFERENCES wards(ward_code), received_on TEXT NOT NULL, decided_on TEXT, decision TEXT, target_weeks INTEGER NOT NULL, extension_agreed INTEGER NOT NULL, applicant_name TEXT NOT NULL);
CREATE TABLE foi_requests (foi_id INTEGER PRIMARY KEY, service_area_code TEXT NOT NULL REFERENCES service_areas(service_area_code), received_on TEXT NOT NULL, answered_on TEXT, working_days_taken INTEGER, requester_name TEXT NOT NULL, requester_email TEXT NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, resident_id INTEGER NOT NULL REFERENCES residents(resident_id), service_area_code TEXT NOT NULL REFERENCES service_areas(service_area_code), stage TEXT NOT NULL, received_on TEXT NOT NULL, closed_on TEXT, upheld INTEGER NOT NULL);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, service_area_code TEXT NOT NULL REFERENCES service_areas(service_area_code), fte REAL NOT NULL, salary_gbp INTEGER NOT NULL);
CREATE TABLE sickness_absence (absence_id INTEGER PRIMARY KEY, staff_id INTEGER NOT NULL REFERENCES staff(staff_id), started_on TEXT NOT NULL, financial_year TEXT NOT NULL, days_lost REAL NOT NULL, reason TEXT NOT NULL);
CREATE TABLE leisure_sites (site_code TEXT PRIMARY KEY, site_name TEXT NOT NULL);
CREATE TABLE leisure_visits (day TEXT NOT NULL, site_code TEXT NOT NULL REFERENCES leisure_sites(site_code), visits INTEGER NOT NULL, PRIMARY KEY (day, site_code));
CREATE TABLE pcns (pcn_ref TEXT PRIMARY KEY, issued_on TEXT NOT NULL, ward_code TEXT NOT NULL REFERENCES wards(ward_code), contravention TEXT NOT NULL, charge_gbp REAL NOT NULL, paid_on TEXT, amount_paid_gbp REAL, vehicle_reg TEXT NOT NULL);
CREATE TABLE electoral_register (ward_code TEXT NOT NULL REFERENCES wards(ward_code), published_on TEXT NOT NULL, electors INTEGER NOT NULL, postal_voters INTEGER NOT NULL, PRIMARY KEY (ward_code, published_on));
${calendarTables('is_working_day')}
`;
const LAYOUT = 1701;
const INDEXES = `
CREATE INDEX service_requests_reported ON service_requests (reported_on, request_type);
CREATE INDEX hb_claims_decided ON hb_claims (decided_on);
CREATE INDEX homelessness_approached ON homelessness_cases (approached_on);
CREATE INDEX planning_decided ON planning_applications (decided_on);
CREATE INDEX complaints_closed ON complaints (closed_on);
CREATE INDEX pcns_issued ON pcns (issued_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  ward: ['wards', 3],
  area: ['service_areas', 2],
  rtype: ['request_types', 4],
  resident: ['residents', 10],
  ctax: ['ctax_accounts', 7],
  collection: ['collection_monthly', 6],
  hb: ['hb_claims', 8],
  request: ['service_requests', 6],
  round: ['rounds', 2],
  bins: ['bin_collections', 4],
  tonnage: ['waste_tonnage', 5],
  hcase: ['homelessness_cases', 9],
  ta: ['ta_placements', 8],
  planning: ['planning_applications', 9],
  foi: ['foi_requests', 7],
  complaint: ['complaints', 7],
  staff: ['staff', 5],
  sick: ['sickness_absence', 6],
  site: ['leisure_sites', 2],
  visit: ['leisure_visits', 3],
  pcn: ['pcns', 8],
  elector: ['electoral_register', 4],
  load: ['etl_loads', 2],
};

const RESIDENTS = 6000;

/** Residents (names, addresses, phones, e-mails, birth dates, ethnicity and disability are personal data) and their council tax accounts. */
function fillResidents({ rnd, ins, wardOf }) {
  for (let id = 1; id <= RESIDENTS; id++) {
    const ward = wardOf();
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    ins.resident.run(
      id,
      `${first} ${last}`,
      `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, Fernbrook`,
      `FB${rnd.int(1, 18)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
      `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
      `${first.toLowerCase()}.${last.toLowerCase()}${rnd.int(1, 99)}@example.test`,
      day(D1 - rnd.int(18, 90) * 365 - rnd.int(0, 364)),
      rnd.weighted(ETHNICITIES.map((e, i) => [e, i === 0 ? 70 : 5])),
      rnd.next() < 0.18 ? 'yes' : 'no',
      ward,
    );
    const band = rnd.weighted(CTAX_BANDS);
    const spd = rnd.next() < 0.32 ? 1 : 0;
    const charge = money(BAND_CHARGE[band] * (spd ? 0.75 : 1));
    ins.ctax.run(`CT${String(400000 + id * 7)}`, id, ward, band, charge, rnd.next() < 0.09 ? money(rnd.expo(420)) : 0, spd);
  }
}

/** Council tax and business rates (NNDR) collection by month of each financial year. */
function fillCollection({ rnd, ins }) {
  for (const [start] of months()) {
    const d = day(start);
    const [fy, , fyMonth] = fyOf(d);
    for (const [tax, collectable, finalRate] of [
      ['CTAX', 98_400_000, 0.968],
      ['NNDR', 41_700_000, 0.981],
    ]) {
      const yearBump = fy === '2024/25' ? 0 : fy === '2025/26' ? 0.04 : 0.085;
      const net = money(collectable * (1 + yearBump));
      // cumulative share reached by the end of each FY month: steady instalments April to January, the remainder chased in February and March
      const share = (k) => finalRate * Math.min(1, k <= 10 ? k * 0.098 : 0.98 + (k - 10) * 0.01);
      const monthShare = share(fyMonth) - share(fyMonth - 1) + rnd.noise() * 0.0015;
      ins.collection.run(tax, fy, fyMonth, d.slice(0, 7), net, money(net * monthShare));
    }
  }
}

/** Housing benefit claims (household income and size are personal data). */
function fillBenefitClaims({ rnd, ins }) {
  let claimId = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    const k = rnd.poisson(7);
    for (let i = 0; i < k; i++) {
      const type = rnd.next() < 0.35 ? 'new' : 'change';
      const days = Math.max(1, Math.round(rnd.expo(type === 'new' ? 19 - 4 * trend(n) : 7)));
      const decided = n + days <= D1 ? day(n + days) : null;
      ins.hb.run(
        ++claimId,
        rnd.int(1, RESIDENTS),
        type,
        day(n),
        decided,
        money(8000 + rnd.expo(9000)),
        rnd.int(1, 6),
        decided ? money(40 + rnd.expo(90)) : null,
      );
    }
  }
}

/** Service requests: fly-tipping, missed bins, potholes, noise and graffiti, closed within days. */
function fillServiceRequests({ rnd, ins, wardOf }) {
  let reqId = 0;
  for (let n = D0; n <= D1; n++) {
    const weekend = weekdayOf(n) >= 5;
    for (const [type, , , sla, perDay] of REQUEST_TYPES) {
      const k = rnd.poisson(perDay * (weekend ? 0.6 : 1.1));
      for (let i = 0; i < k; i++) {
        const days = Math.round(rnd.expo(sla * 0.7));
        const closed = rnd.next() < 0.97 && n + days <= D1 ? day(n + days) : null;
        ins.request.run(++reqId, type, wardOf(), day(n), closed, rnd.next() < 0.8 ? rnd.int(1, RESIDENTS) : null);
      }
    }
  }
}

/** Bin collections per round per working day. */
function fillBinCollections({ rnd, ins }) {
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (const [code, stream, perDay] of ROUNDS) {
      if (stream === 'GDN' && [12, 1, 2].includes(Number(day(n).slice(5, 7)))) continue;
      const scheduled = perDay + rnd.int(-30, 30);
      ins.bins.run(day(n), code, scheduled, rnd.poisson((scheduled * (45 + 20 * rnd.next())) / 100000));
    }
  }
}

/** Household waste tonnage per closed month (NI 192 inputs). */
function fillTonnage({ rnd, ins }) {
  for (const [start] of closedMonths()) {
    const d = day(start);
    const [fy, q] = fyOf(d);
    const m = Number(d.slice(5, 7));
    const garden = m >= 4 && m <= 10 ? 1 : 0;
    const total = 3100 + 300 * garden + rnd.noise() * 60;
    const rate = 0.46 + 0.06 * garden + 0.02 * trend(start) + rnd.noise() * 0.006;
    ins.tonnage.run(d.slice(0, 7), fy, q, Math.round(total * 10) / 10, Math.round(total * rate * 10) / 10);
  }
}

/** Homelessness approaches and temporary accommodation (case notes and safeguarding flags are personal data). */
function fillHomelessness({ rnd, ins, wardOf }) {
  let caseId = 0;
  let placementId = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    const k = rnd.poisson(3.2 + trend(n));
    for (let i = 0; i < k; i++) {
      const duty = rnd.weighted([
        ['prevention', 48],
        ['relief', 37],
        ['main', 15],
      ]);
      const ward = wardOf();
      const children = rnd.next() < 0.42 ? 1 : 0;
      ins.hcase.run(
        ++caseId,
        rnd.int(1, RESIDENTS),
        ward,
        day(n),
        rnd.weighted(APPROACH_REASONS),
        duty,
        children,
        rnd.next() < 0.07 ? 1 : 0,
        'Case notes held in the housing system.',
      );
      if (duty !== 'prevention' && rnd.next() < 0.45) {
        const type = rnd.weighted(TA_TYPES.map(([code, , w]) => [code, w]));
        const stay = Math.round(rnd.expo(type === 'BB' ? 40 : 160));
        const placed = n + rnd.int(0, 5);
        if (placed > D1) continue;
        ins.ta.run(
          ++placementId,
          caseId,
          ward,
          type,
          day(placed),
          placed + stay <= D1 ? day(placed + stay) : null,
          children,
          type === 'BB' ? 68 : type === 'HOS' ? 42 : 31,
        );
      }
    }
  }
}

/** Planning applications: major (13 weeks), minor and other (8 weeks). */
function fillPlanning({ rnd, ins, wardOf }) {
  let appNo = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    const k = rnd.poisson(5);
    for (let i = 0; i < k; i++) {
      const type = rnd.weighted([
        ['MAJ', 6],
        ['MIN', 34],
        ['OTH', 60],
      ]);
      const target = type === 'MAJ' ? 13 : 8;
      const weeks = target * (0.55 + rnd.expo(0.45));
      const decidedN = n + Math.round(weeks * 7);
      const decided = decidedN <= D1 ? day(decidedN) : null;
      const ref = `FB/${day(n).slice(2, 4)}/${String(++appNo).padStart(5, '0')}/${type === 'MAJ' ? 'FUL' : type === 'MIN' ? 'FUL' : 'HH'}`;
      ins.planning.run(
        ref,
        type,
        wardOf(),
        day(n),
        decided,
        decided ? (rnd.next() < 0.88 ? 'granted' : 'refused') : null,
        target,
        weeks > target && rnd.next() < 0.5 ? 1 : 0,
        `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
      );
    }
  }
}

/** FOI requests (requesters' names and e-mails are personal data). */
function fillFoi({ rnd, ins }) {
  let foiId = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    const k = rnd.poisson(3);
    for (let i = 0; i < k; i++) {
      const area = rnd.pick(SERVICE_AREAS)[0];
      let answered = n + Math.round(rnd.expo(16));
      while (weekdayOf(answered) >= 5) answered++;
      const done = answered <= D1;
      const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
      ins.foi.run(
        ++foiId,
        area,
        day(n),
        done ? day(answered) : null,
        done ? workingDaysBetween(n, answered) : null,
        name,
        `${name.split(' ')[0].toLowerCase()}@example.test`,
      );
    }
  }
}

/** Complaints at stage 1, stage 2 and referred to the Local Government and Social Care Ombudsman. */
function fillComplaints({ rnd, ins }) {
  let complaintId = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    const k = rnd.poisson(4);
    for (let i = 0; i < k; i++) {
      const stage = rnd.weighted([
        ['ST1', 78],
        ['ST2', 17],
        ['LGO', 5],
      ]);
      const closedN = n + Math.round(rnd.expo(stage === 'ST1' ? 9 : stage === 'ST2' ? 18 : 60));
      ins.complaint.run(
        ++complaintId,
        rnd.int(1, RESIDENTS),
        rnd.pick(SERVICE_AREAS)[0],
        stage,
        day(n),
        closedN <= D1 ? day(closedN) : null,
        rnd.next() < (stage === 'LGO' ? 0.55 : 0.34) ? 1 : 0,
      );
    }
  }
}

/** Staff (names and salaries are personal data) and their sickness absence. */
function fillStaff({ rnd, ins }) {
  let staffId = 0;
  const staff = [];
  for (const [area] of SERVICE_AREAS) {
    const headcount = { WST: 120, HSG: 34, PLN: 40, ENV: 46, RVB: 70, PKS: 38 }[area];
    for (let i = 0; i < headcount; i++) {
      const fte = rnd.next() < 0.25 ? 0.6 : 1;
      ins.staff.run(++staffId, `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`, area, fte, rnd.int(22000, 58000));
      staff.push([staffId, area, fte]);
    }
  }
  let absenceId = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (const [id, area] of staff) {
      if (rnd.next() < (area === 'WST' ? 0.0085 : 0.006)) {
        ins.sick.run(
          ++absenceId,
          id,
          day(n),
          fyOf(day(n))[0],
          Math.max(0.5, Math.round(rnd.expo(4) * 2) / 2),
          rnd.pick(['musculoskeletal', 'stress', 'respiratory', 'gastro', 'other']),
        );
      }
    }
  }
}

/** Leisure centre visits per site per day. */
function fillLeisure({ rnd, ins }) {
  for (let n = D0; n <= D1; n++) {
    const summer = [7, 8].includes(Number(day(n).slice(5, 7))) ? 1.15 : 1;
    for (const [code, , base] of SITES) ins.visit.run(day(n), code, Math.round(base * summer * (weekdayOf(n) >= 5 ? 1.3 : 1) * (1 + rnd.noise() * 0.08)));
  }
}

/** Parking penalty charge notices (vehicle registrations are personal data). */
function fillPcns({ rnd, ins, wardOf }) {
  let pcnNo = 0;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) === 6) continue;
    const k = rnd.poisson(38);
    for (let i = 0; i < k; i++) {
      const higher = rnd.next() < 0.6;
      const charge = higher ? 70 : 50;
      const paidIn = rnd.next() < 0.74 ? Math.round(rnd.expo(12)) : null;
      const paid = paidIn !== null && n + paidIn <= D1;
      ins.pcn.run(
        `FB${String(++pcnNo).padStart(7, '0')}`,
        day(n),
        wardOf(),
        higher ? 'higher' : 'lower',
        charge,
        paid ? day(n + paidIn) : null,
        paid ? (paidIn <= 14 ? charge / 2 : charge) : null,
        `${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(10, 75)} ${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
      );
    }
  }
}

/** The electoral register as published each 1 December, with monthly updates to November 2026. */
function fillElectoralRegister({ rnd, ins }) {
  for (const [code, , hh] of WARDS) {
    ins.elector.run(code, day(dn(2024, 12, 1)), Math.round(hh * 1.86), Math.round(hh * 0.41));
    ins.elector.run(code, day(dn(2025, 12, 1)), Math.round(hh * 1.88 + rnd.int(-40, 40)), Math.round(hh * 0.43));
  }
}

function fill(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  for (const w of WARDS) ins.ward.run(...w);
  for (const a of SERVICE_AREAS) ins.area.run(...a);
  for (const [code, name, area, sla] of REQUEST_TYPES) ins.rtype.run(code, name, area, sla);
  for (const [code, name] of SITES) ins.site.run(code, name);
  for (const [code, stream] of ROUNDS) ins.round.run(code, stream);
  const wardOf = () => rnd.weighted(WARDS.map(([code, , hh]) => [code, hh]));
  const g = { rnd, ins, wardOf };
  fillResidents(g);
  fillCollection(g);
  fillBenefitClaims(g);
  fillServiceRequests(g);
  fillBinCollections(g);
  fillTonnage(g);
  fillHomelessness(g);
  fillPlanning(g);
  fillFoi(g);
  fillComplaints(g);
  fillStaff(g);
  fillLeisure(g);
  fillPcns(g);
  fillElectoralRegister(g);
  for (const source of [
    'revenues_system',
    'housing_system',
    'planning_portal',
    'crm',
    'waste_ops',
    'hr_system',
    'leisure_tills',
    'parking_system',
    'electoral_system',
  ])
    ins.load.run(source, day(D1));
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
