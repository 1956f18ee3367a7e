#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261215;

// Ashcombe Reid LLP's offices: code, name, share of fee earners, rate factor against London
const OFFICES = [
  ['LDN', 'London', 0.46, 1],
  ['MAN', 'Manchester', 0.23, 0.74],
  ['BRS', 'Bristol', 0.17, 0.72],
  ['EDI', 'Edinburgh', 0.14, 0.7],
];
// practice groups: code, name, share of fee earners, realisation (billed value over recorded time value)
const PRACTICE_GROUPS = [
  ['CORP', 'Corporate', 0.25, 0.91],
  ['LIT', 'Litigation', 0.22, 0.86],
  ['RE', 'Real Estate', 0.17, 0.88],
  ['EMP', 'Employment', 0.12, 0.84],
  ['PC', 'Private Client', 0.1, 0.93],
  ['IP', 'Intellectual Property', 0.14, 0.89],
];
// grades: code, name, share, annual chargeable hours target, London standard hourly rate GBP, salary band GBP
const GRADES = [
  ['PTR', 'Partner', 0.17, 1300, 650, [140000, 260000]],
  ['SA', 'Senior Associate', 0.2, 1450, 480, [85000, 120000]],
  ['ASC', 'Associate', 0.3, 1500, 360, [55000, 90000]],
  ['TRN', 'Trainee', 0.1, 1350, 190, [38000, 48000]],
  ['PL', 'Paralegal', 0.23, 1200, 150, [28000, 38000]],
];
const WRITE_OFF_REASONS = [
  ['FEE', 'Fee dispute', 34],
  ['SCOPE', 'Out of scope', 28],
  ['ERR', 'Error', 14],
  ['GOOD', 'Goodwill', 24],
];
const NON_CHARGEABLE = [
  ['business_development', 34],
  ['knowledge', 20],
  ['admin', 22],
  ['training', 14],
  ['pro_bono', 10],
];
const AGE_BANDS = [
  ['0-30', 0.46],
  ['31-90', 0.31],
  ['91-180', 0.15],
  ['180+', 0.08],
];
const FIRST = [
  'Alice',
  'James',
  'Sophie',
  'Rory',
  'Hannah',
  'Oliver',
  'Priya',
  'Callum',
  'Grace',
  'Ibrahim',
  'Eilidh',
  'Tom',
  'Nadia',
  'Luke',
  'Chloe',
  'Ravi',
];
const LAST = [
  'Bennett',
  'Okafor',
  'Hughes',
  'Campbell',
  'Shah',
  'Morgan',
  'Fletcher',
  'Doyle',
  'Kaur',
  'Wallace',
  'Price',
  'Ellis',
  'Murray',
  'Barker',
  'Chen',
  'Lloyd',
];
const CLIENT_WORDS = [
  'Northgate',
  'Severn',
  'Pennine',
  'Harbour',
  'Clyde',
  'Albion',
  'Meridian',
  'Thames',
  'Castle',
  'Avon',
  'Forth',
  'Kestrel',
  'Oakwood',
  'Granite',
];
const CLIENT_KINDS = [
  'Holdings plc',
  'Group Ltd',
  'Developments Ltd',
  'Capital LLP',
  'Logistics Ltd',
  'Pharma Ltd',
  'Energy plc',
  'Retail Ltd',
  'Technologies Ltd',
  'Housing Association',
];
const STREETS = ['Clifton Down', 'Royal Crescent', 'Heriot Row', 'Didsbury Park', 'Cheyne Walk', 'Park Lane', 'Moray Place', 'Victoria Road'];
const ETHNICITY = ['White British', 'White other', 'Asian or Asian British', 'Black or Black British', 'Mixed', 'Other', 'Prefer not to say'];
const ORIENTATION = ['Heterosexual', 'Gay or lesbian', 'Bisexual', 'Prefer not to say'];
const SCHOOL = ['State non-selective', 'State selective', 'Independent', 'Overseas', 'Prefer not to say'];
const SICKNESS = ['Respiratory', 'Musculoskeletal', 'Mental health', 'Surgery', 'Other'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 5, 1); // the warehouse's first day: the start of financial year FY25 (May 2024 to April 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (May to April) of a shifted day, named by the calendar year it ends in (FY27 = May 2026 to April 2027), its quarter (Q1 = May to July) and half (H1 = May to October). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const k = (m + 7) % 12; // months since May
  return [`FY${String((m >= 5 ? y + 1 : y) % 100).padStart(2, '0')}`, `Q${Math.floor(k / 3) + 1}`, k < 6 ? 'H1' : 'H2'];
};
/** Month starts (unshifted day numbers) from May 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 5 + k, 1) <= D1; k++) out.push([dn(2024, 5 + k, 1), dn(2024, 6 + k, 1)]);
  return out;
};
const closedMonths = () => months().filter(([, next]) => next - 1 < D1);
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE offices (office_code TEXT PRIMARY KEY, office_name TEXT NOT NULL);
CREATE TABLE practice_groups (practice_group TEXT PRIMARY KEY, practice_group_name TEXT NOT NULL);
CREATE TABLE grades (grade_code TEXT PRIMARY KEY, grade_name TEXT NOT NULL, target_hours_year INTEGER NOT NULL, standard_rate_gbp REAL NOT NULL);
CREATE TABLE fiscal_months (month TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, fiscal_half TEXT NOT NULL);
CREATE TABLE fee_earners (fee_earner_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, mobile TEXT NOT NULL, office_code TEXT NOT NULL REFERENCES offices(office_code), practice_group TEXT NOT NULL REFERENCES practice_groups(practice_group), grade_code TEXT NOT NULL REFERENCES grades(grade_code), fte REAL NOT NULL, is_equity_partner INTEGER NOT NULL, joined_on TEXT NOT NULL, left_on TEXT, salary_gbp INTEGER NOT NULL, bonus_gbp INTEGER NOT NULL, date_of_birth TEXT NOT NULL, ethnicity TEXT NOT NULL, disability TEXT NOT NULL, sexual_orientation TEXT NOT NULL, school_type TEXT NOT NULL, first_generation_university TEXT NOT NULL);
CREATE TABLE sickness_absence (absence_id INTEGER PRIMARY KEY, fee_earner_id INTEGER NOT NULL REFERENCES fee_earners(fee_earner_id), started_on TEXT NOT NULL, days REAL NOT NULL, reason TEXT NOT NULL);
CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT NOT NULL, client_type TEXT NOT NULL, sector TEXT NOT NULL);
CREATE TABLE private_clients (client_id INTEGER PRIMARY KEY REFERENCES clients(client_id), full_name TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, date_of_birth TEXT NOT NULL, will_notes TEXT NOT NULL, family_matter_notes TEXT);
CREATE TABLE matters (matter_id TEXT PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients(client_id), practice_group TEXT NOT NULL REFERENCES practice_groups(practice_group), office_code TEXT NOT NULL REFERENCES offices(office_code), partner_id INTEGER NOT NULL REFERENCES fee_earners(fee_earner_id), opened_on TEXT NOT NULL, closed_on TEXT, matter_type TEXT NOT NULL, fee_basis TEXT NOT NULL);
CREATE TABLE conflict_checks (check_id INTEGER PRIMARY KEY, checked_on TEXT NOT NULL, party_name TEXT NOT NULL, party_role TEXT NOT NULL, result TEXT NOT NULL, matter_id TEXT REFERENCES matters(matter_id));
CREATE TABLE time_entries (entry_id INTEGER PRIMARY KEY, fee_earner_id INTEGER NOT NULL REFERENCES fee_earners(fee_earner_id), work_date TEXT NOT NULL, entered_on TEXT NOT NULL, office_code TEXT NOT NULL, practice_group TEXT NOT NULL, grade_code TEXT NOT NULL, activity TEXT NOT NULL, chargeable INTEGER NOT NULL, hours REAL NOT NULL, value_gbp REAL NOT NULL);
CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, matter_id TEXT NOT NULL REFERENCES matters(matter_id), client_id INTEGER NOT NULL REFERENCES clients(client_id), practice_group TEXT NOT NULL, office_code TEXT NOT NULL, billed_on TEXT NOT NULL, time_value_gbp REAL NOT NULL, fees_gbp REAL NOT NULL, disbursements_gbp REAL NOT NULL, paid_on TEXT, paid_gbp REAL NOT NULL);
CREATE TABLE realised_hours (month TEXT NOT NULL, grade_code TEXT NOT NULL, office_code TEXT NOT NULL, hours_billed REAL NOT NULL, fees_gbp REAL NOT NULL, standard_value_gbp REAL NOT NULL, PRIMARY KEY (month, grade_code, office_code));
CREATE TABLE write_off_reasons (reason_code TEXT PRIMARY KEY, reason TEXT NOT NULL);
CREATE TABLE write_offs (write_off_id INTEGER PRIMARY KEY, matter_id TEXT NOT NULL REFERENCES matters(matter_id), practice_group TEXT NOT NULL, office_code TEXT NOT NULL, written_off_on TEXT NOT NULL, reason_code TEXT NOT NULL REFERENCES write_off_reasons(reason_code), amount_gbp REAL NOT NULL, stage TEXT NOT NULL);
CREATE TABLE month_end_balances (month_end TEXT NOT NULL, office_code TEXT NOT NULL, practice_group TEXT NOT NULL, wip_gbp REAL NOT NULL, debtors_gbp REAL NOT NULL, fees_billed_ltm_gbp REAL NOT NULL, PRIMARY KEY (month_end, office_code, practice_group));
CREATE TABLE wip_ageing (month_end TEXT NOT NULL, office_code TEXT NOT NULL, practice_group TEXT NOT NULL, age_band TEXT NOT NULL, wip_gbp REAL NOT NULL, PRIMARY KEY (month_end, office_code, practice_group, age_band));
CREATE TABLE firm_pnl (month TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fee_income_gbp REAL NOT NULL, staff_costs_gbp REAL NOT NULL, overheads_gbp REAL NOT NULL, equity_partners REAL NOT NULL);
${calendarTables('is_working_day')}
`;
const LAYOUT = 2701;
const INDEXES = `
CREATE INDEX time_entries_date ON time_entries (work_date, practice_group);
CREATE INDEX time_entries_earner ON time_entries (fee_earner_id, work_date);
CREATE INDEX bills_billed ON bills (billed_on, practice_group);
CREATE INDEX bills_paid ON bills (paid_on);
CREATE INDEX matters_opened ON matters (opened_on, practice_group);
CREATE INDEX write_offs_on ON write_offs (written_off_on, reason_code);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  office: ['offices', 2],
  pg: ['practice_groups', 2],
  grade: ['grades', 4],
  fiscal: ['fiscal_months', 4],
  earner: ['fee_earners', 19],
  sick: ['sickness_absence', 5],
  client: ['clients', 4],
  privateClient: ['private_clients', 9],
  matter: ['matters', 9],
  conflict: ['conflict_checks', 6],
  time: ['time_entries', 11],
  bill: ['bills', 11],
  realised: ['realised_hours', 6],
  reason: ['write_off_reasons', 2],
  writeOff: ['write_offs', 8],
  balance: ['month_end_balances', 6],
  ageing: ['wip_ageing', 5],
  pnl: ['firm_pnl', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, earners: [], clients: [], matters: [], billsByMonth: new Map(), checks: 0, bills: 0, writeOffs: 0 };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const rateOf = (grade, office) => GRADES.find((g) => g[0] === grade)[4] * OFFICES.find((o) => o[0] === office)[3];

// fee earners the firm's people questions name: id, name, office, practice group, grade, equity partner
const NAMED = [
  [1, 'Helen Ashcombe', 'LDN', 'CORP', 'PTR', 1],
  [2, 'Daniel Okafor', 'MAN', 'LIT', 'ASC', 0],
  [3, 'Fraser McLeod', 'EDI', 'PC', 'TRN', 0],
  [4, 'Jonathan Reid', 'LDN', 'LIT', 'PTR', 1],
  [5, 'Sarah Whitfield', 'BRS', 'RE', 'SA', 0],
];
const FEE_EARNERS = 300;
const LEAVERS = 36;

/** Offices, practice groups, grades, the fiscal month map and write-off reasons. */
function fillReference(g) {
  for (const [code, name] of OFFICES) g.ins.office.run(code, name);
  for (const [code, name] of PRACTICE_GROUPS) g.ins.pg.run(code, name);
  for (const [code, name, , target, rate] of GRADES) g.ins.grade.run(code, name, target, rate);
  for (const [first] of months()) {
    const d = day(first);
    const [fy, q, h] = fyOf(d);
    g.ins.fiscal.run(d.slice(0, 7), fy, q, h);
  }
  for (const [code, reason] of WRITE_OFF_REASONS) g.ins.reason.run(code, reason);
}

/** Where a fee earner sits and when they were in post: the named ones as NAMED has them. */
function placeEarner(rnd, id) {
  const named = NAMED.find((x) => x[0] === id);
  let office = named ? named[2] : rnd.weighted(OFFICES.map((o) => [o[0], o[2]]));
  let grade = named ? named[4] : rnd.weighted(GRADES.map((x) => [x[0], x[2]]));
  // Edinburgh has one trainee (Fraser McLeod): other draws of a trainee there train in Manchester
  if (!named && office === 'EDI' && grade === 'TRN') office = 'MAN';
  if (!named && grade === 'TRN' && rnd.next() < 0.1) grade = 'PL';
  const pg = named ? named[3] : rnd.weighted(PRACTICE_GROUPS.map((p) => [p[0], p[2]]));
  const full = named ? named[1] : nameOf(rnd);
  const joined = id > FEE_EARNERS ? D0 - rnd.int(100, 2000) : rnd.next() < 0.2 ? rnd.int(D0, D1 - 30) : D0 - rnd.int(30, 4000);
  const left = id > FEE_EARNERS ? rnd.int(D0 + 20, D1 - 5) : null;
  return { id, named, office, grade, pg, full, joined, left };
}

const birthDate = (rnd, from, to) => `${rnd.int(from, to)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
/** Diversity monitoring answers: ethnicity, disability, sexual orientation, school type, first generation at university. */
const diversityOf = (rnd) => [
  rnd.pick(ETHNICITY),
  rnd.next() < 0.07 ? 'Yes' : rnd.next() < 0.1 ? 'Prefer not to say' : 'No',
  rnd.pick(ORIENTATION),
  rnd.pick(SCHOOL),
  rnd.next() < 0.3 ? 'Yes' : 'No',
];

/** The fee earners (names, contact details, pay, birth dates, diversity data and sickness are personal data). */
function fillFeeEarners(g) {
  const { rnd } = g;
  for (let id = 1; id <= FEE_EARNERS + LEAVERS; id++) {
    const { named, office, grade, pg, full, joined, left } = placeEarner(rnd, id);
    const band = GRADES.find((x) => x[0] === grade)[5];
    const salary = Math.round((band[0] + rnd.next() * (band[1] - band[0])) * (office === 'LDN' ? 1.15 : 1));
    const equity = named ? named[5] : grade === 'PTR' && rnd.next() < 0.6 ? 1 : 0;
    const bonus = Math.round(salary * (equity ? 0 : grade === 'PTR' ? 0.3 : 0.08) * rnd.next());
    const slug = full.toLowerCase().replace(/[^a-z]+/g, '.');
    const fte = rnd.next() < 0.1 ? 0.8 : 1;
    g.earners.push({ id, office, pg, grade, joined, left, fte, skill: 0.86 + 0.24 * rnd.next() + (id === 2 ? -0.2 : 0), prompt: rnd.next() });
    const mobile = `07700 9${String(rnd.int(0, 99999)).padStart(5, '0')}`;
    const contact = [full, `${slug}@ashcombereid.test`, mobile];
    const post = [office, pg, grade, fte, equity, day(joined), left === null ? null : day(left)];
    g.ins.earner.run(id, ...contact, ...post, salary, bonus, birthDate(rnd, 1962, 2002), ...diversityOf(rnd));
    for (let k = rnd.poisson(1.6); k > 0; k--) {
      g.ins.sick.run(null, id, day(rnd.int(Math.max(D0, joined), left ?? D1)), rnd.int(1, 12) / 2 + (rnd.next() < 0.05 ? 20 : 0), rnd.pick(SICKNESS));
    }
  }
}

/** Clients: companies, and private-client individuals, whose names, addresses, phones, e-mails, birth dates, wills and family matters are personal data. */
function fillClients(g) {
  const { rnd } = g;
  let id = 0;
  const sectors = ['financial services', 'real estate', 'technology', 'energy', 'retail', 'life sciences', 'public sector', 'manufacturing'];
  for (let k = 0; k < 1400; k++) {
    const name = `${rnd.pick(CLIENT_WORDS)} ${rnd.pick(CLIENT_WORDS)} ${rnd.pick(CLIENT_KINDS)}`;
    g.ins.client.run(++id, name, 'company', rnd.pick(sectors));
    g.clients.push({ id, type: 'company', weight: Math.exp(rnd.noise() * 1.3) });
  }
  const letter = () => String.fromCharCode(65 + rnd.int(0, 25));
  for (let k = 0; k < 600; k++) {
    const full = k === 0 ? 'Eleanor Hartley' : nameOf(rnd);
    g.ins.client.run(++id, full, 'individual', 'private client');
    const address = k === 0 ? '14 Royal Crescent, Bath' : `${rnd.int(1, 90)} ${rnd.pick(STREETS)}`;
    const postcode = k === 0 ? 'BA1 2LR' : `${rnd.pick(['BS8', 'EH3', 'M20', 'SW3', 'BA1'])} ${rnd.int(1, 9)}${letter()}${letter()}`;
    const phone = `0117 ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
    const email = `${full.toLowerCase().replace(/[^a-z]+/g, '.')}@example.test`;
    const born = birthDate(rnd, 1935, 1985);
    const will = rnd.pick([
      'Will executed; trust for grandchildren',
      'Lasting power of attorney registered',
      'Will under review after divorce',
      'Codicil pending',
    ]);
    const family = rnd.next() < 0.3 ? rnd.pick(['Divorce proceedings', 'Child arrangements', 'Contested probate']) : null;
    g.ins.privateClient.run(id, full, address, postcode, phone, email, born, will, family);
    g.clients.push({ id, type: 'individual', weight: 0.3 });
  }
}

const MATTER_TYPES = ['advisory', 'transactional', 'contentious', 'compliance'];
const FEE_BASES = [
  ['hourly', 70],
  ['fixed', 20],
  ['capped', 10],
];
const CHECK_RESULTS = [
  ['clear', 90],
  ['potential conflict', 8],
  ['conflict declined', 2],
];

/** One matter opened on day n, with its conflict checks: the client always, a counterparty often. */
function openMatter(g, n, pick) {
  const { rnd } = g;
  const pg = rnd.weighted(PRACTICE_GROUPS.map((p) => [p[0], p[2]]));
  const office = rnd.weighted(OFFICES.map((o) => [o[0], o[2]]));
  const client = pick(pg);
  const ps = g.earners.filter((e) => e.grade === 'PTR' && e.pg === pg && e.office === office);
  const partner = ps.length ? rnd.pick(ps).id : 1;
  const matterId = `${pg}-${String(g.matters.length + 1).padStart(6, '0')}`;
  const life = Math.round(rnd.expo(pg === 'LIT' ? 420 : 200)) + 20;
  const closed = n + life <= D1 ? day(n + life) : null;
  g.ins.matter.run(matterId, client.id, pg, office, partner, day(n), closed, rnd.pick(MATTER_TYPES), rnd.weighted(FEE_BASES));
  g.matters.push({ id: matterId, client: client.id, pg, office, opened: n, closed: n + life });
  const party = client.type === 'individual' ? `Private client ${client.id}` : `Client ${client.id}`;
  g.ins.conflict.run(++g.checks, day(n - rnd.int(0, 3)), party, 'client', 'clear', matterId);
  if (rnd.next() < 0.6) g.ins.conflict.run(++g.checks, day(n - rnd.int(0, 3)), nameOf(rnd), 'counterparty', rnd.weighted(CHECK_RESULTS), matterId);
}

/** Matters opened on working days from a year before the warehouse's first day, and their conflict checks. */
function fillMatters(g) {
  const { rnd } = g;
  const companies = g.clients.filter((c) => c.type === 'company');
  const individuals = g.clients.filter((c) => c.type === 'individual');
  const weightedCompanies = companies.map((c) => [c, c.weight]);
  const pick = (pg) => (pg === 'PC' ? rnd.pick(individuals) : rnd.weighted(weightedCompanies));
  for (let n = D0 - 365; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (let k = rnd.poisson(n < D0 ? 9 : 12 * (1 + 0.08 * trend(n))); k > 0; k--) openMatter(g, n, pick);
  }
}

/** Time recorded per fee earner per working day: chargeable time on the group's matters and non-chargeable time by activity, with the day it was entered. */
function fillTime(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    if (wd >= 5) continue;
    const d = day(n);
    const season = 1 + 0.06 * Math.sin(((n - D0) / 365) * 2 * Math.PI) - (Number(d.slice(5, 7)) === 8 || Number(d.slice(5, 7)) === 12 ? 0.12 : 0);
    for (const e of g.earners) {
      if (e.joined > n || (e.left !== null && e.left < n)) continue;
      if (rnd.next() < 0.07) continue; // holiday, sickness, training away
      const grade = GRADES.find((x) => x[0] === e.grade);
      const rate = rateOf(e.grade, e.office);
      const lag = () => {
        const r = rnd.next();
        const p = 0.62 + 0.25 * e.prompt + 0.06 * trend(n);
        const l = r < p ? rnd.int(0, 1) : r < p + 0.1 ? 2 : rnd.int(3, 9);
        return day(n + l);
      };
      const chargeable = Math.max(0, Math.round(((grade[3] / 225) * e.skill * season * e.fte + rnd.noise() * 0.8) * 10) / 10);
      if (chargeable > 0) g.ins.time.run(++id, e.id, d, lag(), e.office, e.pg, e.grade, 'chargeable', 1, chargeable, money(chargeable * rate));
      const other = Math.max(0.3, Math.round((1.6 + rnd.noise() * 0.7) * 10) / 10);
      const activity = rnd.weighted(NON_CHARGEABLE);
      g.ins.time.run(++id, e.id, d, lag(), e.office, e.pg, e.grade, activity, 0, other, 0);
    }
  }
}

/** The hours and fees of one bill spread over the grades that did the work, added to the month's totals per grade and office. */
function addGradeHours(byGrade, office, value, fees) {
  for (const [grade, , share] of GRADES) {
    const key = `${grade}|${office}`;
    const rate = rateOf(grade, office);
    const weight = share * (grade === 'PTR' ? 1.5 : 1);
    const hours = (value * weight) / rate / 1.02;
    const cur = byGrade.get(key) ?? [0, 0, 0];
    cur[0] += hours;
    cur[1] += (fees * weight * (grade === 'PL' ? 0.95 : 1)) / 1.02;
    cur[2] += hours * rate;
    byGrade.set(key, cur);
  }
}

/** One bill on day n for a matter of the pool, when it was paid, and sometimes a write-off on the matter. */
function issueBill(g, n, pool, [pg, realisation], [office, factor], byGrade) {
  const { rnd } = g;
  const m = rnd.pick(pool);
  const value = money(Math.exp(8.6 + rnd.noise() * 0.9) * factor);
  const fees = money(value * Math.min(1.05, realisation + rnd.noise() * 0.05));
  const lagDays = Math.round(20 + rnd.expo(pg === 'LIT' ? 55 : 40));
  const paid = n + lagDays <= D1 && rnd.next() > 0.02 ? n + lagDays : null;
  const disbursements = money(fees * 0.04 * rnd.next());
  g.ins.bill.run(
    ++g.bills,
    m.id,
    m.client,
    pg,
    office,
    day(n),
    value,
    fees,
    disbursements,
    paid === null ? null : day(paid),
    paid === null ? 0 : money(fees * 1.2),
  );
  addGradeHours(byGrade, office, value, fees);
  if (rnd.next() < 0.09) {
    const on = day(Math.min(D1, n + rnd.int(0, 20)));
    const reason = rnd.weighted(WRITE_OFF_REASONS.map((r) => [r[0], r[2]]));
    g.ins.writeOff.run(++g.writeOffs, m.id, pg, office, on, reason, money(value * (0.05 + 0.2 * rnd.next())), rnd.next() < 0.6 ? 'wip' : 'bill');
  }
  return [n, paid, fees, pg, office];
}

/** Bills per practice group and office: recorded time value, fees billed at the group's realisation, and when each was paid; write-offs by reason; the hours billed per grade. */
function fillBills(g) {
  const { rnd } = g;
  const open = (n, pg, office) => g.matters.filter((m) => m.pg === pg && m.office === office && m.opened <= n && m.closed >= n);
  for (const [first, next] of months()) {
    const monthKey = day(first).slice(0, 7);
    const byGrade = new Map();
    const list = [];
    for (const [pg, , pgShare, realisation] of PRACTICE_GROUPS) {
      for (const [office, , officeShare, factor] of OFFICES) {
        const pool = open(first, pg, office);
        if (pool.length === 0) continue;
        const count = Math.round(1300 * pgShare * officeShare * (0.9 + 0.2 * rnd.next()) * (1 + 0.07 * trend(first)));
        for (let k = 0; k < count; k++) {
          const n = rnd.int(first, next - 1);
          if (n <= D1) list.push(issueBill(g, n, pool, [pg, realisation], [office, factor], byGrade));
        }
      }
    }
    g.billsByMonth.set(monthKey, list);
    for (const [key, [hours, fees, standard]] of byGrade) {
      const [grade, office] = key.split('|');
      g.ins.realised.run(monthKey, grade, office, Math.round(hours * 10) / 10, money(fees), money(standard));
    }
  }
}

/** Month-end WIP (with its ageing), debtors and the fees billed in the twelve months to the month end, per office and practice group; the firm's monthly profit and loss. */
function fillBalances(g) {
  const { rnd } = g;
  const all = [...g.billsByMonth.values()].flat();
  const byKey = new Map();
  for (const b of all) {
    const key = `${b[3]}|${b[4]}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(b);
  }
  for (const [first, next] of closedMonths()) {
    const end = next - 1;
    for (const [pg, , , realisation] of PRACTICE_GROUPS) {
      for (const [office] of OFFICES) {
        let debtors = 0;
        let ltm = 0;
        let monthFees = 0;
        for (const [n, paid, fees] of byKey.get(`${pg}|${office}`) ?? []) {
          if (n > end) continue;
          if (paid === null || paid > end) debtors += fees * 1.2;
          if (n > end - 365) ltm += fees;
          if (n >= first) monthFees += fees;
        }
        const wip = monthFees * (pg === 'LIT' ? 2.3 : 1.5) * (1.02 - 0.08 * trend(first) + rnd.noise() * 0.06) * (2 - realisation);
        g.ins.balance.run(day(end), office, pg, money(wip), money(debtors), money(ltm));
        let left = wip;
        AGE_BANDS.forEach(([band, share], i) => {
          const part = i === AGE_BANDS.length - 1 ? left : wip * share * (0.9 + 0.2 * rnd.next());
          left -= part;
          g.ins.ageing.run(day(end), office, pg, band, money(Math.max(0, part)));
        });
      }
    }
    const monthFees = all.filter(([n]) => n >= first && n <= end).reduce((s, [, , f]) => s + f, 0);
    const d = day(first);
    const equity = g.earners.filter((e) => e.grade === 'PTR' && e.joined <= end && (e.left === null || e.left > end)).length * 0.6;
    g.ins.pnl.run(
      d.slice(0, 7),
      fyOf(d)[0],
      money(monthFees),
      money(monthFees * (0.42 + 0.03 * rnd.next())),
      money(monthFees * (0.2 + 0.02 * rnd.next())),
      Math.round(equity * 10) / 10,
    );
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillFeeEarners(g);
  fillClients(g);
  fillMatters(g);
  fillTime(g);
  fillBills(g);
  fillBalances(g);
  for (const source of ['practice_management', 'time_recording', 'billing', 'finance_ledger', 'hr_system', 'conflicts_register'])
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
