#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// Northmoor Energy: four service regions, code, name, customers connected to its network, postcode areas
const REGIONS = [
  ['NTH', 'Northumbria', 412000, ['NE', 'DH', 'SR']],
  ['PEN', 'Pennines', 298000, ['BD', 'HX', 'HD']],
  ['MER', 'Mersey & Cheshire', 536000, ['L', 'CH', 'WA']],
  ['SOL', 'Solway & Cumbria', 174000, ['CA', 'LA', 'DG']],
];
// region, accounts drawn, outage rate a day, restoration mean minutes
const REGION_SCALE = { NTH: [1.0, 1.6, 150], PEN: [0.75, 1.2, 170], MER: [1.3, 2.0, 120], SOL: [0.45, 1.1, 240] };

// tariff, name, fuel, unit rate (GBP a kWh), standing charge (GBP a day), weight
const TARIFFS = [
  ['E-SVT', 'Standard Variable (electricity)', 'electricity', 0.245, 0.6, 5],
  ['E-FIX12', 'Fixed 12 Month (electricity)', 'electricity', 0.231, 0.56, 3],
  ['E-E7', 'Economy 7', 'electricity', 0.214, 0.58, 1],
  ['E-EVN', 'EV Overnight', 'electricity', 0.19, 0.62, 1],
  ['G-SVT', 'Standard Variable (gas)', 'gas', 0.062, 0.31, 4],
  ['G-FIX12', 'Fixed 12 Month (gas)', 'gas', 0.058, 0.29, 2],
];
const PAYMENT_METHODS = [
  ['direct_debit', 7],
  ['pay_on_receipt', 2],
  ['prepayment', 1],
];
const PSR_NEEDS = [
  'oxygen concentrator',
  'home dialysis',
  'stair lift',
  'blind or partially sighted',
  'hearing impaired',
  'pensionable age',
  'child under five',
  'chronic illness',
  'dementia',
];
const OUTAGE_CAUSES = [
  ['weather', 4, 1.6],
  ['equipment_failure', 5, 1.0],
  ['third_party_damage', 2, 0.8],
  ['vegetation', 2, 1.2],
  ['overload', 1, 0.6],
];
// job type, weight, first-time-fix chance
const JOB_TYPES = [
  ['fault_repair', 5, 0.78],
  ['meter_exchange', 4, 0.9],
  ['smart_install', 6, 0.84],
  ['supply_check', 2, 0.95],
  ['meter_fault', 3, 0.72],
];
const CONNECTION_TYPES = [
  ['domestic_single', 6, 28],
  ['domestic_multi', 1, 75],
  ['commercial', 2, 60],
  ['ev_charger', 3, 21],
];
const COMPLAINT_CATEGORIES = [
  ['billing', 8],
  ['metering', 4],
  ['smart_meter', 3],
  ['supply_interruption', 3],
  ['customer_service', 4],
  ['debt_collection', 2],
];
const CALL_QUEUES = [
  ['billing', 140, 410],
  ['payments', 80, 300],
  ['moving_home', 45, 360],
  ['power_cut', 60, 190],
  ['smart_meter', 35, 380],
];
const FIRST = [
  'Aisha',
  'Ben',
  'Chloe',
  'Daniel',
  'Ellie',
  'Farhan',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Katie',
  'Liam',
  'Megan',
  'Noah',
  'Olivia',
  'Priya',
  'Ryan',
  'Sophie',
  'Tom',
  'Zara',
];
const LAST = [
  'Armstrong',
  'Bell',
  'Charlton',
  'Dixon',
  'Elliott',
  'Forster',
  'Graham',
  'Hewitt',
  'Irving',
  'Jackson',
  'Kerr',
  'Lowther',
  'Milburn',
  'Nixon',
  'Robson',
  'Scott',
  'Taylor',
  'Walton',
];
const STREETS = ['Station Road', 'Church Lane', 'Moor View', 'Mill Street', 'Park Terrace', 'Victoria Road', 'Fell Close', 'Quarry Bank'];

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of the loaded history (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day

let shift = 0; // set per generation by makeWarehouse; day() and stamp() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const stamp = (n, minutes) => new Date((n * DAY + shift + Math.round(minutes) * 60) * 1000).toISOString().slice(0, 16).replace('T', ' ');
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
// Heating season: gas and (less so) electricity use follow the month of the unshifted day.
const seasonOf = (n) => [1.7, 1.55, 1.3, 1.0, 0.72, 0.5, 0.42, 0.45, 0.6, 0.92, 1.3, 1.6][new Date(n * DAY * 1000).getUTCMonth()];

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL, customers_connected INTEGER NOT NULL);
CREATE TABLE tariffs (tariff_code TEXT PRIMARY KEY, tariff_name TEXT NOT NULL, fuel TEXT NOT NULL, unit_rate REAL NOT NULL, standing_charge REAL NOT NULL);
CREATE TABLE accounts (account_id TEXT PRIMARY KEY, holder_name TEXT NOT NULL, phone TEXT NOT NULL, address_line TEXT NOT NULL, postcode TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), fuel TEXT NOT NULL, tariff_code TEXT NOT NULL REFERENCES tariffs(tariff_code), payment_method TEXT NOT NULL, psr_registered INTEGER NOT NULL, psr_needs TEXT, smart_meter INTEGER NOT NULL, annual_quantity_kwh REAL NOT NULL, opened_on TEXT NOT NULL);
CREATE TABLE meter_reads (read_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, fuel TEXT NOT NULL, read_on TEXT NOT NULL, read_type TEXT NOT NULL, consumption_kwh REAL NOT NULL);
CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, tariff_code TEXT NOT NULL, fuel TEXT NOT NULL, billed_on TEXT NOT NULL, billed_kwh REAL NOT NULL, amount_gbp REAL NOT NULL);
CREATE TABLE dd_collections (collection_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, due_on TEXT NOT NULL, amount_gbp REAL NOT NULL, failed INTEGER NOT NULL, failure_reason TEXT);
CREATE TABLE arrears_snapshots (snapshot_on TEXT NOT NULL, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, arrears_gbp REAL NOT NULL, days_in_arrears INTEGER NOT NULL, on_payment_plan INTEGER NOT NULL, PRIMARY KEY (snapshot_on, account_id));
CREATE TABLE payment_plans (plan_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, agreed_on TEXT NOT NULL, instalment_gbp REAL NOT NULL, status TEXT NOT NULL);
CREATE TABLE smart_appointments (appointment_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, booked_for TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE outages (outage_id INTEGER PRIMARY KEY, incident_ref TEXT NOT NULL UNIQUE, region_code TEXT NOT NULL REFERENCES regions(region_code), day TEXT NOT NULL, started_at TEXT NOT NULL, restored_at TEXT NOT NULL, cause TEXT NOT NULL, voltage TEXT NOT NULL, planned INTEGER NOT NULL, customers_interrupted INTEGER NOT NULL, customer_minutes_lost INTEGER NOT NULL, restore_minutes INTEGER NOT NULL);
CREATE TABLE engineers (engineer_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, mobile TEXT NOT NULL, home_postcode TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code));
CREATE TABLE field_jobs (job_id INTEGER PRIMARY KEY, region_code TEXT NOT NULL, job_type TEXT NOT NULL, engineer_id TEXT NOT NULL REFERENCES engineers(engineer_id), raised_on TEXT NOT NULL, completed_on TEXT NOT NULL, visits INTEGER NOT NULL, first_time_fix INTEGER NOT NULL);
CREATE TABLE connections (connection_id INTEGER PRIMARY KEY, region_code TEXT NOT NULL, connection_type TEXT NOT NULL, applied_on TEXT NOT NULL, quoted_on TEXT NOT NULL, energised_on TEXT);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), region_code TEXT NOT NULL, category TEXT NOT NULL, opened_on TEXT NOT NULL, resolved_on TEXT, ombudsman_referred INTEGER NOT NULL, compensation_gbp REAL NOT NULL);
CREATE TABLE call_stats (day TEXT NOT NULL, region_code TEXT NOT NULL, queue TEXT NOT NULL, calls_offered INTEGER NOT NULL, calls_answered INTEGER NOT NULL, answered_in_60s INTEGER NOT NULL, handle_seconds INTEGER NOT NULL, PRIMARY KEY (day, region_code, queue));
${calendarTables('is_working_day')}
`;
const LAYOUT = 701;
const INDEXES = `
CREATE INDEX meter_reads_day ON meter_reads (read_on);
CREATE INDEX bills_day ON bills (billed_on);
CREATE INDEX dd_collections_day ON dd_collections (due_on);
CREATE INDEX outages_day ON outages (day);
CREATE INDEX field_jobs_day ON field_jobs (completed_on);
CREATE INDEX complaints_day ON complaints (opened_on);
`;

/** The date dimension over every day the data can name; Monday to Friday are working days. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 3],
  tariff: ['tariffs', 5],
  account: ['accounts', 14],
  read: ['meter_reads', 7],
  bill: ['bills', 8],
  dd: ['dd_collections', 7],
  arrears: ['arrears_snapshots', 6],
  plan: ['payment_plans', 6],
  smart: ['smart_appointments', 5],
  outage: ['outages', 12],
  engineer: ['engineers', 5],
  job: ['field_jobs', 8],
  connection: ['connections', 6],
  complaint: ['complaints', 8],
  call: ['call_stats', 7],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { read: 0, bill: 0, dd: 0, plan: 0, smart: 0, outage: 0, job: 0, connection: 0, complaint: 0 };
  return { rnd, ins, ids, accounts: [], engineers: {} };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;
const postcodeOf = (rnd, areas) => `${rnd.pick(areas)}${rnd.int(1, 28)} ${rnd.int(1, 9)}${rnd.pick(['AB', 'DF', 'HJ', 'LP', 'RT', 'WX'])}`;
const TARIFF_PICK = TARIFFS.map((t) => [t, t[5]]);

/** Regions, tariffs and the field engineers of each region (names and mobiles are personal data). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name, connected, areas] of REGIONS) {
    g.ins.region.run(code, name, connected);
    g.engineers[code] = [];
    for (let k = 1; k <= Math.round(14 * REGION_SCALE[code][0]); k++) {
      const id = `ENG-${code}-${String(k).padStart(2, '0')}`;
      g.ins.engineer.run(id, nameOf(rnd), phoneOf(rnd), postcodeOf(rnd, areas), code);
      g.engineers[code].push(id);
    }
  }
  for (const [code, name, fuel, rate, standing] of TARIFFS) g.ins.tariff.run(code, name, fuel, rate, standing);
}

/** One customer account: its holder's contact details, tariff, payment method and any Priority Services Register needs. */
function openAccount(g, region, areas, k) {
  const { rnd } = g;
  const tariff = rnd.weighted(TARIFF_PICK);
  const fuel = tariff[2];
  const psr = rnd.next() < 0.14;
  const aq = fuel === 'gas' ? 8000 + rnd.expo(4500) : 1800 + rnd.expo(1500) + (tariff[0] === 'E-EVN' ? 2400 : 0);
  const account = {
    id: `${region.slice(0, 1)}${String(100000 + k).slice(1)}${fuel === 'gas' ? 'G' : 'E'}`,
    region,
    tariff,
    method: rnd.weighted(PAYMENT_METHODS),
    smart: rnd.next() < 0.55,
    aq,
    opened: D0 - rnd.int(0, 3000),
    risk: rnd.next(),
  };
  const address = `${rnd.int(1, 140)} ${rnd.pick(STREETS)}`;
  g.ins.account.run(
    account.id,
    nameOf(rnd),
    phoneOf(rnd),
    address,
    postcodeOf(rnd, areas),
    region,
    fuel,
    tariff[0],
    account.method,
    psr ? 1 : 0,
    psr ? rnd.pick(PSR_NEEDS) : null,
    account.smart ? 1 : 0,
    Math.round(aq),
    day(account.opened),
  );
  g.accounts.push(account);
  return account;
}

/** Monthly reads and bills of one account (every 30 days from its own offset), and its direct-debit collections. */
function billAccount(g, a) {
  const { rnd } = g;
  const [tariff, , fuel, rate, standing] = a.tariff;
  for (let n = D0 + rnd.int(0, 29); n <= D1; n += 30) {
    const kwh = Math.round((a.aq / 12) * (fuel === 'gas' ? seasonOf(n) : 0.8 + 0.2 * seasonOf(n)) * (0.85 + 0.3 * rnd.next()));
    const estimated = rnd.next() < (a.smart ? 0.04 : 0.31);
    const readType = estimated ? 'estimated' : a.smart || rnd.next() < 0.6 ? 'actual' : 'customer';
    g.ins.read.run(++g.ids.read, a.id, a.region, fuel, day(n), readType, kwh);
    const amount = money((kwh * rate + 30 * standing) * 1.05);
    if (n + 2 <= D1) g.ins.bill.run(++g.ids.bill, a.id, a.region, tariff, fuel, day(n + 2), kwh, amount);
    if (a.method !== 'direct_debit' || n + 14 > D1) continue;
    const failed = rnd.next() < 0.015 + 0.09 * a.risk * a.risk;
    g.ins.dd.run(
      ++g.ids.dd,
      a.id,
      a.region,
      day(n + 14),
      amount,
      failed ? 1 : 0,
      failed ? rnd.pick(['insufficient_funds', 'mandate_cancelled', 'account_closed']) : null,
    );
  }
}

/** Arrears every four weeks for the riskier accounts, and the payment plans agreed with some of them. */
function fillArrears(g, a) {
  const { rnd } = g;
  if (a.risk < 0.8 || a.method === 'prepayment') return;
  let plan = null;
  for (let n = D1 - 7 * 4 * 25; n <= D1; n += 28) {
    if (rnd.next() < 0.25) continue;
    if (!plan && rnd.next() < 0.08) {
      plan = ++g.ids.plan;
      g.ins.plan.run(
        plan,
        a.id,
        a.region,
        day(n),
        money(15 + rnd.expo(25)),
        rnd.weighted([
          ['active', 5],
          ['completed', 2],
          ['broken', 2],
        ]),
      );
    }
    g.ins.arrears.run(day(n), a.id, a.region, money(40 + rnd.expo(380)), rnd.int(28, 240), plan ? 1 : 0);
  }
}

/** Smart-meter install appointments for traditional meters: installed, aborted on site or no access. */
function bookSmart(g, a) {
  const { rnd } = g;
  if (a.smart || rnd.next() < 0.55) return;
  for (let tries = rnd.int(1, 3); tries > 0; tries--) {
    const outcome = rnd.weighted([
      ['installed', 7],
      ['aborted', 2],
      ['no_access', 2],
    ]);
    g.ins.smart.run(++g.ids.smart, a.id, a.region, day(rnd.int(D0, D1)), outcome);
    if (outcome === 'installed') return;
  }
}

/** Accounts of every region, each billed, read, collected, chased for arrears and offered a smart meter. */
function fillAccounts(g) {
  let k = 0;
  for (const [region, , , areas] of REGIONS) {
    for (let i = 0; i < Math.round(1000 * REGION_SCALE[region][0]); i++) {
      const a = openAccount(g, region, areas, ++k);
      billAccount(g, a);
      fillArrears(g, a);
      bookSmart(g, a);
    }
  }
}

const CAUSE_PICK = OUTAGE_CAUSES.map((c) => [c, c[1]]);

/** Network outages of a region: unplanned faults (worse in winter storms) and planned works, with CI and CML. */
function fillOutages(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [region] of REGIONS) {
      const [, rate, restoreMean] = REGION_SCALE[region];
      for (let k = rnd.poisson(rate * (0.6 + 0.4 * seasonOf(n))); k > 0; k--) {
        const planned = rnd.next() < 0.18;
        const cause = planned ? ['planned_works', 0, 1] : rnd.weighted(CAUSE_PICK);
        const hv = rnd.next() < 0.22;
        const ci = Math.round(hv ? 300 + rnd.expo(1400) : 8 + rnd.expo(70));
        const minutes = Math.round(20 + rnd.expo(restoreMean * cause[2]));
        const start = rnd.int(0, 1439);
        g.ids.outage++;
        const ref = `INC-${region}-${String(g.ids.outage).padStart(6, '0')}`;
        g.ins.outage.run(
          g.ids.outage,
          ref,
          region,
          day(n),
          stamp(n, start),
          stamp(n, start + minutes),
          cause[0],
          hv ? 'HV' : 'LV',
          planned ? 1 : 0,
          ci,
          Math.round(ci * minutes * (0.55 + 0.3 * rnd.next())),
          minutes,
        );
      }
    }
  }
}

const JOB_PICK = JOB_TYPES.map((j) => [j, j[1]]);

/** Field engineers' jobs: raised, completed some days later, in one visit or more. */
function fillJobs(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) === 6) continue;
    for (const [region] of REGIONS) {
      for (let k = rnd.poisson(9 * REGION_SCALE[region][0]); k > 0; k--) {
        const [type, , ftf] = rnd.weighted(JOB_PICK);
        const fixed = rnd.next() < ftf - (region === 'SOL' ? 0.06 : 0);
        const visits = fixed ? 1 : rnd.int(2, 4);
        const raised = n - rnd.int(0, type === 'fault_repair' ? 2 : 12);
        g.ins.job.run(++g.ids.job, region, type, rnd.pick(g.engineers[region]), day(raised), day(n), visits, fixed ? 1 : 0);
      }
    }
  }
}

const CONNECTION_PICK = CONNECTION_TYPES.map((c) => [c, c[1]]);

/** New connection applications: quoted, then energised after a lead time (still open near the end). */
function fillConnections(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [region] of REGIONS) {
      for (let k = rnd.poisson(1.3 * REGION_SCALE[region][0]); k > 0; k--) {
        const [type, , mean] = rnd.weighted(CONNECTION_PICK);
        const quoted = n + rnd.int(2, 20);
        const energised = quoted + Math.round(5 + rnd.expo(mean * (region === 'SOL' ? 1.4 : 1)));
        g.ins.connection.run(++g.ids.connection, region, type, day(n), day(Math.min(quoted, D1)), energised <= D1 ? day(energised) : null);
      }
    }
  }
}

const CATEGORY_PICK = COMPLAINT_CATEGORIES;

/** Complaints against accounts: resolved within days or weeks, a few referred to the Energy Ombudsman. */
function fillComplaints(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(4.2); k > 0; k--) {
      const a = rnd.pick(g.accounts);
      const days = Math.round(rnd.expo(19));
      const ombudsman = days > 56 && rnd.next() < 0.45;
      const resolved = n + days <= D1 ? day(n + days) : null;
      g.ins.complaint.run(
        ++g.ids.complaint,
        a.id,
        a.region,
        rnd.weighted(CATEGORY_PICK),
        day(n),
        resolved,
        ombudsman ? 1 : 0,
        ombudsman || rnd.next() < 0.2 ? money(30 + rnd.expo(60)) : 0,
      );
    }
  }
}

/** Contact-centre traffic a day, region and queue: offered, answered, answered within 60 seconds and handle time. */
function fillCalls(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const open = weekdayOf(n) < 5 ? 1 : weekdayOf(n) === 5 ? 0.4 : 0.15;
    for (const [region] of REGIONS) {
      for (const [queue, volume, aht] of CALL_QUEUES) {
        const offered = rnd.poisson(volume * open * REGION_SCALE[region][0] * 0.25) + 1;
        const answered = Math.round(offered * (0.86 + 0.1 * rnd.next()));
        const quick = Math.round(answered * (0.55 + 0.35 * rnd.next()));
        g.ins.call.run(day(n), region, queue, offered, answered, quick, Math.round(answered * aht * (0.85 + 0.3 * rnd.next())));
      }
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillAccounts(g);
  fillOutages(g);
  fillJobs(g);
  fillConnections(g);
  fillComplaints(g);
  fillCalls(g);
  for (const source of ['crm', 'billing', 'mdm', 'oms', 'fsm', 'telephony']) g.ins.load.run(source, day(D1));
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
