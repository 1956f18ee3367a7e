#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261211;

// Harbourlight Trust's regions: code, name, share of activity, postcode area
const REGIONS = [
  ['SCO', 'Scotland', 0.16, 'G'],
  ['NEN', 'North of England', 0.27, 'LS'],
  ['MID', 'Midlands', 0.22, 'B'],
  ['SOU', 'South and London', 0.35, 'SE'],
];
// Income streams: code, name, monthly income GBP (base), budget uplift
const STREAMS = [
  ['IND', 'Individual giving', 610000, 1.03],
  ['LEG', 'Legacies', 720000, 0.97],
  ['COR', 'Corporate partnerships', 95000, 1.1],
  ['TRU', 'Trusts and foundations', 160000, 1.02],
  ['EVT', 'Events', 130000, 1.05],
  ['SHP', 'Shops (trading)', 980000, 1.01],
];
// Giving channels: code, name, share of one-off gifts, mean gift GBP
const CHANNELS = [
  ['ONL', 'Online', 38, 42],
  ['PST', 'Post', 30, 31],
  ['PHN', 'Phone', 12, 27],
  ['F2F', 'Face-to-face', 20, 12],
];
// Services: code, name, contacts a working day, mean working days from referral to first contact
const SERVICES = [
  ['HLP', 'Sight Loss Advice Line (helpline calls answered)', 38, 1.5],
  ['HVS', 'Home visits', 9, 9],
  ['ESS', 'Emotional support sessions', 11, 8],
  ['TEC', 'Technology training', 7, 12],
];
// Volunteer roles: code, name, share of volunteers, mean hours a month
const ROLES = [
  ['SHP', 'Shop volunteer', 55, 14],
  ['BEF', 'Befriender', 15, 8],
  ['TEC', 'Tech buddy', 8, 6],
  ['EVT', 'Events and fundraising', 12, 5],
  ['OFF', 'Office and admin', 10, 10],
];
// Grant funder types: code, name, grants a year, mean award GBP
const FUNDER_TYPES = [
  ['TRF', 'Trusts and foundations', 34, 18000],
  ['LOT', 'Lottery distributors', 6, 65000],
  ['STA', 'Statutory (local authorities and NHS)', 10, 42000],
  ['CRP', 'Corporate foundations', 8, 12000],
];
const LEGACY_TYPES = [
  ['RES', 'Residuary', 55, 38000],
  ['PEC', 'Pecuniary', 40, 4500],
  ['REV', 'Reversionary', 5, 60000],
];
const TOWNS = {
  SCO: ['Glasgow', 'Edinburgh', 'Aberdeen', 'Dundee', 'Inverness', 'Perth', 'Stirling', 'Paisley', 'Ayr', 'Falkirk'],
  NEN: [
    'Leeds',
    'York',
    'Harrogate',
    'Durham',
    'Newcastle',
    'Sheffield',
    'Lancaster',
    'Kendal',
    'Whitby',
    'Hexham',
    'Skipton',
    'Beverley',
    'Ilkley',
    'Chester',
    'Darlington',
    'Ripon',
  ],
  MID: ['Birmingham', 'Leicester', 'Nottingham', 'Derby', 'Lichfield', 'Ludlow', 'Stamford', 'Worcester', 'Hereford', 'Warwick', 'Buxton', 'Oakham', 'Malvern'],
  SOU: [
    'Brighton',
    'Lewes',
    'Guildford',
    'Winchester',
    'Salisbury',
    'Bath',
    'Exeter',
    'Truro',
    'Canterbury',
    'Islington',
    'Clapham',
    'Richmond',
    'Greenwich',
    'Ealing',
    'Oxford',
    'Reading',
    'Dorchester',
    'Chichester',
    'Hastings',
    'Bristol',
    'Whitstable',
  ],
};
const FIRST = [
  'Margaret',
  'Jean',
  'Eileen',
  'Brian',
  'Alan',
  'David',
  'Susan',
  'Fiona',
  'Iain',
  'Priya',
  'Aisha',
  'Tom',
  'Hannah',
  'Grace',
  'Stuart',
  'Winifred',
  'Arthur',
  'Nasreen',
  'Oluwaseun',
  'Kathleen',
];
const LAST = [
  'Smith',
  'Campbell',
  'MacLeod',
  'Patel',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Hughes',
  'Khan',
  'Evans',
  'Robertson',
  'Thomson',
  'Okoye',
  'Walsh',
  'Fraser',
  'Dawson',
  'Pritchard',
];
const STREETS = [
  'Church Lane',
  'High Street',
  'Station Road',
  'The Crescent',
  'Mill Lane',
  'Victoria Road',
  'Park View',
  'Kirk Wynd',
  'Orchard Close',
  'Queen Street',
];
const EYE_CONDITIONS = [
  'Age-related macular degeneration (wet)',
  'Age-related macular degeneration (dry)',
  'Glaucoma',
  'Diabetic retinopathy',
  'Retinitis pigmentosa',
  'Cataract',
  'Stroke-related sight loss',
  'Nystagmus',
];
const MH_NOTES = [null, null, null, 'Low mood since diagnosis', 'Anxiety about going out', 'Bereavement', 'Referred to GP for depression'];
const ETHNICITY = [
  ['White British', 80],
  ['White other', 5],
  ['Asian or Asian British', 8],
  ['Black or Black British', 3],
  ['Mixed', 2],
  ['Prefer not to say', 2],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2023, 9, 1); // the warehouse's first day: the start of financial year 2023-24 (FY24)
const D1 = dn(2026, 11, 26); // last day of data: the nightly CRM and till load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** Financial year of a day (spelled 2025-26, September to August) and its FY label (FY26, the year it ends). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const start = m >= 9 ? y : y - 1;
  return [`${start}-${String((start + 1) % 100).padStart(2, '0')}`, `FY${String((start + 1) % 100).padStart(2, '0')}`];
};
/** Fiscal quarter of a day: Q1 September to November ... Q4 June to August. */
const fqOf = (d) => `Q${Math.floor(((Number(d.slice(5, 7)) + 3) % 12) / 3) + 1}`;

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE income_streams (stream_code TEXT PRIMARY KEY, stream_name TEXT NOT NULL);
CREATE TABLE income_ledger (month TEXT NOT NULL, financial_year TEXT NOT NULL, stream_code TEXT NOT NULL REFERENCES income_streams(stream_code), region_code TEXT NOT NULL REFERENCES regions(region_code), income_gbp REAL NOT NULL, budget_gbp REAL NOT NULL, PRIMARY KEY (month, stream_code, region_code));
CREATE TABLE channels (channel_code TEXT PRIMARY KEY, channel_name TEXT NOT NULL);
CREATE TABLE donors (donor_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, phone TEXT, email TEXT, date_of_birth TEXT, region_code TEXT NOT NULL REFERENCES regions(region_code), recruited_channel TEXT NOT NULL REFERENCES channels(channel_code), recruited_on TEXT NOT NULL, gift_aid_declaration INTEGER NOT NULL, gift_aid_declared_on TEXT, wealth_screening_band TEXT, estimated_capacity_gbp REAL);
CREATE TABLE dd_mandates (mandate_id INTEGER PRIMARY KEY, donor_id INTEGER NOT NULL REFERENCES donors(donor_id), region_code TEXT NOT NULL REFERENCES regions(region_code), recruited_channel TEXT NOT NULL, f2f_agency TEXT, bank_sort_code TEXT NOT NULL, bank_account_number TEXT NOT NULL, monthly_amount_gbp REAL NOT NULL, started_on TEXT NOT NULL, cancelled_on TEXT);
CREATE TABLE regular_giving_monthly (month TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), active_at_month_end INTEGER NOT NULL, new_donors INTEGER NOT NULL, lapsed_donors INTEGER NOT NULL, PRIMARY KEY (month, region_code));
CREATE TABLE campaigns (campaign_code TEXT PRIMARY KEY, campaign_name TEXT NOT NULL, campaign_type TEXT NOT NULL, fy_label TEXT NOT NULL, launched_on TEXT NOT NULL, cost_gbp REAL NOT NULL);
CREATE TABLE donations (donation_id INTEGER PRIMARY KEY, donor_id INTEGER NOT NULL REFERENCES donors(donor_id), gift_date TEXT NOT NULL, financial_year TEXT NOT NULL, channel_code TEXT NOT NULL REFERENCES channels(channel_code), campaign_code TEXT REFERENCES campaigns(campaign_code), is_regular INTEGER NOT NULL, amount_gbp REAL NOT NULL, gift_aid_eligible INTEGER NOT NULL);
CREATE TABLE gift_aid_claims (claim_id INTEGER PRIMARY KEY, claimed_on TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, donations_claimed INTEGER NOT NULL, eligible_donations_gbp REAL NOT NULL, gift_aid_gbp REAL NOT NULL);
CREATE TABLE legacies (legacy_id INTEGER PRIMARY KEY, deceased_name TEXT NOT NULL, deceased_address TEXT NOT NULL, executor_name TEXT NOT NULL, executor_phone TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), legacy_type TEXT NOT NULL, notified_on TEXT NOT NULL, expected_value_gbp REAL NOT NULL, received_on TEXT, received_gbp REAL);
CREATE TABLE shops (shop_code TEXT PRIMARY KEY, shop_name TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), town TEXT NOT NULL, sales_area_sqm REAL NOT NULL, opened_on TEXT NOT NULL);
CREATE TABLE shop_sales_daily (day TEXT NOT NULL, shop_code TEXT NOT NULL REFERENCES shops(shop_code), donated_goods_gbp REAL NOT NULL, new_goods_gbp REAL NOT NULL, rga_sales_gbp REAL NOT NULL, transactions INTEGER NOT NULL, bags_donated INTEGER NOT NULL, PRIMARY KEY (day, shop_code));
CREATE TABLE services (service_code TEXT PRIMARY KEY, service_name TEXT NOT NULL);
CREATE TABLE service_users (service_user_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, phone TEXT, home_address TEXT NOT NULL, postcode TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), eye_condition TEXT NOT NULL, registered_blind INTEGER NOT NULL, mental_health_notes TEXT, disability TEXT NOT NULL, ethnicity TEXT NOT NULL);
CREATE TABLE service_contacts (contact_id INTEGER PRIMARY KEY, service_user_id INTEGER NOT NULL REFERENCES service_users(service_user_id), service_code TEXT NOT NULL REFERENCES services(service_code), region_code TEXT NOT NULL REFERENCES regions(region_code), referred_on TEXT NOT NULL, first_contact_on TEXT, working_days_to_contact INTEGER, case_notes TEXT);
CREATE TABLE grants (grant_id INTEGER PRIMARY KEY, funder_name TEXT NOT NULL, funder_type TEXT NOT NULL, region_code TEXT REFERENCES regions(region_code), awarded_on TEXT NOT NULL, fy_label TEXT NOT NULL, amount_gbp REAL NOT NULL, purpose TEXT NOT NULL);
CREATE TABLE volunteer_roles (role_code TEXT PRIMARY KEY, role_name TEXT NOT NULL);
CREATE TABLE volunteers (volunteer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, phone TEXT, email TEXT, date_of_birth TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), shop_code TEXT REFERENCES shops(shop_code), role_code TEXT NOT NULL REFERENCES volunteer_roles(role_code), started_on TEXT NOT NULL, left_on TEXT, dbs_check_level TEXT, dbs_checked_on TEXT, dbs_disclosure_notes TEXT, disability TEXT NOT NULL, sight_loss INTEGER NOT NULL, ethnicity TEXT NOT NULL);
CREATE TABLE volunteer_hours_monthly (month TEXT NOT NULL, volunteer_id INTEGER NOT NULL REFERENCES volunteers(volunteer_id), region_code TEXT NOT NULL, role_code TEXT NOT NULL, hours REAL NOT NULL, PRIMARY KEY (month, volunteer_id));
CREATE TABLE fiscal_quarters (fy_label TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, quarter_start TEXT NOT NULL, quarter_end TEXT NOT NULL, PRIMARY KEY (fy_label, fiscal_quarter));
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, job_title TEXT NOT NULL, department TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), fte REAL NOT NULL, salary_gbp REAL NOT NULL, ni_number TEXT NOT NULL, started_on TEXT NOT NULL, left_on TEXT, sickness_days INTEGER NOT NULL);
${calendarTables('is_working_day')}
`;
const LAYOUT = 1601;
const INDEXES = `
CREATE INDEX donations_date ON donations (gift_date, channel_code);
CREATE INDEX donations_donor ON donations (donor_id, financial_year);
CREATE INDEX donations_campaign ON donations (campaign_code);
CREATE INDEX sales_shop ON shop_sales_daily (shop_code, day);
CREATE INDEX contacts_referred ON service_contacts (referred_on, service_code);
CREATE INDEX hours_month ON volunteer_hours_monthly (month, role_code);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 2],
  stream: ['income_streams', 2],
  ledger: ['income_ledger', 6],
  channel: ['channels', 2],
  donor: ['donors', 14],
  mandate: ['dd_mandates', 10],
  rg: ['regular_giving_monthly', 5],
  campaign: ['campaigns', 6],
  donation: ['donations', 9],
  claim: ['gift_aid_claims', 7],
  legacy: ['legacies', 11],
  shop: ['shops', 6],
  sale: ['shop_sales_daily', 7],
  service: ['services', 2],
  user: ['service_users', 12],
  contact: ['service_contacts', 8],
  grant: ['grants', 8],
  role: ['volunteer_roles', 2],
  volunteer: ['volunteers', 16],
  hours: ['volunteer_hours_monthly', 5],
  fq: ['fiscal_quarters', 5],
  staff: ['staff', 11],
  load: ['etl_loads', 2],
};

/** Month starts (unshifted day numbers) from September 2023 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2023, 9 + k, 1) <= D1; k++) out.push([dn(2023, 9 + k, 1), dn(2023, 10 + k, 1)]);
  return out;
};

function person(rnd, region) {
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const area = REGIONS.find((r) => r[0] === region)[3];
  return {
    name: `${first} ${last}`,
    address: `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, ${rnd.pick(TOWNS[region])}`,
    postcode: `${area}${rnd.int(1, 28)} ${rnd.int(1, 9)}${rnd.pick(['AB', 'DF', 'HJ', 'LN', 'QR', 'TW'])}`,
    phone: `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
    email: `${first}.${last}${rnd.int(1, 99)}@example.test`.toLowerCase(),
  };
}

const regionOf = (rnd) => rnd.weighted(REGIONS.map((r) => [r[0], r[2]]));

function fillReference(g) {
  for (const [c, n] of REGIONS) g.ins.region.run(c, n);
  for (const [c, n] of STREAMS) g.ins.stream.run(c, n);
  for (const [c, n] of CHANNELS) g.ins.channel.run(c, n);
  for (const [c, n] of SERVICES) g.ins.service.run(c, n);
  for (const [c, n] of ROLES) g.ins.role.run(c, n);
  for (let y = 2023; y <= 2027; y++) {
    const fy = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    const label = `FY${String((y + 1) % 100).padStart(2, '0')}`;
    const bounds = [
      [dn(y, 9, 1), dn(y, 12, 1)],
      [dn(y, 12, 1), dn(y + 1, 3, 1)],
      [dn(y + 1, 3, 1), dn(y + 1, 6, 1)],
      [dn(y + 1, 6, 1), dn(y + 1, 9, 1)],
    ];
    bounds.forEach(([a, b], i) => g.ins.fq.run(label, fy, `Q${i + 1}`, day(a), day(b - 1)));
  }
}

/** Seasonality of giving and shop sales: December high, summer low. */
const SEASON = [1.0, 0.92, 1.0, 1.0, 0.98, 0.95, 0.93, 0.96, 1.02, 1.05, 1.12, 1.3];

function fillLedger(g) {
  const { rnd } = g;
  for (const [a] of months()) {
    const d = day(a);
    const m = Number(d.slice(5, 7));
    const [fy] = fyOf(d);
    const growth = 1 + ((a - D0) / 365) * 0.03;
    for (const [code, , base, uplift] of STREAMS) {
      for (const [region, , share] of REGIONS) {
        const season = code === 'EVT' ? (m === 4 || m === 10 ? 2.2 : m === 6 || m === 9 ? 1.6 : 0.6) : code === 'LEG' ? 1 + 0.35 * rnd.noise() : SEASON[m - 1];
        const income = base * share * season * growth * (1 + 0.06 * rnd.noise());
        const budget = base * share * (code === 'LEG' || code === 'EVT' ? 1 : SEASON[m - 1]) * growth * uplift;
        g.ins.ledger.run(d.slice(0, 7), fy, code, region, money(Math.max(0, income)), money(budget));
      }
    }
  }
}

const CAMPAIGNS = [];
function fillCampaigns(g) {
  const { rnd } = g;
  const appeals = [
    ['Spring appeal', 3, 15],
    ['Summer raffle', 6, 1],
    ['Christmas appeal', 11, 10],
    ['Guide dog of the year appeal', 1, 20],
  ];
  for (let y = 2023; y <= 2026; y++) {
    for (const [name, m, dd] of appeals) {
      const yy = m >= 9 ? y : y + 1;
      const launch = dn(yy, m, dd);
      if (launch > D1 || launch < D0) continue;
      const [, label] = fyOf(day(launch));
      const code = `AP${String(yy).slice(2)}${String(m).padStart(2, '0')}`;
      const c = { code, name: `${name} ${yy}`, type: name.includes('raffle') ? 'raffle' : 'appeal', launch, cost: money(18000 + rnd.next() * 42000) };
      CAMPAIGNS.push(c);
      g.ins.campaign.run(code, c.name, c.type, label, day(launch), c.cost);
    }
  }
  for (let y = 2023; y <= 2026; y++) {
    const launch = dn(y, 10, 1);
    if (launch > D1) continue;
    const code = `EV${String(y).slice(2)}10`;
    g.ins.campaign.run(code, `Sight Walk ${y}`, 'event', fyOf(day(launch))[1], day(launch), money(25000 + rnd.next() * 10000));
  }
}

/** One donor's record (personal details drawn here); returns what their gifts are drawn from. */
function donor(g, id) {
  const { rnd } = g;
  const region = regionOf(rnd);
  const p = person(rnd, region);
  const channel = rnd.weighted(CHANNELS.map((c) => [c[0], c[2]]));
  const recruited = D0 - 900 + rnd.int(0, D1 - D0 + 900);
  const ga = rnd.next() < 0.62 ? 1 : 0;
  const band = rnd.next() < 0.08 ? rnd.pick(['A', 'B', 'C']) : null;
  const email = rnd.next() < 0.7 ? p.email : null;
  const born = day(recruited - rnd.int(25, 85) * 365);
  const capacity = band ? money(rnd.int(5, 250) * 1000) : null;
  g.ins.donor.run(id, p.name, p.address, p.postcode, p.phone, email, born, region, channel, day(recruited), ga, ga ? day(recruited) : null, band, capacity);
  return { id, region, channel, recruited, ga };
}

/** A donor's direct debit, if they give regularly, and its monthly payments. */
function regularGiving(g, d) {
  const { rnd } = g;
  if (!(rnd.next() < (d.channel === 'F2F' ? 0.9 : 0.3))) return;
  const amount = rnd.pick([3, 5, 5, 8, 10, 10, 15, 20]);
  const end = d.recruited + Math.round(rnd.expo(d.channel === 'F2F' ? 600 : 1500));
  const cancelled = end <= D1 ? end : null;
  const agency = d.channel === 'F2F' ? rnd.pick(['Street Pulse Ltd', 'Doorstep Partners', 'In-house team']) : null;
  const sort = `${rnd.int(10, 99)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`;
  const account = String(rnd.int(10000000, 99999999));
  g.ins.mandate.run(g.nextMandate++, d.id, d.region, d.channel, agency, sort, account, amount, day(d.recruited), cancelled === null ? null : day(cancelled));
  if (d.recruited >= D0) g.bump(day(d.recruited).slice(0, 7), d.region, 'newD');
  if (cancelled !== null && cancelled >= D0) g.bump(day(cancelled).slice(0, 7), d.region, 'lapsed');
  const first = Math.max(d.recruited, D0);
  for (let n = first + ((28 - ((first - d.recruited) % 28)) % 28); n <= (cancelled ?? D1); n += 30) {
    g.ins.donation.run(g.nextDonation++, d.id, day(n), fyOf(day(n))[0], d.channel, null, 1, amount, d.ga);
  }
}

/** A donor's one-off gifts: a propensity a year, campaign gifts near appeals. */
function oneOffGifts(g, d) {
  const { rnd } = g;
  const rate = rnd.expo(1.1);
  const lapse = d.recruited + Math.round(rnd.expo(900));
  for (let n = Math.max(D0, d.recruited); n <= Math.min(D1, lapse); n += Math.max(20, Math.round(rnd.expo(365 / Math.max(rate, 0.2))))) {
    const camp = CAMPAIGNS.filter((c) => c.launch <= n && n < c.launch + 60);
    const c = camp.length > 0 && rnd.next() < 0.65 ? rnd.pick(camp) : null;
    const ch = rnd.next() < 0.7 ? (d.channel === 'F2F' ? rnd.pick(['ONL', 'PST', 'PHN']) : d.channel) : rnd.weighted(CHANNELS.map((x) => [x[0], x[2]]));
    const mean = CHANNELS.find((x) => x[0] === ch)[3];
    g.ins.donation.run(g.nextDonation++, d.id, day(n), fyOf(day(n))[0], ch, c ? c.code : null, 0, money(Math.max(2, rnd.expo(mean))), d.ga);
  }
}

/** Active regular givers at each month end, from the mandates, with the month's new and lapsed ones. */
function regularGivingMonthEnds(g, rgDelta) {
  const mandates = g.db.prepare('SELECT region_code, started_on, cancelled_on FROM dd_mandates').all();
  for (const [, b] of months()) {
    const end = day(b - 1);
    const month = end.slice(0, 7);
    for (const [region] of REGIONS) {
      const active = mandates.filter((m) => m.region_code === region && m.started_on <= end && (m.cancelled_on === null || m.cancelled_on > end)).length;
      const dlt = rgDelta[`${month}|${region}`] ?? { newD: 0, lapsed: 0 };
      g.ins.rg.run(month, region, active, dlt.newD, dlt.lapsed);
    }
  }
}

/** Gift Aid claims: one a month, ten days after the month whose eligible gifts it claims on. */
function giftAidClaims(g) {
  const sum = g.db.prepare(
    'SELECT COUNT(*) AS n, COALESCE(SUM(amount_gbp), 0) AS s FROM donations WHERE gift_aid_eligible = 1 AND gift_date >= ? AND gift_date < ?',
  );
  let claimId = 1;
  for (const [a, b] of months()) {
    const claimDay = b + 9;
    if (claimDay > D1) continue;
    const row = sum.get(day(a), day(b));
    const cd = day(claimDay);
    g.ins.claim.run(claimId++, cd, fyOf(cd)[0], fqOf(cd), row.n, money(row.s), money(row.s * 0.25));
  }
}

function fillDonors(g) {
  const rgDelta = {};
  g.nextMandate = 1;
  g.nextDonation = 1;
  g.bump = (month, region, key) => {
    const k = `${month}|${region}`;
    rgDelta[k] ??= { newD: 0, lapsed: 0 };
    rgDelta[k][key]++;
  };
  for (let id = 1; id <= 7000; id++) {
    const d = donor(g, id);
    regularGiving(g, d);
    oneOffGifts(g, d);
  }
  regularGivingMonthEnds(g, rgDelta);
  giftAidClaims(g);
}

function fillLegacies(g) {
  const { rnd } = g;
  let id = 1;
  for (let d = D0; d <= D1; d++) {
    if (weekdayOf(d) > 4 || rnd.next() > 0.42) continue;
    const region = regionOf(rnd);
    const p = person(rnd, region);
    const ex = person(rnd, region);
    const type = rnd.weighted(LEGACY_TYPES.map((t) => [t[0], t[2]]));
    const expected = money(rnd.expo(LEGACY_TYPES.find((t) => t[0] === type)[3]) + 500);
    const rec = type === 'REV' ? Infinity : d + Math.round(120 + rnd.expo(240));
    g.ins.legacy.run(
      id++,
      p.name,
      p.address,
      ex.name,
      ex.phone,
      region,
      type,
      day(d),
      expected,
      rec <= D1 ? day(rec) : null,
      rec <= D1 ? money(expected * (0.8 + 0.4 * rnd.next())) : null,
    );
  }
}

function fillShops(g) {
  const { rnd } = g;
  const shops = [];
  const perRegion = { SCO: 10, NEN: 16, MID: 13, SOU: 21 };
  let n = 1;
  for (const [region] of REGIONS) {
    for (let k = 0; k < perRegion[region]; k++) {
      const town = TOWNS[region][k];
      const code = `S${String(n++).padStart(3, '0')}`;
      const area = rnd.int(45, 160);
      const opened = D0 - rnd.int(200, 6000);
      const s = { code, region, area, strength: 0.6 + rnd.next() * 0.9, rga: 0.25 + rnd.next() * 0.25 };
      shops.push(s);
      g.ins.shop.run(code, `${town} ${rnd.pick(['High Street', 'Market Place', 'Bridge Street', 'Main Street'])}`, region, town, area, day(opened));
    }
  }
  for (let d = D0; d <= D1; d++) {
    const wd = weekdayOf(d);
    if (wd === 6) continue; // shops close on Sundays
    const m = Number(day(d).slice(5, 7));
    for (const s of shops) {
      const base = s.area * 5.2 * s.strength * SEASON[m - 1] * (wd === 5 ? 1.35 : 1) * (1 + 0.12 * rnd.noise());
      const donated = Math.max(0, base * 0.86);
      const newGoods = Math.max(0, base * 0.14);
      const tx = Math.max(1, Math.round(base / (9 + rnd.next() * 3)));
      g.ins.sale.run(day(d), s.code, money(donated), money(newGoods), money(donated * s.rga), tx, g.rnd.poisson(14 * s.strength));
    }
  }
  g.shops = shops;
}

/** Service users (personal details, eye condition and health notes drawn here). */
function serviceUsers(g) {
  const { rnd } = g;
  const users = [];
  for (let id = 1; id <= 9000; id++) {
    const region = regionOf(rnd);
    const p = person(rnd, region);
    const born = day(D0 - rnd.int(25, 95) * 365);
    const phone = rnd.next() < 0.9 ? p.phone : null;
    const eye = rnd.pick(EYE_CONDITIONS);
    const blind = rnd.next() < 0.3 ? 1 : 0;
    const notes = rnd.pick(MH_NOTES);
    const disability = rnd.next() < 0.6 ? 'Yes' : 'No';
    g.ins.user.run(id, p.name, born, phone, p.address, p.postcode, region, eye, blind, notes, disability, rnd.weighted(ETHNICITY));
    users.push({ id, region });
  }
  return users;
}

/** The calendar day `w` working days after day `d`. */
const workingDaysAfter = (d, w) => {
  let c = d;
  let left = w;
  while (left > 0) {
    c++;
    if (weekdayOf(c) < 5) left--;
  }
  return c;
};

/** Referrals to each service on working days, with the working days to their first contact. */
function fillServices(g) {
  const { rnd } = g;
  const users = serviceUsers(g);
  let cid = 1;
  for (let d = D0; d <= D1; d++) {
    if (weekdayOf(d) > 4) continue;
    for (const [code, , perDay, wait] of SERVICES) {
      const n = rnd.poisson(perDay);
      for (let k = 0; k < n; k++) {
        const u = rnd.pick(users);
        const w = Math.round(rnd.expo(wait));
        const c = workingDaysAfter(d, w);
        const seen = c <= D1 && rnd.next() > 0.03;
        const notes = code === 'HLP' ? null : 'Assessment notes held in case system';
        g.ins.contact.run(cid++, u.id, code, u.region, day(d), seen ? day(c) : null, seen ? w : null, notes);
      }
    }
  }
}

function fillGrants(g) {
  const { rnd } = g;
  let id = 1;
  const funders = {
    TRF: [
      'Thomas Pocklington Trust',
      'The Clothworkers Foundation',
      'Garfield Weston Foundation',
      'The Merchant Venturers Trust',
      'Northwood Charitable Trust',
    ],
    LOT: ['National Lottery Community Fund', 'Postcode Neighbourhood Trust'],
    STA: ['Leeds City Council', 'NHS Lothian', 'Birmingham City Council', 'Kent County Council', 'Glasgow HSCP'],
    CRP: ['Specsavers Foundation', 'Boots Charitable Trust', 'Aviva Community Fund'],
  };
  for (let d = D0; d <= D1; d++) {
    for (const [type, , perYear, mean] of FUNDER_TYPES) {
      if (rnd.next() > perYear / 365) continue;
      g.ins.grant.run(
        id++,
        rnd.pick(funders[type]),
        type,
        rnd.next() < 0.3 ? null : regionOf(rnd),
        day(d),
        fyOf(day(d))[1],
        money(Math.round(rnd.expo(mean) / 500) * 500 + 1000),
        rnd.pick(['Helpline staffing', 'Tech training pilot', 'Emotional support service', 'Home visiting', 'Core costs']),
      );
    }
  }
}

/** Volunteers (personal details, DBS checks and protected traits drawn here). */
function fillVolunteers(g) {
  const { rnd } = g;
  const vols = [];
  for (let k = 0; k < 1300; k++) {
    const role = rnd.weighted(ROLES.map((r) => [r[0], r[2]]));
    const shop = role === 'SHP' ? rnd.pick(g.shops) : null;
    const region = shop ? shop.region : regionOf(rnd);
    const p = person(rnd, region);
    const start = D0 - 700 + rnd.int(0, D1 - D0 + 700);
    const end = start + Math.round(rnd.expo(1100));
    const dbs = role === 'BEF' || role === 'TEC' ? 'enhanced' : role === 'SHP' ? null : 'basic';
    const v = { id: k + 1, role, region, start, end: end <= D1 ? end : Infinity, mean: ROLES.find((r) => r[0] === role)[3] };
    vols.push(v);
    const email = rnd.next() < 0.6 ? p.email : null;
    const born = day(start - rnd.int(17, 82) * 365);
    const checked = dbs ? day(start - rnd.int(5, 40)) : null;
    const disclosure = dbs && rnd.next() < 0.02 ? 'Disclosure reviewed by safeguarding lead' : null;
    const disability = rnd.next() < 0.12 ? 'Yes' : 'No';
    const sightLoss = rnd.next() < 0.05 ? 1 : 0;
    const left = end <= D1 ? day(end) : null;
    g.ins.volunteer.run(
      v.id,
      p.name,
      p.phone,
      email,
      born,
      region,
      shop ? shop.code : null,
      role,
      day(start),
      left,
      dbs,
      checked,
      disclosure,
      disability,
      sightLoss,
      rnd.weighted(ETHNICITY),
    );
  }
  return vols;
}

/** Hours each volunteer logged a month while they volunteered (most months, not all). */
function fillVolunteerHours(g, vols) {
  const { rnd } = g;
  for (const [a, b] of months()) {
    const month = day(a).slice(0, 7);
    for (const v of vols) {
      if (v.start >= b || v.end < a) continue;
      if (rnd.next() < 0.12) continue;
      g.ins.hours.run(month, v.id, v.region, v.role, Math.max(1, Math.round(v.mean * (0.5 + rnd.next()) * 2) / 2));
    }
  }
}

// Staff jobs: department, title, full-time salary GBP, chance of working full time
const JOBS = [
  ['Services', 'Rehabilitation worker', 31000, 0.9],
  ['Services', 'Helpline adviser', 26500, 0.8],
  ['Retail', 'Shop manager', 25500, 1],
  ['Retail', 'Assistant shop manager', 23000, 0.7],
  ['Fundraising', 'Fundraising officer', 30000, 1],
  ['Finance', 'Finance officer', 32000, 0.9],
  ['Central', 'Director', 78000, 1],
];

/** Staff records (pay, NI number and sickness drawn here). */
function fillStaff(g) {
  const { rnd } = g;
  for (let k = 0; k < 340; k++) {
    const [dept, title, pay, fullTime] = rnd.weighted(JOBS.map((x) => [x, x[1] === 'Director' ? 0.3 : x[0] === 'Retail' ? 5 : 3]));
    const region = regionOf(rnd);
    const p = person(rnd, region);
    const start = D0 - 2600 + rnd.int(0, D1 - D0 + 2600);
    const end = start + Math.round(rnd.expo(1500));
    const fte = rnd.next() < fullTime ? 1 : rnd.pick([0.4, 0.5, 0.6, 0.8]);
    const salary = money(pay * (0.95 + rnd.next() * 0.15) * fte);
    const ni = `${rnd.pick(['AB', 'JK', 'NP', 'SW'])}${rnd.int(100000, 999999)}${rnd.pick(['A', 'B', 'C', 'D'])}`;
    g.ins.staff.run(k + 1, p.name, title, dept, region, fte, salary, ni, day(start), end <= D1 ? day(end) : null, rnd.int(0, 20));
  }
}

function fillPeople(g) {
  fillVolunteerHours(g, fillVolunteers(g));
  fillStaff(g);
}

function fill(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const g = { db, rnd, ins };
  fillReference(g);
  fillLedger(g);
  fillCampaigns(g);
  fillDonors(g);
  fillLegacies(g);
  fillShops(g);
  fillServices(g);
  fillGrants(g);
  fillPeople(g);
  for (const source of ['crm', 'finance_ledger', 'epos_tills', 'case_management', 'volunteer_system', 'hr_system', 'grants_tracker'])
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
