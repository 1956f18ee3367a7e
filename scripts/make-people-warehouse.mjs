#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261202;

// Larchmont Group's business units: code, name, share of the opening headcount, annual leaving rate
const BUS = [
  ['RET', 'Retail stores', 0.62, 0.3],
  ['DIS', 'Distribution', 0.2, 0.21],
  ['SSC', 'Support centre', 0.1, 0.12],
  ['ECO', 'E-commerce', 0.08, 0.17],
];
// People regions: code, name, share of stores
const REGIONS = [
  ['NTH', 'North', 0.32],
  ['MID', 'Midlands', 0.24],
  ['STH', 'South and London', 0.3],
  ['SCO', 'Scotland', 0.14],
];
const STORE_TOWNS = {
  NTH: [
    'Leeds',
    'York',
    'Harrogate',
    'Sheffield',
    'Bradford',
    'Newcastle',
    'Durham',
    'Manchester',
    'Preston',
    'Hull',
    'Lancaster',
    'Sunderland',
    'Wakefield',
    'Halifax',
    'Carlisle',
    'Skipton',
    'Bolton',
    'Chester',
    'Doncaster',
  ],
  MID: [
    'Birmingham',
    'Leicester',
    'Nottingham',
    'Derby',
    'Coventry',
    'Stoke',
    'Lincoln',
    'Worcester',
    'Northampton',
    'Shrewsbury',
    'Lichfield',
    'Stafford',
    'Telford',
    'Loughborough',
  ],
  STH: [
    'Croydon',
    'Kingston',
    'Reading',
    'Guildford',
    'Brighton',
    'Canterbury',
    'Chelmsford',
    'Watford',
    'Oxford',
    'Southampton',
    'Bristol',
    'Bath',
    'Exeter',
    'Islington',
    'Richmond',
    'Bromley',
    'Winchester',
    'Basingstoke',
  ],
  SCO: ['Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee', 'Inverness', 'Stirling', 'Perth', 'Ayr'],
};
// Non-store sites: code, name, type, business unit, region, share of the unit's people
const SITES = [
  ['DC1', 'Wakefield distribution centre', 'distribution_centre', 'DIS', 'NTH', 0.3],
  ['DC2', 'Daventry distribution centre', 'distribution_centre', 'DIS', 'MID', 0.3],
  ['DC3', 'Thurrock distribution centre', 'distribution_centre', 'DIS', 'STH', 0.25],
  ['DC4', 'Bellshill distribution centre', 'distribution_centre', 'DIS', 'SCO', 0.15],
  ['SC1', 'Leeds support centre', 'office', 'SSC', 'NTH', 0.75],
  ['SC2', 'London office', 'office', 'SSC', 'STH', 0.25],
  ['FH1', 'Milton Keynes fulfilment hub', 'fulfilment_hub', 'ECO', 'MID', 0.7],
  ['EC1', 'E-commerce office Leeds', 'office', 'ECO', 'NTH', 0.3],
];
const JOB_FAMILIES = [
  ['STO', 'Store operations'],
  ['WHS', 'Warehouse and logistics'],
  ['DRV', 'Drivers and transport'],
  ['CUS', 'Customer service'],
  ['TEC', 'Technology'],
  ['FIN', 'Finance'],
  ['HRP', 'People and HR'],
  ['BUY', 'Buying and merchandising'],
];
// job family mix per business unit
const FAMILY_MIX = {
  RET: [
    ['STO', 92],
    ['CUS', 8],
  ],
  DIS: [
    ['WHS', 70],
    ['DRV', 28],
    ['FIN', 2],
  ],
  SSC: [
    ['FIN', 20],
    ['TEC', 22],
    ['HRP', 14],
    ['BUY', 24],
    ['CUS', 20],
  ],
  ECO: [
    ['WHS', 55],
    ['TEC', 18],
    ['CUS', 27],
  ],
};
// grade code, name, share, base hourly rate GBP
const GRADES = [
  ['G1', 'Colleague', 78, 12.4],
  ['G2', 'Team leader', 12, 14.9],
  ['G3', 'Manager', 7, 21.5],
  ['G4', 'Senior manager', 2.5, 36],
  ['G5', 'Director', 0.5, 68],
];
const FAMILY_PAY = { STO: 1, WHS: 1.06, DRV: 1.22, CUS: 1.02, TEC: 1.45, FIN: 1.3, HRP: 1.2, BUY: 1.3 };
// hiring sources: code, name, share of applications, conversion to hire relative to the mean
const SOURCES = [
  ['CAR', 'Careers site', 34, 1.0],
  ['JOB', 'Job boards', 38, 0.7],
  ['REF', 'Employee referral', 9, 2.1],
  ['AGY', 'Recruitment agency', 7, 1.5],
  ['INT', 'Internal applicant', 12, 1.8],
];
const ABSENCE_REASONS = [
  ['MSK', 'Musculoskeletal', 22, 6],
  ['MHS', 'Mental health and stress', 14, 14],
  ['RES', 'Respiratory (cold, flu, COVID-19)', 30, 2.5],
  ['GAS', 'Gastrointestinal', 18, 1.8],
  ['INJ', 'Injury', 6, 7],
  ['OTH', 'Other', 10, 3],
];
const COURSES = [
  ['HSW', 'Health and safety at work', null],
  ['FIR', 'Fire safety', null],
  ['DPR', 'Data protection', null],
  ['MAN', 'Manual handling', null],
  ['EQD', 'Equality, diversity and inclusion', null],
  ['FDS', 'Food safety', 'RET'],
  ['FLT', 'Forklift safety', 'DIS'],
];
const LEAVE_REASONS = [
  ['voluntary', 'career_progression', 24],
  ['voluntary', 'pay_and_benefits', 20],
  ['voluntary', 'work_life_balance', 14],
  ['voluntary', 'relocation', 8],
  ['voluntary', 'return_to_study', 7],
  ['involuntary', 'dismissal_conduct', 6],
  ['involuntary', 'dismissal_capability', 4],
  ['involuntary', 'redundancy', 3],
  ['involuntary', 'end_of_fixed_term', 9],
  ['voluntary', 'retirement', 5],
];
const WAVES = ['2024-04', '2024-10', '2025-04', '2025-10', '2026-04', '2026-10'];
const FIRST_F = ['Amelia', 'Olivia', 'Isla', 'Ava', 'Freya', 'Mia', 'Priya', 'Fiona', 'Zainab', 'Grace', 'Sophie', 'Chloe', 'Aisha', 'Ruth', 'Megan', 'Hannah'];
const FIRST_M = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Noah',
  'Callum',
  'Aaron',
  'Ewan',
  'Mohammed',
  'Liam',
  'Daniel',
  'Tomasz',
  'Ryan',
  'Kieran',
  'Sam',
  'Ben',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Campbell',
  'Patel',
  'Khan',
  'Walker',
  'Robinson',
  'Murray',
  'Hughes',
  'Clarke',
  'Stewart',
  'Ali',
  'Wood',
  'Nowak',
  'Okafor',
];
const STREETS = ['High Street', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Street', 'Kings Road', 'Moor Lane', 'Albert Terrace', 'Station Road'];
const POSTAREA = { NTH: 'LS', MID: 'B', STH: 'SE', SCO: 'G' };
const ETHNICITY = [
  ['White British', 68],
  ['White other', 9],
  ['Asian or Asian British', 10],
  ['Black or Black British', 5],
  ['Mixed', 3],
  ['Other', 1.5],
  ['Prefer not to say', 3.5],
];
const RELIGION = [
  ['No religion', 46],
  ['Christian', 38],
  ['Muslim', 7],
  ['Hindu', 2],
  ['Sikh', 1.2],
  ['Jewish', 0.5],
  ['Other', 1.3],
  ['Prefer not to say', 4],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 2, 1); // the warehouse's first day: the start of financial year FY25 (February 2024 to January 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly HR system load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (February to January, named by the year it ends in: FY27 = February 2026 to January 2027) of a day, and its quarter (Q1 = February to April). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return [`FY${String((m >= 2 ? y + 1 : y) % 100).padStart(2, '0')}`, `Q${Math.floor(((m + 10) % 12) / 3) + 1}`];
};
/** Month starts (unshifted day numbers) from February 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 2 + k, 1) <= D1; k++) out.push([dn(2024, 2 + k, 1), dn(2024, 3 + k, 1)]);
  return out;
};

const SCHEMA = `
CREATE TABLE business_units (bu_code TEXT PRIMARY KEY, bu_name TEXT NOT NULL);
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE locations (location_code TEXT PRIMARY KEY, location_name TEXT NOT NULL, location_type TEXT NOT NULL, bu_code TEXT NOT NULL REFERENCES business_units(bu_code), region_code TEXT NOT NULL REFERENCES regions(region_code));
CREATE TABLE job_families (job_family_code TEXT PRIMARY KEY, job_family_name TEXT NOT NULL);
CREATE TABLE grades (grade_code TEXT PRIMARY KEY, grade_name TEXT NOT NULL);
CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, ni_number TEXT NOT NULL, date_of_birth TEXT NOT NULL, gender TEXT NOT NULL, ethnicity TEXT NOT NULL, disability TEXT NOT NULL, religion TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, personal_email TEXT NOT NULL, phone TEXT NOT NULL, bu_code TEXT NOT NULL REFERENCES business_units(bu_code), location_code TEXT NOT NULL REFERENCES locations(location_code), job_family_code TEXT NOT NULL REFERENCES job_families(job_family_code), grade_code TEXT NOT NULL REFERENCES grades(grade_code), fte REAL NOT NULL, contract_type TEXT NOT NULL, hourly_rate_gbp REAL NOT NULL, annual_salary_gbp INTEGER NOT NULL, performance_rating INTEGER, hire_date TEXT NOT NULL, leave_date TEXT, leave_type TEXT, leave_reason TEXT, regretted INTEGER NOT NULL);
CREATE TABLE bonus_payments (payment_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employees(employee_id), paid_on TEXT NOT NULL, amount_gbp REAL NOT NULL);
CREATE TABLE disciplinary_cases (case_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employees(employee_id), opened_on TEXT NOT NULL, case_type TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE absence_reasons (reason_code TEXT PRIMARY KEY, reason_name TEXT NOT NULL);
CREATE TABLE absences (absence_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employees(employee_id), start_date TEXT NOT NULL, end_date TEXT NOT NULL, working_days_lost REAL NOT NULL, reason_code TEXT NOT NULL REFERENCES absence_reasons(reason_code), medical_note TEXT, self_certified INTEGER NOT NULL);
CREATE TABLE vacancies (vacancy_id INTEGER PRIMARY KEY, location_code TEXT NOT NULL REFERENCES locations(location_code), bu_code TEXT NOT NULL REFERENCES business_units(bu_code), job_family_code TEXT NOT NULL REFERENCES job_families(job_family_code), grade_code TEXT NOT NULL REFERENCES grades(grade_code), opened_on TEXT NOT NULL, filled_on TEXT, cancelled_on TEXT, status TEXT NOT NULL);
CREATE TABLE hiring_sources (source_code TEXT PRIMARY KEY, source_name TEXT NOT NULL);
CREATE TABLE applications (application_id INTEGER PRIMARY KEY, vacancy_id INTEGER NOT NULL REFERENCES vacancies(vacancy_id), source_code TEXT NOT NULL REFERENCES hiring_sources(source_code), candidate_name TEXT NOT NULL, candidate_email TEXT NOT NULL, applied_on TEXT NOT NULL, interviewed_on TEXT, offered_on TEXT, offer_outcome TEXT, hired_on TEXT);
CREATE TABLE job_moves (move_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employees(employee_id), moved_on TEXT NOT NULL, move_type TEXT NOT NULL, from_grade TEXT NOT NULL, to_grade TEXT NOT NULL);
CREATE TABLE courses (course_code TEXT PRIMARY KEY, course_name TEXT NOT NULL, bu_code TEXT);
CREATE TABLE training_assignments (employee_id INTEGER NOT NULL REFERENCES employees(employee_id), course_code TEXT NOT NULL REFERENCES courses(course_code), financial_year TEXT NOT NULL, assigned_on TEXT NOT NULL, due_on TEXT NOT NULL, completed_on TEXT, PRIMARY KEY (employee_id, course_code, financial_year));
CREATE TABLE engagement_survey (wave TEXT NOT NULL, location_code TEXT NOT NULL REFERENCES locations(location_code), bu_code TEXT NOT NULL REFERENCES business_units(bu_code), invited INTEGER NOT NULL, responded INTEGER NOT NULL, promoters INTEGER NOT NULL, passives INTEGER NOT NULL, detractors INTEGER NOT NULL, engagement_index REAL NOT NULL, PRIMARY KEY (wave, location_code));
CREATE TABLE timesheets_monthly (month TEXT NOT NULL, location_code TEXT NOT NULL REFERENCES locations(location_code), bu_code TEXT NOT NULL REFERENCES business_units(bu_code), contracted_hours REAL NOT NULL, overtime_hours REAL NOT NULL, overtime_cost_gbp REAL NOT NULL, PRIMARY KEY (month, location_code));
CREATE TABLE agency_spend (month TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, bu_code TEXT NOT NULL REFERENCES business_units(bu_code), supplier TEXT NOT NULL, agency_hours REAL NOT NULL, spend_gbp REAL NOT NULL, PRIMARY KEY (month, bu_code, supplier));
CREATE TABLE pay_gap_snapshot (snapshot_year TEXT NOT NULL, employee_id INTEGER NOT NULL REFERENCES employees(employee_id), gender TEXT NOT NULL, hourly_pay_gbp REAL NOT NULL, bonus_12m_gbp REAL NOT NULL, PRIMARY KEY (snapshot_year, employee_id));
${calendarTables('is_working_day')}
`;
const LAYOUT = 1301;
const INDEXES = `
CREATE INDEX employees_dates ON employees (hire_date, leave_date, bu_code);
CREATE INDEX absences_start ON absences (start_date, employee_id);
CREATE INDEX applications_vacancy ON applications (vacancy_id, source_code);
CREATE INDEX vacancies_opened ON vacancies (opened_on, status);
CREATE INDEX moves_on ON job_moves (moved_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  bu: ['business_units', 2],
  region: ['regions', 2],
  location: ['locations', 5],
  family: ['job_families', 2],
  grade: ['grades', 2],
  employee: ['employees', 26],
  bonus: ['bonus_payments', 4],
  case: ['disciplinary_cases', 5],
  reason: ['absence_reasons', 2],
  absence: ['absences', 8],
  vacancy: ['vacancies', 9],
  source: ['hiring_sources', 2],
  application: ['applications', 10],
  move: ['job_moves', 6],
  course: ['courses', 3],
  assignment: ['training_assignments', 6],
  survey: ['engagement_survey', 9],
  timesheet: ['timesheets_monthly', 6],
  agency: ['agency_spend', 7],
  gap: ['pay_gap_snapshot', 5],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, locations: [], people: [], nextId: 1, nextVacancy: 1, nextApplication: 1 };
}

/** Business units, regions, locations (stores, distribution centres, offices, the fulfilment hub), job families, grades and the other code lists. */
function fillReference(g) {
  for (const [code, name] of BUS) g.ins.bu.run(code, name);
  for (const [code, name] of REGIONS) g.ins.region.run(code, name);
  let s = 1;
  for (const [region, towns] of Object.entries(STORE_TOWNS)) {
    for (const town of towns) {
      const loc = [`S${String(s++).padStart(3, '0')}`, `${town} store`, 'store', 'RET', region];
      g.locations.push([...loc, g.rnd.int(5, 14)]);
    }
  }
  for (const [code, name, type, bu, region, share] of SITES) g.locations.push([code, name, type, bu, region, share]);
  for (const l of g.locations) g.ins.location.run(l[0], l[1], l[2], l[3], l[4]);
  for (const [code, name] of JOB_FAMILIES) g.ins.family.run(code, name);
  for (const [code, name] of GRADES) g.ins.grade.run(code, name);
  for (const [code, name] of SOURCES) g.ins.source.run(code, name);
  for (const [code, name] of ABSENCE_REASONS) g.ins.reason.run(code, name);
  for (const [code, name, bu] of COURSES) g.ins.course.run(code, name, bu);
}

const locationIn = (g, bu) => g.rnd.weighted(g.locations.filter((l) => l[3] === bu).map((l) => [l, l[5]]));

/** One person hired on day `start` (unshifted) into a post; their leaving day is drawn at once (beyond D1 means still employed). */
function person(g, { bu, loc, family, grade, start }) {
  const { rnd } = g;
  const gender = rnd.weighted([
    ['F', grade === 'G1' ? 58 : grade === 'G2' ? 50 : 38],
    ['M', grade === 'G1' ? 41 : grade === 'G2' ? 49 : 61],
    ['X', 1],
  ]);
  const rate = BUS.find((b) => b[0] === bu)[3] * (grade === 'G1' ? 1.1 : 0.6);
  // early leavers: a quarter of a year's risk comes in the first 90 days
  const early = rnd.next() < rate * 0.35 ? rnd.int(5, 90) : Infinity;
  const later = Math.round(rnd.expo(365 / rate));
  const leave = Math.min(start + early, start + 90 + later);
  const ft =
    bu === 'RET' && grade === 'G1'
      ? rnd.weighted([
          [1, 35],
          [0.8, 15],
          [0.6, 20],
          [0.5, 18],
          [0.4, 12],
        ])
      : rnd.weighted([
          [1, 88],
          [0.8, 8],
          [0.6, 4],
        ]);
  const base = GRADES.find((x) => x[0] === grade)[3] * FAMILY_PAY[family] * (1 + 0.08 * rnd.noise()) * (gender === 'M' && grade >= 'G3' ? 1.04 : 1);
  const p = { id: g.nextId++, bu, loc, family, grade, start, leave, gender, fte: ft, hourly: money(Math.max(11.44, base)) };
  g.people.push(p);
  return p;
}

const gradeOf = (rnd) => rnd.weighted(GRADES.map((x) => [x[0], x[2]]));

/** The opening workforce at February 2024, with hire days drawn back from then. */
function openingWorkforce(g, queue) {
  const { rnd } = g;
  for (let k = 0; k < 5820; k++) {
    const bu = rnd.weighted(BUS.map((b) => [b[0], b[2]]));
    const loc = locationIn(g, bu);
    const family = rnd.weighted(FAMILY_MIX[bu]);
    const grade = gradeOf(rnd);
    const p = person(g, { bu, loc: loc[0], family, grade, start: D0 - Math.round(rnd.expo(1500)) - 1 });
    // the opening workforce's leaving days are drawn from February 2024 on
    p.leave = Math.max(p.leave, D0 + Math.round(rnd.expo(365 / (BUS.find((b) => b[0] === bu)[3] * (grade === 'G1' ? 1.1 : 0.6)))));
    queue.push(p);
  }
  // growth posts: e-commerce and distribution grow over the span
  for (let k = 0; k < 420; k++) {
    const bu = rnd.weighted([
      ['ECO', 55],
      ['DIS', 30],
      ['SSC', 15],
    ]);
    queue.push({ growth: true, bu, loc: locationIn(g, bu)[0], family: rnd.weighted(FAMILY_MIX[bu]), grade: gradeOf(rnd), leave: D0 + rnd.int(0, D1 - D0) });
  }
}

/** One application to vacancy `v`; the winner's offer is accepted and they start, joining the queue of people who may leave in turn. */
function application(g, v, a, queue) {
  const { rnd } = g;
  const won = a === v.winner;
  const src = won ? rnd.weighted(SOURCES.map((x) => [x[0], x[2] * x[3]])) : rnd.weighted(SOURCES.map((x) => [x[0], x[2]]));
  const applied = v.opened + rnd.int(0, Math.max(1, Math.floor(v.tth * 0.6)));
  if (applied > D1) return;
  const interviewed = won || rnd.next() < 0.25 ? applied + rnd.int(3, 12) : null;
  const declinedOffer = !won && interviewed !== null && rnd.next() < 0.12;
  const offered = won ? v.filled - rnd.int(1, 4) : declinedOffer ? interviewed + rnd.int(1, 6) : null;
  const outcome = won ? 'accepted' : declinedOffer ? 'declined' : null;
  const startOn = won ? v.filled + rnd.int(7, 28) : null;
  const of = offered !== null && offered <= D1 ? day(offered) : null;
  const first = rnd.pick(rnd.next() < 0.55 ? FIRST_F : FIRST_M);
  const last = rnd.pick(LAST);
  const started = startOn !== null && startOn <= D1;
  g.ins.application.run(
    g.nextApplication++,
    v.id,
    src,
    `${first} ${last}`,
    `${first.toLowerCase()}.${last.toLowerCase()}${rnd.int(1, 99)}@mailbox.test`,
    day(applied),
    interviewed !== null && interviewed <= D1 ? day(interviewed) : null,
    of,
    of === null ? null : outcome,
    started ? day(startOn) : null,
  );
  if (started) queue.push(person(g, { bu: v.post.bu, loc: v.post.loc, family: v.post.family, grade: v.post.grade, start: startOn }));
}

/** The vacancy a leaver's (or a growth) post opens, and its applications. */
function vacancy(g, p, queue) {
  const { rnd } = g;
  if (!p.growth && rnd.next() < 0.07) return; // post not replaced
  const opened = p.growth ? p.leave : p.leave - rnd.int(0, 25);
  const famDays = { STO: 24, WHS: 21, DRV: 38, CUS: 26, TEC: 58, FIN: 49, HRP: 44, BUY: 52 }[p.family] * (p.grade >= 'G3' ? 1.6 : 1);
  const tth = Math.max(6, Math.round(famDays * (0.55 + 0.9 * rnd.next())));
  const id = g.nextVacancy++;
  const cancelled = rnd.next() < 0.05;
  const filled = opened + tth;
  const filledOn = !cancelled && filled <= D1 ? day(filled) : null;
  const cancelledOn = cancelled && filled <= D1 ? day(filled) : null;
  const status = filledOn !== null ? 'filled' : cancelledOn !== null ? 'cancelled' : 'open';
  g.ins.vacancy.run(id, p.loc, p.bu, p.family, p.grade, day(opened), filledOn, cancelledOn, status);
  // applications: most come in the first half of the window
  const n = Math.max(3, Math.round((p.family === 'TEC' || p.family === 'DRV' ? 9 : 18) * (0.5 + rnd.next())));
  const v = { id, post: p, opened, tth, filled, winner: filledOn !== null ? rnd.int(0, n - 1) : -1 };
  for (let a = 0; a < n; a++) application(g, v, a, queue);
}

/** The people: an opening workforce at February 2024, then every leaver's post advertised as a vacancy, applied for through the hiring sources and filled by a new starter. */
function fillPeople(g) {
  const queue = [];
  openingWorkforce(g, queue);
  for (let i = 0; i < queue.length; i++) if (queue[i].leave <= D1) vacancy(g, queue[i], queue);
}

/** Promotions (and some lateral moves) while employed within the span; returns the grade reached. */
function moves(g, p) {
  const { rnd } = g;
  let grade = p.grade;
  const from = Math.max(p.start, D0);
  const to = Math.min(p.leave, D1);
  const count = rnd.poisson(Math.max(0, (to - from) / 365) * 0.09);
  for (let k = 0; k < count; k++) {
    const on = from + rnd.int(0, Math.max(0, to - from));
    const gi = GRADES.findIndex((x) => x[0] === grade);
    if (rnd.next() < 0.62 && gi < GRADES.length - 1) {
      const next = GRADES[gi + 1][0];
      g.ins.move.run(g.nextMove++, p.id, day(on), 'promotion', grade, next);
      grade = next;
    } else {
      g.ins.move.run(g.nextMove++, p.id, day(on), 'lateral', grade, grade);
    }
  }
  return grade;
}

/** One row of the employee file (names, NI numbers, birth dates, addresses, contact details, protected traits and pay are personal data). */
function employee(g, p, f) {
  const { rnd } = g;
  const first = rnd.pick(p.gender === 'F' ? FIRST_F : p.gender === 'M' ? FIRST_M : [...FIRST_F, ...FIRST_M]);
  const last = rnd.pick(LAST);
  const region = g.locations.find((l) => l[0] === p.loc)[4];
  const age = rnd.int(17, 66);
  const letter = () => String.fromCharCode(65 + rnd.int(0, 25));
  g.ins.employee.run(
    p.id,
    `${first} ${last}`,
    `${String.fromCharCode(65 + rnd.int(0, 22))}${String.fromCharCode(65 + rnd.int(0, 22))}${String(rnd.int(0, 999999)).padStart(6, '0')}${'ABCD'[rnd.int(0, 3)]}`,
    day(D1 - age * 365 - rnd.int(0, 364)),
    p.gender,
    rnd.weighted(ETHNICITY),
    rnd.next() < 0.07 ? 'Yes' : rnd.next() < 0.05 ? 'Prefer not to say' : 'No',
    rnd.weighted(RELIGION),
    `${rnd.int(1, 240)} ${rnd.pick(STREETS)}`,
    `${POSTAREA[region]}${rnd.int(1, 28)} ${rnd.int(1, 9)}${letter()}${letter()}`,
    `${first.toLowerCase()}.${last.toLowerCase()}${rnd.int(1, 999)}@mailbox.test`,
    `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
    p.bu,
    p.loc,
    p.family,
    f.grade,
    p.fte,
    rnd.next() < 0.08 ? 'fixed_term' : 'permanent',
    p.hourly,
    p.salary,
    p.start > D1 - 120 ? null : f.rating,
    day(p.start),
    f.left ? day(p.leave) : null,
    f.type,
    f.reason,
    f.regretted,
  );
}

/** The annual bonus each May (managers and above, a small one for colleagues in a good year) and the odd disciplinary case. */
function bonusesAndCases(g, p, rating) {
  const { rnd } = g;
  for (const y of [2024, 2025, 2026]) {
    const paid = dn(y, 5, 28);
    if (paid < p.start + 180 || paid > p.leave || paid > D1) continue;
    const pct = p.grade >= 'G3' ? 0.06 + 0.05 * rnd.next() : rnd.next() < 0.6 ? 0.015 : 0;
    p[`bonus${y}`] = pct > 0 ? money(p.salary * p.fte * pct * (rating / 3)) : 0;
    if (pct > 0) g.ins.bonus.run(g.nextBonus++, p.id, day(paid), p[`bonus${y}`]);
  }
  if (rnd.next() < 0.03) {
    const from = Math.max(p.start, D0);
    const on = Math.min(D1, from + rnd.int(0, Math.max(1, Math.min(p.leave, D1) - from)));
    const type = rnd.pick(['attendance', 'conduct', 'performance', 'grievance']);
    g.ins.case.run(g.nextCase++, p.id, day(on), type, rnd.pick(['no_action', 'verbal_warning', 'written_warning', 'final_warning', 'dismissal']));
  }
}

/** Leavers' reasons, ratings, promotions, the employee file, bonuses and disciplinary cases. */
function writePeople(g) {
  const { rnd } = g;
  Object.assign(g, { nextMove: 1, nextCase: 1, nextBonus: 1 });
  for (const p of g.people) {
    const left = p.leave <= D1;
    const [type, reason] = left ? rnd.weighted(LEAVE_REASONS.map((r) => [[r[0], r[1]], r[2]])) : [null, null];
    const rating = rnd.weighted([
      [1, 4],
      [2, 14],
      [3, 52],
      [4, 22],
      [5, 8],
    ]);
    const regretted = left && type === 'voluntary' && reason !== 'retirement' && rating >= 4 ? 1 : 0;
    const grade = moves(g, p);
    p.salary = Math.round((p.hourly * 37.5 * 52) / 10) * 10;
    employee(g, p, { left, type, reason, rating, regretted, grade });
    p.grade = grade;
    bonusesAndCases(g, p, rating);
  }
}

/** Sickness absence episodes (reason and medical note are health data), drawn per person-year; rates are higher in distribution and stores. */
function fillAbsence(g) {
  const { rnd } = g;
  let id = 1;
  const rate = { RET: 2.2, DIS: 2.4, SSC: 1.3, ECO: 1.9 };
  for (const p of g.people) {
    const from = Math.max(p.start, D0);
    const to = Math.min(p.leave - 1, D1);
    if (to <= from) continue;
    const n = rnd.poisson(((to - from) / 365) * rate[p.bu] * (0.4 + 1.2 * rnd.next()));
    for (let k = 0; k < n; k++) {
      const start = from + rnd.int(0, to - from);
      const [reason, , , mean] = rnd.weighted(ABSENCE_REASONS.map((r) => [r, r[2]]));
      const days = Math.max(1, Math.round(rnd.expo(mean)));
      const calDays = Math.round(days * 1.4);
      const end = Math.min(start + calDays - 1, D1);
      g.ins.absence.run(
        id++,
        p.id,
        day(start),
        day(end),
        Math.min(days, end - start + 1) * p.fte,
        reason,
        days > 7 ? rnd.pick(['fit note: unfit for work', 'fit note: phased return advised', 'fit note: amended duties', 'hospital discharge letter']) : null,
        days <= 7 ? 1 : 0,
      );
    }
  }
}

/** Mandatory training assigned to everyone employed at a financial year's start (or on joining), due within 90 days. */
function fillTraining(g) {
  const { rnd } = g;
  for (const [fy, first] of [
    ['FY25', dn(2024, 2, 1)],
    ['FY26', dn(2025, 2, 1)],
    ['FY27', dn(2026, 2, 1)],
  ]) {
    const last = dn(Number(`20${fy.slice(2)}`), 1, 31);
    for (const p of g.people) {
      if (p.leave <= first || p.start > Math.min(last, D1)) continue;
      const assigned = Math.max(first, p.start);
      for (const [code, , bu] of COURSES) {
        if (bu !== null && bu !== p.bu) continue;
        const due = assigned + 90;
        const rateDone = { RET: 0.86, DIS: 0.9, SSC: 0.95, ECO: 0.88 }[p.bu] * (code === 'EQD' ? 0.94 : 1);
        const done = rnd.next() < rateDone ? assigned + Math.round(rnd.expo(35)) : null;
        const completed = done !== null && done <= Math.min(D1, p.leave) ? day(done) : null;
        g.ins.assignment.run(p.id, code, fy, day(assigned), day(due), completed);
      }
    }
  }
}

/** Engagement survey results per wave and location (aggregated by the survey provider; no individual responses). */
function fillSurvey(g) {
  const { rnd } = g;
  for (const wave of WAVES) {
    const d = dn(Number(wave.slice(0, 4)), Number(wave.slice(5, 7)), 15);
    if (d > D1) continue;
    const tilt = { RET: -4, DIS: -9, SSC: 12, ECO: 6 };
    for (const l of g.locations) {
      const invited = g.people.filter((p) => p.loc === l[0] && p.start <= d && p.leave > d).length;
      if (invited === 0) continue;
      const responded = Math.round(invited * Math.min(0.95, 0.55 + 0.25 * rnd.next() + (l[3] === 'SSC' ? 0.1 : 0)));
      const prom = Math.max(0, Math.min(0.8, 0.32 + (tilt[l[3]] + 6 * rnd.noise()) / 100));
      const det = Math.max(0, Math.min(0.8, 0.3 - (tilt[l[3]] + 6 * rnd.noise()) / 100));
      const promoters = Math.round(responded * prom);
      const detractors = Math.min(responded - promoters, Math.round(responded * det));
      g.ins.survey.run(
        wave,
        l[0],
        l[3],
        invited,
        responded,
        promoters,
        responded - promoters - detractors,
        detractors,
        Math.round((68 + tilt[l[3]] / 2 + 3 * rnd.noise()) * 10) / 10,
      );
    }
  }
}

/** Contracted and overtime hours per location and month, and agency labour per business unit and month (peaks before Christmas). */
function fillHours(g) {
  const { rnd } = g;
  const suppliers = { RET: ['Staffline', 'Blue Arrow'], DIS: ['Staffline', 'Driver Hire', 'Adecco'], SSC: ['Hays'], ECO: ['Adecco', 'Staffline'] };
  for (const [m0, m1] of months()) {
    const month = day(m0).slice(0, 7);
    const mNo = Number(month.slice(5, 7));
    const peak = mNo === 11 || mNo === 12 ? 1.9 : mNo === 1 ? 1.2 : 1;
    const end = Math.min(m1, D1 + 1);
    const share = (end - m0) / (m1 - m0);
    const buHours = {};
    for (const l of g.locations) {
      let fte = 0;
      for (const p of g.people)
        if (p.loc === l[0] && p.start < end && p.leave >= m0) fte += p.fte * ((Math.min(end, p.leave) - Math.max(m0, p.start)) / (end - m0));
      if (fte === 0) continue;
      const contracted = Math.round(fte * 37.5 * 4.33 * share);
      const ot = Math.round(contracted * ({ RET: 0.025, DIS: 0.07, SSC: 0.01, ECO: 0.05 }[l[3]] * peak * (0.8 + 0.4 * rnd.next())));
      g.ins.timesheet.run(month, l[0], l[3], contracted, ot, money(ot * 13.2 * 1.5 * (0.95 + 0.1 * rnd.next())));
      buHours[l[3]] = (buHours[l[3]] ?? 0) + contracted;
    }
    const [fy, q] = fyOf(day(m0));
    for (const [bu] of BUS) {
      const base = { RET: 0.015, DIS: 0.09, SSC: 0.01, ECO: 0.07 }[bu] * peak;
      for (const supplier of suppliers[bu]) {
        const hours = Math.round(((buHours[bu] ?? 0) * base * (0.7 + 0.6 * rnd.next())) / suppliers[bu].length);
        g.ins.agency.run(month, fy, q, bu, supplier, hours, money(hours * (bu === 'SSC' ? 38 : 17.5) * (0.95 + 0.1 * rnd.next())));
      }
    }
  }
}

/** The statutory gender pay gap snapshots (5 April each year): ordinary hourly pay of full-pay relevant employees and the bonus paid in the twelve months before. */
function fillPayGap(g) {
  for (const y of [2024, 2025, 2026]) {
    const d = dn(y, 4, 5);
    for (const p of g.people) {
      if (p.start > d || p.leave <= d || p.gender === 'X') continue;
      const drift = 1 + 0.045 * (y - 2024);
      g.ins.gap.run(String(y), p.id, p.gender, money((p.hourly * drift) / 1.09), y > 2024 ? (p[`bonus${y - 1}`] ?? 0) : money((p.bonus2024 ?? 0) * 0.96));
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillPeople(g);
  writePeople(g);
  fillAbsence(g);
  fillTraining(g);
  fillSurvey(g);
  fillHours(g);
  fillPayGap(g);
  for (const source of [
    'hr_core',
    'recruitment_ats',
    'absence_system',
    'learning_platform',
    'survey_provider',
    'time_and_attendance',
    'agency_portal',
    'payroll',
  ])
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
