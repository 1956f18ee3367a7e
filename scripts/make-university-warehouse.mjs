#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261128;

// Aldermoor University's four faculties: code, name, teaching quality (0..1, drives NSS and pass marks)
const FACULTIES = [
  ['AHS', 'Arts, Humanities and Social Sciences', 0.84],
  ['BUS', 'Business and Law', 0.79],
  ['SCE', 'Science and Engineering', 0.81],
  ['HLS', 'Health and Life Sciences', 0.87],
];
const CAMPUSES = [
  ['CTY', 'City Campus'],
  ['RVP', 'Riverside Park Campus'],
];
// programme code, name, faculty, campus, level (UG, PGT, PGR), yearly intake, years of full-time study, applications per place
const PROGRAMMES = [
  ['ENGL-BA', 'BA English Literature', 'AHS', 'CTY', 'UG', 95, 3, 5],
  ['HIST-BA', 'BA History', 'AHS', 'CTY', 'UG', 80, 3, 5],
  ['PSYC-BSC', 'BSc Psychology', 'AHS', 'CTY', 'UG', 170, 3, 7],
  ['CRWR-MA', 'MA Creative Writing', 'AHS', 'CTY', 'PGT', 30, 1, 4],
  ['HUM-PHD', 'PhD Humanities', 'AHS', 'CTY', 'PGR', 9, 4, 3],
  ['ACFI-BA', 'BA Accounting and Finance', 'BUS', 'CTY', 'UG', 140, 3, 6],
  ['BMGT-BSC', 'BSc Business Management', 'BUS', 'CTY', 'UG', 230, 3, 6],
  ['LAW-LLB', 'LLB Law', 'BUS', 'CTY', 'UG', 160, 3, 8],
  ['MBA', 'Master of Business Administration', 'BUS', 'CTY', 'PGT', 45, 1, 5],
  ['INTB-MSC', 'MSc International Business', 'BUS', 'CTY', 'PGT', 120, 1, 7],
  ['BUS-PHD', 'PhD Business and Law', 'BUS', 'CTY', 'PGR', 7, 4, 3],
  ['MECH-BENG', 'BEng Mechanical Engineering', 'SCE', 'RVP', 'UG', 120, 3, 6],
  ['COMP-BSC', 'BSc Computer Science', 'SCE', 'RVP', 'UG', 190, 3, 9],
  ['CHEM-BSC', 'BSc Chemistry', 'SCE', 'RVP', 'UG', 70, 3, 5],
  ['DATA-MSC', 'MSc Data Science', 'SCE', 'RVP', 'PGT', 90, 1, 9],
  ['ENG-PHD', 'PhD Engineering', 'SCE', 'RVP', 'PGR', 14, 4, 3],
  ['NURS-BSC', 'BSc Adult Nursing', 'HLS', 'RVP', 'UG', 180, 3, 6],
  ['BIOM-BSC', 'BSc Biomedical Science', 'HLS', 'RVP', 'UG', 110, 3, 7],
  ['SPEX-BSC', 'BSc Sport and Exercise Science', 'HLS', 'RVP', 'UG', 90, 3, 5],
  ['PUBH-MSC', 'MSc Public Health', 'HLS', 'RVP', 'PGT', 40, 1, 5],
  ['LIFE-PHD', 'PhD Life Sciences', 'HLS', 'RVP', 'PGR', 12, 4, 3],
];
// level -> domicile weights (home, eu, international)
const DOMICILE = {
  UG: [
    ['home', 84],
    ['eu', 3],
    ['international', 13],
  ],
  PGT: [
    ['home', 38],
    ['eu', 4],
    ['international', 58],
  ],
  PGR: [
    ['home', 55],
    ['eu', 10],
    ['international', 35],
  ],
};
// yearly tuition fee in GBP for a full-time student: level -> [home and eu (settled), international]
const FEES = { UG: [9250, 17500], PGT: [10500, 19800], PGR: [4786, 18900] };
const ETHNICITY = [
  ['White', 68],
  ['Asian', 14],
  ['Black', 8],
  ['Mixed', 5],
  ['Other', 3],
  ['Not known', 2],
];
const DISABILITY = [
  'Specific learning difficulty',
  'Mental health condition',
  'Long-term illness',
  'Autistic spectrum',
  'Physical impairment',
  'Blind or visually impaired',
];
const ACTIVITIES = [
  ['employed_full_time', 56],
  ['employed_part_time', 10],
  ['further_study', 17],
  ['unemployed', 6],
  ['other', 11],
];
const NSS_THEMES = [
  ['teaching', 0.04],
  ['learning_opportunities', 0.0],
  ['assessment_feedback', -0.09],
  ['academic_support', 0.01],
  ['organisation_management', -0.1],
  ['learning_resources', 0.05],
  ['student_voice', -0.08],
  ['overall_satisfaction', -0.02],
];
// funder code, name, type, success rate, mean award GBP
const FUNDERS = [
  ['UKRI', 'UK Research and Innovation', 'research_council', 0.22, 420000],
  ['WELL', 'Wellcome Trust', 'charity', 0.15, 650000],
  ['LEVH', 'Leverhulme Trust', 'charity', 0.2, 180000],
  ['NIHR', 'National Institute for Health and Care Research', 'government', 0.26, 510000],
  ['HEUR', 'Horizon Europe', 'eu', 0.14, 720000],
  ['BRAC', 'British Academy', 'charity', 0.18, 95000],
  ['INDY', 'Industry and commerce', 'industry', 0.45, 140000],
];
// faculty -> funder weights for research bids
const BIDS = {
  AHS: { yearly: 38, funders: { UKRI: 4, LEVH: 4, BRAC: 5, HEUR: 1 } },
  BUS: { yearly: 22, funders: { UKRI: 3, LEVH: 2, BRAC: 2, INDY: 3, HEUR: 1 } },
  SCE: { yearly: 70, funders: { UKRI: 8, HEUR: 3, INDY: 5, LEVH: 1 } },
  HLS: { yearly: 60, funders: { UKRI: 4, WELL: 4, NIHR: 6, INDY: 2, HEUR: 1 } },
};
// hall code, name, campus, beds, weekly rent GBP
const HALLS = [
  ['BST', 'Bridge Street', 'CTY', 420, 168],
  ['FDC', 'Foundry Court', 'CTY', 310, 189],
  ['SAH', "St Anne's House", 'CTY', 160, 142],
  ['RVV', 'Riverside Village', 'RVP', 420, 155],
  ['MDH', 'Meadow Halls', 'RVP', 380, 131],
  ['OAK', 'Oak Lodge', 'RVP', 120, 176],
];
const FIRST = [
  'Aisha',
  'Ben',
  'Chloe',
  'Daniel',
  'Ella',
  'Finn',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Kai',
  'Leah',
  'Mia',
  'Noah',
  'Olivia',
  'Priya',
  'Ravi',
  'Sofia',
  'Tom',
  'Zara',
];
const LAST = [
  'Ali',
  'Brown',
  'Clarke',
  'Davies',
  'Evans',
  'Fletcher',
  'Green',
  'Hussain',
  'Jones',
  'Khan',
  'Lewis',
  'Martin',
  'Nowak',
  'Okafor',
  'Patel',
  'Roberts',
  'Smith',
  'Taylor',
  'Wilson',
  'Wright',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Park Avenue', 'Mill Road', 'Victoria Street', 'Queens Road', 'Green Lane'];
const SCHOOLS = ['Aldermoor Sixth Form College', 'St Bede’s Academy', 'Kingsway High School', 'Northgate Grammar', 'Riverside College', 'Hollins Park School'];
const TITLES = [
  ['Lecturer', 5, 45000],
  ['Senior Lecturer', 4, 58000],
  ['Reader', 1, 66000],
  ['Professor', 1.4, 84000],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2015, 8, 1); // the student record system's first academic year
const D1 = dn(2026, 11, 25); // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const two = (y) => String(y % 100).padStart(2, '0');
/** The academic year (August to July) a day falls in, spelled as the student record system does: 2025/26. */
const ayOf = (n) => {
  const d = day(n);
  const y = Number(d.slice(0, 4));
  const start = Number(d.slice(5, 7)) >= 8 ? y : y - 1;
  return `${start}/${two(start + 1)}`;
};
const yearOf = (n) => Number(day(n).slice(0, 4));

const SCHEMA = `
CREATE TABLE faculties (faculty_code TEXT PRIMARY KEY, faculty_name TEXT NOT NULL);
CREATE TABLE campuses (campus_code TEXT PRIMARY KEY, campus_name TEXT NOT NULL);
CREATE TABLE programmes (programme_code TEXT PRIMARY KEY, programme_name TEXT NOT NULL, faculty_code TEXT NOT NULL REFERENCES faculties(faculty_code), campus_code TEXT NOT NULL REFERENCES campuses(campus_code), level TEXT NOT NULL, duration_years INTEGER NOT NULL);
CREATE TABLE academic_years (academic_year TEXT PRIMARY KEY, starts_on TEXT NOT NULL, census_on TEXT NOT NULL, ends_on TEXT NOT NULL);
CREATE TABLE applications (application_id INTEGER PRIMARY KEY, applicant_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, school_name TEXT, programme_code TEXT NOT NULL REFERENCES programmes(programme_code), entry_year INTEGER NOT NULL, domicile TEXT NOT NULL, applied_on TEXT NOT NULL, decision TEXT, decided_on TEXT, firm_accepted INTEGER NOT NULL, enrolled INTEGER NOT NULL);
CREATE TABLE students (student_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, ethnicity TEXT NOT NULL, disability TEXT, domicile TEXT NOT NULL, programme_code TEXT NOT NULL REFERENCES programmes(programme_code), entry_on TEXT NOT NULL, entry_year INTEGER NOT NULL, mode TEXT NOT NULL, withdrawn_on TEXT, qualified_on TEXT, classification TEXT);
CREATE TABLE enrolments (student_id TEXT NOT NULL REFERENCES students(student_id), academic_year TEXT NOT NULL, programme_code TEXT NOT NULL, year_of_study INTEGER NOT NULL, mode TEXT NOT NULL, fte REAL NOT NULL, fee_status TEXT NOT NULL, registered_on TEXT NOT NULL, status TEXT NOT NULL, PRIMARY KEY (student_id, academic_year));
CREATE TABLE modules (module_code TEXT PRIMARY KEY, module_title TEXT NOT NULL, programme_code TEXT NOT NULL REFERENCES programmes(programme_code), faculty_code TEXT NOT NULL, fheq_level INTEGER NOT NULL, credits INTEGER NOT NULL);
CREATE TABLE module_results (student_id TEXT NOT NULL REFERENCES students(student_id), module_code TEXT NOT NULL REFERENCES modules(module_code), academic_year TEXT NOT NULL, mark INTEGER NOT NULL, grade TEXT NOT NULL, passed INTEGER NOT NULL, confirmed_on TEXT NOT NULL, PRIMARY KEY (student_id, module_code, academic_year));
CREATE TABLE graduate_outcomes (student_id TEXT PRIMARY KEY REFERENCES students(student_id), qualified_on TEXT NOT NULL, surveyed_on TEXT NOT NULL, responded INTEGER NOT NULL, activity TEXT, highly_skilled INTEGER, salary_gbp INTEGER);
CREATE TABLE nss_results (survey_year INTEGER NOT NULL, programme_code TEXT NOT NULL REFERENCES programmes(programme_code), theme TEXT NOT NULL, eligible INTEGER NOT NULL, respondents INTEGER NOT NULL, positive_responses INTEGER NOT NULL, PRIMARY KEY (survey_year, programme_code, theme));
CREATE TABLE staff (staff_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, faculty_code TEXT NOT NULL REFERENCES faculties(faculty_code), job_title TEXT NOT NULL, staff_type TEXT NOT NULL, fte REAL NOT NULL, annual_salary_gbp INTEGER NOT NULL, started_on TEXT NOT NULL, left_on TEXT);
CREATE TABLE fee_invoices (invoice_no TEXT PRIMARY KEY, student_id TEXT NOT NULL REFERENCES students(student_id), academic_year TEXT NOT NULL, fee_status TEXT NOT NULL, payer TEXT NOT NULL, invoiced_on TEXT NOT NULL, due_on TEXT NOT NULL, amount_gbp REAL NOT NULL, paid_gbp REAL NOT NULL, written_off_gbp REAL NOT NULL, written_off_on TEXT);
CREATE TABLE financial_awards (award_id INTEGER PRIMARY KEY, student_id TEXT NOT NULL REFERENCES students(student_id), academic_year TEXT NOT NULL, award_type TEXT NOT NULL, awarded_on TEXT NOT NULL, amount_gbp REAL NOT NULL);
CREATE TABLE halls (hall_code TEXT PRIMARY KEY, hall_name TEXT NOT NULL, campus_code TEXT NOT NULL REFERENCES campuses(campus_code), beds INTEGER NOT NULL, weekly_rent_gbp REAL NOT NULL);
CREATE TABLE residence_contracts (contract_id INTEGER PRIMARY KEY, student_id TEXT NOT NULL REFERENCES students(student_id), hall_code TEXT NOT NULL REFERENCES halls(hall_code), academic_year TEXT NOT NULL, starts_on TEXT NOT NULL, ends_on TEXT NOT NULL);
CREATE TABLE library_daily (day TEXT NOT NULL, campus_code TEXT NOT NULL REFERENCES campuses(campus_code), gate_entries INTEGER NOT NULL, loans INTEGER NOT NULL, eresource_downloads INTEGER NOT NULL, PRIMARY KEY (day, campus_code));
CREATE TABLE vle_daily (day TEXT NOT NULL, faculty_code TEXT NOT NULL REFERENCES faculties(faculty_code), logins INTEGER NOT NULL, unique_users INTEGER NOT NULL, PRIMARY KEY (day, faculty_code));
CREATE TABLE funders (funder_code TEXT PRIMARY KEY, funder_name TEXT NOT NULL, funder_type TEXT NOT NULL);
CREATE TABLE grant_applications (bid_ref TEXT PRIMARY KEY, faculty_code TEXT NOT NULL REFERENCES faculties(faculty_code), funder_code TEXT NOT NULL REFERENCES funders(funder_code), pi_staff_id TEXT NOT NULL REFERENCES staff(staff_id), submitted_on TEXT NOT NULL, outcome TEXT NOT NULL, decided_on TEXT, requested_gbp REAL NOT NULL, awarded_gbp REAL);
CREATE TABLE research_income (bid_ref TEXT NOT NULL REFERENCES grant_applications(bid_ref), month TEXT NOT NULL, amount_gbp REAL NOT NULL, PRIMARY KEY (bid_ref, month));
${calendarTables('is_teaching_week')}
`;
const LAYOUT = 901;
const INDEXES = `
CREATE INDEX applications_entry ON applications (entry_year, programme_code);
CREATE INDEX enrolments_year ON enrolments (academic_year, programme_code);
CREATE INDEX enrolments_study ON enrolments (student_id, year_of_study);
CREATE INDEX module_results_year ON module_results (academic_year, module_code);
CREATE INDEX fee_invoices_due ON fee_invoices (due_on);
CREATE INDEX grant_applications_decided ON grant_applications (decided_on);
`;

/** The date dimension; a teaching week is a weekday in the two semesters (late September to mid-December, late January to early May). */
const teaching = (n, wd) => {
  const md = new Date(n * DAY * 1000).toISOString().slice(5, 10);
  return wd < 5 && ((md >= '09-22' && md <= '12-12') || (md >= '01-26' && md <= '05-08')) ? 1 : 0;
};
const calendarOf = (db) => fillCalendar(db, { first: D0 - 400, last: D1 + 800, day, weekdayOf, flag: teaching });

const INSERTS = {
  faculty: ['faculties', 2],
  campus: ['campuses', 2],
  programme: ['programmes', 6],
  year: ['academic_years', 4],
  application: ['applications', 12],
  student: ['students', 15],
  enrolment: ['enrolments', 9],
  module: ['modules', 6],
  result: ['module_results', 7],
  outcome: ['graduate_outcomes', 7],
  nss: ['nss_results', 6],
  staff: ['staff', 10],
  invoice: ['fee_invoices', 11],
  award: ['financial_awards', 6],
  hall: ['halls', 5],
  contract: ['residence_contracts', 6],
  library: ['library_daily', 5],
  vle: ['vle_daily', 4],
  funder: ['funders', 3],
  bid: ['grant_applications', 9],
  income: ['research_income', 3],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { application: 0, student: 0, invoice: 0, award: 0, contract: 0, staff: 0 };
  return { rnd, ins, ids, beds: {}, finalists: {}, staffByFaculty: {} };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const postcodeOf = (rnd) =>
  `${rnd.pick(['AM', 'LS', 'M', 'NE', 'B', 'S'])}${rnd.int(1, 28)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`;
const FACULTY_SKILL = Object.fromEntries(FACULTIES.map(([code, , skill]) => [code, skill]));

/** Faculties, campuses, programmes with their modules, halls, funders and the academic years with their 1 December census. */
function fillReference(g) {
  for (const [code, name] of FACULTIES) g.ins.faculty.run(code, name);
  for (const [code, name] of CAMPUSES) g.ins.campus.run(code, name);
  for (const [code, name, faculty, campus, level, , years] of PROGRAMMES) {
    g.ins.programme.run(code, name, faculty, campus, level, years);
    if (level === 'PGR') continue;
    const stem = code.split('-')[0].slice(0, 4);
    for (let y = 1; y <= years; y++) {
      const fheq = level === 'PGT' ? 7 : 3 + y;
      for (let k = 1; k <= 4; k++) g.ins.module.run(`${stem}${fheq}0${k}`, `${name.replace(/^\S+ /, '')} ${fheq}.${k}`, code, faculty, fheq, 30);
    }
  }
  for (const [code, name, campus, beds, rent] of HALLS) g.ins.hall.run(code, name, campus, beds, rent);
  for (const [code, name, type] of FUNDERS) g.ins.funder.run(code, name, type);
  for (let y = 2014; y <= 2028; y++) {
    const start = dn(y, 8, 1);
    g.ins.year.run(ayOf(start + 40), day(start), day(dn(y, 12, 1)), day(dn(y + 1, 7, 31)));
  }
}

/** A new student: identity and personal data (name, birth date, address, ethnicity, disability), domicile and mode. */
function newStudent(g, prog, n) {
  const { rnd } = g;
  const [code, , , , level] = prog;
  const id = `${yearOf(n)}${String(++g.ids.student).padStart(6, '0')}`;
  const age = level === 'UG' ? rnd.int(18, 21) + (rnd.next() < 0.15 ? rnd.int(2, 15) : 0) : rnd.int(21, 40);
  const domicile = rnd.weighted(DOMICILE[level]);
  const partTime = rnd.next() < (level === 'UG' ? 0.05 : 0.2);
  const student = { id, prog, level, domicile, mode: partTime ? 'PT' : 'FT', entry: n, years: prog[6] * (partTime ? 2 : 1) };
  student.row = [
    id,
    nameOf(rnd),
    day(n - age * 365 - rnd.int(0, 364)),
    `${rnd.int(1, 220)} ${rnd.pick(STREETS)}`,
    postcodeOf(rnd),
    rnd.weighted(ETHNICITY),
    rnd.next() < 0.14 ? rnd.pick(DISABILITY) : null,
    domicile,
    code,
    day(n),
    yearOf(n),
    student.mode,
  ];
  return student;
}

/** The year a student leaves in (withdrawal) or finishes: first years leave most; a weaker faculty loses more. */
function progress(g, s) {
  const { rnd } = g;
  const risk = (1.25 - FACULTY_SKILL[s.prog[2]]) * (s.domicile === 'international' ? 0.8 : 1);
  let span = s.years + (rnd.next() < 0.07 ? 1 : 0);
  for (let y = 1; y <= span; y++) {
    const p = y === 1 ? 0.2 * risk : 0.07 * risk;
    if (rnd.next() < p) return { leaveYear: y, withdrawn: true, span: y };
  }
  if (s.level === 'PGR' && rnd.next() < 0.3) span += 1;
  return { leaveYear: span, withdrawn: false, span };
}

/** One student from entry to withdrawal or award: a registration per academic year, fees, awards, halls and results. */
function studyLife(g, s) {
  const { rnd } = g;
  const path = progress(g, s);
  let withdrawnOn = null;
  let qualifiedOn = null;
  for (let y = 1; y <= path.span; y++) {
    const start = s.entry + (y - 1) * 365;
    if (start > D1) break;
    const leaving = path.withdrawn && y === path.leaveYear;
    const leftOn = leaving ? start + rnd.int(20, 250) : null;
    const finalYear = !path.withdrawn && y === path.span;
    const done = finalYear ? start + (s.level === 'PGT' ? 360 : s.level === 'PGR' ? 300 : 295) : null;
    const status = leftOn !== null && leftOn <= D1 ? 'withdrawn' : done !== null && done <= D1 ? 'completed' : start + 300 <= D1 ? 'progressed' : 'current';
    register(g, s, y, start, status);
    if (leftOn !== null && leftOn <= D1) withdrawnOn = day(leftOn);
    if (done !== null && done <= D1) qualifiedOn = done;
  }
  const cls = qualifiedOn !== null && s.level === 'UG' ? classify(g, s) : null;
  g.ins.student.run(...s.row, withdrawnOn, qualifiedOn === null ? null : day(qualifiedOn), cls);
  if (qualifiedOn !== null && s.level !== 'PGR') surveyGraduate(g, s, qualifiedOn);
}

/** A degree classification: stronger faculties award more firsts and upper seconds. */
function classify(g, s) {
  const bump = FACULTY_SKILL[s.prog[2]] - 0.8;
  const r = g.rnd.next() - bump;
  return r < 0.28 ? 'first' : r < 0.75 ? 'upper_second' : r < 0.95 ? 'lower_second' : 'third';
}

/** One academic year's registration, with what hangs on it: the fee invoice, awards, a hall place and module results. */
function register(g, s, y, start, status) {
  const ay = ayOf(start);
  const fte = s.mode === 'PT' ? 0.5 : 1;
  const feeStatus = s.domicile === 'international' || (s.domicile === 'eu' && yearOf(start) >= 2021) ? 'international' : 'home';
  const yos = s.mode === 'PT' ? Math.ceil(y / 2) : y;
  g.ins.enrolment.run(s.id, ay, s.prog[0], yos, s.mode, fte, feeStatus, day(start + g.rnd.int(0, 12)), status);
  if (s.level === 'UG' && yos === s.prog[6] && !(status === 'withdrawn'))
    g.finalists[`${s.prog[0]}|${yearOf(start) + 1}`] = (g.finalists[`${s.prog[0]}|${yearOf(start) + 1}`] ?? 0) + 1;
  invoice(g, s, ay, start, feeStatus, fte);
  award(g, s, ay, start, y, feeStatus);
  if (y === 1 || (s.domicile === 'international' && g.rnd.next() < 0.3)) house(g, s, ay, start, status);
  if (s.level !== 'PGR') results(g, s, ay, start, yos);
}

// payer -> the year's fee invoiced in parts: [share, days after registration]
const INSTALMENTS = {
  slc: [
    [0.25, 40],
    [0.25, 140],
    [0.5, 240],
  ],
  self: [
    [0.5, 0],
    [0.5, 120],
  ],
  sponsor: [[1, 20]],
};

/** The year's tuition fee, invoiced in instalments: the Student Loans Company pays home undergraduates; self-funders sometimes leave debt, some of it written off. */
function invoice(g, s, ay, start, feeStatus, fte) {
  const { rnd } = g;
  const [home, intl] = FEES[s.level];
  const amount = (feeStatus === 'home' ? home : intl) * fte * (1 + 0.03 * Math.max(0, yearOf(start) - 2022));
  const payer = feeStatus === 'home' && s.level === 'UG' ? 'slc' : s.level === 'PGR' && rnd.next() < 0.6 ? 'sponsor' : 'self';
  const risk = payer === 'self' ? (feeStatus === 'international' ? 0.12 : 0.09) : payer === 'sponsor' ? 0.03 : 0;
  for (const [share, after] of INSTALMENTS[payer]) {
    if (start + after > D1) break;
    instalment(g, s, ay, feeStatus, payer, start + after, money(amount * share), risk);
  }
}

/** One fee invoice: what was paid by the last load, and what was written off as bad debt. */
function instalment(g, s, ay, feeStatus, payer, raised, amount, risk) {
  const { rnd } = g;
  const due = raised + 30;
  const aged = D1 - due;
  const unpaid = rnd.next() < risk ? money(amount * (0.2 + 0.8 * rnd.next())) : 0;
  const stillOwed = payer !== 'slc' && aged < 45 && rnd.next() < 0.3 ? amount : unpaid;
  const writeOff = aged > 540 && unpaid > 0 && rnd.next() < 0.55 ? unpaid : 0;
  const writtenOn = writeOff > 0 ? day(due + 400 + rnd.int(0, 120)) : null;
  const no = `INV${String(++g.ids.invoice).padStart(7, '0')}`;
  g.ins.invoice.run(no, s.id, ay, feeStatus, payer, day(raised), day(due), amount, money(amount - stillOwed), writeOff, writtenOn);
}

/** Scholarships, bursaries and financial aid awarded for the year. */
function award(g, s, ay, start, y, feeStatus) {
  const { rnd } = g;
  const give = (type, amount) => g.ins.award.run(++g.ids.award, s.id, ay, type, day(start + rnd.int(10, 60)), money(amount));
  if (s.level === 'UG' && feeStatus === 'home' && rnd.next() < 0.28) give('access_bursary', y === 1 ? 1500 : 1000);
  if (s.level === 'UG' && y === 1 && rnd.next() < 0.02) give('vice_chancellors_scholarship', 3000);
  if (feeStatus === 'international' && s.level !== 'PGR' && y === 1 && rnd.next() < 0.35) give('international_merit', rnd.pick([2000, 3000, 4000, 5000]));
  if (rnd.next() < 0.04) give('hardship_fund', 250 + rnd.int(0, 15) * 50);
  if (s.level === 'UG' && rnd.next() < 0.01) give('sports_scholarship', 1500);
  if (s.level === 'PGR' && rnd.next() < 0.6) give('phd_studentship', 19237 * (1 + 0.025 * Math.max(0, yearOf(start) - 2023)));
}

/** A hall place on the programme's campus while beds last: most first years and some returning international students. */
function house(g, s, ay, start, status) {
  const { rnd } = g;
  if (rnd.next() > (s.domicile === 'home' ? 0.62 : 0.85)) return;
  const halls = HALLS.filter((h) => h[2] === s.prog[3]);
  const hall = rnd.pick(halls);
  const key = `${hall[0]}|${ay}`;
  g.beds[key] = (g.beds[key] ?? 0) + 1;
  if (g.beds[key] > hall[3] || start - 8 > D1) return;
  const ends = status === 'withdrawn' || rnd.next() < 0.04 ? start + rnd.int(30, 200) : start + 290 + rnd.int(0, 10);
  g.ins.contract.run(++g.ids.contract, s.id, hall[0], ay, day(start - rnd.int(1, 8)), day(ends));
}

/** A module's own difficulty in marks, fixed by its code (-10 to +4): some modules are harder than others. */
const difficulty = (module) => ([...module].reduce((sum, c) => sum + c.charCodeAt(0) * 7, 0) % 15) - 10;

/** Module marks once the exam board confirms them (February for semester one, June for semester two). */
function results(g, s, ay, start, yos) {
  const { rnd } = g;
  if (start < dn(2021, 8, 1)) return;
  const fheq = s.level === 'PGT' ? 7 : 3 + Math.min(yos, 3);
  const stem = s.prog[0].split('-')[0].slice(0, 4);
  const skill = FACULTY_SKILL[s.prog[2]];
  for (let k = 1; k <= (s.mode === 'PT' ? 2 : 4); k++) {
    const confirmed = start + (k <= 2 ? 150 : 300);
    if (confirmed > D1) continue;
    const module = `${stem}${fheq}0${k}`;
    const mark = Math.max(0, Math.min(95, Math.round(39 + 28 * skill + difficulty(module) + rnd.noise() * 16)));
    const pass = s.level === 'PGT' ? 50 : 40;
    const grade = mark >= 70 ? 'A' : mark >= 60 ? 'B' : mark >= 50 ? 'C' : mark >= 40 ? 'D' : 'F';
    g.ins.result.run(s.id, module, ay, mark, grade, mark >= pass ? 1 : 0, day(confirmed));
  }
}

/** Graduate outcomes: each graduate is surveyed six months after qualifying. */
function surveyGraduate(g, s, qualified) {
  const { rnd } = g;
  const surveyed = qualified + 183 + rnd.int(0, 30);
  if (surveyed > D1) return;
  const responded = rnd.next() < 0.52;
  const activity = responded ? rnd.weighted(ACTIVITIES) : null;
  const working = activity === 'employed_full_time' || activity === 'employed_part_time';
  const skilled = working ? (rnd.next() < 0.55 + 0.3 * (FACULTY_SKILL[s.prog[2]] - 0.75) + (s.level === 'PGT' ? 0.15 : 0) ? 1 : 0) : null;
  const salary = activity === 'employed_full_time' ? Math.round(((s.level === 'PGT' ? 31000 : 24500) * (0.8 + 0.45 * rnd.next())) / 100) * 100 : null;
  g.ins.outcome.run(s.id, day(qualified), day(surveyed), responded ? 1 : 0, activity, skilled, salary);
}

/** Each programme's cohorts from 2015 to this autumn's intake. */
function fillStudents(g) {
  const { rnd } = g;
  for (let year = 2015; year <= 2026; year++) {
    for (const prog of PROGRAMMES) {
      const growth = 1 + 0.02 * (year - 2015);
      const size = Math.round(prog[5] * growth * (0.85 + 0.3 * rnd.next()));
      for (let k = 0; k < size; k++) {
        const n = dn(year, prog[4] === 'PGR' && year > 2015 && rnd.next() < 0.3 ? 1 : 9, 15) + rnd.int(0, 14);
        studyLife(g, newStudent(g, prog, n));
      }
    }
  }
}

/** One application through the cycle: decision, firm acceptance and whether the applicant enrolled. */
function apply(g, prog, entry, n) {
  const { rnd } = g;
  const [code, , , , level] = prog;
  const age = level === 'UG' ? 17 : rnd.int(21, 35);
  const waits = n + Math.round(rnd.expo(level === 'UG' ? 45 : 25));
  const decided = waits <= D1;
  const offer = decided && rnd.next() < (level === 'PGR' ? 0.35 : level === 'PGT' ? 0.62 : 0.74);
  const withdrawn = decided && !offer && rnd.next() < 0.12;
  const decision = !decided ? null : offer ? 'offer' : withdrawn ? 'withdrawn' : 'reject';
  const startOn = dn(entry, 9, 20);
  const firm = offer && startOn - 60 <= D1 ? rnd.next() < (level === 'UG' ? 0.27 : 0.33) : offer && rnd.next() < 0.12;
  const enrolled = firm && startOn <= D1 && rnd.next() < 0.86 ? 1 : 0;
  const school = level === 'UG' ? rnd.pick(SCHOOLS) : null;
  const domicile = rnd.weighted(DOMICILE[level]);
  g.ins.application.run(
    ++g.ids.application,
    nameOf(rnd),
    day(n - age * 365 - rnd.int(0, 364)),
    school,
    code,
    entry,
    domicile,
    day(n),
    decision,
    decided ? day(waits) : null,
    firm ? 1 : 0,
    enrolled,
  );
}

/** The admissions cycles for entry from 2021 to 2027: applications open in the October before entry. */
function fillApplications(g) {
  const { rnd } = g;
  for (let entry = 2021; entry <= 2027; entry++) {
    for (const prog of PROGRAMMES) {
      const total = Math.round(prog[5] * prog[7] * (1 + 0.03 * (entry - 2021)) * (0.9 + 0.2 * rnd.next()));
      const open = dn(entry - 1, 10, 1);
      const close = dn(entry, prog[4] === 'UG' ? 6 : 8, 30);
      for (let k = 0; k < total; k++) {
        const n = open + Math.floor((close - open) * rnd.next() ** (prog[4] === 'UG' ? 1.6 : 1));
        if (n <= D1) apply(g, prog, entry, n);
      }
    }
  }
}

/** National Student Survey results per programme and theme, from the final-year cohort each spring. */
function fillNss(g) {
  const { rnd } = g;
  for (let year = 2021; year <= 2026; year++) {
    for (const [code, , faculty, , level] of PROGRAMMES) {
      const eligible = level === 'UG' ? (g.finalists[`${code}|${year}`] ?? 0) : 0;
      if (eligible === 0) continue;
      const respondents = Math.round(eligible * (0.62 + 0.15 * rnd.next()));
      for (const [theme, offset] of NSS_THEMES) {
        const rate = Math.min(0.98, FACULTY_SKILL[faculty] + offset + 0.04 * rnd.noise());
        g.ins.nss.run(year, code, theme, eligible, respondents, Math.round(respondents * rate));
      }
    }
  }
}

/** Academic and professional staff per faculty (names, emails and salaries are personal data); a few have left. */
function fillStaff(g) {
  const { rnd } = g;
  for (const [faculty] of FACULTIES) {
    const places = PROGRAMMES.filter((p) => p[2] === faculty).reduce((s, p) => s + p[5] * p[6], 0);
    const academics = Math.round(places / 15.5);
    g.staffByFaculty[faculty] = [];
    for (let k = 0; k < academics + Math.round(academics * 0.45); k++) {
      const academic = k < academics;
      const [title, , base] = academic ? rnd.weighted(TITLES.map((t) => [t, t[1]])) : ['Administrator', 0, 29000];
      const id = `E${String(++g.ids.staff).padStart(5, '0')}`;
      const name = nameOf(rnd);
      const started = dn(2004, 1, 1) + rnd.int(0, D1 - 60 - dn(2004, 1, 1));
      const left = rnd.next() < 0.14 ? Math.min(D1, started + rnd.int(200, 3000)) : null;
      const fte = rnd.next() < 0.8 ? 1 : rnd.pick([0.5, 0.6, 0.8]);
      g.ins.staff.run(
        id,
        name,
        `${name.toLowerCase().replace(' ', '.')}@aldermoor.test`,
        faculty,
        k === 0 ? 'Head of Department' : title,
        academic ? 'academic' : 'professional',
        fte,
        Math.round(base * (0.95 + 0.2 * rnd.next())),
        day(started),
        left === null ? null : day(left),
      );
      if (academic) g.staffByFaculty[faculty].push(id);
    }
  }
}

/** Research bids per faculty and funder, their outcomes and the income awarded grants earn month by month as they spend. */
function fillResearch(g) {
  const { rnd } = g;
  let seq = 0;
  for (let n = dn(2021, 1, 4); n <= D1; n += 7) {
    for (const [faculty, { yearly, funders }] of Object.entries(BIDS)) {
      for (let k = rnd.poisson(yearly / 52); k > 0; k--) {
        const code = rnd.weighted(Object.entries(funders));
        const funder = FUNDERS.find((f) => f[0] === code);
        const requested = money(funder[4] * (0.3 + 1.4 * rnd.next()));
        const decided = n + 60 + Math.round(rnd.expo(120));
        const outcome = decided > D1 ? 'pending' : rnd.next() < funder[3] ? 'awarded' : rnd.next() < 0.05 ? 'withdrawn' : 'rejected';
        const awarded = outcome === 'awarded' ? money(requested * (0.85 + 0.15 * rnd.next())) : null;
        const ref = `BID-${yearOf(n)}-${String(++seq).padStart(4, '0')}`;
        g.ins.bid.run(
          ref,
          faculty,
          funder[0],
          rnd.pick(g.staffByFaculty[faculty]),
          day(n + rnd.int(0, 4)),
          outcome,
          outcome === 'pending' ? null : day(decided),
          requested,
          awarded,
        );
        if (awarded !== null) spend(g, ref, decided, awarded);
      }
    }
  }
}

/** Research income recognised as an awarded grant spends, in equal monthly parts from the month after the award. */
function spend(g, ref, decided, awarded) {
  const months = g.rnd.int(12, 48);
  const first = new Date(decided * DAY * 1000);
  for (let m = 1; m <= months; m++) {
    const at = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1) / 1000 / DAY;
    if (at > D1) break;
    g.ins.income.run(ref, day(at).slice(0, 7), money(awarded / months));
  }
}

/** Library gate entries, loans and e-resource downloads per campus and VLE logins per faculty, daily for three years. */
function fillUsage(g) {
  const { rnd } = g;
  for (let n = dn(2023, 8, 1); n <= D1; n++) {
    const wd = weekdayOf(n);
    const busy = teaching(n, wd) ? 1 : wd >= 5 ? 0.35 : 0.45;
    for (const [campus] of CAMPUSES) {
      const size = campus === 'CTY' ? 1 : 0.8;
      g.ins.library.run(
        day(n),
        campus,
        Math.round(2600 * size * busy * (0.9 + 0.2 * rnd.next())),
        Math.round(310 * size * busy * (0.85 + 0.3 * rnd.next())),
        Math.round(5200 * size * (0.5 + busy) * (0.9 + 0.2 * rnd.next())),
      );
    }
    for (const [faculty] of FACULTIES) {
      const users = Math.round(2100 * busy * (0.85 + 0.3 * rnd.next()));
      g.ins.vle.run(day(n), faculty, Math.round(users * (1.6 + 0.6 * rnd.next())), users);
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillStaff(g);
  fillStudents(g);
  fillApplications(g);
  fillNss(g);
  fillResearch(g);
  fillUsage(g);
  for (const source of ['sits', 'ucas', 'agresso', 'worktribe', 'nss', 'alma', 'moodle', 'kinetic', 'graduate_outcomes', 'hr']) g.ins.load.run(source, day(D1));
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
