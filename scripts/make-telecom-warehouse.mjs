#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// Kestrel Telecom's three regions: code, name, share of new customers, network fragility (drives outages and dropped calls), fibre build lag (install lead time)
const REGIONS = [
  ['NTH', 'North', 0.3, 1.25, 1.35],
  ['MID', 'Midlands', 0.3, 1.0, 1.0],
  ['STH', 'South', 0.4, 0.85, 0.85],
];
// plan code, name, product, payment type, segment, monthly fee GBP (2023), typical monthly data GB, weight in its segment's sales, monthly churn
const PLANS = [
  ['PAYG10', 'Pay As You Go 10', 'mobile', 'prepaid', 'consumer', 10, 4.5, 22, 0.032],
  ['PAYG20', 'Pay As You Go 20', 'mobile', 'prepaid', 'consumer', 20, 14, 13, 0.027],
  ['SIMO12', 'SIM Only 12', 'mobile', 'postpaid', 'consumer', 12, 11, 18, 0.014],
  ['UNL35', 'Unlimited 35 with Handset', 'mobile', 'postpaid', 'consumer', 35, 38, 15, 0.01],
  ['FTTP150', 'Full Fibre 150', 'broadband', 'postpaid', 'consumer', 30, 0, 12, 0.012],
  ['FTTP500', 'Full Fibre 500', 'broadband', 'postpaid', 'consumer', 42, 0, 7, 0.01],
  ['FTTP1G', 'Full Fibre 1 Gig', 'broadband', 'postpaid', 'consumer', 55, 0, 3, 0.009],
  ['SME-MOB', 'Business Mobile', 'mobile', 'postpaid', 'sme', 22, 16, 10, 0.009],
  ['SME-FIB', 'Business Fibre 1 Gig', 'broadband', 'postpaid', 'sme', 65, 0, 3, 0.007],
  ['ENT-MOB', 'Enterprise Mobile', 'mobile', 'postpaid', 'enterprise', 18, 12, 1, 0.005],
];
const CHANNELS = {
  consumer: [
    ['retail_store', 34],
    ['online', 40],
    ['telesales', 16],
    ['partner_dealer', 10],
  ],
  sme: [
    ['telesales', 40],
    ['partner_dealer', 30],
    ['online', 15],
    ['account_manager', 15],
  ],
  enterprise: [['account_manager', 1]],
};
const COMPETITORS = [
  ['Brightwave', 34],
  ['Halo Mobile', 27],
  ['Northstar', 21],
  ['Orbit', 12],
  ['Vela Mobile', 6],
];
const REASONS = {
  mobile: [
    ['switched_to_competitor', 36],
    ['price', 21],
    ['coverage', 12],
    ['non_payment', 8],
    ['no_longer_needed', 10],
    ['moved_abroad', 5],
    ['customer_service', 8],
  ],
  broadband: [
    ['moved_home', 31],
    ['switched_to_competitor', 24],
    ['price', 17],
    ['service_quality', 13],
    ['non_payment', 6],
    ['no_longer_needed', 9],
  ],
};
// manufacturer, model, retail price GBP
const HANDSETS = [
  ['Apple', 'iPhone 16', 899],
  ['Apple', 'iPhone 16 Pro', 1099],
  ['Samsung', 'Galaxy S25', 799],
  ['Samsung', 'Galaxy A55', 399],
  ['Google', 'Pixel 9', 699],
  ['Motorola', 'moto g85', 249],
  ['Xiaomi', 'Redmi Note 14', 229],
];
const OUTAGE_CAUSES = [
  ['power_failure', 30],
  ['backhaul_fibre_cut', 22],
  ['hardware_fault', 20],
  ['software_fault', 12],
  ['severe_weather', 10],
  ['vandalism', 6],
];
const TICKET_CATEGORIES = {
  mobile: [
    ['billing', 32],
    ['network_coverage', 22],
    ['device', 14],
    ['porting', 8],
    ['roaming', 9],
    ['account_changes', 15],
  ],
  broadband: [
    ['billing', 24],
    ['broadband_fault', 38],
    ['installation', 14],
    ['router', 12],
    ['account_changes', 12],
  ],
};
const TICKET_CHANNELS = [
  ['phone', 46],
  ['chat', 30],
  ['store', 10],
  ['email', 9],
  ['social', 5],
];
const FIRST = [
  'Amelia',
  'Ben',
  'Chloe',
  'Dev',
  'Ellie',
  'Farah',
  'George',
  'Hannah',
  'Imran',
  'Jess',
  'Kieran',
  'Lucy',
  'Mo',
  'Nia',
  'Oscar',
  'Poppy',
  'Raj',
  'Sam',
  'Tariq',
  'Yasmin',
];
const LAST = [
  'Ahmed',
  'Barker',
  'Collins',
  'Dixon',
  'Evans',
  'Ford',
  'Gill',
  'Hughes',
  'Iqbal',
  'Jackson',
  'Kaur',
  'Lloyd',
  'Murphy',
  'Nolan',
  'Owen',
  'Price',
  'Reid',
  'Shah',
  'Turner',
  'Walsh',
];
const STREETS = ['High Street', 'Station Road', 'Mill Lane', 'Church Street', 'Park Road', 'Queens Avenue', 'Chapel Walk', 'Moor Lane'];
const TRADES = ['Plumbing', 'Logistics', 'Dental', 'Architects', 'Bakery', 'Joinery', 'Motors', 'Accountants', 'Consulting', 'Foods'];
const TOWNS = ['Kestrel', 'Harrow Vale', 'Ashby', 'Calder', 'Wyre', 'Fenwick', 'Oldfield', 'Bramley'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2023, 1, 1); // the billing platform migration: usage and bills start here
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const stamp = (n, minute) => `${day(n)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth() + 1;
const yearOf = (n) => new Date(n * DAY * 1000).getUTCFullYear();

/** The months of data, each as [first day, last day] day numbers, oldest first. */
const MONTHS = (() => {
  const out = [];
  // Date.UTC carries month 13 into the next year, so k counts months from January 2023.
  for (let k = 1; dn(2023, k, 1) <= D1; k++) out.push([dn(2023, k, 1), dn(2023, k + 1, 1) - 1]);
  return out;
})();

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE plans (plan_code TEXT PRIMARY KEY, plan_name TEXT NOT NULL, product TEXT NOT NULL, payment_type TEXT NOT NULL, segment TEXT NOT NULL, monthly_fee_gbp REAL NOT NULL);
CREATE TABLE accounts (account_id TEXT PRIMARY KEY, segment TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), company_name TEXT, holder_name TEXT NOT NULL, email TEXT NOT NULL, home_address TEXT, postcode TEXT NOT NULL, date_of_birth TEXT, credit_score INTEGER NOT NULL, opened_on TEXT NOT NULL);
CREATE TABLE subscriptions (subscription_id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), plan_code TEXT NOT NULL REFERENCES plans(plan_code), region_code TEXT NOT NULL REFERENCES regions(region_code), sales_channel TEXT NOT NULL, msisdn TEXT, activated_on TEXT NOT NULL, ceased_on TEXT, cease_reason TEXT, ported_in_from TEXT, ported_out_to TEXT);
CREATE TABLE usage_monthly (subscription_id TEXT NOT NULL REFERENCES subscriptions(subscription_id), month TEXT NOT NULL, days_active INTEGER NOT NULL, data_gb REAL NOT NULL, voice_minutes INTEGER NOT NULL, roaming_days INTEGER NOT NULL, service_revenue_gbp REAL NOT NULL, roaming_revenue_gbp REAL NOT NULL, PRIMARY KEY (subscription_id, month));
CREATE TABLE invoices (invoice_no TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), bill_month TEXT NOT NULL, issued_on TEXT NOT NULL, due_on TEXT NOT NULL, amount_gbp REAL NOT NULL, paid_gbp REAL NOT NULL, written_off_gbp REAL NOT NULL, written_off_on TEXT, collection_stage TEXT NOT NULL);
CREATE TABLE device_sales (sale_id INTEGER PRIMARY KEY, subscription_id TEXT NOT NULL REFERENCES subscriptions(subscription_id), sold_on TEXT NOT NULL, region_code TEXT NOT NULL, sales_channel TEXT NOT NULL, sale_type TEXT NOT NULL, manufacturer TEXT NOT NULL, model TEXT NOT NULL, retail_price_gbp REAL NOT NULL, upfront_gbp REAL NOT NULL, subsidy_gbp REAL NOT NULL);
CREATE TABLE fibre_orders (order_no TEXT PRIMARY KEY, subscription_id TEXT REFERENCES subscriptions(subscription_id), region_code TEXT NOT NULL REFERENCES regions(region_code), plan_code TEXT NOT NULL, ordered_on TEXT NOT NULL, installed_on TEXT, status TEXT NOT NULL, engineer_visits INTEGER NOT NULL, first_time_fix INTEGER);
CREATE TABLE support_tickets (ticket_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), subscription_id TEXT NOT NULL, region_code TEXT NOT NULL, segment TEXT NOT NULL, opened_on TEXT NOT NULL, contact_channel TEXT NOT NULL, category TEXT NOT NULL, contacts INTEGER NOT NULL, first_contact_resolved INTEGER NOT NULL, resolved_on TEXT);
CREATE TABLE nps_responses (response_id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(account_id), segment TEXT NOT NULL, region_code TEXT NOT NULL, product TEXT NOT NULL, surveyed_on TEXT NOT NULL, touchpoint TEXT NOT NULL, score INTEGER NOT NULL);
CREATE TABLE sites (site_id TEXT PRIMARY KEY, region_code TEXT NOT NULL REFERENCES regions(region_code), site_name TEXT NOT NULL, site_type TEXT NOT NULL, tower_owner TEXT NOT NULL, live_on TEXT NOT NULL);
CREATE TABLE outages (outage_id INTEGER PRIMARY KEY, site_id TEXT NOT NULL REFERENCES sites(site_id), started_at TEXT NOT NULL, ended_at TEXT NOT NULL, duration_min INTEGER NOT NULL, cause TEXT NOT NULL, planned INTEGER NOT NULL);
CREATE TABLE network_daily (day TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), call_attempts INTEGER NOT NULL, dropped_calls INTEGER NOT NULL, data_tb REAL NOT NULL, PRIMARY KEY (day, region_code));
CREATE TABLE network_costs (month TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), cost_type TEXT NOT NULL, amount_gbp REAL NOT NULL, PRIMARY KEY (month, region_code, cost_type));
CREATE TABLE call_detail_records (cdr_id INTEGER PRIMARY KEY, msisdn TEXT NOT NULL, other_party TEXT NOT NULL, started_at TEXT NOT NULL, duration_s INTEGER NOT NULL, direction TEXT NOT NULL, site_id TEXT NOT NULL REFERENCES sites(site_id));
CREATE TABLE location_history (msisdn TEXT NOT NULL, seen_at TEXT NOT NULL, site_id TEXT NOT NULL REFERENCES sites(site_id), PRIMARY KEY (msisdn, seen_at));
${calendarTables('is_weekend')}
`;
const LAYOUT = 1101;
const INDEXES = `
CREATE INDEX subscriptions_active ON subscriptions (activated_on, ceased_on);
CREATE INDEX usage_month ON usage_monthly (month);
CREATE INDEX invoices_month ON invoices (bill_month);
CREATE INDEX outages_started ON outages (started_at);
CREATE INDEX tickets_opened ON support_tickets (opened_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: dn(2018, 1, 1), last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 2],
  plan: ['plans', 6],
  account: ['accounts', 11],
  sub: ['subscriptions', 11],
  usage: ['usage_monthly', 8],
  invoice: ['invoices', 10],
  device: ['device_sales', 11],
  fibre: ['fibre_orders', 9],
  ticket: ['support_tickets', 11],
  nps: ['nps_responses', 8],
  site: ['sites', 6],
  outage: ['outages', 7],
  network: ['network_daily', 5],
  cost: ['network_costs', 4],
  cdr: ['call_detail_records', 7],
  location: ['location_history', 3],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { account: 0, sub: 0, invoice: 0, device: 0, fibre: 0, ticket: 0, nps: 0, outage: 0, cdr: 0, msisdn: 0 };
  return { rnd, ins, ids, sites: {}, liveMobiles: [] };
}

const REGION = Object.fromEntries(REGIONS.map((r) => [r[0], r]));
const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const postcodeOf = (rnd, region) =>
  `${{ NTH: 'NE', MID: 'DE', STH: 'SO' }[region]}${rnd.int(1, 24)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`;
/** The April price rise: 5% a year on the 2023 fee, from each April. */
const priceFactor = (n) => 1 + 0.05 * Math.max(0, yearOf(n) - 2023 - (monthOf(n) < 4 ? 1 : 0));

/** Regions and the plan catalogue. */
function fillReference(g) {
  for (const [code, name] of REGIONS) g.ins.region.run(code, name);
  for (const [code, name, product, payment, segment, fee] of PLANS) g.ins.plan.run(code, name, product, payment, segment, fee);
}

/** A new account with its holder's personal data (name, e-mail, address, birth date, credit score); business accounts carry a company and a contact. */
function newAccount(g, segment, opened) {
  const { rnd } = g;
  const region = rnd.weighted(REGIONS.map((r) => [r[0], r[2]]));
  const id = `KA${String(++g.ids.account).padStart(7, '0')}`;
  const holder = nameOf(rnd);
  const company = segment === 'consumer' ? null : `${rnd.pick(TOWNS)} ${rnd.pick(TRADES)} ${segment === 'enterprise' ? 'Group plc' : 'Ltd'}`;
  const mail = `${holder.toLowerCase().replace(' ', '.')}${rnd.int(1, 99)}@${company === null ? 'mailbox.test' : 'business.test'}`;
  const consumer = segment === 'consumer';
  const score = Math.max(300, Math.min(999, Math.round(720 + 120 * rnd.noise())));
  const dob = consumer ? day(opened - rnd.int(19, 78) * 365 - rnd.int(0, 364)) : null;
  const address = consumer ? `${rnd.int(1, 240)} ${rnd.pick(STREETS)}, ${rnd.pick(TOWNS)}` : null;
  g.ins.account.run(id, segment, region, company, holder, mail, address, postcodeOf(rnd, region), dob, score, day(opened));
  return { id, segment, region, score, bills: new Map() };
}

/** The plans an account takes at opening: one or two for a household, a fleet of lines for a business. */
function linesOf(g, segment) {
  const { rnd } = g;
  const own = PLANS.filter((p) => p[4] === segment);
  const pick = () => rnd.weighted(own.map((p) => [p, p[7]]));
  if (segment === 'consumer') return rnd.next() < 0.16 ? [pick(), pick()] : [pick()];
  const mobile = own.find((p) => p[2] === 'mobile');
  const lines = Array(segment === 'sme' ? rnd.int(2, 12) : rnd.int(15, 60)).fill(mobile);
  const fibre = own.find((p) => p[2] === 'broadband');
  return fibre && rnd.next() < 0.3 ? [...lines, fibre] : lines;
}

/** One account from opening: every line's life, then its postpaid bills. */
function openAccount(g, segment, opened, backBook) {
  const acct = newAccount(g, segment, opened);
  const channel = g.rnd.weighted(CHANNELS[segment]);
  for (const plan of linesOf(g, segment)) {
    const act = backBook ? opened + g.rnd.int(0, 40) : Math.min(D1, opened + g.rnd.int(0, 3));
    subscribe(g, acct, plan, act, channel, backBook);
  }
  bill(g, acct);
}

/** A subscription: connection (a fibre order, a port-in, a handset), each month of use, and how it ended. */
function subscribe(g, acct, plan, act, channel, backBook) {
  const { rnd } = g;
  const sub = { id: `KS${String(++g.ids.sub).padStart(8, '0')}`, plan, acct, act, channel, mobile: plan[2] === 'mobile' };
  const msisdn = sub.mobile ? `447${String(700000000 + ++g.ids.msisdn * 37).slice(0, 9)}` : null;
  const portIn = sub.mobile && !backBook && rnd.next() < 0.27 ? rnd.weighted(COMPETITORS) : null;
  if (!sub.mobile && !backBook) fibreOrder(g, sub);
  if (!backBook) connectHandset(g, sub);
  const end = lifetime(g, sub);
  const portOut = end && sub.mobile && ['switched_to_competitor', 'price'].includes(end.reason) && rnd.next() < 0.85 ? rnd.weighted(COMPETITORS) : null;
  g.ins.sub.run(sub.id, acct.id, plan[0], acct.region, channel, msisdn, day(act), end ? day(end.on) : null, end?.reason ?? null, portIn, portOut);
  if (!end && sub.mobile && acct.segment === 'consumer') g.liveMobiles.push(msisdn);
}

/** The fibre order behind a broadband line: lead time (longer where the build lags), engineer visits; a few orders are cancelled and never go live. */
function fibreOrder(g, sub) {
  const { rnd } = g;
  const lag = REGION[sub.acct.region][4];
  const ordered = sub.act - Math.round(4 + rnd.expo(8 * lag));
  const fixed = rnd.next() < 0.9 - 0.08 * (lag - 1) ? 1 : 0;
  const no = () => `FO${String(++g.ids.fibre).padStart(7, '0')}`;
  g.ins.fibre.run(no(), sub.id, sub.acct.region, sub.plan[0], day(ordered), day(sub.act), 'installed', fixed ? 1 : rnd.int(2, 3), fixed);
  if (rnd.next() < 0.06) g.ins.fibre.run(no(), null, sub.acct.region, sub.plan[0], day(ordered - rnd.int(0, 20)), null, 'cancelled', rnd.int(0, 1), null);
}

/** A handset sold with a connection: subsidised on Unlimited 35, a few bought outright on prepaid. */
function connectHandset(g, sub) {
  if (sub.plan[0] === 'UNL35' || (sub.acct.segment !== 'consumer' && sub.mobile && g.rnd.next() < 0.35)) handset(g, sub, sub.act, 'new_connection');
  else if (sub.plan[3] === 'prepaid' && g.rnd.next() < 0.18) handset(g, sub, sub.act, 'outright');
}

/** One handset sale: the subsidy is the part of the retail price the customer does not pay upfront and the plan does not recover. */
function handset(g, sub, n, type) {
  const { rnd } = g;
  const [maker, model, price] = type === 'outright' ? rnd.pick(HANDSETS.slice(3)) : rnd.pick(HANDSETS);
  const upfront = type === 'outright' ? price : rnd.pick([0, 0, 29, 49, 99, 149]);
  const subsidy = type === 'outright' ? 0 : money((price - upfront) * (0.3 + 0.15 * rnd.next()));
  g.ins.device.run(++g.ids.device, sub.id, day(n), sub.acct.region, sub.channel, type, maker, model, price, upfront, subsidy);
}

/** The months a line is live from its activation (or the start of billing) to cease or the last load. */
function lifetime(g, sub) {
  for (const [first, last] of MONTHS) {
    const from = Math.max(first, sub.act);
    const to = Math.min(last, D1);
    if (from > to) continue;
    const ceased = from > sub.act + 20 && g.rnd.next() < churnRisk(sub, from) ? from + g.rnd.int(0, to - from) : null;
    useMonth(g, sub, from, ceased ?? to, last - first + 1);
    if (ceased !== null) return { on: ceased, reason: reasonOf(g, sub) };
    upgrade(g, sub, from);
  }
  return null;
}

/** Monthly churn: the plan's own, more in a weaker network region, after April's price rise and at the end of a 24-month contract. */
function churnRisk(sub, n) {
  const region = sub.mobile ? 0.85 + 0.15 * REGION[sub.acct.region][3] : 1;
  const april = monthOf(n) === 4 || monthOf(n) === 5 ? 1.3 : 1;
  const contractEnd = sub.plan[3] === 'postpaid' && Math.abs(n - sub.act - 730) < 62 ? 1.8 : 1;
  const credit = sub.acct.score < 560 ? 1.5 : 1;
  return sub.plan[8] * region * april * contractEnd * credit;
}

function reasonOf(g, sub) {
  if (sub.acct.score < 560 && sub.plan[3] === 'postpaid' && g.rnd.next() < 0.5) return 'non_payment';
  return g.rnd.weighted(REASONS[sub.plan[2]]);
}

/** A postpaid mobile line out of contract (two years on) sometimes upgrades its handset. */
function upgrade(g, sub, n) {
  if (!sub.mobile || sub.plan[3] !== 'postpaid' || n - sub.act < 700) return;
  if (g.rnd.next() < (sub.plan[0] === 'UNL35' ? 0.05 : 0.012)) handset(g, sub, Math.min(D1, n + g.rnd.int(0, 20)), 'upgrade');
}

/** One month of a line: days live, data, minutes, roaming (summer and Christmas peaks) and revenue; the month's support ticket and survey, if any. */
function useMonth(g, sub, from, to, daysInMonth) {
  const { rnd } = g;
  const days = to - from + 1;
  const share = days / daysInMonth;
  const growth = 1 + 0.012 * ((from - D0) / 30.4);
  const data = sub.mobile ? money(sub.plan[6] * growth * share * (0.6 + 0.8 * rnd.next())) : 0;
  const minutes = sub.mobile ? Math.round(share * (sub.acct.segment === 'consumer' ? 160 : 420) * (0.5 + rnd.next())) : 0;
  const peak = [7, 8].includes(monthOf(from)) ? 0.26 : monthOf(from) === 12 ? 0.12 : 0.06;
  const roamDays = sub.mobile && rnd.next() < peak * (sub.acct.segment === 'consumer' ? 1 : 1.6) ? rnd.int(1, Math.min(days, 14)) : 0;
  const roaming = money(roamDays * (sub.plan[3] === 'prepaid' ? 2.5 : 2.25) * (sub.acct.segment === 'enterprise' ? 0.8 : 1));
  const fee = sub.plan[5] * priceFactor(from) * (sub.acct.segment === 'enterprise' ? 0.85 : 1);
  const extra = sub.plan[3] === 'prepaid' && rnd.next() < 0.3 ? rnd.pick([5, 10]) : 0;
  const revenue = money(fee * share + extra);
  g.ins.usage.run(sub.id, day(from).slice(0, 7), days, data, minutes, roamDays, revenue, roaming);
  if (sub.plan[3] === 'postpaid') sub.acct.bills.set(day(from).slice(0, 7), money((sub.acct.bills.get(day(from).slice(0, 7)) ?? 0) + revenue + roaming));
  ticket(g, sub, from, to);
  if (rnd.next() < 0.012) survey(g, sub, from + rnd.int(0, days - 1), 'relationship', 0);
}

/** A support ticket in the month: resolved at first contact more often in chat and store, less for faults and porting. */
function ticket(g, sub, from, to) {
  const { rnd } = g;
  const rate = sub.mobile ? (sub.acct.segment === 'consumer' ? 0.032 : 0.012) : 0.06;
  if (rnd.next() >= rate) return;
  const opened = from + rnd.int(0, to - from);
  const channel = rnd.weighted(TICKET_CHANNELS);
  const category = rnd.weighted(TICKET_CATEGORIES[sub.plan[2]]);
  const hard = ['broadband_fault', 'porting', 'network_coverage', 'installation'].includes(category) ? 0.2 : 0;
  const fcr = rnd.next() < 0.74 - hard + (channel === 'chat' || channel === 'store' ? 0.06 : 0) ? 1 : 0;
  const contacts = fcr ? 1 : rnd.int(2, 5);
  const resolved = opened + (fcr ? 0 : Math.round(1 + rnd.expo(4)));
  const id = ++g.ids.ticket;
  g.ins.ticket.run(
    id,
    sub.acct.id,
    sub.id,
    sub.acct.region,
    sub.acct.segment,
    day(opened),
    channel,
    category,
    contacts,
    fcr,
    resolved <= D1 ? day(resolved) : null,
  );
  if (rnd.next() < 0.15 && resolved + 2 <= D1) survey(g, sub, resolved + 2, 'after_support', fcr ? 0.5 : -1.8);
}

/** A 0-10 likelihood-to-recommend answer; business customers and the South rate higher, an unresolved contact lower. */
function survey(g, sub, n, touchpoint, lift) {
  const base = { consumer: 7.6, sme: 7.9, enterprise: 8.2 }[sub.acct.segment] + (sub.acct.region === 'STH' ? 0.3 : sub.acct.region === 'NTH' ? -0.3 : 0);
  const score = Math.max(0, Math.min(10, Math.round(base + lift + 1.6 * g.rnd.noise())));
  g.ins.nps.run(++g.ids.nps, sub.acct.id, sub.acct.segment, sub.acct.region, sub.plan[2], day(n), touchpoint, score);
}

/** The account's monthly bills (postpaid lines only): a low credit score leaves more unpaid, and debt past 120 days is mostly written off. */
function bill(g, acct) {
  const { rnd } = g;
  const risk = acct.score < 560 ? 0.07 : acct.score < 680 ? 0.02 : 0.004;
  for (const [month, amount] of acct.bills) {
    const issued = dn(Number(month.slice(0, 4)), Number(month.slice(5, 7)) + 1, 1);
    if (issued > D1) continue;
    const due = issued + 14;
    const unpaid = rnd.next() < risk ? money(amount * (0.3 + 0.7 * rnd.next())) : due > D1 && rnd.next() < 0.55 ? amount : 0;
    const writeOff = due + 120 <= D1 && unpaid > 0 && rnd.next() < 0.7 ? unpaid : 0;
    const stage = unpaid === 0 ? 'paid' : writeOff > 0 ? 'written_off' : due > D1 ? 'not_due' : D1 - due > 60 ? 'debt_agency' : 'dunning';
    const writtenOn = writeOff > 0 ? day(due + 120 + rnd.int(0, 30)) : null;
    g.ins.invoice.run(
      `INV${String(++g.ids.invoice).padStart(8, '0')}`,
      acct.id,
      month,
      day(issued),
      day(due),
      amount,
      money(amount - unpaid),
      writeOff,
      writtenOn,
      stage,
    );
  }
}

/** The back book at the billing migration, then new accounts every day: more online and in the South, a peak at Christmas and on new iPhone launches. */
function fillCustomers(g) {
  const { rnd } = g;
  for (let k = 0; k < 2500; k++) openAccount(g, 'consumer', D0 - rnd.int(60, 1500), true);
  for (let k = 0; k < 110; k++) openAccount(g, 'sme', D0 - rnd.int(60, 1500), true);
  for (let k = 0; k < 10; k++) openAccount(g, 'enterprise', D0 - rnd.int(60, 1500), true);
  for (let n = D0; n <= D1; n++) {
    const season = monthOf(n) === 12 || monthOf(n) === 9 ? 1.35 : monthOf(n) === 1 ? 0.8 : 1;
    const weekend = weekdayOf(n) >= 5 ? 1.25 : 1;
    for (let k = rnd.poisson(3.6 * season * weekend); k > 0; k--) openAccount(g, 'consumer', n, false);
    if (weekdayOf(n) < 5) for (let k = rnd.poisson(0.28); k > 0; k--) openAccount(g, 'sme', n, false);
    if (weekdayOf(n) < 5 && rnd.next() < 0.025) openAccount(g, 'enterprise', n, false);
  }
}

/** Cell sites per region, a third on towers leased from tower companies. */
function fillSites(g) {
  const { rnd } = g;
  for (const [region, name, , fragile] of REGIONS) {
    const count = { NTH: 130, MID: 110, STH: 150 }[region];
    g.sites[region] = [];
    for (let k = 1; k <= count; k++) {
      const id = `${region}-${String(k).padStart(4, '0')}`;
      const type = rnd.weighted([
        ['macro', 70],
        ['rooftop', 18],
        ['small_cell', 12],
      ]);
      const owner =
        type === 'small_cell'
          ? 'kestrel'
          : rnd.weighted([
              ['kestrel', 55],
              ['Meridian Towers', 30],
              ['Skyline Infrastructure', 15],
            ]);
      g.ins.site.run(id, region, `${name} ${rnd.pick(TOWNS)} ${k}`, type, owner, day(dn(2012, 1, 1) + rnd.int(0, 3000)));
      g.sites[region].push({ id, fragile, owner });
    }
  }
}

/** Unplanned outages (power, backhaul cuts, faults, weather) and planned night-time maintenance per site; the North suffers most. */
function fillOutages(g) {
  const { rnd } = g;
  for (const sites of Object.values(g.sites)) {
    for (const site of sites) {
      for (let n = D0; n <= D1; n += 30) {
        for (let k = rnd.poisson(0.26 * site.fragile); k > 0; k--)
          outage(g, site, n + rnd.int(0, 29), rnd.weighted(OUTAGE_CAUSES), Math.round(8 + rnd.expo(95)), rnd.int(0, 1439));
        for (let k = rnd.poisson(0.15); k > 0; k--) outage(g, site, n + rnd.int(0, 29), 'planned_maintenance', rnd.int(60, 300), rnd.int(60, 240));
      }
    }
  }
}

function outage(g, site, n, cause, minutes, startMinute) {
  if (n > D1) return;
  const end = n * 1440 + startMinute + minutes;
  const endStamp = stamp(Math.floor(end / 1440), end % 1440);
  g.ins.outage.run(++g.ids.outage, site.id, stamp(n, startMinute), endStamp, minutes, cause, cause === 'planned_maintenance' ? 1 : 0);
}

/** Daily call attempts, dropped calls and data carried per region; the dropped-call rate falls slowly as the network is modernised. */
function fillNetworkDaily(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const busy = weekdayOf(n) >= 5 ? 0.72 : 1;
    const modern = 1 - 0.09 * ((n - D0) / 365);
    for (const [region, , share, fragile] of REGIONS) {
      const attempts = Math.round(1_500_000 * share * busy * (0.94 + 0.12 * rnd.next()));
      const dcr = 0.0055 * fragile * modern * (0.9 + 0.2 * rnd.next());
      const tb = money(1900 * share * (1 + 0.014 * ((n - D0) / 30.4)) * (0.9 + 0.2 * rnd.next()));
      g.ins.network.run(day(n), region, attempts, Math.round(attempts * dcr), tb);
    }
  }
}

/** Network running costs per region and month: the spectrum licence fee (split by traffic share), tower leases for leased sites, site power and backhaul. */
function fillCosts(g) {
  for (const [first] of MONTHS) {
    const month = day(first).slice(0, 7);
    const winter = [11, 12, 1, 2].includes(monthOf(first)) ? 1.15 : 1;
    const energy = yearOf(first) === 2023 ? 1.3 : 1;
    for (const [region, , share] of REGIONS) {
      const sites = g.sites[region];
      const leased = sites.filter((s) => s.owner !== 'kestrel').length;
      g.ins.cost.run(month, region, 'spectrum_licence', money(1_850_000 * share));
      g.ins.cost.run(month, region, 'tower_lease', money(leased * 1450 * (1 + 0.03 * (yearOf(first) - 2023))));
      g.ins.cost.run(month, region, 'power', money(sites.length * 610 * winter * energy * (0.95 + 0.1 * g.rnd.next())));
      g.ins.cost.run(month, region, 'backhaul', money(sites.length * 385));
    }
  }
}

/** Two weeks of call detail records and cell location history for a sample of live consumer numbers (personal data). */
function fillCdrs(g) {
  const { rnd } = g;
  const all = Object.values(g.sites).flat();
  for (const msisdn of g.liveMobiles.slice(0, 220)) {
    const home = rnd.pick(all);
    for (let n = D1 - 13; n <= D1; n++) {
      for (let k = rnd.poisson(4); k > 0; k--) {
        const other = `447${rnd.int(100000000, 999999999)}`;
        const site = rnd.next() < 0.7 ? home : rnd.pick(all);
        g.ins.cdr.run(++g.ids.cdr, msisdn, other, stamp(n, rnd.int(420, 1380)), rnd.int(5, 1800), rnd.pick(['outgoing', 'incoming']), site.id);
      }
      for (const hour of [8, 13, 18, 23]) g.ins.location.run(msisdn, stamp(n, hour * 60 + rnd.int(0, 59)), (rnd.next() < 0.6 ? home : rnd.pick(all)).id);
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillSites(g);
  fillCustomers(g);
  fillOutages(g);
  fillNetworkDaily(g);
  fillCosts(g);
  fillCdrs(g);
  for (const source of ['bss', 'crm', 'oss', 'netcool', 'fieldforce', 'medallia', 'sap', 'mediation']) g.ins.load.run(source, day(D1));
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
