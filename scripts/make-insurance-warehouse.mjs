#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// code, name, share of the book, premium factor
const REGIONS = [
  ['NE', 'North East', 18, 0.96],
  ['NW', 'North West', 26, 1.08],
  ['YH', 'Yorkshire', 22, 1.0],
  ['SCO', 'Scotland', 17, 0.92],
  ['MID', 'Midlands', 17, 1.04],
];

// code, name, class, share of the book, mean annual premium (GBP), claims a policy-year
const LINES = [
  ['motor', 'Private motor', 'motor', 47, 640, 0.2],
  ['fleet', 'Motor fleet', 'motor', 1.5, 7200, 2.4],
  ['home', 'Home', 'property', 36.5, 390, 0.09],
  ['landlord', 'Landlord', 'property', 9, 540, 0.12],
  ['commercial_property', 'Commercial property', 'property', 6, 2600, 0.22],
];
const LINE = Object.fromEntries(LINES.map(([code, name, cls, , premium, frequency]) => [code, { code, name, cls, premium, frequency }]));

// How each line is sold: channel and weight.
const CHANNELS = {
  motor: [
    ['aggregator', 46],
    ['direct_web', 20],
    ['broker', 22],
    ['phone', 12],
  ],
  fleet: [['broker', 100]],
  home: [
    ['aggregator', 34],
    ['direct_web', 26],
    ['broker', 24],
    ['phone', 16],
  ],
  landlord: [
    ['broker', 58],
    ['direct_web', 30],
    ['aggregator', 12],
  ],
  commercial_property: [
    ['broker', 88],
    ['direct_web', 12],
  ],
};
// Quotes that did not bind for every quote that did, per channel (price comparison sites quote a lot).
const LOST_QUOTES = { aggregator: 7, direct_web: 2.4, phone: 1.3, broker: 1.1 };
const BASE_RETENTION = { aggregator: 0.7, direct_web: 0.8, phone: 0.84, broker: 0.87 };

// code, name, region, commission rate, weight within its region
const BROKERS = [
  ['BRK-01', 'Pennine Risk Partners', 'YH', 0.15, 5],
  ['BRK-02', 'Tyneside Insurance Brokers', 'NE', 0.14, 5],
  ['BRK-03', 'Mersey Cover', 'NW', 0.16, 5],
  ['BRK-04', 'Clydebank Brokers', 'SCO', 0.15, 4],
  ['BRK-05', 'Heartland Insurance Services', 'MID', 0.13, 5],
  ['BRK-06', 'Dales and Moor Insurance', 'YH', 0.17, 3],
  ['BRK-07', 'Granite City Risk', 'SCO', 0.15, 3],
  ['BRK-08', 'Wirral Commercial Brokers', 'NW', 0.12, 3],
  ['BRK-09', 'Trent Valley Insurance', 'MID', 0.14, 3],
  ['BRK-10', 'Wearside Motor Brokers', 'NE', 0.11, 2],
  ['BRK-11', 'Forth Insurance Partners', 'SCO', 0.14, 2],
  ['BRK-12', 'Lancashire Fleet Solutions', 'NW', 0.1, 2],
  ['BRK-13', 'Black Country Brokers', 'MID', 0.15, 2],
  ['BRK-14', 'Humber Estuary Insurance', 'YH', 0.13, 2],
];

// cause, weight, mean cost (GBP), mean days to settle
const CAUSES = {
  motor: [
    ['collision', 40, 3300, 50],
    ['third_party_property', 18, 2600, 70],
    ['windscreen', 18, 360, 8],
    ['theft', 6, 7400, 75],
    ['vandalism', 9, 950, 30],
    ['fire', 1, 6200, 80],
    ['third_party_injury', 8, 15500, 420],
  ],
  property: [
    ['escape_of_water', 28, 3900, 90],
    ['storm', 17, 2500, 45],
    ['theft', 12, 3100, 40],
    ['accidental_damage', 22, 850, 25],
    ['fire', 4, 19000, 150],
    ['subsidence', 2, 23000, 320],
    ['flood', 3, 27000, 200],
    ['liability', 4, 9000, 260],
    ['malicious_damage', 8, 2200, 60],
  ],
};
const COMPLAINT_CATEGORIES = [
  ['claims_handling', 38, 0.42],
  ['pricing_renewal', 22, 0.18],
  ['policy_admin', 13, 0.36],
  ['customer_service', 12, 0.4],
  ['cancellation', 8, 0.3],
  ['sales', 7, 0.25],
];
// queue, calls a weekday, mean handle seconds
const QUEUES = [
  ['sales', 260, 540],
  ['renewals', 210, 480],
  ['claims', 330, 720],
  ['customer_service', 240, 420],
];
// team, role, headcount, salary range (GBP a year)
const TEAMS = [
  ['claims_handling', 'claims_handler', 26, [27000, 41000]],
  ['claims_handling', 'claims_team_leader', 4, [42000, 52000]],
  ['fraud', 'fraud_investigator', 6, [36000, 48000]],
  ['call_centre', 'contact_centre_agent', 34, [22500, 27500]],
  ['underwriting', 'underwriter', 9, [40000, 68000]],
  ['complaints', 'complaints_handler', 5, [28000, 36000]],
];

const FIRST =
  'Olivia Amelia Isla Ava Grace Freya Emily Sophie Ella Chloe Hannah Priya Aisha Ruth Megan Zara Eilidh Niamh Oliver George Harry Jack Noah Leo Thomas James Callum Rory Finlay Daniel Samuel Omar Ravi Connor Lewis Jamie Kieran Stuart Ewan'.split(
    ' ',
  );
const LAST =
  'Smith Jones Taylor Brown Wilson Davies Evans Thomas Roberts Walker Wright Robinson Thompson White Hughes Green Hall Wood Harris Clarke Patel Khan Campbell Stewart Murray MacDonald Kelly Shah Cooper Ward Morris King Baker Armstrong Dixon Fletcher Hussain Ahmed Scott Reid'.split(
    ' ',
  );
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Mill Lane',
  'The Crescent',
  'Moor Lane',
  'Kings Road',
  'Chapel Street',
];
const POSTCODES = {
  NE: ['NE1', 'NE4', 'NE29', 'SR2', 'DH1', 'TS5'],
  NW: ['M14', 'M20', 'L15', 'PR1', 'WA4', 'BL1'],
  YH: ['LS6', 'LS17', 'S10', 'HU5', 'YO24', 'BD9'],
  SCO: ['G12', 'G41', 'EH6', 'EH10', 'AB15', 'DD2'],
  MID: ['B15', 'B30', 'NG7', 'LE2', 'DE22', 'CV5'],
};

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of the loaded history (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day
const BOOK_AT_START = 21000; // policies in force on the first day of the history
const NEW_BUSINESS_A_DAY = 34;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
// Unshifted calendar facts of a day number (weekday 0 = Monday); shifting by whole weeks keeps weekdays.
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth();
const ascii = (s) => s.toLowerCase().replace(/[^a-z]/g, '');
// Storms and burst pipes in winter, more driving and holiday thefts in summer.
const PROPERTY_SEASON = [1.45, 1.35, 1.1, 0.9, 0.8, 0.75, 0.8, 0.85, 0.85, 1.0, 1.15, 1.4];
const MOTOR_SEASON = [1.1, 1.0, 0.95, 0.95, 1.0, 1.0, 1.05, 1.05, 0.95, 1.0, 1.05, 1.15];
// Premium inflation at renewal: motor repair costs ran hot in the first year of the history.
const rateChangeOf = (g, line, n) => (line === 'motor' || line === 'fleet' ? (n < D0 + 365 ? 0.11 : 0.05) : 0.06) + 0.045 * g.rnd.noise();

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE lines_of_business (line_code TEXT PRIMARY KEY, line_name TEXT NOT NULL, line_class TEXT NOT NULL);
CREATE TABLE brokers (broker_code TEXT PRIMARY KEY, broker_name TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), commission_rate REAL NOT NULL, appointed_on TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE staff (staff_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, team TEXT NOT NULL, role TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, annual_salary REAL NOT NULL, hired_on TEXT NOT NULL);
CREATE TABLE policyholders (customer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, address TEXT NOT NULL, postcode TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), customer_since TEXT NOT NULL, driving_licence_no TEXT, vulnerable INTEGER NOT NULL);
CREATE TABLE policies (policy_id INTEGER PRIMARY KEY, policy_ref TEXT NOT NULL UNIQUE, customer_id INTEGER NOT NULL REFERENCES policyholders(customer_id), line_code TEXT NOT NULL REFERENCES lines_of_business(line_code), region_code TEXT NOT NULL REFERENCES regions(region_code), channel TEXT NOT NULL, broker_code TEXT REFERENCES brokers(broker_code), first_incepted_on TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE policy_terms (term_id INTEGER PRIMARY KEY, policy_id INTEGER NOT NULL REFERENCES policies(policy_id), term_no INTEGER NOT NULL, term_type TEXT NOT NULL, written_on TEXT NOT NULL, inception_on TEXT NOT NULL, expiry_on TEXT NOT NULL, gross_premium REAL NOT NULL, ipt REAL NOT NULL, commission REAL NOT NULL, status TEXT NOT NULL, cancelled_on TEXT);
CREATE TABLE premium_transactions (txn_id INTEGER PRIMARY KEY, term_id INTEGER NOT NULL REFERENCES policy_terms(term_id), policy_id INTEGER NOT NULL REFERENCES policies(policy_id), txn_type TEXT NOT NULL, written_on TEXT NOT NULL, effective_on TEXT NOT NULL, gross_premium REAL NOT NULL, commission REAL NOT NULL);
CREATE TABLE renewal_invites (invite_id INTEGER PRIMARY KEY, policy_id INTEGER NOT NULL REFERENCES policies(policy_id), expiring_term_id INTEGER NOT NULL REFERENCES policy_terms(term_id), sent_on TEXT NOT NULL, due_on TEXT NOT NULL, prior_premium REAL NOT NULL, offered_premium REAL NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE quotes (quote_id INTEGER PRIMARY KEY, quoted_on TEXT NOT NULL, line_code TEXT NOT NULL REFERENCES lines_of_business(line_code), region_code TEXT NOT NULL REFERENCES regions(region_code), channel TEXT NOT NULL, broker_code TEXT REFERENCES brokers(broker_code), quoted_premium REAL, outcome TEXT NOT NULL, decline_reason TEXT, policy_id INTEGER REFERENCES policies(policy_id));
CREATE TABLE earned_premium (month_start TEXT NOT NULL, line_code TEXT NOT NULL REFERENCES lines_of_business(line_code), region_code TEXT NOT NULL REFERENCES regions(region_code), channel TEXT NOT NULL, earned_premium REAL NOT NULL, PRIMARY KEY (month_start, line_code, region_code, channel));
CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, claim_ref TEXT NOT NULL UNIQUE, policy_id INTEGER NOT NULL REFERENCES policies(policy_id), term_id INTEGER NOT NULL REFERENCES policy_terms(term_id), line_code TEXT NOT NULL, region_code TEXT NOT NULL, cause TEXT NOT NULL, incident_on TEXT NOT NULL, notified_on TEXT NOT NULL, notified_via TEXT NOT NULL, handler_id TEXT NOT NULL REFERENCES staff(staff_id), status TEXT NOT NULL, closed_on TEXT, settlement_type TEXT, litigated INTEGER NOT NULL, litigated_on TEXT, injury INTEGER NOT NULL, third_party_name TEXT);
CREATE TABLE claim_reserves (reserve_id INTEGER PRIMARY KEY, claim_id INTEGER NOT NULL REFERENCES claims(claim_id), changed_on TEXT NOT NULL, change_type TEXT NOT NULL, amount REAL NOT NULL);
CREATE TABLE claim_payments (payment_id INTEGER PRIMARY KEY, claim_id INTEGER NOT NULL REFERENCES claims(claim_id), paid_on TEXT NOT NULL, payee_type TEXT NOT NULL, amount REAL NOT NULL, is_recovery INTEGER NOT NULL);
CREATE TABLE fraud_referrals (referral_id INTEGER PRIMARY KEY, claim_id INTEGER NOT NULL REFERENCES claims(claim_id), referred_on TEXT NOT NULL, source TEXT NOT NULL, investigator_id TEXT NOT NULL REFERENCES staff(staff_id), outcome TEXT NOT NULL, closed_on TEXT, saving REAL NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES policyholders(customer_id), policy_id INTEGER NOT NULL REFERENCES policies(policy_id), received_on TEXT NOT NULL, category TEXT NOT NULL, channel TEXT NOT NULL, handler_id TEXT NOT NULL REFERENCES staff(staff_id), resolved_on TEXT, outcome TEXT, fos_referred INTEGER NOT NULL, redress_paid REAL NOT NULL);
CREATE TABLE call_queue_daily (day TEXT NOT NULL, queue TEXT NOT NULL, offered INTEGER NOT NULL, answered INTEGER NOT NULL, abandoned INTEGER NOT NULL, answered_in_60s INTEGER NOT NULL, wait_seconds INTEGER NOT NULL, handle_seconds INTEGER NOT NULL, PRIMARY KEY (day, queue));
CREATE TABLE agent_call_daily (day TEXT NOT NULL, staff_id TEXT NOT NULL REFERENCES staff(staff_id), queue TEXT NOT NULL, calls_handled INTEGER NOT NULL, handle_seconds INTEGER NOT NULL, transfers INTEGER NOT NULL, PRIMARY KEY (day, staff_id));
${calendarTables('is_weekday')}
`;
const LAYOUT = 501;
const INDEXES = `
CREATE INDEX premium_transactions_written ON premium_transactions (written_on);
CREATE INDEX policy_terms_policy ON policy_terms (policy_id, inception_on);
CREATE INDEX quotes_day ON quotes (quoted_on);
CREATE INDEX claims_notified ON claims (notified_on);
CREATE INDEX claims_incident ON claims (incident_on);
CREATE INDEX claim_reserves_claim ON claim_reserves (claim_id, changed_on);
CREATE INDEX claim_payments_claim ON claim_payments (claim_id, paid_on);
CREATE INDEX claim_payments_day ON claim_payments (paid_on);
CREATE INDEX renewal_invites_due ON renewal_invites (due_on);
CREATE INDEX complaints_received ON complaints (received_on);
`;

/** The date dimension over every day the data can name. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 2],
  line: ['lines_of_business', 3],
  broker: ['brokers', 6],
  staff: ['staff', 8],
  customer: ['policyholders', 11],
  policy: ['policies', 9],
  term: ['policy_terms', 12],
  txn: ['premium_transactions', 8],
  invite: ['renewal_invites', 8],
  quote: ['quotes', 10],
  earned: ['earned_premium', 5],
  claim: ['claims', 18],
  reserve: ['claim_reserves', 5],
  payment: ['claim_payments', 6],
  referral: ['fraud_referrals', 8],
  complaint: ['complaints', 11],
  queue: ['call_queue_daily', 8],
  agent: ['agent_call_daily', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { customer: 0, policy: 0, term: 0, txn: 0, invite: 0, quote: 0, claim: 0, reserve: 0, payment: 0, referral: 0, complaint: 0 };
  const customers = Object.fromEntries(REGIONS.map(([code]) => [code, []]));
  // The month of every day of the history, spelt once: the earnings run asks for it per day.
  const months = Array.from({ length: D1 - D0 + 1 }, (_, i) => day(D0 + i).slice(0, 7));
  return { rnd, ins, ids, staff: {}, customers, policies: [], months, earned: new Map() };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;

/** Regions, lines of business, the broker panel and the staff of the teams that touch a claim or a customer. */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name] of REGIONS) g.ins.region.run(code, name);
  for (const [code, name, cls] of LINES) g.ins.line.run(code, name, cls);
  for (const [code, name, region, rate] of BROKERS) g.ins.broker.run(code, name, region, rate, day(D0 - rnd.int(200, 4000)), 'active');
  let k = 0;
  for (const [team, role, count, [lo, hi]] of TEAMS) {
    g.staff[role] = [];
    for (let i = 0; i < count; i++) {
      const id = `EMP${String(++k).padStart(4, '0')}`;
      const name = nameOf(rnd);
      const salary = Math.round((lo + rnd.next() * (hi - lo)) / 100) * 100;
      g.ins.staff.run(id, name, team, role, `${ascii(name)}.${k}@fellside.test`, phoneOf(rnd), salary, day(D0 - rnd.int(30, 4200)));
      g.staff[role].push(id);
    }
  }
}

/** A policyholder: a new one, or (one policy in eight) someone who already holds another policy with us. */
function customerFor(g, region, line, n) {
  const { rnd } = g;
  const known = g.customers[region];
  if (known.length > 50 && rnd.next() < 0.12) return rnd.pick(known);
  const id = ++g.ids.customer;
  const name = nameOf(rnd);
  const dob = day(n - rnd.int(19 * 365, 82 * 365));
  const postcode = `${rnd.pick(POSTCODES[region])} ${rnd.int(1, 9)}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}`;
  const licence = line === 'motor' ? `${ascii(name).slice(-5).toUpperCase().padEnd(5, '9')}${rnd.int(100000, 999999)}AB${rnd.int(10, 99)}` : null;
  const address = `${rnd.int(1, 220)} ${rnd.pick(STREETS)}`;
  g.ins.customer.run(id, name, dob, `${ascii(name)}${id}@mail.test`, phoneOf(rnd), address, postcode, region, day(n), licence, rnd.next() < 0.06 ? 1 : 0);
  known.push(id);
  return id;
}

const REGION_PICK = REGIONS.map((r) => [r, r[2]]);
const LINE_PICK = LINES.map((l) => [l[0], l[3]]);
const PREFIX = { motor: 'MOT', fleet: 'FLT', home: 'HOM', landlord: 'LDL', commercial_property: 'CPR' };

/** A new policy: line, region, channel, broker, its holder and its first premium. */
function newPolicy(g, firstInception, line = g.rnd.weighted(LINE_PICK)) {
  const { rnd } = g;
  const [region, , , factor] = rnd.weighted(REGION_PICK);
  const channel = rnd.weighted(CHANNELS[line]);
  const panel = BROKERS.filter((b) => b[2] === region || (line === 'fleet' && b[0] === 'BRK-12'));
  const broker = channel === 'broker' ? rnd.weighted(panel.map((b) => [b, b[4]])) : null;
  const id = ++g.ids.policy;
  const premium = LINE[line].premium * factor * Math.exp(0.38 * rnd.noise() - 0.1);
  const policy = { id, line, region, channel, broker, first: firstInception, premium, terms: 0 };
  policy.customer = customerFor(g, region, line, firstInception);
  g.policies.push(policy);
  return policy;
}

/** The book in force on the first day, and new business written every day after. */
function fillBook(g) {
  const { rnd } = g;
  for (let i = 0; i < BOOK_AT_START; i++) {
    const inception = D0 - rnd.int(1, 365);
    const policy = newPolicy(
      g,
      inception -
        365 *
          rnd.weighted([
            [0, 30],
            [1, 20],
            [2, 15],
            [3, 12],
            [5, 23],
          ]),
    );
    runPolicy(g, policy, inception, inception - rnd.int(0, 14), policy.first === inception ? 'new_business' : 'renewal');
  }
  for (let n = D0; n <= D1; n++) {
    const mean = NEW_BUSINESS_A_DAY * (weekdayOf(n) >= 5 ? 0.55 : 1.12) * (monthOf(n) === 0 || monthOf(n) === 8 ? 1.15 : 1);
    for (let k = rnd.poisson(mean); k > 0; k--) {
      const lead = rnd.int(0, 24);
      const policy = newPolicy(g, n + lead);
      addQuotes(g, policy, n);
      runPolicy(g, policy, n + lead, n, 'new_business');
    }
  }
}

/** Every term of a policy from the given one on: renewed, lapsed at expiry, or cancelled mid-term. */
function runPolicy(g, policy, inception, written, type) {
  let start = inception;
  let writtenOn = written;
  let termType = type;
  for (;;) {
    const term = writeTerm(g, policy, start, writtenOn, termType);
    if (term.cancelled !== null) return writePolicy(g, policy, 'cancelled');
    const expiry = start + 365;
    // Invites go out three weeks ahead; a renewal is written when the customer accepts it.
    if (expiry - 21 > D1) return writePolicy(g, policy, 'live');
    writtenOn = expiry - g.rnd.int(0, 20);
    const renewed = inviteRenewal(g, policy, term, expiry, writtenOn);
    if (!renewed) return writePolicy(g, policy, expiry > D1 ? 'live' : 'lapsed');
    start = expiry;
    termType = 'renewal';
  }
}

const writePolicy = (g, p, status) =>
  g.ins.policy.run(
    p.id,
    `FS-${PREFIX[p.line]}-${String(p.id).padStart(6, '0')}`,
    p.customer,
    p.line,
    p.region,
    p.channel,
    p.broker?.[0] ?? null,
    day(p.first),
    status,
  );

/** One annual term: its premium transactions, its earned premium, its claims. */
function writeTerm(g, policy, start, writtenOn, type) {
  const { rnd } = g;
  const id = ++g.ids.term;
  const premium = money(policy.premium);
  const rate = policy.broker ? policy.broker[3] : 0;
  const cancelAt = rnd.next() < 0.035 ? start + rnd.int(14, 340) : null;
  const cancelled = cancelAt !== null && cancelAt <= D1 ? cancelAt : null;
  const end = cancelled ?? start + 365;
  policy.terms++;
  const status = cancelled !== null ? 'cancelled' : start + 365 <= D1 ? 'expired' : 'in_force';
  g.ins.term.run(
    id,
    policy.id,
    policy.terms,
    type,
    day(writtenOn),
    day(start),
    day(start + 365),
    premium,
    money(premium * 0.12),
    money(premium * rate),
    status,
    cancelled === null ? null : day(cancelled),
  );
  const txn = (kind, on, eff, amount) => g.ins.txn.run(++g.ids.txn, id, policy.id, kind, day(on), day(eff), money(amount), money(amount * rate));
  txn(type, writtenOn, start, premium);
  let earnedTotal = premium;
  if ((policy.line === 'motor' || policy.line === 'fleet') && rnd.next() < 0.12) {
    const on = start + rnd.int(20, 330);
    const delta = premium * (rnd.next() < 0.7 ? 1 : -1) * (0.02 + 0.1 * rnd.next()) * ((start + 365 - on) / 365);
    if (on <= D1 && (cancelled === null || on < cancelled)) {
      txn('mta', on, on, delta);
      earnedTotal += delta * (365 / (start + 365 - on));
    }
  }
  if (cancelled !== null) txn('cancellation', cancelled, cancelled, -premium * ((start + 365 - cancelled) / 365));
  earn(g, policy, start, end, earnedTotal / 365);
  addClaims(g, policy, { id, start, end });
  return { id, premium, cancelled };
}

/** Finance's earnings run: a term earns its premium evenly over its days, summed per calendar month. */
function earn(g, policy, start, end, perDay) {
  const from = Math.max(start, D0);
  const to = Math.min(end, D1 + 1);
  const tail = `|${policy.line}|${policy.region}|${policy.channel}`;
  let n = from;
  while (n < to) {
    const month = g.months[n - D0];
    let next = n;
    while (next < to && g.months[next - D0] === month) next++;
    const key = month + tail;
    g.earned.set(key, (g.earned.get(key) ?? 0) + perDay * (next - n));
    n = next;
  }
}

/** The renewal invite sent three weeks before expiry and whether the customer took the new price. */
function inviteRenewal(g, policy, term, expiry, writtenOn) {
  const { rnd } = g;
  const change = rateChangeOf(g, policy.line, expiry);
  const offered = money(term.premium * (1 + change));
  const tenure = Math.min(4, (expiry - policy.first) / 365);
  const chance = BASE_RETENTION[policy.channel] + 0.015 * tenure - 1.4 * Math.max(0, change - 0.05);
  const accepts = rnd.next() < chance;
  // Not yet due and not yet accepted: the invite is still open at the last load.
  const outcome = accepts && writtenOn <= D1 ? 'renewed' : expiry > D1 ? 'pending' : 'lapsed';
  if (expiry >= D0) g.ins.invite.run(++g.ids.invite, policy.id, term.id, day(expiry - 21), day(expiry), term.premium, offered, outcome);
  if (outcome !== 'renewed') return false;
  policy.premium = offered;
  return true;
}

const DECLINES = [
  ['claims_history', 30],
  ['convictions', 18],
  ['vehicle_group', 14],
  ['flood_risk', 12],
  ['property_construction', 10],
  ['outside_appetite', 16],
];

/** The quote that bound, the quotes around it that did not, and an occasional decline. */
function addQuotes(g, policy, n) {
  const { rnd } = g;
  const quote = (on, premium, outcome, reason, policyId) =>
    g.ins.quote.run(++g.ids.quote, day(on), policy.line, policy.region, policy.channel, policy.broker?.[0] ?? null, premium, outcome, reason, policyId);
  quote(n, money(policy.premium), 'bound', null, policy.id);
  for (let k = rnd.poisson(LOST_QUOTES[policy.channel]); k > 0; k--) {
    const on = Math.max(D0, n - rnd.int(0, 20));
    quote(on, money(policy.premium * (1 + 0.25 * Math.abs(rnd.noise()))), 'not_taken_up', null, null);
  }
  if (rnd.next() < 0.07) quote(Math.max(D0, n - rnd.int(0, 10)), null, 'declined', rnd.weighted(DECLINES), null);
}

/** Claims of a term: a Poisson number of incidents over the days it was on cover, seasonal by class. */
function addClaims(g, policy, term) {
  const { rnd } = g;
  const cls = LINE[policy.line].cls;
  const season = cls === 'motor' ? MOTOR_SEASON : PROPERTY_SEASON;
  const years = (term.end - term.start) / 365;
  for (let k = rnd.poisson(LINE[policy.line].frequency * years); k > 0; k--) {
    const incident = term.start + rnd.int(0, term.end - term.start - 1);
    if (rnd.next() > season[monthOf(incident)] / 1.45) continue;
    const notified = incident + Math.round(rnd.expo(cls === 'motor' ? 1.2 : 3.5));
    if (notified > D1 || notified < D0 - 240) continue;
    makeClaim(g, policy, term, incident, notified);
  }
}

const VIA = [
  ['phone', 52],
  ['web', 26],
  ['app', 12],
  ['broker', 10],
];

/** One claim: who handles it, what it costs, when it settles, whether it is litigated or referred for fraud. */
function makeClaim(g, policy, term, incident, notified) {
  const { rnd } = g;
  const cls = LINE[policy.line].cls;
  const [cause, , mean, settleMean] = rnd.weighted(CAUSES[cls].map((c) => [c, c[1]]));
  const id = ++g.ids.claim;
  const cost = money(mean * (policy.line === 'commercial_property' ? 2.2 : 1) * Math.exp(0.75 * rnd.noise() - 0.28));
  const injury = cause === 'third_party_injury' ? 1 : 0;
  const litigated = rnd.next() < (injury ? 0.38 : cause === 'liability' ? 0.2 : 0.012);
  const litigatedOn = litigated ? notified + rnd.int(30, 220) : null;
  const fraud = fraudOf(g, cause, notified);
  const nil = fraud?.outcome === 'confirmed' || rnd.next() < 0.1;
  const closeAfter = Math.round(rnd.expo(settleMean * (litigated ? 2.2 : 1))) + 2;
  const closed = notified + closeAfter <= D1 ? notified + closeAfter : null;
  const settlement = closed === null ? null : fraud?.outcome === 'confirmed' ? 'repudiated' : nil ? 'nil' : 'paid';
  const status = closed === null ? 'open' : 'closed';
  const handler = rnd.pick(g.staff[litigated || cost > 20000 ? 'claims_team_leader' : 'claims_handler']);
  const via = policy.channel === 'broker' && rnd.next() < 0.5 ? 'broker' : rnd.weighted(VIA);
  const tp = cause.startsWith('third_party') || cause === 'liability' ? nameOf(rnd) : null;
  const ref = `CLM-${PREFIX[policy.line]}-${String(id).padStart(6, '0')}`;
  g.ins.claim.run(
    id,
    ref,
    policy.id,
    term.id,
    policy.line,
    policy.region,
    cause,
    day(incident),
    day(notified),
    via,
    handler,
    status,
    closed === null ? null : day(closed),
    settlement,
    litigated ? 1 : 0,
    litigatedOn !== null && litigatedOn <= D1 ? day(litigatedOn) : null,
    injury,
    tp,
  );
  moneyFlows(g, { id, cost: nil ? 0 : cost, notified, closed, reserve: cost, cause });
  if (fraud) writeReferral(g, id, fraud, cost);
}

/** A referral to the fraud team: theft, fire and injury claims are referred most. */
function fraudOf(g, cause, notified) {
  const { rnd } = g;
  const chance = cause === 'theft' || cause === 'fire' || cause === 'third_party_injury' ? 0.14 : 0.03;
  if (rnd.next() >= chance) return null;
  const referred = notified + rnd.int(1, 35);
  if (referred > D1) return null;
  const closeOn = referred + rnd.int(20, 140);
  const outcome = closeOn > D1 ? 'open' : rnd.next() < 0.27 ? 'confirmed' : 'not_proven';
  return {
    referred,
    closeOn,
    outcome,
    source: rnd.weighted([
      ['handler', 45],
      ['rules_engine', 40],
      ['external_data', 15],
    ]),
  };
}

function writeReferral(g, claimId, f, cost) {
  const investigator = g.rnd.pick(g.staff.fraud_investigator);
  g.ins.referral.run(
    ++g.ids.referral,
    claimId,
    day(f.referred),
    f.source,
    investigator,
    f.outcome,
    f.outcome === 'open' ? null : day(f.closeOn),
    f.outcome === 'confirmed' ? money(cost) : 0,
  );
}

/**
 * The reserve and payments of a claim. Reserve rows are movements of the outstanding estimate
 * (a payment erodes it), so their sum is what is still outstanding; payments to date plus
 * outstanding is the incurred cost.
 */
function moneyFlows(g, c) {
  const { rnd } = g;
  const reserve = (on, type, amount) => g.ins.reserve.run(++g.ids.reserve, c.id, day(on), type, money(amount));
  const pay = (on, payee, amount, recovery = 0) => g.ins.payment.run(++g.ids.payment, c.id, day(on), payee, money(amount), recovery);
  let outstanding = money(c.reserve * (0.7 + 0.6 * rnd.next()));
  reserve(c.notified, 'initial', outstanding);
  const last = c.closed ?? D1;
  const review = c.notified + rnd.int(10, 90);
  if (review < last && rnd.next() < 0.4) {
    const delta = money(outstanding * (rnd.next() < 0.6 ? 0.35 : -0.25));
    reserve(review, delta > 0 ? 'increase' : 'decrease', delta);
    outstanding += delta;
  }
  const parts = c.cost === 0 ? 0 : c.cost > 5000 ? rnd.int(2, 3) : 1;
  for (let i = 1; i <= parts; i++) {
    const on = c.notified + Math.round(((c.closed ?? c.notified + 400) - c.notified) * (i / parts));
    if (on > D1 || (c.closed === null && i === parts)) break;
    const amount = money(c.cost / parts);
    pay(on, payeeOf(rnd, c.cause), amount);
    const used = Math.min(amount, Math.max(0, outstanding));
    reserve(on, 'payment', -used);
    outstanding -= used;
  }
  if (c.closed !== null && Math.abs(outstanding) > 0.004) reserve(c.closed, 'closure_release', -outstanding);
  if (c.closed !== null && c.cost > 0 && (c.cause === 'collision' || c.cause === 'escape_of_water') && rnd.next() < 0.22) {
    pay(Math.min(D1, c.closed + rnd.int(20, 120)), 'recovery', -c.cost * (0.4 + 0.5 * rnd.next()), 1);
  }
}

const payeeOf = (rnd, cause) =>
  cause === 'third_party_injury'
    ? rnd.weighted([
        ['third_party', 60],
        ['solicitor', 40],
      ])
    : cause === 'windscreen'
      ? 'supplier'
      : rnd.weighted([
          ['repairer', 55],
          ['policyholder', 35],
          ['supplier', 10],
        ]);

/** The earnings run written out: one row per month, line, region and channel. */
function writeEarned(g) {
  const keys = [...g.earned.keys()].sort();
  for (const key of keys) {
    const [month, line, region, channel] = key.split('|');
    g.ins.earned.run(`${month}-01`, line, region, channel, money(g.earned.get(key)));
  }
}

/** Complaints: about one and a half a working day, mostly about claims, resolved within weeks. */
function fillComplaints(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const mean = weekdayOf(n) >= 5 ? 0.5 : 1.7 * (monthOf(n) <= 1 ? 1.3 : 1);
    for (let k = rnd.poisson(mean); k > 0; k--) {
      const policy = rnd.pick(g.policies);
      const [category, , upheldShare] = rnd.weighted(COMPLAINT_CATEGORIES.map((c) => [c, c[1]]));
      const resolved = n + Math.round(rnd.expo(category === 'claims_handling' ? 26 : 14)) + 1;
      const done = resolved <= D1;
      const u = rnd.next();
      const outcome = !done ? null : u < upheldShare ? 'upheld' : u < upheldShare + 0.15 ? 'partly_upheld' : 'not_upheld';
      const fos = done && outcome !== 'upheld' && rnd.next() < (resolved - n > 56 ? 0.3 : 0.05) ? 1 : 0;
      const redress = outcome === 'upheld' ? money(25 + rnd.expo(140)) : outcome === 'partly_upheld' ? money(rnd.expo(60)) : 0;
      const channel = rnd.weighted([
        ['phone', 48],
        ['email', 34],
        ['letter', 8],
        ['web_form', 10],
      ]);
      g.ins.complaint.run(
        ++g.ids.complaint,
        policy.customer,
        policy.id,
        day(n),
        category,
        channel,
        rnd.pick(g.staff.complaints_handler),
        done ? day(resolved) : null,
        outcome,
        fos,
        redress,
      );
    }
  }
}

/** The telephony system's daily queue statistics, and each agent's share of the calls they took. */
function fillCalls(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    if (wd === 6) continue;
    const agents = g.staff.contact_centre_agent.filter(() => rnd.next() < (wd === 5 ? 0.3 : 0.84));
    const season = (monthOf(n) === 0 ? 1.25 : 1) * (wd === 0 ? 1.2 : wd === 5 ? 0.35 : 1);
    QUEUES.forEach(([queue, base, handle], qi) => {
      const team = agents.filter((_, i) => i % QUEUES.length === qi);
      queueDay(g, n, queue, Math.round(base * season * (1 + 0.1 * rnd.noise())), handle, team);
    });
  }
}

function queueDay(g, n, queue, offered, handle, team) {
  const { rnd } = g;
  const load = offered / Math.max(1, team.length * 34);
  const abandonRate = Math.min(0.35, Math.max(0.01, 0.03 + 0.09 * (load - 0.8) + 0.015 * rnd.noise()));
  const abandoned = Math.round(offered * abandonRate);
  const answered = offered - abandoned;
  const wait = Math.round(answered * Math.max(8, 35 + 140 * (load - 0.8) + 10 * rnd.noise()));
  const within = Math.round(answered * Math.min(0.97, Math.max(0.3, 0.86 - 0.35 * (load - 0.8))));
  const handleTotal = Math.round(answered * handle * (1 + 0.06 * rnd.noise()));
  g.ins.queue.run(day(n), queue, offered, answered, abandoned, within, wait, handleTotal);
  let left = answered;
  team.forEach((staff, i) => {
    const calls = i === team.length - 1 ? left : Math.min(left, Math.round((answered / team.length) * (0.8 + 0.4 * rnd.next())));
    left -= calls;
    if (calls > 0) g.ins.agent.run(day(n), staff, queue, calls, Math.round(calls * handle * (0.75 + 0.5 * rnd.next())), Math.round(calls * 0.06 * rnd.next()));
  });
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillBook(g);
  writeEarned(g);
  fillComplaints(g);
  fillCalls(g);
  for (const source of ['policy_admin', 'claims', 'finance', 'telephony', 'complaints']) g.ins.load.run(source, day(D1));
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
