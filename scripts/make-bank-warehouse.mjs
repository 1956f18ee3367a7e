#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261129;

// Harrowgate Bank's regions: code, name, share of customers; DIG holds customers who bank only online
const REGIONS = [
  ['NOR', 'North of England', 0.31],
  ['MID', 'Midlands', 0.22],
  ['LSE', 'London and South East', 0.2],
  ['SCO', 'Scotland', 0.12],
  ['DIG', 'Digital', 0.15],
];
// branch towns per branch region
const BRANCHES = {
  NOR: ['Harrogate', 'Leeds Briggate', 'York', 'Bradford', 'Sheffield', 'Newcastle', 'Durham', 'Manchester', 'Preston', 'Hull', 'Skipton'],
  MID: ['Birmingham', 'Leicester', 'Nottingham', 'Derby', 'Coventry', 'Stoke', 'Lincoln', 'Worcester', 'Northampton'],
  LSE: ['London Cheapside', 'Croydon', 'Kingston', 'Reading', 'Guildford', 'Brighton', 'Canterbury', 'Chelmsford', 'Watford', 'Oxford'],
  SCO: ['Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee', 'Inverness', 'Stirling'],
};
// product code, name, type, portfolio, accounts per 1000 customers, mean balance GBP, rate % (paid on deposits, charged on lending)
const PRODUCTS = [
  ['PCA', 'Harrowgate Current Account', 'current_account', 'deposits', 720, 2900, 0.1],
  ['PRM', 'Premier Current Account', 'current_account', 'deposits', 110, 11800, 0.5],
  ['EAS', 'Easy Access Saver', 'savings', 'deposits', 380, 14500, 3.1],
  ['ISA', 'Cash ISA', 'savings', 'deposits', 210, 17800, 3.6],
  ['FB1', 'One-Year Fixed Rate Bond', 'fixed_term', 'deposits', 70, 31000, 4.2],
  ['FB2', 'Two-Year Fixed Rate Bond', 'fixed_term', 'deposits', 45, 36000, 4.0],
  ['RES', 'Residential Mortgage', 'mortgage', 'mortgages', 150, 168000, 4.6],
  ['BTL', 'Buy-to-Let Mortgage', 'mortgage', 'mortgages', 24, 192000, 5.4],
  ['PLN', 'Personal Loan', 'loan', 'unsecured', 90, 9400, 8.9],
  ['CCD', 'Harrowgate Credit Card', 'credit_card', 'unsecured', 260, 1850, 22.9],
];
const LTV_BANDS = [
  ['0-60', 30, 48],
  ['60-75', 31, 68],
  ['75-85', 22, 80],
  ['85-90', 10, 88],
  ['90-95', 7, 93],
];
const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Harry', 'Freya', 'Jack', 'Mia', 'Noah', 'Priya', 'Callum', 'Fiona', 'Aaron', 'Zainab', 'Ewan'];
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
];
const STREETS = ['High Street', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Street', 'Kings Road', 'Moor Lane', 'Albert Terrace'];
const POSTAREA = { NOR: 'HG', MID: 'B', LSE: 'SE', SCO: 'EH', DIG: 'LS' };
const MERCHANTS = ['Tesco', 'Sainsburys', 'Greggs', 'Shell', 'TfL', 'Amazon', 'Boots', 'Costa', 'Council Tax', 'Salary', 'Rent', 'Octopus Energy'];
const FRAUD_TYPES = [
  ['card_not_present', 46, 180],
  ['authorised_push_payment', 18, 2400],
  ['account_takeover', 12, 1500],
  ['identity_fraud', 10, 3200],
  ['lost_and_stolen_card', 14, 260],
];
const COMPLAINT_CATEGORIES = [
  ['service', 30, 0.42],
  ['fees_and_charges', 14, 0.35],
  ['fraud_and_scams', 12, 0.38],
  ['arrears_and_collections', 10, 0.31],
  ['mortgage_process', 12, 0.28],
  ['account_opening', 9, 0.45],
  ['digital_banking', 13, 0.5],
];
const FORBEARANCE_TYPES = [
  ['payment_holiday', 22],
  ['reduced_payment', 38],
  ['term_extension', 17],
  ['interest_only_switch', 9],
  ['interest_freeze', 14],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 10, 1); // the warehouse's first day: the start of financial year FY25 (October 2024 to September 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (October to September) of a shifted day, spelled FY26 for October 2025 to September 2026, and its quarter (Q1 = October to December). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return [`FY${String((m >= 10 ? y + 1 : y) % 100).padStart(2, '0')}`, `Q${Math.floor(((m + 2) % 12) / 3) + 1}`];
};
/** Month starts (unshifted day numbers) from October 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 10 + k, 1) <= D1; k++) out.push([dn(2024, 10 + k, 1), dn(2024, 11 + k, 1)]);
  return out;
};
/** The closed months: those whose last day is before the last day of data. */
const closedMonths = () => months().filter(([, next]) => next - 1 < D1);
/** Slow trend over the warehouse's span: 0 at the first day, 1 at the last. */
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE branches (branch_code TEXT PRIMARY KEY, branch_name TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code));
CREATE TABLE products (product_code TEXT PRIMARY KEY, product_name TEXT NOT NULL, product_type TEXT NOT NULL, portfolio TEXT NOT NULL);
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), credit_score INTEGER NOT NULL, annual_salary_gbp INTEGER NOT NULL, joined_on TEXT NOT NULL);
CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id), product_code TEXT NOT NULL REFERENCES products(product_code), sort_code TEXT NOT NULL, account_number TEXT NOT NULL, opened_on TEXT NOT NULL, channel TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), branch_code TEXT REFERENCES branches(branch_code));
CREATE TABLE transactions (txn_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), posted_on TEXT NOT NULL, amount_gbp REAL NOT NULL, counterparty TEXT NOT NULL);
CREATE TABLE balances_month_end (month_end TEXT NOT NULL, product_code TEXT NOT NULL REFERENCES products(product_code), region_code TEXT NOT NULL REFERENCES regions(region_code), accounts INTEGER NOT NULL, balance_gbp REAL NOT NULL, credit_limit_gbp REAL, rate_pct REAL NOT NULL, PRIMARY KEY (month_end, product_code, region_code));
CREATE TABLE savings_rates (product_code TEXT NOT NULL REFERENCES products(product_code), effective_from TEXT NOT NULL, effective_to TEXT, aer_pct REAL NOT NULL, PRIMARY KEY (product_code, effective_from));
CREATE TABLE mortgage_applications (application_id TEXT PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id), product_code TEXT NOT NULL REFERENCES products(product_code), channel TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), branch_code TEXT REFERENCES branches(branch_code), submitted_on TEXT NOT NULL, loan_amount_gbp REAL NOT NULL, property_value_gbp REAL NOT NULL, ltv_pct REAL NOT NULL, ltv_band TEXT NOT NULL, decision TEXT NOT NULL, decided_on TEXT, completed_on TEXT);
CREATE TABLE mortgage_book (month_end TEXT NOT NULL, product_code TEXT NOT NULL REFERENCES products(product_code), ltv_band TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), accounts INTEGER NOT NULL, balance_gbp REAL NOT NULL, avg_rate_pct REAL NOT NULL, PRIMARY KEY (month_end, product_code, ltv_band, region_code));
CREATE TABLE credit_quality (month_end TEXT NOT NULL, product_code TEXT NOT NULL REFERENCES products(product_code), stage INTEGER NOT NULL, accounts INTEGER NOT NULL, gross_carrying_gbp REAL NOT NULL, ecl_gbp REAL NOT NULL, dpd30_accounts INTEGER NOT NULL, dpd30_balance_gbp REAL NOT NULL, dpd90_accounts INTEGER NOT NULL, dpd90_balance_gbp REAL NOT NULL, PRIMARY KEY (month_end, product_code, stage));
CREATE TABLE forbearance (arrangement_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), product_code TEXT NOT NULL REFERENCES products(product_code), arrangement_type TEXT NOT NULL, started_on TEXT NOT NULL, ended_on TEXT);
CREATE TABLE ledger (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, line TEXT NOT NULL, product_code TEXT NOT NULL, amount_gbp REAL NOT NULL, PRIMARY KEY (month_start, line, product_code));
CREATE TABLE average_balances (month_start TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, interest_earning_assets_gbp REAL NOT NULL, interest_bearing_liabilities_gbp REAL NOT NULL);
CREATE TABLE fraud_cases (case_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), product_code TEXT NOT NULL REFERENCES products(product_code), reported_on TEXT NOT NULL, fraud_type TEXT NOT NULL, channel TEXT NOT NULL, gross_loss_gbp REAL NOT NULL, recovered_gbp REAL NOT NULL, reimbursed_gbp REAL NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id), product_code TEXT NOT NULL REFERENCES products(product_code), category TEXT NOT NULL, received_on TEXT NOT NULL, resolved_on TEXT, upheld INTEGER NOT NULL, fos_referred INTEGER NOT NULL, fos_upheld INTEGER, redress_gbp REAL NOT NULL);
CREATE TABLE app_logins (day TEXT NOT NULL, platform TEXT NOT NULL, logins INTEGER NOT NULL, unique_users INTEGER NOT NULL, PRIMARY KEY (day, platform));
CREATE TABLE digital_customers (month_end TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), active_customers INTEGER NOT NULL, digitally_active INTEGER NOT NULL, app_active INTEGER NOT NULL, PRIMARY KEY (month_end, region_code));
CREATE TABLE branch_footfall (day TEXT NOT NULL, branch_code TEXT NOT NULL REFERENCES branches(branch_code), visitors INTEGER NOT NULL, counter_transactions INTEGER NOT NULL, PRIMARY KEY (day, branch_code));
CREATE TABLE kyc_onboarding (application_id INTEGER PRIMARY KEY, product_code TEXT NOT NULL REFERENCES products(product_code), channel TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), started_on TEXT NOT NULL, hours_to_decision REAL, outcome TEXT NOT NULL, manual_review INTEGER NOT NULL);
${calendarTables('is_working_day')}
`;
const LAYOUT = 1201;
const INDEXES = `
CREATE INDEX accounts_opened ON accounts (opened_on, channel);
CREATE INDEX mortgage_applications_submitted ON mortgage_applications (submitted_on);
CREATE INDEX mortgage_applications_completed ON mortgage_applications (completed_on, branch_code);
CREATE INDEX complaints_received ON complaints (received_on, category);
CREATE INDEX fraud_reported ON fraud_cases (reported_on);
CREATE INDEX kyc_started ON kyc_onboarding (started_on, channel);
CREATE INDEX footfall_branch ON branch_footfall (branch_code, day);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 2],
  branch: ['branches', 3],
  product: ['products', 4],
  customer: ['customers', 9],
  account: ['accounts', 9],
  txn: ['transactions', 5],
  balance: ['balances_month_end', 7],
  rate: ['savings_rates', 4],
  application: ['mortgage_applications', 14],
  book: ['mortgage_book', 7],
  quality: ['credit_quality', 10],
  forbearance: ['forbearance', 6],
  ledger: ['ledger', 6],
  avgBal: ['average_balances', 5],
  fraud: ['fraud_cases', 9],
  complaint: ['complaints', 10],
  login: ['app_logins', 4],
  digital: ['digital_customers', 5],
  footfall: ['branch_footfall', 4],
  kyc: ['kyc_onboarding', 8],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, branches: [], accounts: [], nextAccount: 0 };
}

const CUSTOMERS = 40000;
const regionOf = (rnd) => rnd.weighted(REGIONS.map(([code, , share]) => [code, share]));
const postcodeOf = (rnd, region) =>
  `${POSTAREA[region]}${rnd.int(1, 28)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`;
const branchIn = (g, region) => (region === 'DIG' ? null : g.rnd.pick(g.branches.filter((b) => b[2] === region))[0]);

/** Regions, branches, products and the customer file (names, birth dates, addresses, credit scores and salaries are personal data). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name] of REGIONS) g.ins.region.run(code, name);
  for (const [region, towns] of Object.entries(BRANCHES)) {
    towns.forEach((town, i) => g.branches.push([`${region}${String(i + 1).padStart(2, '0')}`, town, region]));
  }
  for (const b of g.branches) g.ins.branch.run(...b);
  for (const [code, name, type, portfolio] of PRODUCTS) g.ins.product.run(code, name, type, portfolio);
  for (let id = 1; id <= CUSTOMERS; id++) {
    const region = regionOf(rnd);
    const age = rnd.int(18, 88);
    g.ins.customer.run(
      id,
      `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
      day(D1 - age * 365 - rnd.int(0, 364)),
      `${rnd.int(1, 220)} ${rnd.pick(STREETS)}`,
      postcodeOf(rnd, region),
      region,
      Math.max(300, Math.min(999, Math.round(720 + 90 * rnd.noise()))),
      Math.round((24000 + rnd.expo(22000)) / 100) * 100,
      day(D0 - rnd.int(0, 7000)),
    );
  }
}

const OPEN_CHANNELS = [
  ['branch', 34],
  ['app', 38],
  ['web', 21],
  ['telephony', 7],
];

/** Accounts opened over the warehouse's span, each with a sort code and account number (personal data); the digital share grows over time. */
function fillAccounts(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const count = Math.round((weekdayOf(n) >= 5 ? 55 : 95) * (0.85 + 0.3 * rnd.next()));
    for (let k = 0; k < count; k++) {
      const [product] = rnd.weighted(PRODUCTS.filter((p) => p[2] !== 'mortgage').map((p) => [p, p[4]]));
      const customer = rnd.int(1, CUSTOMERS);
      const region = regionOf(rnd);
      const digitalTilt = 1 + 0.5 * trend(n);
      const channel = region === 'DIG' ? rnd.pick(['app', 'web']) : rnd.weighted(OPEN_CHANNELS.map(([c, w]) => [c, c === 'branch' ? w / digitalTilt : w]));
      const id = ++g.nextAccount;
      g.ins.account.run(
        id,
        customer,
        product,
        `30-${rnd.int(10, 99)}-${rnd.int(10, 99)}`,
        String(rnd.int(10000000, 99999999)),
        day(n),
        channel,
        region,
        channel === 'branch' ? branchIn(g, region) : null,
      );
      if (n > D1 - 60 && product === 'PCA' && rnd.next() < 0.5) g.accounts.push(id);
    }
  }
}

/** Individual card and payment transactions on recent current accounts (personal data): the last sixty days. */
function fillTransactions(g) {
  const { rnd } = g;
  let id = 0;
  for (const account of g.accounts) {
    for (let k = rnd.int(10, 40); k > 0; k--) {
      const merchant = rnd.pick(MERCHANTS);
      const amount = merchant === 'Salary' ? rnd.int(1400, 4200) : -money(3 + rnd.expo(45));
      g.ins.txn.run(++id, account, day(D1 - rnd.int(0, 59)), amount, merchant);
    }
  }
}

/** Month-end balances per product and region: deposits drift with rates, lending books grow, card limits sit well above balances. */
function fillBalances(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const t = trend(first);
    for (const [code, , type, , per1000, mean, rate] of PRODUCTS) {
      for (const [region, , share] of REGIONS) {
        const growth = type === 'fixed_term' ? 1 + 0.35 * t : type === 'current_account' ? 1 - 0.06 * t : 1 + 0.08 * t;
        const accounts = Math.round(CUSTOMERS * 25 * share * (per1000 / 1000) * growth * (0.98 + 0.04 * rnd.next()));
        const balance = money(accounts * mean * (0.97 + 0.06 * rnd.next()) * (region === 'LSE' ? 1.25 : 1));
        const limit = type === 'credit_card' ? money(balance / (0.27 + 0.04 * rnd.next() + 0.02 * t)) : null;
        const paid = type === 'savings' || type === 'fixed_term' ? rate - 0.6 * t : type === 'mortgage' ? rate - 0.3 * t : rate;
        g.ins.balance.run(day(next - 1), code, region, accounts, balance, limit, Math.round(paid * 100) / 100);
      }
    }
  }
}

/** The advertised AER on each savings product: a rate change every few months, falling as Bank Rate was cut. */
function fillRates(g) {
  const { rnd } = g;
  for (const [code, , type, , , , rate] of PRODUCTS) {
    if (type !== 'savings' && type !== 'fixed_term') continue;
    let from = D0 - 120;
    let aer = rate + 0.5;
    while (from <= D1) {
      const to = from + rnd.int(70, 150);
      g.ins.rate.run(code, day(from), to <= D1 ? day(to - 1) : null, Math.round(aer * 100) / 100);
      aer = Math.max(1.2, aer - 0.1 - 0.15 * rnd.next());
      from = to;
    }
  }
}

const MORTGAGE_CHANNELS = [
  ['intermediary', 68],
  ['branch', 19],
  ['direct', 13],
];

/** One mortgage application: the loan against the property's value gives its LTV band; approved cases complete some weeks later. */
function apply(g, n, seq) {
  const { rnd } = g;
  const region = rnd.weighted(REGIONS.filter((r) => r[0] !== 'DIG').map(([code, , share]) => [code, share]));
  const channel = rnd.weighted(MORTGAGE_CHANNELS);
  const [band, , ltvMean] = rnd.weighted(LTV_BANDS.map((b) => [b, b[1]]));
  const ltv = Math.min(95, Math.max(20, Math.round((ltvMean + 3 * rnd.noise()) * 10) / 10));
  const value = Math.round(((region === 'LSE' ? 420000 : 230000) * (0.6 + rnd.expo(0.4))) / 1000) * 1000;
  const product = rnd.next() < 0.14 ? 'BTL' : 'RES';
  const decided = n + rnd.int(3, 21);
  const decision =
    decided > D1
      ? 'pending'
      : rnd.weighted([
          ['approved', band === '90-95' ? 62 : 78],
          ['declined', band === '90-95' ? 24 : 12],
          ['withdrawn', 10],
        ]);
  const completes = decision === 'approved' && rnd.next() < 0.86 ? decided + rnd.int(20, 70) : null;
  g.ins.application.run(
    `MA${String(seq).padStart(7, '0')}`,
    rnd.int(1, CUSTOMERS),
    product,
    channel,
    region,
    channel === 'branch' ? branchIn(g, region) : g.rnd.pick(g.branches.filter((b) => b[2] === region))[0],
    day(n),
    Math.round((value * ltv) / 100),
    value,
    ltv,
    LTV_BANDS.find((b) => ltv <= Number(b[0].split('-')[1]))?.[0] ?? '90-95',
    decision,
    decision === 'pending' ? null : day(decided),
    completes !== null && completes <= D1 ? day(completes) : null,
  );
}

/** Mortgage applications every day, fewer at weekends, busier in spring. */
function fillApplications(g) {
  const { rnd } = g;
  let seq = 0;
  for (let n = D0; n <= D1; n++) {
    const spring = [3, 4, 5].includes(Number(day(n).slice(5, 7))) ? 1.2 : 1;
    const count = rnd.poisson((weekdayOf(n) >= 5 ? 12 : 34) * spring);
    for (let k = 0; k < count; k++) apply(g, n, ++seq);
  }
}

/** The mortgage book at each month end by product, LTV band (indexed LTV) and region: the high-LTV share shrinks as house prices rise. */
function fillBook(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const t = trend(first);
    for (const code of ['RES', 'BTL']) {
      const [, , , , per1000, mean, rate] = PRODUCTS.find((p) => p[0] === code);
      for (const [band, share] of LTV_BANDS) {
        const tilt = band === '0-60' ? 1 + 0.1 * t : band === '90-95' ? 1 - 0.25 * t : 1;
        if (code === 'BTL' && (band === '85-90' || band === '90-95')) continue;
        for (const [region, , rShare] of REGIONS) {
          if (region === 'DIG') continue;
          const accounts = Math.round(CUSTOMERS * 25 * (per1000 / 1000) * (share / 100) * tilt * (rShare / 0.85) * (1 + 0.06 * t));
          const balance = money(accounts * mean * (region === 'LSE' ? 1.6 : 1) * (0.96 + 0.08 * rnd.next()));
          g.ins.book.run(day(next - 1), code, band, region, accounts, balance, Math.round((rate - 0.3 * t + (band === '90-95' ? 0.6 : 0)) * 100) / 100);
        }
      }
    }
  }
}

// product -> [share of accounts in stage 2, in stage 3, coverage (ECL / exposure) per stage]
const RISK = {
  RES: [0.06, 0.011, [0.0004, 0.006, 0.09]],
  BTL: [0.07, 0.014, [0.0006, 0.008, 0.11]],
  PLN: [0.11, 0.028, [0.012, 0.09, 0.62]],
  CCD: [0.14, 0.032, [0.018, 0.12, 0.68]],
};

/** Credit quality at each month end per lending product and IFRS 9 stage: exposure, ECL, and accounts 30 and 90 or more days past due. */
function fillCreditQuality(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const t = trend(first);
    for (const [code, , , , per1000, mean] of PRODUCTS.filter((p) => RISK[p[0]])) {
      const [s2, s3, cover] = RISK[code];
      const total = Math.round(CUSTOMERS * 25 * (per1000 / 1000) * (1 + 0.06 * t));
      const stress = 1 + 0.15 * Math.sin(t * 5) + 0.05 * rnd.noise();
      const shares = [1 - (s2 + s3) * stress, s2 * stress, s3 * stress];
      shares.forEach((share, i) => {
        const accounts = Math.round(total * share);
        const exposure = money(accounts * mean * (i === 2 ? 1.1 : 1));
        const dpd30 = i === 0 ? 0 : i === 1 ? Math.round(accounts * 0.22) : Math.round(accounts * 0.93);
        const dpd90 = i === 2 ? Math.round(accounts * 0.71) : 0;
        const bal = (k) => money(k * mean * 1.05);
        g.ins.quality.run(
          day(next - 1),
          code,
          i + 1,
          accounts,
          exposure,
          money(exposure * cover[i] * (0.95 + 0.1 * rnd.next())),
          dpd30,
          bal(dpd30),
          dpd90,
          bal(dpd90),
        );
      });
    }
  }
}

/** Forbearance arrangements on lending accounts: most end within a year, some are still open. */
function fillForbearance(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(9); k > 0; k--) {
      const product = rnd.weighted([
        ['RES', 46],
        ['BTL', 6],
        ['PLN', 20],
        ['CCD', 28],
      ]);
      const ends = n + rnd.int(60, 420);
      g.ins.forbearance.run(++id, rnd.int(1, g.nextAccount), product, rnd.weighted(FORBEARANCE_TYPES), day(n), ends <= D1 ? day(ends) : null);
    }
  }
}

/** Monthly P&L lines per product (interest income on lending, interest expense on deposits, fees, costs, impairment) for closed months. */
function fillLedger(g, db) {
  const { rnd } = g;
  const bal = db.prepare(
    'SELECT product_code, SUM(balance_gbp) AS balance, SUM(balance_gbp * rate_pct) / SUM(balance_gbp) AS rate FROM balances_month_end WHERE month_end = ? GROUP BY product_code',
  );
  for (const [first, next] of closedMonths()) {
    const when = day(first);
    const [fy, q] = fyOf(when);
    const line = (name, product, amount) => g.ins.ledger.run(when, fy, q, name, product, money(amount));
    let assets = 0;
    let liabilities = 0;
    for (const { product_code, balance, rate } of bal.all(day(next - 1))) {
      const [, , type, portfolio] = PRODUCTS.find((p) => p[0] === product_code);
      const interest = (balance * rate) / 100 / 12;
      if (portfolio === 'deposits') {
        liabilities += balance;
        line('interest_expense', product_code, interest);
      } else {
        assets += balance;
        line('interest_income', product_code, interest);
        line('impairment_charge', product_code, interest * (type === 'mortgage' ? 0.02 : 0.16) * (0.6 + 0.8 * rnd.next()));
      }
      line('fee_income', product_code, balance * (type === 'current_account' || type === 'credit_card' ? 0.0012 : 0.00008));
    }
    // treasury assets (gilts, reserves at the Bank of England) earn interest too
    const treasury = liabilities * 0.28;
    line('interest_income', 'TSY', (treasury * (4.4 - 0.6 * trend(first))) / 100 / 12);
    line('operating_costs', 'ALL', (assets + treasury) * 0.0022 * (0.95 + 0.1 * rnd.next()));
    g.ins.avgBal.run(when, fy, q, money(assets + treasury), money(liabilities));
  }
}

/** Fraud cases reported each day by type and channel: gross losses, what was recovered, and what the bank reimbursed to victims. */
function fillFraud(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(15); k > 0; k--) {
      const [type, , mean] = rnd.weighted(FRAUD_TYPES.map((f) => [f, f[1]]));
      const gross = money(10 + rnd.expo(mean));
      const recovered = money(gross * (type === 'card_not_present' ? 0.55 : 0.18) * rnd.next());
      const reimbursed = type === 'authorised_push_payment' ? money((gross - recovered) * (rnd.next() < 0.8 ? 1 : 0.5)) : money(gross - recovered);
      const product = type === 'card_not_present' || type === 'lost_and_stolen_card' ? rnd.pick(['PCA', 'CCD']) : rnd.pick(['PCA', 'PRM', 'EAS']);
      const channel = rnd.weighted([
        ['online_banking', 30],
        ['mobile_app', 34],
        ['card', 28],
        ['telephone', 8],
      ]);
      g.ins.fraud.run(++id, rnd.int(1, g.nextAccount), product, day(n), type, channel, gross, recovered, reimbursed);
    }
  }
}

/** Complaints received each day: resolved within weeks, some upheld with redress, a few referred to the Financial Ombudsman Service. */
function fillComplaints(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(weekdayOf(n) >= 5 ? 18 : 42); k > 0; k--) {
      const [category, , upheldRate] = rnd.weighted(COMPLAINT_CATEGORIES.map((c) => [c, c[1]]));
      const resolved = n + Math.round(rnd.expo(12));
      const upheld = rnd.next() < upheldRate ? 1 : 0;
      const fos = resolved <= D1 && rnd.next() < (upheld ? 0.02 : 0.07) ? 1 : 0;
      const product = rnd.weighted(PRODUCTS.map((p) => [p[0], p[4]]));
      g.ins.complaint.run(
        ++id,
        rnd.int(1, CUSTOMERS),
        product,
        category,
        day(n),
        resolved <= D1 ? day(resolved) : null,
        upheld,
        fos,
        fos ? (rnd.next() < 0.36 ? 1 : 0) : null,
        upheld ? money(25 + rnd.expo(140)) : 0,
      );
    }
  }
}

/** App and web logins per day and platform, growing as customers move online. */
function fillLogins(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const t = trend(n);
    for (const [platform, base, growth] of [
      ['ios', 148000, 0.22],
      ['android', 121000, 0.25],
      ['web', 64000, -0.12],
    ]) {
      const users = Math.round(base * (1 + growth * t) * (weekdayOf(n) >= 5 ? 0.82 : 1) * (0.96 + 0.08 * rnd.next()));
      g.ins.login.run(day(n), platform, Math.round(users * (1.6 + 0.3 * rnd.next())), users);
    }
  }
}

/** Month-end digital adoption per region: customers active in the month, those who used the app or online banking, and the app alone. */
function fillDigital(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const t = trend(first);
    for (const [region, , share] of REGIONS) {
      const active = Math.round(CUSTOMERS * 25 * share * 0.92 * (0.99 + 0.02 * rnd.next()));
      const rate = region === 'DIG' ? 0.99 : Math.min(0.95, (region === 'LSE' ? 0.74 : region === 'SCO' ? 0.63 : 0.68) + 0.07 * t);
      const digital = Math.round(active * rate);
      g.ins.digital.run(day(next - 1), region, active, digital, Math.round(digital * (0.78 + 0.06 * t)));
    }
  }
}

/** Visitors and counter transactions per branch per day: branches are shut on Sundays and footfall falls slowly. */
function fillFootfall(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    if (wd === 6) continue;
    for (const [code, town] of g.branches) {
      const size = town.startsWith('London') || ['Leeds Briggate', 'Manchester', 'Birmingham', 'Edinburgh', 'Glasgow'].includes(town) ? 2.1 : 1;
      const visitors = Math.round(310 * size * (wd === 5 ? 0.55 : 1) * (1 - 0.12 * trend(n)) * (0.85 + 0.3 * rnd.next()));
      g.ins.footfall.run(day(n), code, visitors, Math.round(visitors * (0.45 + 0.1 * rnd.next())));
    }
  }
}

/** Onboarding applications: identity and anti-money-laundering checks take hours online and longer when sent to manual review. */
function fillKyc(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(weekdayOf(n) >= 5 ? 45 : 80); k > 0; k--) {
      const channel = rnd.weighted(OPEN_CHANNELS);
      const manual = rnd.next() < (channel === 'branch' ? 0.09 : 0.17) ? 1 : 0;
      const outcome = rnd.weighted([
        ['approved', 82],
        ['declined', 6],
        ['abandoned', channel === 'app' ? 14 : 8],
      ]);
      const hours =
        outcome === 'abandoned' ? null : Math.round((manual ? 30 + rnd.expo(40) : channel === 'branch' ? 0.6 + rnd.expo(2) : 0.1 + rnd.expo(1.2)) * 10) / 10;
      const product = rnd.weighted(PRODUCTS.filter((p) => p[3] !== 'mortgages').map((p) => [p[0], p[4]]));
      g.ins.kyc.run(++id, product, channel, channel === 'branch' ? rnd.pick(['NOR', 'MID', 'LSE', 'SCO']) : regionOf(rnd), day(n), hours, outcome, manual);
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillAccounts(g);
  fillTransactions(g);
  fillBalances(g);
  fillRates(g);
  fillApplications(g);
  fillBook(g);
  fillCreditQuality(g);
  fillForbearance(g);
  fillLedger(g, db);
  fillFraud(g);
  fillComplaints(g);
  fillLogins(g);
  fillDigital(g);
  fillFootfall(g);
  fillKyc(g);
  for (const source of [
    'core_banking',
    'mortgage_origination',
    'finance_ledger',
    'risk_engine',
    'fraud_hub',
    'complaints_crm',
    'digital_analytics',
    'branch_sensors',
    'kyc_platform',
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
