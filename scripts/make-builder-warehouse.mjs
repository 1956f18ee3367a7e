#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261217;

// Kestrel Build Group's states: code, name, share of projects, weather days lost per working day (wet season weight)
const STATES = [
  ['NSW', 'New South Wales', 0.34, 0.07],
  ['VIC', 'Victoria', 0.28, 0.08],
  ['QLD', 'Queensland', 0.24, 0.1],
  ['WA', 'Western Australia', 0.14, 0.05],
];
// sectors: code, name, share of projects, original margin, tender win rate
const SECTORS = [
  ['EDU', 'Education', 0.24, 0.075, 0.34],
  ['HLT', 'Health', 0.18, 0.068, 0.27],
  ['COM', 'Commercial', 0.22, 0.062, 0.22],
  ['RES', 'Residential', 0.2, 0.055, 0.3],
  ['INF', 'Infrastructure', 0.16, 0.082, 0.19],
];
// trades: code, name, share of hours, share of subcontract spend
const TRADES = [
  ['CON', 'Concrete', 0.22, 0.24],
  ['STL', 'Steel', 0.13, 0.15],
  ['ELE', 'Electrical', 0.18, 0.17],
  ['MEC', 'Mechanical', 0.15, 0.18],
  ['PLB', 'Plumbing', 0.12, 0.1],
  ['FIN', 'Finishes', 0.2, 0.16],
];
// plant types: code, name, items, utilisation
const PLANT_TYPES = [
  ['TWC', 'Tower crane', 10, 0.78],
  ['MBC', 'Mobile crane', 8, 0.61],
  ['EXC', 'Excavator', 14, 0.66],
  ['EWP', 'Elevated work platform', 20, 0.57],
  ['TEL', 'Telehandler', 12, 0.63],
];
const VO_STATUS = [
  ['APP', 'Approved', 62],
  ['PND', 'Pending', 26],
  ['REJ', 'Rejected', 12],
];
const INCIDENT_TYPES = [
  ['LTI', 'Lost time injury', 26],
  ['MTI', 'Medical treatment injury', 44],
  ['RWI', 'Restricted work injury', 30],
];
const INJURIES = [
  'Laceration to hand',
  'Back strain lifting formwork',
  'Fractured wrist from fall',
  'Eye injury from grinding',
  'Crush injury to foot',
  'Knee sprain on uneven ground',
  'Heat stress',
];
const SUBURBS = {
  NSW: ['Parramatta', 'Penrith', 'Newcastle', 'Wollongong', 'Liverpool', 'Randwick', 'Gosford'],
  VIC: ['Footscray', 'Geelong', 'Box Hill', 'Dandenong', 'Ballarat', 'Werribee'],
  QLD: ['Southport', 'Ipswich', 'Toowoomba', 'Townsville', 'Chermside', 'Springfield'],
  WA: ['Joondalup', 'Fremantle', 'Midland', 'Rockingham', 'Armadale'],
};
const KINDS = {
  EDU: ['Public School', 'High School Upgrade', 'TAFE Campus', 'Early Learning Centre'],
  HLT: ['Hospital Redevelopment', 'Mental Health Unit', 'Community Health Hub', 'Aged Care Facility'],
  COM: ['Office Tower', 'Business Park', 'Retail Centre Refurbishment', 'Hotel'],
  RES: ['Apartments', 'Build-to-Rent Tower', 'Social Housing', 'Townhouses'],
  INF: ['Bus Interchange', 'Station Upgrade', 'Bridge Duplication', 'Depot'],
};
const FIRST = ['Jack', 'Liam', 'Noah', 'Olivia', 'Chloe', 'Mason', 'Ethan', 'Ava', 'Lachlan', 'Ruby', 'Hamish', 'Zara', 'Tom', 'Aisha', 'Mitchell', 'Sione'];
const LAST = [
  'Thompson',
  'Nguyen',
  'Kelly',
  'Singh',
  'Walker',
  'Rossi',
  'Papadopoulos',
  'Brown',
  'Fraser',
  'Tran',
  'Campbell',
  'Murphy',
  'Wilson',
  'Taufa',
  'Chen',
  'Doyle',
];
const STREETS = ['Bridge Rd', 'Station St', 'George St', 'Victoria Ave', 'Beach Rd', 'Hay St', 'Ann St', 'Sydney Rd'];
const ROLES = [
  ['Labourer', 30, [38, 48]],
  ['Carpenter', 18, [45, 58]],
  ['Concreter', 12, [44, 56]],
  ['Steel fixer', 8, [46, 60]],
  ['Electrician', 10, [52, 68]],
  ['Plumber', 7, [50, 66]],
  ['Crane operator', 5, [58, 75]],
  ['Leading hand', 6, [55, 66]],
  ['Site Manager', 4, [0, 0]],
];
const VISA = ['Australian citizen', 'Permanent resident', 'Temporary skilled (482)', 'Working holiday (417)', 'New Zealand citizen (444)'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 7, 1); // the warehouse's first day: the start of financial year FY25 (1 July 2024 to 30 June 2025)
const D1 = dn(2026, 11, 27); // last day of data: the nightly load's "yesterday" (a Friday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (July to June) of a shifted day, named by the year it ends in (FY27 = 1 July 2026 to 30 June 2027), its quarter (Q1 = July to September) and half (H1 = July to December). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const k = (m + 5) % 12; // months since July
  return [`FY${String((m >= 7 ? y + 1 : y) % 100).padStart(2, '0')}`, `Q${Math.floor(k / 3) + 1}`, k < 6 ? 'H1' : 'H2'];
};
/** Month starts (unshifted day numbers) from July 2024 to the current month, each with the first day of the next. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 7 + k, 1) <= D1; k++) out.push([dn(2024, 7 + k, 1), dn(2024, 8 + k, 1)]);
  return out;
};
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE states (state_code TEXT PRIMARY KEY, state_name TEXT NOT NULL);
CREATE TABLE sectors (sector_code TEXT PRIMARY KEY, sector_name TEXT NOT NULL);
CREATE TABLE trades (trade_code TEXT PRIMARY KEY, trade_name TEXT NOT NULL);
CREATE TABLE fiscal_months (month TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, fiscal_half TEXT NOT NULL);
CREATE TABLE projects (project_id TEXT PRIMARY KEY, project_name TEXT NOT NULL, state_code TEXT NOT NULL REFERENCES states(state_code), sector_code TEXT NOT NULL REFERENCES sectors(sector_code), client_name TEXT NOT NULL, original_contract_aud REAL NOT NULL, original_margin_pct REAL NOT NULL, start_date TEXT NOT NULL, planned_completion TEXT NOT NULL, practical_completion TEXT, site_manager_id INTEGER);
CREATE TABLE workers (worker_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, role TEXT NOT NULL, trade_code TEXT, employer TEXT NOT NULL, project_id TEXT REFERENCES projects(project_id), state_code TEXT NOT NULL, gender TEXT NOT NULL, date_of_birth TEXT NOT NULL, home_address TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, white_card_number TEXT NOT NULL, licence_number TEXT, hourly_rate_aud REAL, annual_salary_aud INTEGER, visa_status TEXT NOT NULL, emergency_contact TEXT NOT NULL);
CREATE TABLE project_months (month TEXT NOT NULL, project_id TEXT NOT NULL REFERENCES projects(project_id), revenue_aud REAL NOT NULL, cost_aud REAL NOT NULL, PRIMARY KEY (month, project_id));
CREATE TABLE project_forecasts (month_end TEXT NOT NULL, project_id TEXT NOT NULL REFERENCES projects(project_id), contract_value_aud REAL NOT NULL, revenue_to_date_aud REAL NOT NULL, cost_to_date_aud REAL NOT NULL, cost_to_complete_aud REAL NOT NULL, forecast_final_cost_aud REAL NOT NULL, PRIMARY KEY (month_end, project_id));
CREATE TABLE programme_status (month_end TEXT NOT NULL, project_id TEXT NOT NULL REFERENCES projects(project_id), planned_value_aud REAL NOT NULL, earned_value_aud REAL NOT NULL, actual_cost_aud REAL NOT NULL, forecast_completion TEXT NOT NULL, contract_completion TEXT NOT NULL, PRIMARY KEY (month_end, project_id));
CREATE TABLE variations (vo_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), raised_on TEXT NOT NULL, status_code TEXT NOT NULL, value_aud REAL NOT NULL, decided_on TEXT, description TEXT NOT NULL);
CREATE TABLE progress_claims (claim_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), claim_month TEXT NOT NULL, submitted_on TEXT NOT NULL, claimed_aud REAL NOT NULL, certified_aud REAL, certified_on TEXT, retention_aud REAL NOT NULL);
CREATE TABLE eot_claims (eot_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), submitted_on TEXT NOT NULL, cause TEXT NOT NULL, days_claimed INTEGER NOT NULL, days_granted INTEGER, decided_on TEXT);
CREATE TABLE subcontractors (subcontractor_id INTEGER PRIMARY KEY, subcontractor_name TEXT NOT NULL, trade_code TEXT NOT NULL REFERENCES trades(trade_code), abn TEXT NOT NULL);
CREATE TABLE subcontract_invoices (invoice_id INTEGER PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), subcontractor_id INTEGER NOT NULL REFERENCES subcontractors(subcontractor_id), trade_code TEXT NOT NULL, invoiced_on TEXT NOT NULL, amount_aud REAL NOT NULL);
CREATE TABLE hours_worked (week_start TEXT NOT NULL, project_id TEXT NOT NULL REFERENCES projects(project_id), state_code TEXT NOT NULL, trade_code TEXT NOT NULL, hours REAL NOT NULL, workers INTEGER NOT NULL, PRIMARY KEY (week_start, project_id, trade_code));
CREATE TABLE safety_incidents (incident_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), state_code TEXT NOT NULL, occurred_on TEXT NOT NULL, incident_type TEXT NOT NULL, worker_id INTEGER NOT NULL REFERENCES workers(worker_id), injury_description TEXT NOT NULL, treatment TEXT NOT NULL, days_lost INTEGER NOT NULL);
CREATE TABLE drug_alcohol_tests (test_id INTEGER PRIMARY KEY, worker_id INTEGER NOT NULL REFERENCES workers(worker_id), project_id TEXT NOT NULL, state_code TEXT NOT NULL, tested_on TEXT NOT NULL, reason TEXT NOT NULL, result TEXT NOT NULL, substance TEXT);
CREATE TABLE defects (defect_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), trade_code TEXT NOT NULL, subcontractor_id INTEGER REFERENCES subcontractors(subcontractor_id), raised_on TEXT NOT NULL, closed_on TEXT, severity TEXT NOT NULL);
CREATE TABLE rfis (rfi_id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(project_id), discipline TEXT NOT NULL, raised_on TEXT NOT NULL, closed_on TEXT);
CREATE TABLE tenders (tender_id TEXT PRIMARY KEY, tender_name TEXT NOT NULL, sector_code TEXT NOT NULL REFERENCES sectors(sector_code), state_code TEXT NOT NULL, submitted_on TEXT NOT NULL, value_aud REAL NOT NULL, outcome TEXT NOT NULL, decided_on TEXT);
CREATE TABLE plant (plant_id TEXT PRIMARY KEY, plant_type TEXT NOT NULL, plant_type_name TEXT NOT NULL, state_code TEXT NOT NULL, owned INTEGER NOT NULL);
CREATE TABLE plant_weeks (week_start TEXT NOT NULL, plant_id TEXT NOT NULL REFERENCES plant(plant_id), project_id TEXT, available_hours REAL NOT NULL, operating_hours REAL NOT NULL, PRIMARY KEY (week_start, plant_id));
CREATE TABLE weather_lost (day TEXT NOT NULL, project_id TEXT NOT NULL REFERENCES projects(project_id), state_code TEXT NOT NULL, cause TEXT NOT NULL, days_lost REAL NOT NULL, PRIMARY KEY (day, project_id));
${calendarTables('is_working_day')}
`;
const LAYOUT = 2801;
const INDEXES = `
CREATE INDEX project_months_month ON project_months (month);
CREATE INDEX hours_week ON hours_worked (week_start, state_code);
CREATE INDEX incidents_on ON safety_incidents (occurred_on, state_code);
CREATE INDEX invoices_on ON subcontract_invoices (invoiced_on, trade_code);
CREATE INDEX defects_raised ON defects (raised_on, project_id);
CREATE INDEX rfis_raised ON rfis (raised_on);
CREATE INDEX weather_day ON weather_lost (day, state_code);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  state: ['states', 2],
  sector: ['sectors', 2],
  trade: ['trades', 2],
  fiscal: ['fiscal_months', 4],
  project: ['projects', 11],
  worker: ['workers', 18],
  pm: ['project_months', 4],
  forecast: ['project_forecasts', 7],
  programme: ['programme_status', 7],
  vo: ['variations', 7],
  claim: ['progress_claims', 8],
  eot: ['eot_claims', 7],
  sub: ['subcontractors', 4],
  invoice: ['subcontract_invoices', 6],
  hours: ['hours_worked', 6],
  incident: ['safety_incidents', 9],
  test: ['drug_alcohol_tests', 8],
  defect: ['defects', 7],
  rfi: ['rfis', 5],
  tender: ['tenders', 8],
  plant: ['plant', 5],
  plantWeek: ['plant_weeks', 5],
  weather: ['weather_lost', 5],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, projects: [], workers: [], subs: [], vo: 0, eot: 0, inc: 0, test: 0 };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const pad = (n, w) => String(n).padStart(w, '0');

/** States, sectors, trades and the fiscal month map (July to June). */
function fillReference(g) {
  for (const [code, name] of STATES) g.ins.state.run(code, name);
  for (const [code, name] of SECTORS) g.ins.sector.run(code, name);
  for (const [code, name] of TRADES) g.ins.trade.run(code, name);
  for (let k = 0; dn(2024, 7 + k, 1) <= D1 + 800; k++) {
    const d = day(dn(2024, 7 + k, 1));
    const [fy, q, h] = fyOf(d);
    g.ins.fiscal.run(d.slice(0, 7), fy, q, h);
  }
}

const CLIENTS = { EDU: 'Department of Education', HLT: 'Health Infrastructure', INF: 'Transport' };

/** One project starting on day `start` and running `months` months, with its revenue curve's parameters. */
function makeProject(g, start, months, state, sector) {
  const { rnd } = g;
  const id = `P${1001 + g.projects.length}`;
  const name = `${rnd.pick(SUBURBS[state])} ${rnd.pick(KINDS[sector])}`;
  const value = Math.round(Math.exp(Math.log(12e6) + rnd.next() * Math.log(180 / 12)) / 1e4) * 1e4;
  const margin = SECTORS.find((s) => s[0] === sector)[3] + rnd.noise() * 0.008;
  const end = start + Math.round(months * 30.4);
  const pc = end + rnd.int(-20, 60);
  const client = CLIENTS[sector] ? `${state} ${CLIENTS[sector]}` : `${rnd.pick(LAST)} Property Group`;
  const fade = rnd.next() < 0.3 ? 0.01 + rnd.next() * 0.05 : 0;
  const p = { id, name, state, sector, value, margin, start, end, pc: pc <= D1 ? pc : null, fade, spi: 0.86 + rnd.next() * 0.22 };
  g.projects.push(p);
  g.ins.project.run(id, name, state, sector, client, value, money(100 * margin), day(start), day(end), p.pc === null ? null : day(p.pc), null);
}

/**
 * Projects: about 40 active at the end of the data (every state and sector), and the ones that
 * reached practical completion since July 2024. Each has an S-curve of revenue over its duration
 * and a margin that fades on some.
 */
function fillProjects(g) {
  const { rnd } = g;
  const drawn = () => [rnd.weighted(STATES.map((s) => [s[0], s[2]])), rnd.weighted(SECTORS.map((s) => [s[0], s[2]]))];
  for (const [state] of STATES)
    for (const [sector] of SECTORS) if (rnd.next() < 0.55 || sector === 'EDU') makeProject(g, D1 - rnd.int(60, 700), rnd.int(16, 34), state, sector);
  while (g.projects.filter((p) => p.pc === null).length < 40) {
    const [state, sector] = drawn();
    makeProject(g, D1 - rnd.int(30, 800), rnd.int(14, 36), state, sector);
  }
  for (let j = 0; j < 14; j++) {
    const [state, sector] = drawn();
    const months = rnd.int(14, 28);
    makeProject(g, D0 + rnd.int(0, 500) - Math.round(months * 30.4), months, state, sector);
  }
  // every state and sector has an active project
  for (const s of STATES)
    for (const x of SECTORS)
      if (!g.projects.some((p) => p.state === s[0] && p.sector === x[0] && p.pc === null)) makeProject(g, D1 - rnd.int(60, 400), 24, s[0], x[0]);
}

/** S-curve share of the work done by day n. */
const progress = (p, n) => {
  const t = Math.min(1, Math.max(0, (n - p.start) / ((p.pc ?? p.end + 30) - p.start)));
  return t * t * (3 - 2 * t);
};
const active = (p, n) => n >= p.start && (p.pc === null || n <= p.pc);

// workers the safety and people questions name: name, role, trade, gender, project
const NAMED = [
  ['Jack Thompson', 'Carpenter', 'FIN', 'M', 'P1001'],
  ['Priya Nair', 'Site Manager', null, 'F', 'P1002'],
  ['Mia Kovac', 'Crane operator', 'STL', 'F', 'P1003'],
  ['Sione Taufa', 'Labourer', 'CON', 'M', 'P1004'],
  ['Daniel Rossi', 'Site Manager', null, 'M', 'P1005'],
];
const tradeOf = (rnd, role) => (role === 'Site Manager' ? null : role === 'Labourer' ? 'CON' : rnd.pick(TRADES)[0]);

/** One worker's row: name, role, employer, birth date, home address, phone, e-mail, white card, licence, pay, visa status and emergency contact. */
function addWorker(g, id, p, role, nm) {
  const { rnd } = g;
  // the only woman operating a crane on a site is Mia Kovac: other crane operators drawn are men
  const gender = nm ? nm[3] : role === 'Crane operator' ? 'M' : rnd.next() < 0.14 ? 'F' : 'M';
  const band = ROLES.find((r) => r[0] === role)[2];
  let full = nm ? nm[0] : nameOf(rnd);
  while (!nm && NAMED.some((x) => x[0] === full)) full = nameOf(rnd); // the named workers are the only ones of their names
  const trade = nm ? nm[2] : tradeOf(rnd, role);
  const slug = full.toLowerCase().replace(/[^a-z]+/g, '.');
  const own = role === 'Site Manager' || role === 'Leading hand' || rnd.next() < 0.25;
  const manager = role === 'Site Manager';
  g.workers.push({ id, project: p.id, state: p.state, role });
  const born = `${rnd.int(1962, 2004)}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`;
  const address = `${rnd.int(1, 220)} ${rnd.pick(STREETS)}, ${rnd.pick(SUBURBS[p.state])} ${p.state}`;
  const phone = `04${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`;
  const contact = [address, phone, `${slug}@${own ? 'kestrelbuild' : 'subbie'}.test`];
  const card = `CGI${pad(rnd.int(0, 9999999), 7)}`;
  const licence = role === 'Crane operator' || role === 'Electrician' || role === 'Plumber' ? `HRW${pad(rnd.int(0, 999999), 6)}` : null;
  const pay = [manager ? null : money(band[0] + rnd.next() * (band[1] - band[0])), manager ? rnd.int(150, 210) * 1000 : null];
  const visa = rnd.weighted(VISA.map((v, i) => [v, [70, 14, 7, 4, 5][i]]));
  const emergency = `${nameOf(rnd)} 04${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`;
  const employer = own ? 'Kestrel Build Group' : 'Subcontractor';
  g.ins.worker.run(id, full, role, trade, employer, p.id, p.state, gender, born, ...contact, card, licence, ...pay, visa, emergency);
}

/** Workers: Kestrel's own people and subcontractors' people on each project, with names, contact details, licences, pay, visa status and birth dates (personal data). */
function fillWorkers(g) {
  const { rnd } = g;
  let id = 0;
  for (const p of g.projects) {
    const n = p.pc === null ? 40 : 8;
    const namedHere = NAMED.find((x) => x[4] === p.id);
    for (let k = 0; k < n; k++) {
      const nm = k === 0 ? namedHere : undefined;
      let role = ROLES[rnd.int(0, ROLES.length - 1)][0];
      if (k === 0 || (k === 1 && namedHere && namedHere[1] !== 'Site Manager')) role = 'Site Manager';
      if (nm) role = nm[1];
      addWorker(g, ++id, p, role, nm);
    }
  }
}

/** Variations raised on a project in the month from `first` to `end`, and sometimes an EOT claim; returns the value approved. */
function raiseVariations(g, p, first, end) {
  const { rnd } = g;
  let approved = 0;
  for (let k = rnd.poisson(1.3); k > 0; k--) {
    const raised = rnd.int(first, end);
    const status = rnd.weighted(VO_STATUS.map((s) => [s[0], s[2]]));
    const decided = status === 'PND' ? null : raised + rnd.int(10, 70);
    const st = decided !== null && decided > D1 ? 'PND' : status;
    const val = money(Math.exp(Math.log(20000) + rnd.next() * Math.log(40)));
    if (st === 'APP') approved += val;
    const why = rnd.pick(['Client scope change', 'Latent condition', 'Design development', 'Authority requirement']);
    g.ins.vo.run(`VO-${p.id}-${pad(++g.vo, 5)}`, p.id, day(raised), st, val, st === 'PND' ? null : day(decided), why);
  }
  if (rnd.next() < 0.12) {
    const claimed = rnd.int(3, 40);
    const sub = rnd.int(first, end);
    const decided = sub + rnd.int(14, 60);
    const done = decided <= D1;
    const cause = rnd.pick(['Inclement weather', 'Client variation', 'Latent condition', 'Industrial action']);
    g.ins.eot.run(`EOT-${pad(++g.eot, 4)}`, p.id, day(sub), cause, claimed, done ? Math.round(claimed * rnd.next()) : null, done ? day(decided) : null);
  }
  return approved;
}

/** The month's progress claim, submitted on the 25th and certified within the payment period; returns the retention withheld. */
function claimMonth(g, p, first, revenue, retention) {
  const { rnd } = g;
  const month = day(first).slice(0, 7);
  const claimed = revenue * (1.02 + rnd.noise() * 0.03);
  const certOn = first + 24 + rnd.int(5, 15);
  const certified = certOn <= D1 ? claimed * (0.86 + 0.13 * rnd.next()) : null;
  const ret = certified === null ? 0 : Math.min(certified * 0.05, Math.max(0, p.value * 0.05 - retention));
  const cert = certified === null ? [null, null] : [money(certified), day(certOn)];
  g.ins.claim.run(`PC-${p.id}-${month}`, p.id, month, day(first + 24), money(claimed), ...cert, money(ret));
  return ret;
}

/** The month-end cost report (CTC, forecast final cost) and earned value status of a project. */
function monthEnd(g, p, at, contract, margin, revTo, costTo) {
  const { rnd } = g;
  const forecastFinal = contract * (1 - margin) * (1 + 0.004 * rnd.noise());
  const ctc = Math.max(0, forecastFinal - costTo);
  g.ins.forecast.run(day(at), p.id, money(contract), money(revTo), money(costTo), money(ctc), money(costTo + ctc));
  const planned = Math.min(1, progress(p, at) / p.spi) * contract;
  const earned = progress(p, at) * contract;
  const slip = Math.round((1 - p.spi) * (p.end - p.start) * 0.35);
  g.ins.programme.run(day(at), p.id, money(planned), money(earned), money(costTo * (1 + rnd.noise() * 0.01)), day(p.end + slip), day(p.end));
}

/** Revenue and cost by project and month, the month-end forecast (CTC) and programme status, progress claims with retention, variations and EOT claims. */
function fillCommercial(g) {
  const { rnd } = g;
  for (const p of g.projects) {
    const t = { rev: 0, cost: 0, retention: 0, approved: 0 };
    for (const [first, next] of months()) {
      const end = Math.min(next - 1, D1);
      if (end < p.start || (p.pc !== null && first > p.pc + 60)) continue;
      const margin = p.margin - p.fade * progress(p, end);
      const contract = p.value + t.approved;
      const revenue = Math.max(0, progress(p, end) * contract - t.rev) * (first > (p.pc ?? 1e9) ? 0 : 1);
      const cost = revenue * (1 - margin) * (1 + rnd.noise() * 0.02);
      t.rev += revenue;
      t.cost += cost;
      if (revenue > 0) g.ins.pm.run(day(first).slice(0, 7), p.id, money(revenue), money(cost));
      if (active(p, first)) t.approved += raiseVariations(g, p, first, end);
      if (revenue > 0 && first + 24 <= D1) t.retention += claimMonth(g, p, first, revenue, t.retention);
      if (next - 1 < D1 && active(p, next - 1)) monthEnd(g, p, next - 1, contract, margin, t.rev, t.cost);
    }
  }
}

/** Subcontractors by trade and their invoices per project and month. */
function fillSubcontract(g) {
  const { rnd } = g;
  let id = 0;
  const names = ['Southern Cross', 'Harbourside', 'Redgum', 'Coastal', 'Ironbark', 'Summit', 'Bluewater', 'Outback'];
  const kinds = { CON: 'Concrete', STL: 'Steel Fabrication', ELE: 'Electrical', MEC: 'Mechanical Services', PLB: 'Plumbing', FIN: 'Interiors' };
  for (const [trade] of TRADES) {
    for (const n of names) {
      g.ins.sub.run(++id, `${n} ${kinds[trade]} Pty Ltd`, trade, `${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`);
      g.subs.push({ id, trade });
    }
  }
  let inv = 0;
  for (const p of g.projects) {
    const mine = Object.fromEntries(TRADES.map(([t]) => [t, rnd.pick(g.subs.filter((s) => s.trade === t)).id]));
    for (const [first, next] of months()) {
      const a = progress(p, Math.min(D1, next - 1)) - progress(p, first);
      if (a <= 0) continue;
      for (const [trade, , , share] of TRADES) {
        const phase = trade === 'CON' || trade === 'STL' ? 1.6 - progress(p, first) * 1.4 : trade === 'FIN' ? 0.2 + progress(p, first) * 1.6 : 1;
        const amt = a * p.value * 0.68 * share * phase * (0.85 + 0.3 * rnd.next());
        if (amt > 100) g.ins.invoice.run(++inv, p.id, mine[trade], trade, day(Math.min(D1, first + rnd.int(18, 27))), money(amt));
      }
    }
  }
}

/** Injuries in a project-week: about 7 recordable injuries per million hours worked early on, falling, about a third of them lost time. */
function injuries(g, p, n, hours, crew) {
  const { rnd } = g;
  for (let k = rnd.poisson((hours * (7.5 - 2 * trend(n))) / 1e6); k > 0; k--) {
    const on = Math.min(D1, n + rnd.int(0, 4));
    const type = rnd.weighted(INCIDENT_TYPES.map((t) => [t[0], t[2]]));
    const who = rnd.pick(crew);
    const treatment = type === 'LTI' ? 'Hospital' : type === 'MTI' ? 'GP treatment' : 'Light duties';
    g.ins.incident.run(`INC-${pad(++g.inc, 5)}`, p.id, p.state, day(on), type, who, rnd.pick(INJURIES), treatment, type === 'LTI' ? rnd.int(1, 40) : 0);
  }
}

/** Drug and alcohol tests in a project-week. */
function tests(g, p, n, crew) {
  const { rnd } = g;
  const reasons = [
    ['random', 80],
    ['post-incident', 12],
    ['for cause', 8],
  ];
  for (let k = rnd.poisson(1.2); k > 0; k--) {
    const non = rnd.next() < 0.035;
    const who = rnd.pick(crew);
    const on = day(Math.min(D1, n + rnd.int(0, 4)));
    g.ins.test.run(
      ++g.test,
      who,
      p.id,
      p.state,
      on,
      rnd.weighted(reasons),
      non ? 'non-negative' : 'negative',
      non ? rnd.pick(['cannabis', 'methamphetamine', 'alcohol']) : null,
    );
  }
}

/** How wet a month is in a state: Queensland's summer, Victoria's winter, Perth's winter, Sydney's autumn. */
const SEASONS = {
  QLD: (m) => (m <= 3 || m === 12 ? 2.2 : 0.6),
  VIC: (m) => (m >= 5 && m <= 9 ? 1.6 : 0.8),
  WA: (m) => (m >= 6 && m <= 8 ? 2 : 0.5),
  NSW: (m) => (m >= 2 && m <= 6 ? 1.5 : 0.8),
};

/** Working days lost to weather on a project in the week from Monday n. */
function weather(g, p, n) {
  const { rnd } = g;
  const wet = STATES.find((s) => s[0] === p.state)[3];
  for (let d = n; d < n + 5 && d <= D1; d++) {
    const m = Number(day(d).slice(5, 7));
    if (rnd.next() >= wet * SEASONS[p.state](m)) continue;
    const cause = m === 1 || m === 2 || m === 12 ? rnd.pick(['rain', 'heat']) : rnd.pick(['rain', 'rain', 'wind']);
    g.ins.weather.run(day(d), p.id, p.state, cause, rnd.next() < 0.35 ? 0.5 : 1);
  }
}

/** Hours worked per project and trade per week (Monday to Sunday), injuries against them, drug and alcohol tests, and weather days lost. */
function fillSite(g) {
  const { rnd } = g;
  const onSite = new Map();
  for (const w of g.workers) {
    if (!onSite.has(w.project)) onSite.set(w.project, []);
    onSite.get(w.project).push(w.id);
  }
  for (let n = D0 - weekdayOf(D0); n <= D1; n += 7) {
    for (const p of g.projects) {
      if (!active(p, n)) continue;
      const crewSize = (p.value / 1e6) * 2.6 * (0.45 + 1.1 * Math.sin(Math.PI * progress(p, n)));
      let hours = 0;
      for (const [trade, , share] of TRADES) {
        const workers = Math.max(1, Math.round(crewSize * share * (0.8 + 0.4 * rnd.next())));
        const h = workers * 38 * Math.min(1, (Math.min(D1, n + 6) - n + 1) / 5) * (0.9 + 0.2 * rnd.next());
        hours += h;
        g.ins.hours.run(day(n), p.id, p.state, trade, Math.round(h * 10) / 10, workers);
      }
      injuries(g, p, n, hours, onSite.get(p.id));
      tests(g, p, n, onSite.get(p.id));
      weather(g, p, n);
    }
  }
  // Jack Thompson's lost time injury in October 2026 (a named worker the safety questions mention)
  g.ins.incident.run(`INC-${pad(++g.inc, 5)}`, 'P1001', g.projects[0].state, day(dn(2026, 10, 14)), 'LTI', 1, 'Fractured wrist from fall', 'Hospital', 21);
}

/** Defects raised in the later half of each project and RFIs through its life. */
function fillQuality(g) {
  const { rnd } = g;
  let def = 0;
  let rfi = 0;
  for (const p of g.projects) {
    const sub = (trade) => rnd.pick(g.subs.filter((s) => s.trade === trade)).id;
    for (let n = Math.max(D0 - 200, p.start); n <= Math.min(D1, p.pc ?? D1); n += 7) {
      const pr = progress(p, n);
      for (let k = rnd.poisson(pr > 0.4 ? (p.value / 1e7) * 0.9 : 0.2); k > 0; k--) {
        const raised = Math.min(D1, n + rnd.int(0, 6));
        const trade = rnd.weighted(TRADES.map((t) => [t[0], t[0] === 'FIN' ? 0.35 : t[2]]));
        const closed = raised + Math.round(rnd.expo(pr > 0.9 ? 40 : 22));
        g.ins.defect.run(
          `DEF-${pad(++def, 6)}`,
          p.id,
          trade,
          sub(trade),
          day(raised),
          closed <= D1 ? day(closed) : null,
          rnd.weighted([
            ['minor', 70],
            ['major', 25],
            ['critical', 5],
          ]),
        );
      }
      for (let k = rnd.poisson(pr < 0.8 ? (p.value / 1e7) * 0.8 : 0.3); k > 0; k--) {
        const raised = Math.min(D1, n + rnd.int(0, 6));
        const closed = raised + 1 + Math.round(rnd.expo(8 + 3 * trend(n)));
        g.ins.rfi.run(
          `RFI-${pad(++rfi, 6)}`,
          p.id,
          rnd.pick(['architectural', 'structural', 'services', 'civil']),
          day(raised),
          closed <= D1 ? day(closed) : null,
        );
      }
    }
  }
}

/** Tenders submitted per sector and state, and their outcomes. */
function fillTenders(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0 - 120; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (let k = rnd.poisson(0.9); k > 0; k--) {
      const [sector, name, , , win] = rnd.weighted(SECTORS.map((s) => [s, s[2]]));
      const state = rnd.weighted(STATES.map((s) => [s[0], s[2]]));
      const decided = n + rnd.int(45, 150);
      const outcome = decided > D1 ? 'pending' : rnd.next() < win ? 'won' : 'lost';
      g.ins.tender.run(
        `T-${pad(++id, 5)}`,
        `${rnd.pick(SUBURBS[state])} ${name} tender`,
        sector,
        state,
        day(n),
        money(Math.exp(Math.log(5e6) + rnd.next() * Math.log(50))),
        outcome,
        outcome === 'pending' ? null : day(decided),
      );
    }
  }
}

/** The plant fleet and its hours per week (Monday to Sunday). */
function fillPlant(g) {
  const { rnd } = g;
  const mon0 = D0 - weekdayOf(D0);
  const fleet = [];
  for (const [code, name, count, util] of PLANT_TYPES) {
    for (let k = 1; k <= count; k++) {
      const state = rnd.weighted(STATES.map((s) => [s[0], s[2]]));
      const id = `${code}-${pad(k, 2)}`;
      g.ins.plant.run(id, code, name, state, rnd.next() < 0.6 ? 1 : 0);
      fleet.push({ id, state, util: util + rnd.noise() * 0.05 });
    }
  }
  for (let n = mon0; n <= D1; n += 7) {
    for (const f of fleet) {
      const proj = g.projects.filter((p) => p.state === f.state && active(p, n));
      const avail = Math.min(5, D1 - n + 1) * 10;
      const used = Math.max(0, Math.min(avail, avail * (f.util + rnd.noise() * 0.12)));
      g.ins.plantWeek.run(day(n), f.id, proj.length ? rnd.pick(proj).id : null, avail, Math.round(used * 10) / 10);
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillProjects(g);
  fillWorkers(g);
  fillCommercial(g);
  fillSubcontract(g);
  fillSite(g);
  fillQuality(g);
  fillTenders(g);
  fillPlant(g);
  db.exec(
    "UPDATE projects SET site_manager_id = (SELECT MIN(w.worker_id) FROM workers w WHERE w.project_id = projects.project_id AND w.role = 'Site Manager')",
  );
  for (const source of ['project_ledger', 'cost_system', 'site_diary', 'safety_system', 'tender_register', 'plant_register', 'hr_system'])
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
