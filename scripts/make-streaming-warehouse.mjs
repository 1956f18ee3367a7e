#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261218;

// Lumen+'s regions: code, name, share of subscribers, price level against the US list price
const REGIONS = [
  ['NA', 'North America', 0.44, 1],
  ['LATAM', 'Latin America', 0.19, 0.55],
  ['EMEA', 'Europe, Middle East and Africa', 0.23, 0.9],
  ['APAC', 'Asia Pacific', 0.14, 0.7],
];
// plan code, name, monthly list price USD (ANN: the annual price over twelve), ad-supported, mix weight, monthly voluntary churn
const PLANS = [
  ['BAS', 'Basic with ads', 7.99, 1, 34, 0.046],
  ['STD', 'Standard', 15.49, 0, 36, 0.031],
  ['PRM', 'Premium', 22.99, 0, 18, 0.024],
  ['ANN', 'Annual', 12.5, 0, 12, 0.009],
];
// acquisition channel code, name, share of trials, trial-to-paid conversion
const CHANNELS = [
  ['APP', 'App stores', 46, 0.52],
  ['WEB', 'Website', 38, 0.47],
  ['PRT', 'Partner bundles', 16, 0.71],
];
// device code, name, share of hours
const DEVICES = [
  ['TV', 'Connected TV', 58],
  ['MOB', 'Mobile', 22],
  ['WEB', 'Web browser', 11],
  ['CON', 'Games console', 9],
];
// genre code, name, titles, popularity, completion rate, runtime minutes, cost weight
const GENRES = [
  ['DRA', 'Drama', 60, 1.2, 0.58, 52, 1.4],
  ['COM', 'Comedy', 44, 1.0, 0.66, 28, 0.8],
  ['DOC', 'Documentary', 34, 0.5, 0.49, 48, 0.5],
  ['KID', 'Kids', 40, 0.9, 0.74, 22, 0.6],
  ['SPT', 'Sport', 22, 0.7, 0.41, 110, 1.6],
  ['ACT', 'Action', 40, 1.1, 0.62, 105, 1.3],
];
// support contact reason code, name, share, first-contact resolution, handle minutes
const REASONS = [
  ['BIL', 'Billing', 36, 0.71, 9],
  ['PLY', 'Playback', 28, 0.64, 14],
  ['ACC', 'Account', 22, 0.78, 8],
  ['CAN', 'Cancellation', 14, 0.82, 6],
];
const ADVERTISER_CATEGORIES = ['CPG', 'Auto', 'Retail', 'Finance', 'Telecom', 'Travel', 'Entertainment', 'Pharma'];
const ADVERTISERS = [
  'Brightside Foods',
  'Crestline Motors',
  'Northpeak Outfitters',
  'Harbor Bank',
  'Skyline Mobile',
  'Wander Air',
  'Marigold Studios',
  'Vitacore Health',
  'Golden Grain Cereal',
  'Ridgeback Trucks',
  'Cartwheel Stores',
  'Summit Insurance',
  'Bluewave Wireless',
  'Coastal Cruises',
  'Firefly Games',
  'Pureleaf Tea',
  'Ironclad Tools',
  'Maple Lane Market',
  'Quantum Credit',
  'Lumina Cosmetics',
  'Redwood Pizza',
  'Velocity Sports',
  'Evergreen Pharmacy',
  'Starlight Cinemas',
  'Atlas Tires',
  'Orchard Juice',
  'Pinnacle Hotels',
  'Crescent Telecom',
  'Bramble Pet Food',
  'Nimbus Cloud',
];
const TITLE_WORDS_A = [
  'Silent',
  'Broken',
  'Golden',
  'Last',
  'Hidden',
  'Midnight',
  'Wild',
  'Northern',
  'Crimson',
  'Electric',
  'Lonely',
  'Burning',
  'Paper',
  'Glass',
  'Iron',
  'Velvet',
];
const TITLE_WORDS_B = [
  'Harbor',
  'Kingdom',
  'Signal',
  'Season',
  'Promise',
  'Frontier',
  'Orchard',
  'Circuit',
  'Tide',
  'Empire',
  'Garden',
  'Horizon',
  'Witness',
  'Engine',
  'Valley',
  'Crown',
];
const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Sofia',
  'Mateo',
  'Amara',
  'Ethan',
  'Mia',
  'Lucas',
  'Priya',
  'Kenji',
  'Chloe',
  'Diego',
  'Aisha',
  'Marcus',
  'Hannah',
  'Wei',
  'Lena',
  'Tomás',
];
const LAST = [
  'Johnson',
  'Garcia',
  'Nguyen',
  'Smith',
  'Rossi',
  'Okafor',
  'Tanaka',
  'Müller',
  'Silva',
  'Patel',
  'Kim',
  'Brown',
  'Lopez',
  'Wilson',
  'Chen',
  'Moreau',
  'Haddad',
  'Novak',
  'Reyes',
  'Walsh',
];
const STREETS = ['Maple Ave', 'Oak Street', 'Sunset Blvd', 'Elm Drive', 'Harbor Road', 'Cedar Lane', 'Main Street', 'Lakeview Terrace'];
const CITIES = {
  NA: ['Austin, TX', 'Columbus, OH', 'Denver, CO', 'Toronto, ON'],
  LATAM: ['São Paulo', 'Mexico City', 'Bogotá', 'Santiago'],
  EMEA: ['Madrid', 'Berlin', 'Dublin', 'Lagos'],
  APAC: ['Sydney', 'Manila', 'Osaka', 'Auckland'],
};
const GENDERS = [
  ['female', 48],
  ['male', 47],
  ['non-binary', 3],
  ['prefer not to say', 2],
];
const ETHNICITIES = [
  ['White', 44],
  ['Hispanic or Latino', 22],
  ['Black or African American', 11],
  ['Asian', 15],
  ['Mixed', 5],
  ['Prefer not to say', 3],
];
const REFUND_REASONS = [
  ['duplicate_charge', 22],
  ['forgot_to_cancel', 41],
  ['service_outage', 12],
  ['partner_billing', 15],
  ['goodwill', 10],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 10, 1); // the warehouse's first day: the start of fiscal year FY25 (October 1, 2024 to September 30, 2025)
const D1 = dn(2026, 11, 27); // last day of data: the nightly load's "yesterday" (a Friday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The fiscal year (October 1 to September 30, named for the year it ends in: FY27 = October 2026 to September 2027) of a day, and its fiscal quarter (Q1 = October to December). */
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
/** Slow growth over the warehouse's span: 0 at the first day, 1 at the last. */
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL, price_level REAL NOT NULL);
CREATE TABLE plans (plan_code TEXT PRIMARY KEY, plan_name TEXT NOT NULL, monthly_price_usd REAL NOT NULL, has_ads INTEGER NOT NULL);
CREATE TABLE channels (channel_code TEXT PRIMARY KEY, channel_name TEXT NOT NULL);
CREATE TABLE devices (device_code TEXT PRIMARY KEY, device_name TEXT NOT NULL);
CREATE TABLE genres (genre_code TEXT PRIMARY KEY, genre_name TEXT NOT NULL);
CREATE TABLE contact_reasons (reason_code TEXT PRIMARY KEY, reason_name TEXT NOT NULL);
CREATE TABLE subscribers (subscriber_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, billing_address TEXT NOT NULL, date_of_birth TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), joined_on TEXT NOT NULL);
CREATE TABLE payment_cards (subscriber_id INTEGER PRIMARY KEY REFERENCES subscribers(subscriber_id), card_brand TEXT NOT NULL, card_last_four TEXT NOT NULL, card_expiry TEXT NOT NULL);
CREATE TABLE profiles (profile_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), profile_name TEXT NOT NULL, is_kids INTEGER NOT NULL, birth_year INTEGER);
CREATE TABLE survey_responses (response_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), answered_on TEXT NOT NULL, gender TEXT NOT NULL, ethnicity TEXT NOT NULL, nps INTEGER NOT NULL);
CREATE TABLE subscriptions (subscription_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), plan_code TEXT NOT NULL REFERENCES plans(plan_code), region_code TEXT NOT NULL REFERENCES regions(region_code), channel_code TEXT NOT NULL REFERENCES channels(channel_code), trial_started_on TEXT, paid_started_on TEXT, ended_on TEXT, end_type TEXT);
CREATE TABLE billing_monthly (month_start TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), plan_code TEXT NOT NULL REFERENCES plans(plan_code), avg_paid_subscribers REAL NOT NULL, subscription_revenue_usd REAL NOT NULL, renewal_attempts INTEGER NOT NULL, failed_first_attempts INTEGER NOT NULL, recovered_payments INTEGER NOT NULL, recovered_usd REAL NOT NULL, involuntary_cancels INTEGER NOT NULL, PRIMARY KEY (month_start, region_code, plan_code));
CREATE TABLE revenue_monthly (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, line TEXT NOT NULL, amount_usd REAL NOT NULL, PRIMARY KEY (month_start, line));
CREATE TABLE refunds (refund_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), refunded_on TEXT NOT NULL, reason TEXT NOT NULL, amount_usd REAL NOT NULL);
CREATE TABLE titles (title_id INTEGER PRIMARY KEY, title_name TEXT NOT NULL, genre_code TEXT NOT NULL REFERENCES genres(genre_code), is_original INTEGER NOT NULL, runtime_minutes INTEGER NOT NULL, available_from TEXT NOT NULL, available_until TEXT);
CREATE TABLE title_daily (day TEXT NOT NULL, title_id INTEGER NOT NULL REFERENCES titles(title_id), streams INTEGER NOT NULL, completions INTEGER NOT NULL, hours_streamed REAL NOT NULL, PRIMARY KEY (day, title_id));
CREATE TABLE device_daily (day TEXT NOT NULL, device_code TEXT NOT NULL REFERENCES devices(device_code), region_code TEXT NOT NULL REFERENCES regions(region_code), streams INTEGER NOT NULL, hours_streamed REAL NOT NULL, PRIMARY KEY (day, device_code, region_code));
CREATE TABLE concurrency_hourly (day TEXT NOT NULL, hour_et INTEGER NOT NULL, peak_streams INTEGER NOT NULL, avg_streams INTEGER NOT NULL, PRIMARY KEY (day, hour_et));
CREATE TABLE active_users_monthly (month_start TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), mau INTEGER NOT NULL, avg_wau INTEGER NOT NULL, PRIMARY KEY (month_start, region_code));
CREATE TABLE viewing_history (view_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), profile_id INTEGER NOT NULL REFERENCES profiles(profile_id), title_id INTEGER NOT NULL REFERENCES titles(title_id), watched_on TEXT NOT NULL, device_code TEXT NOT NULL, minutes_watched INTEGER NOT NULL);
CREATE TABLE content_costs (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, genre_code TEXT NOT NULL REFERENCES genres(genre_code), is_original INTEGER NOT NULL, amortisation_usd REAL NOT NULL, cash_spend_usd REAL NOT NULL, PRIMARY KEY (month_start, genre_code, is_original));
CREATE TABLE ad_daily (day TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), ad_requests INTEGER NOT NULL, impressions INTEGER NOT NULL, revenue_usd REAL NOT NULL, PRIMARY KEY (day, region_code));
CREATE TABLE advertisers (advertiser_id INTEGER PRIMARY KEY, advertiser_name TEXT NOT NULL, category TEXT NOT NULL);
CREATE TABLE advertiser_daily (day TEXT NOT NULL, advertiser_id INTEGER NOT NULL REFERENCES advertisers(advertiser_id), impressions INTEGER NOT NULL, spend_usd REAL NOT NULL, PRIMARY KEY (day, advertiser_id));
CREATE TABLE support_contacts (contact_id INTEGER PRIMARY KEY, subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), opened_on TEXT NOT NULL, reason_code TEXT NOT NULL REFERENCES contact_reasons(reason_code), region_code TEXT NOT NULL REFERENCES regions(region_code), contact_channel TEXT NOT NULL, handle_minutes REAL NOT NULL, resolved_first_contact INTEGER NOT NULL, csat INTEGER, transcript TEXT NOT NULL);
${calendarTables('is_weekend')}
`;
const LAYOUT = 2801;
const INDEXES = `
CREATE INDEX subscriptions_paid ON subscriptions (paid_started_on, ended_on, plan_code);
CREATE INDEX subscriptions_trial ON subscriptions (trial_started_on, channel_code);
CREATE INDEX title_daily_title ON title_daily (title_id, day);
CREATE INDEX support_opened ON support_contacts (opened_on, reason_code);
CREATE INDEX viewing_subscriber ON viewing_history (subscriber_id, watched_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 3],
  plan: ['plans', 4],
  channel: ['channels', 2],
  device: ['devices', 2],
  genre: ['genres', 2],
  reason: ['contact_reasons', 2],
  subscriber: ['subscribers', 8],
  card: ['payment_cards', 4],
  profile: ['profiles', 5],
  survey: ['survey_responses', 6],
  subscription: ['subscriptions', 9],
  billing: ['billing_monthly', 10],
  revenue: ['revenue_monthly', 5],
  refund: ['refunds', 5],
  title: ['titles', 7],
  titleDay: ['title_daily', 5],
  deviceDay: ['device_daily', 5],
  concurrency: ['concurrency_hourly', 4],
  active: ['active_users_monthly', 4],
  view: ['viewing_history', 7],
  cost: ['content_costs', 7],
  ad: ['ad_daily', 5],
  advertiser: ['advertisers', 3],
  advertiserDay: ['advertiser_daily', 4],
  contact: ['support_contacts', 10],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, subscribers: [], subs: [], titles: [], profiles: [] };
}

const regionOf = (rnd) => rnd.weighted(REGIONS.map(([code, , share]) => [code, share]));
const planOf = (rnd) => rnd.weighted(PLANS.map((p) => [p[0], p[4]]));
const planBy = Object.fromEntries(PLANS.map((p) => [p[0], p]));

/** Reference tables and the subscriber file (names, e-mails, phones, billing addresses, birth dates and cards are personal data). */
function newSubscriber(g, region, joined) {
  const { rnd } = g;
  const id = g.subscribers.length + 1;
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const name = `${first} ${last}`;
  const email = `${first
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.${last
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}${id}@mail.test`;
  const phone = `+1-555-${String(rnd.int(100, 999))}-${String(rnd.int(1000, 9999))}`;
  const address = `${rnd.int(1, 9999)} ${rnd.pick(STREETS)}, ${rnd.pick(CITIES[region])}`;
  const dob = day(joined - rnd.int(18, 75) * 365 - rnd.int(0, 364));
  g.ins.subscriber.run(id, name, email, phone, address, dob, region, day(joined));
  g.ins.card.run(
    id,
    rnd.pick(['Visa', 'Mastercard', 'Amex', 'Discover']),
    String(rnd.int(0, 9999)).padStart(4, '0'),
    `${String(rnd.int(1, 12)).padStart(2, '0')}/${rnd.int(27, 31)}`,
  );
  const profiles = rnd.int(1, 4);
  for (let k = 0; k < profiles; k++) {
    const kids = k > 0 && rnd.next() < 0.3 ? 1 : 0;
    const pid = g.profiles.length + 1;
    g.profiles.push([pid, id, kids]);
    g.ins.profile.run(
      pid,
      id,
      kids ? rnd.pick(['Kids', 'Junior', 'Little ones', 'Playroom']) : k === 0 ? first : rnd.pick(FIRST),
      kids,
      kids ? rnd.int(2012, 2022) : null,
    );
  }
  if (rnd.next() < 0.12) {
    g.ins.survey.run(id, id, day(Math.max(joined, D0) + rnd.int(0, 300)), rnd.weighted(GENDERS), rnd.weighted(ETHNICITIES), rnd.int(0, 10));
  }
  g.subscribers.push([id, region]);
  return id;
}

function fillReference(g) {
  for (const [code, name, , level] of REGIONS) g.ins.region.run(code, name, level);
  for (const [code, name, price, ads] of PLANS) g.ins.plan.run(code, name, price, ads);
  for (const [code, name] of CHANNELS) g.ins.channel.run(code, name);
  for (const [code, name] of DEVICES) g.ins.device.run(code, name);
  for (const [code, name] of GENRES) g.ins.genre.run(code, name);
  for (const [code, name] of REASONS) g.ins.reason.run(code, name);
}

/** Subscriptions: a paying base at the start and daily trials after it; each paid subscription ends by cancellation (voluntary) or failed payments (involuntary). */
function fillSubscriptions(g) {
  const { rnd } = g;
  let id = 0;
  const lifetime = (plan, from) => {
    const monthly = planBy[plan][5] * 1.35;
    const end = from + Math.round(rnd.expo(30 / monthly));
    return end > D1 ? null : end;
  };
  const add = (sid, plan, region, channel, trial, paid, end) => {
    const endType = end === null ? null : rnd.next() < (plan === 'BAS' ? 0.34 : 0.26) ? 'involuntary' : 'voluntary';
    g.subs.push({ plan, region, paid, end, endType });
    g.ins.subscription.run(
      ++id,
      sid,
      plan,
      region,
      channel,
      trial === null ? null : day(trial),
      paid === null ? null : day(paid),
      end === null ? null : day(end),
      endType,
    );
  };
  for (let k = 0; k < 16000; k++) {
    const region = regionOf(rnd);
    const paid = D0 - rnd.int(1, 1400);
    const sid = newSubscriber(g, region, paid - 7);
    const plan = planOf(rnd);
    add(sid, plan, region, rnd.weighted(CHANNELS.map((c) => [c[0], c[2]])), null, paid, lifetime(plan, D0 + rnd.int(-20, 20)));
  }
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    const mean = (30 + 10 * trend(n)) * (wd >= 4 ? 1.25 : 1) * (n % 365 > 50 && n % 365 < 80 ? 1.3 : 1);
    for (let k = rnd.poisson(mean); k > 0; k--) {
      const region = regionOf(rnd);
      const channel = rnd.weighted(CHANNELS.map((c) => [c[0], c[2]]));
      const sid = newSubscriber(g, region, n);
      const plan = planOf(rnd);
      const conv = CHANNELS.find((c) => c[0] === channel)[3];
      const paid = n + 7;
      const converts = rnd.next() < conv && paid <= D1;
      add(sid, plan, region, channel, n, converts ? paid : null, converts ? lifetime(plan, paid) : null);
    }
  }
}

/** Billing per month, region and plan: revenue from the paying base, renewal charges, first-attempt failures and what dunning recovered. */
function fillBilling(g) {
  const { rnd } = g;
  for (const [m0, m1] of closedMonths()) {
    const [fy, fq] = fyOf(day(m0));
    let subscriptionRevenue = 0;
    for (const [region, , , level] of REGIONS) {
      for (const [plan, , price] of PLANS) {
        let active = 0;
        let renewals = 0;
        for (const s of g.subs) {
          if (s.region !== region || s.plan !== plan || s.paid === null) continue;
          if (s.paid < m1 && (s.end === null || s.end >= m0)) {
            active++;
            if (plan !== 'ANN' || (m0 - s.paid) % 365 < 31) renewals++;
          }
        }
        const avg = active * (0.96 + 0.02 * rnd.next());
        const revenue = money(avg * price * level * (0.98 + 0.04 * rnd.next()));
        const failRate = (plan === 'BAS' ? 0.085 : plan === 'ANN' ? 0.05 : 0.065) * (region === 'LATAM' ? 1.5 : 1) * (0.9 + 0.2 * rnd.next());
        const failed = Math.round(renewals * failRate);
        const recovered = Math.round(failed * (0.52 + 0.14 * rnd.next()));
        const recoveredUsd = money(recovered * price * level * (plan === 'ANN' ? 12 : 1));
        const involuntary = g.subs.filter((s) => s.region === region && s.plan === plan && s.endType === 'involuntary' && s.end >= m0 && s.end < m1).length;
        g.ins.billing.run(day(m0), region, plan, Math.round(avg * 10) / 10, revenue, renewals, failed, recovered, recoveredUsd, involuntary);
        subscriptionRevenue += revenue;
      }
    }
    g.ins.revenue.run(day(m0), fy, fq, 'subscription', money(subscriptionRevenue));
    g.monthRevenue.set(m0, [fy, fq]);
  }
}

/** The catalogue: titles per genre, originals and licensed, each available from a day and licensed ones until a day. */
function fillTitles(g) {
  const { rnd } = g;
  let id = 0;
  const used = new Set();
  for (const [genre, , count, pop, completion, runtime] of GENRES) {
    for (let k = 0; k < count; k++) {
      let name;
      do {
        name = `${rnd.pick(TITLE_WORDS_A)} ${rnd.pick(TITLE_WORDS_B)}${rnd.next() < 0.2 ? ` ${rnd.int(2, 4)}` : ''}`;
      } while (used.has(name));
      used.add(name);
      const original = rnd.next() < 0.35 ? 1 : 0;
      const from = rnd.next() < 0.55 ? D0 - rnd.int(30, 1500) : D0 + rnd.int(0, D1 - D0);
      const until = original || rnd.next() < 0.7 ? null : from + rnd.int(200, 900);
      const t = {
        id: ++id,
        genre,
        pop: pop * rnd.expo(1) * (original ? 1.6 : 1),
        completion: completion * (0.85 + 0.3 * rnd.next()),
        runtime: Math.round(runtime * (0.8 + 0.4 * rnd.next())),
        from,
        until,
      };
      g.titles.push(t);
      g.ins.title.run(t.id, name, genre, original, t.runtime, day(from), until === null ? null : day(until));
    }
  }
}

/** Streams, completions and hours per title per day; hours per device and region per day; peak concurrent streams per hour (Eastern time). */
function fillViewing(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    const weekend = wd >= 5 ? 1.3 : 1;
    const growth = 1 + 0.35 * trend(n);
    let hours = 0;
    let streams = 0;
    for (const t of g.titles) {
      if (t.from > n || (t.until !== null && t.until <= n)) continue;
      const age = n - t.from;
      const freshness = age < 60 ? 2.5 - age / 40 : 1;
      const s = Math.round(t.pop * 40 * weekend * growth * freshness * (0.8 + 0.4 * rnd.next()));
      if (s === 0) continue;
      const c = Math.min(s, Math.round(s * t.completion * (0.9 + 0.2 * rnd.next())));
      const h = Math.round(((s * t.runtime) / 60) * (0.55 + 0.3 * t.completion) * 10) / 10;
      g.ins.titleDay.run(day(n), t.id, s, c, h);
      hours += h;
      streams += s;
    }
    for (const [region, , share] of REGIONS) {
      for (const [device, , dshare] of DEVICES) {
        const f = share * (dshare / 100) * (0.9 + 0.2 * rnd.next());
        g.ins.deviceDay.run(
          day(n),
          device,
          region,
          Math.round(streams * f),
          Math.round(hours * f * (device === 'TV' ? 1.15 : device === 'MOB' ? 0.7 : 1) * 10) / 10,
        );
      }
    }
    for (let h = 0; h < 24; h++) {
      const fromPeak = Math.min(Math.abs(h - 21), 24 - Math.abs(h - 21));
      const curve = 0.15 + 0.85 * Math.exp(-(fromPeak * fromPeak) / 18) + (h >= 12 && h <= 17 ? 0.2 : 0);
      const avg = Math.round(streams * 0.06 * curve * weekend * (0.93 + 0.14 * rnd.next()));
      g.ins.concurrency.run(day(n), h, Math.round(avg * (1.08 + 0.1 * rnd.next())), avg);
    }
  }
  for (const [m0] of months()) {
    for (const [region] of REGIONS) {
      const base = g.subs.filter((s) => s.region === region && s.paid !== null && s.paid < m0 + 15 && (s.end === null || s.end >= m0)).length;
      const mau = Math.round(base * (1.55 + 0.1 * rnd.next()));
      g.ins.active.run(day(m0), region, mau, Math.round(mau * (0.58 + 0.06 * rnd.next())));
    }
  }
}

/** Viewing history of a sample of subscribers (personal: what one person watched and when). */
function fillHistory(g) {
  const { rnd } = g;
  let id = 0;
  for (let k = 0; k < 1500; k++) {
    const [pid, sid, kids] = rnd.pick(g.profiles);
    for (let v = rnd.int(3, 25); v > 0; v--) {
      const pool = kids ? g.titles.filter((t) => t.genre === 'KID') : g.titles;
      const t = rnd.pick(pool);
      g.ins.view.run(++id, sid, pid, t.id, day(D1 - rnd.int(0, 400)), rnd.pick(['TV', 'MOB', 'WEB', 'CON']), rnd.int(3, t.runtime));
    }
  }
}

/** Content costs per month, genre and originals or licensed: amortisation of the slate and cash spent on it. */
function fillContent(g) {
  const { rnd } = g;
  for (const [m0] of closedMonths()) {
    const [fy, fq] = fyOf(day(m0));
    for (const [genre, , , , , , weight] of GENRES) {
      for (const original of [0, 1]) {
        const amort = money(weight * (original ? 2.1 : 1.5) * 1e6 * (1 + 0.2 * trend(m0)) * (0.9 + 0.2 * rnd.next()));
        const cash = money(amort * (original ? 1.15 + 0.5 * rnd.next() : 0.85 + 0.3 * rnd.next()));
        g.ins.cost.run(day(m0), fy, fq, genre, original, amort, cash);
      }
    }
  }
}

/** The ad-supported tier: ad requests, impressions (fill) and revenue per region per day, and advertisers' spend per day. */
function fillAds(g) {
  const { rnd } = g;
  const cpm = { NA: 31, LATAM: 9, EMEA: 22, APAC: 14 };
  for (const [i, name] of ADVERTISERS.entries()) g.ins.advertiser.run(i + 1, name, ADVERTISER_CATEGORIES[i % ADVERTISER_CATEGORIES.length]);
  const weights = ADVERTISERS.map(() => rnd.expo(1));
  const monthAds = new Map();
  for (let n = D0; n <= D1; n++) {
    let dayRevenue = 0;
    let dayImpressions = 0;
    const q4 = Number(day(n).slice(5, 7)) >= 11 ? 1.35 : 1;
    for (const [region, , share] of REGIONS) {
      const requests = Math.round(6.5e4 * share * (1 + 0.6 * trend(n)) * (weekdayOf(n) >= 5 ? 1.25 : 1) * (0.9 + 0.2 * rnd.next()));
      const fill = 0.72 + 0.12 * rnd.next() + (region === 'NA' ? 0.06 : 0);
      const imps = Math.round(requests * Math.min(fill, 0.97));
      const revenue = money((imps / 1000) * cpm[region] * q4 * (0.92 + 0.16 * rnd.next()));
      g.ins.ad.run(day(n), region, requests, imps, revenue);
      dayRevenue += revenue;
      dayImpressions += imps;
    }
    const total = weights.reduce((s, w) => s + w, 0);
    for (const [i, w] of weights.entries()) {
      const f = (w / total) * (0.8 + 0.4 * rnd.next());
      g.ins.advertiserDay.run(day(n), i + 1, Math.round(dayImpressions * f), money(dayRevenue * f));
    }
    const m = day(n).slice(0, 7);
    monthAds.set(m, (monthAds.get(m) ?? 0) + dayRevenue);
  }
  for (const [m0] of closedMonths()) {
    const [fy, fq] = fyOf(day(m0));
    g.ins.revenue.run(day(m0), fy, fq, 'advertising', money(monthAds.get(day(m0).slice(0, 7)) ?? 0));
  }
}

/** Support contacts (chat transcripts are personal) and refunds. */
function fillSupport(g) {
  const { rnd } = g;
  let id = 0;
  const n0 = g.subscribers.length;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(weekdayOf(n) >= 5 ? 38 : 52); k > 0; k--) {
      const [sid, region] = g.subscribers[rnd.int(0, n0 - 1)];
      const [reason, name, , fcr, minutes] = rnd.weighted(REASONS.map((r) => [r, r[2]]));
      const resolved = rnd.next() < fcr ? 1 : 0;
      const channel = rnd.weighted([
        ['chat', 55],
        ['phone', 25],
        ['email', 20],
      ]);
      const csat = rnd.next() < 0.4 ? Math.max(1, Math.min(5, Math.round((resolved ? 4.2 : 2.9) + rnd.noise() * 0.6))) : null;
      g.ins.contact.run(
        ++id,
        sid,
        day(n),
        reason,
        region,
        channel,
        Math.round((minutes + rnd.expo(minutes * 0.6)) * 10) / 10,
        resolved,
        csat,
        `Customer asked about ${name.toLowerCase()}; card ending ${String(rnd.int(0, 9999)).padStart(4, '0')} verified.`,
      );
    }
  }
  id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(9); k > 0; k--) {
      const [sid] = g.subscribers[rnd.int(0, n0 - 1)];
      g.ins.refund.run(++id, sid, day(n), rnd.weighted(REFUND_REASONS), money(rnd.pick([7.99, 15.49, 22.99, 149.99]) * (rnd.next() < 0.8 ? 1 : 0.5)));
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  g.monthRevenue = new Map();
  fillReference(g);
  fillSubscriptions(g);
  fillBilling(g);
  fillTitles(g);
  fillViewing(g);
  fillHistory(g);
  fillContent(g);
  fillAds(g);
  fillSupport(g);
  for (const source of ['billing_platform', 'playback_events', 'content_finance', 'ad_server', 'care_crm', 'identity']) g.ins.load.run(source, day(D1));
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
