#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261217;

// Northgate Media's subscription plans: code, name, monthly price GBP, share of new subscriptions, mean months kept
const PLANS = [
  ['DIG', 'Digital only', 9.99, 0.52, 26],
  ['PRT', 'Print only', 24.5, 0.14, 48],
  ['BND', 'Print + digital bundle', 29.0, 0.2, 40],
  ['STU', 'Student', 2.99, 0.14, 11],
];
// site sections (and the editorial desks that write for them): code, name, articles a day, pageviews per article
const SECTIONS = [
  ['NEWS', 'News', 16, 5200],
  ['SPRT', 'Sport', 11, 4100],
  ['BIZ', 'Business', 6, 2300],
  ['CULT', 'Culture', 5, 1900],
  ['OPIN', 'Opinion', 4, 3100],
  ['LOC', 'Local', 7, 1500],
];
// where registered readers arrive from: code, name, share of registrations, conversion to paid
const TRAFFIC_SOURCES = [
  ['SRCH', 'Search', 0.34, 0.021],
  ['SOC', 'Social', 0.22, 0.011],
  ['DIR', 'Direct', 0.2, 0.043],
  ['NWS', 'Newsletters', 0.14, 0.068],
  ['AGG', 'Aggregators', 0.1, 0.008],
];
// newsletters: code, name, days sent (0 = Sunday), list size, open rate, click rate
const NEWSLETTERS = [
  ['BRF', 'The Morning Briefing', [0, 1, 2, 3, 4, 5, 6], 182000, 0.41, 0.062],
  ['SPX', 'Sport Extra', [0, 1, 2, 3, 4, 5, 6], 74000, 0.37, 0.081],
  ['BIZ', 'Business Daily', [1, 2, 3, 4, 5], 51000, 0.44, 0.055],
  ['WKD', 'The Weekender', [6], 126000, 0.48, 0.047],
  ['LOC', 'Local Matters', [2, 4], 39000, 0.52, 0.09],
];
// ad formats: name, ad requests a day, fill rate, eCPM GBP
const AD_FORMATS = [
  ['display', 2600000, 0.78, 1.35],
  ['video', 310000, 0.61, 9.4],
  ['native', 520000, 0.7, 3.1],
  ['sponsorship', 90000, 0.96, 14.5],
];
// print distribution regions: code, name, copies a weekday
const PRINT_REGIONS = [
  ['NTE', 'North East', 9200],
  ['NTW', 'North West', 7400],
  ['YRK', 'Yorkshire', 6100],
  ['MID', 'Midlands', 3300],
  ['LDN', 'London', 2400],
];
const CORRECTION_REASONS = [
  ['factual_error', 40],
  ['wrong_name', 18],
  ['wrong_figure', 20],
  ['misquote', 12],
  ['legal', 4],
  ['missing_context', 6],
];
const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Harry',
  'Freya',
  'Jack',
  'Mia',
  'Noah',
  'Priya',
  'Callum',
  'Fiona',
  'Aaron',
  'Zainab',
  'Ewan',
  'Ruth',
  'Tom',
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
];
const STREETS = ['High Street', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Street', 'Kings Road', 'Moor Lane', 'Albert Terrace'];
const TOWNS = [
  ['Newcastle', 'NE'],
  ['Sunderland', 'SR'],
  ['Durham', 'DH'],
  ['Manchester', 'M'],
  ['Leeds', 'LS'],
  ['York', 'YO'],
  ['Birmingham', 'B'],
  ['London', 'N'],
];
const HEADLINE_WORDS = {
  NEWS: ['Council', 'Hospital', 'Rail strike', 'Flood warning', 'Election', 'Police', 'School places', 'Budget'],
  SPRT: ['Derby day', 'Transfer', 'Cup run', 'Manager', 'Injury blow', 'Cricket', 'Rugby', 'Athletics'],
  BIZ: ['Factory', 'Port', 'Start-up', 'Interest rates', 'Jobs', 'Retail', 'Energy', 'Housing market'],
  CULT: ['Theatre', 'Festival', 'Album', 'Gallery', 'Film', 'Book prize', 'Comedy', 'Concert'],
  OPIN: ['Why', 'The case for', 'Letter', 'Our view', 'Leader', 'Column', 'Comment', 'Analysis'],
  LOC: ['Town centre', 'Parking', 'Bus route', 'Library', 'Park', 'Bin collections', 'Market', 'Roadworks'],
};
const HEADLINE_TAILS = ['plans unveiled', 'under fire', 'in numbers', 'what happens next', 'delayed again', 'hits record', 'faces review', 'explained'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2025, 1, 1); // the warehouse's first day: the start of financial year 2025 (Northgate's financial year is the calendar year)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7; // 0 = Monday
const sundayFirst = (n) => new Date(n * DAY * 1000).getUTCDay(); // 0 = Sunday
/** Month starts (unshifted day numbers) from January 2025 to the current month, each with the day after its end. */
const MONTHS = [];
for (let k = 0; dn(2025, 1 + k, 1) <= D1; k++) MONTHS.push([dn(2025, 1 + k, 1), dn(2025, 2 + k, 1)]);
/** Slow trend over the warehouse's span: 0 at the first day, 1 at the last. */
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE plans (plan_code TEXT PRIMARY KEY, plan_name TEXT NOT NULL, monthly_price_gbp REAL NOT NULL);
CREATE TABLE sections (section_code TEXT PRIMARY KEY, section_name TEXT NOT NULL);
CREATE TABLE traffic_sources (source_code TEXT PRIMARY KEY, source_name TEXT NOT NULL);
CREATE TABLE subscribers (subscriber_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, date_of_birth TEXT NOT NULL, card_number TEXT NOT NULL, plan_code TEXT NOT NULL REFERENCES plans(plan_code), started_on TEXT NOT NULL, cancelled_on TEXT);
CREATE TABLE subscription_billing (subscriber_id INTEGER NOT NULL REFERENCES subscribers(subscriber_id), month TEXT NOT NULL, plan_code TEXT NOT NULL REFERENCES plans(plan_code), amount_gbp REAL NOT NULL, PRIMARY KEY (subscriber_id, month));
CREATE TABLE registered_readers (reader_id INTEGER PRIMARY KEY, email TEXT NOT NULL, ip_address TEXT NOT NULL, device_id TEXT NOT NULL, registered_on TEXT NOT NULL, source_code TEXT NOT NULL REFERENCES traffic_sources(source_code), converted_on TEXT, subscriber_id INTEGER REFERENCES subscribers(subscriber_id));
CREATE TABLE journalists (journalist_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, desk_code TEXT NOT NULL REFERENCES sections(section_code), email TEXT NOT NULL, home_address TEXT NOT NULL, salary_gbp INTEGER NOT NULL, sick_days_this_year INTEGER NOT NULL, health_notes TEXT, ethnicity TEXT NOT NULL, disability TEXT NOT NULL);
CREATE TABLE articles (article_id INTEGER PRIMARY KEY, headline TEXT NOT NULL, section_code TEXT NOT NULL REFERENCES sections(section_code), journalist_id INTEGER NOT NULL REFERENCES journalists(journalist_id), published_on TEXT NOT NULL, word_count INTEGER NOT NULL, is_paywalled INTEGER NOT NULL);
CREATE TABLE article_traffic (article_id INTEGER NOT NULL REFERENCES articles(article_id), day TEXT NOT NULL, pageviews INTEGER NOT NULL, unique_visitors INTEGER NOT NULL, engaged_seconds INTEGER NOT NULL, PRIMARY KEY (article_id, day));
CREATE TABLE section_traffic (day TEXT NOT NULL, section_code TEXT NOT NULL REFERENCES sections(section_code), pageviews INTEGER NOT NULL, unique_visitors INTEGER NOT NULL, PRIMARY KEY (day, section_code));
CREATE TABLE reading_history (reader_id INTEGER NOT NULL REFERENCES registered_readers(reader_id), article_id INTEGER NOT NULL REFERENCES articles(article_id), read_at TEXT NOT NULL, engaged_seconds INTEGER NOT NULL, ip_address TEXT NOT NULL);
CREATE TABLE newsletters (newsletter_code TEXT PRIMARY KEY, newsletter_name TEXT NOT NULL);
CREATE TABLE newsletter_sends (send_id INTEGER PRIMARY KEY, newsletter_code TEXT NOT NULL REFERENCES newsletters(newsletter_code), sent_on TEXT NOT NULL, recipients INTEGER NOT NULL, opens INTEGER NOT NULL, clicks INTEGER NOT NULL, unsubscribes INTEGER NOT NULL);
CREATE TABLE ad_delivery (day TEXT NOT NULL, ad_format TEXT NOT NULL, ad_requests INTEGER NOT NULL, impressions INTEGER NOT NULL, revenue_gbp REAL NOT NULL, PRIMARY KEY (day, ad_format));
CREATE TABLE print_regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE print_sales (day TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES print_regions(region_code), copies_distributed INTEGER NOT NULL, copies_sold INTEGER NOT NULL, cover_price_gbp REAL NOT NULL, PRIMARY KEY (day, region_code));
CREATE TABLE app_daily (day TEXT NOT NULL, platform TEXT NOT NULL, installs INTEGER NOT NULL, daily_active_users INTEGER NOT NULL, PRIMARY KEY (day, platform));
CREATE TABLE app_monthly (month TEXT NOT NULL, platform TEXT NOT NULL, monthly_active_users INTEGER NOT NULL, PRIMARY KEY (month, platform));
CREATE TABLE corrections (correction_id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES articles(article_id), published_on TEXT NOT NULL, severity TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE confidential_sources (source_id INTEGER PRIMARY KEY, codename TEXT NOT NULL, real_name TEXT NOT NULL, phone TEXT NOT NULL, journalist_id INTEGER NOT NULL REFERENCES journalists(journalist_id), first_contact_on TEXT NOT NULL);
${calendarTables('is_weekday')}
`;
const LAYOUT = 1301;
const INDEXES = `
CREATE INDEX subscribers_started ON subscribers (started_on, plan_code);
CREATE INDEX subscribers_cancelled ON subscribers (cancelled_on, plan_code);
CREATE INDEX billing_month ON subscription_billing (month, plan_code);
CREATE INDEX readers_registered ON registered_readers (registered_on, source_code);
CREATE INDEX articles_published ON articles (published_on, section_code);
CREATE INDEX article_traffic_day ON article_traffic (day);
CREATE INDEX reading_history_reader ON reading_history (reader_id);
CREATE INDEX corrections_published ON corrections (published_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  plan: ['plans', 3],
  section: ['sections', 2],
  source: ['traffic_sources', 2],
  subscriber: ['subscribers', 11],
  billing: ['subscription_billing', 4],
  reader: ['registered_readers', 8],
  journalist: ['journalists', 10],
  article: ['articles', 7],
  traffic: ['article_traffic', 5],
  sectionTraffic: ['section_traffic', 4],
  history: ['reading_history', 5],
  newsletter: ['newsletters', 2],
  send: ['newsletter_sends', 7],
  ad: ['ad_delivery', 5],
  printRegion: ['print_regions', 2],
  print: ['print_sales', 5],
  appDay: ['app_daily', 4],
  appMonth: ['app_monthly', 3],
  correction: ['corrections', 5],
  confidential: ['confidential_sources', 6],
  load: ['etl_loads', 2],
};

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const emailOf = (rnd, name, id) =>
  `${name.toLowerCase().replace(' ', '.')}${id % 97}@${rnd.pick(['gmail.test', 'outlook.test', 'btinternet.test', 'icloud.test'])}`;
const addressOf = (rnd) => {
  const [town, area] = rnd.pick(TOWNS);
  return [
    `${rnd.int(1, 220)} ${rnd.pick(STREETS)}, ${town}`,
    `${area}${rnd.int(1, 28)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
  ];
};
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;
const ipOf = (rnd) => `${rnd.int(2, 223)}.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`;
const deviceOf = (rnd) => Array.from({ length: 4 }, () => rnd.int(0x1000, 0xffff).toString(16)).join('-');

/** Plans, sections, traffic sources, newsletters and print regions. */
function fillReference(g) {
  for (const [code, name, price] of PLANS) g.ins.plan.run(code, name, price);
  for (const [code, name] of SECTIONS) g.ins.section.run(code, name);
  for (const [code, name] of TRAFFIC_SOURCES) g.ins.source.run(code, name);
  for (const [code, name] of NEWSLETTERS) g.ins.newsletter.run(code, name);
  for (const [code, name] of PRINT_REGIONS) g.ins.printRegion.run(code, name);
}

/** Subscribers (a base from before 2025 and new subscriptions each day) and their monthly bills; names, e-mails, phones, addresses, birth dates and card numbers are personal data. */
function fillSubscribers(g) {
  const { rnd } = g;
  let id = 0;
  const add = (startDay) => {
    const plan = rnd.weighted(PLANS.map((p) => [p, p[3]]));
    const keptDays = Math.round(rnd.expo(plan[4] * 30.4));
    const end = startDay + Math.max(20, keptDays);
    const name = nameOf(rnd);
    const [address, postcode] = addressOf(rnd);
    const age = plan[0] === 'STU' ? rnd.int(18, 24) : rnd.int(22, 88);
    id++;
    g.ins.subscriber.run(
      id,
      name,
      emailOf(rnd, name, id),
      phoneOf(rnd),
      address,
      postcode,
      day(D1 - age * 365 - rnd.int(0, 364)),
      `4${rnd.int(100, 999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)}`,
      plan[0],
      day(startDay),
      end <= D1 ? day(end) : null,
    );
    // one bill per calendar month the subscription is live in, from January 2025
    const discount = rnd.next() < 0.3 ? 0.5 : 1;
    for (const [first, next] of MONTHS) {
      const last = next - 1;
      if (startDay > last || end <= first) continue;
      const introductory = first - startDay < 92 ? discount : 1;
      g.ins.billing.run(id, day(first).slice(0, 7), plan[0], money(plan[2] * introductory));
    }
  };
  for (let k = 0; k < 7000; k++) add(D0 - rnd.int(1, 6 * 365));
  for (let n = D0; n <= D1; n++) {
    const wd = sundayFirst(n);
    for (let k = rnd.poisson((wd === 0 || wd === 1 ? 14 : 10) * (1 + 0.2 * trend(n))); k > 0; k--) add(n);
  }
  g.subscribers = id;
}

/** Registered readers (free accounts behind the registration wall), the source they arrived from and whether they went on to pay; e-mails, IP addresses and device ids are personal data. */
function fillReaders(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(55); k > 0; k--) {
      const src = rnd.weighted(TRAFFIC_SOURCES.map((s) => [s, s[2]]));
      const converts = rnd.next() < src[3] * (0.9 + 0.3 * trend(n));
      const convertDay = converts ? n + Math.round(rnd.expo(12)) : null;
      const name = nameOf(rnd);
      id++;
      g.ins.reader.run(
        id,
        emailOf(rnd, name, id),
        ipOf(rnd),
        deviceOf(rnd),
        day(n),
        src[0],
        convertDay !== null && convertDay <= D1 ? day(convertDay) : null,
        convertDay !== null && convertDay <= D1 ? rnd.int(1, g.subscribers) : null,
      );
    }
  }
  g.readers = id;
}

/** Journalists by desk (pay, sick days, health notes, ethnicity and disability are personal data) and the confidential sources they protect. */
function fillJournalists(g) {
  const { rnd } = g;
  let id = 0;
  g.journalists = {};
  for (const [desk, , perDay] of SECTIONS) {
    g.journalists[desk] = [];
    for (let k = 0; k < Math.max(4, Math.round(perDay * 1.3)); k++) {
      const name = nameOf(rnd);
      const [address] = addressOf(rnd);
      id++;
      g.journalists[desk].push(id);
      g.ins.journalist.run(
        id,
        name,
        desk,
        `${name.toLowerCase().replace(' ', '.')}@northgate-media.test`,
        address,
        rnd.int(26, 72) * 1000,
        rnd.int(0, 14),
        rnd.next() < 0.1 ? rnd.pick(['long covid', 'back injury', 'stress leave', 'surgery recovery']) : null,
        rnd.pick(['White British', 'Asian British', 'Black British', 'Mixed', 'Other']),
        rnd.next() < 0.08 ? 'yes' : 'no',
      );
    }
  }
  for (let s = 1; s <= 40; s++) {
    const desk = rnd.pick(['NEWS', 'BIZ', 'LOC', 'SPRT']);
    g.ins.confidential.run(
      s,
      `${rnd.pick(['Kestrel', 'Heron', 'Otter', 'Badger', 'Lark', 'Wren'])}-${s}`,
      nameOf(rnd),
      phoneOf(rnd),
      rnd.pick(g.journalists[desk]),
      day(D0 - rnd.int(0, 900)),
    );
  }
}

/** A published article's correction, if it needed one, and a sample of registered readers who read it. */
function afterPublication(g, id, n) {
  const { rnd } = g;
  if (rnd.next() < 0.014) {
    g.correctionId = (g.correctionId ?? 0) + 1;
    g.ins.correction.run(
      g.correctionId,
      id,
      day(Math.min(D1, n + rnd.int(0, 6))),
      rnd.next() < 0.2 ? 'significant' : 'minor',
      rnd.weighted(CORRECTION_REASONS),
    );
  }
  if (rnd.next() < 0.3) {
    for (let r = rnd.int(1, 3); r > 0; r--) {
      const reader = rnd.int(1, Math.max(1, Math.min(g.readers, Math.round(((n - D0 + 1) / (D1 - D0 + 1)) * g.readers))));
      g.ins.history.run(
        reader,
        id,
        `${day(n)}T${String(rnd.int(6, 23)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}:00Z`,
        rnd.int(5, 400),
        ipOf(rnd),
      );
    }
  }
}

/** Articles published each day by desk, their traffic over their first days, section totals, corrections and a sample of registered readers' reading history. */
function fillArticles(g) {
  const { rnd } = g;
  let id = 0;
  const sectionDay = new Map();
  for (let n = D0; n <= D1; n++) {
    const wd = sundayFirst(n);
    for (const [code, , perDay, pvMean] of SECTIONS) {
      const count = rnd.poisson(perDay * (wd === 0 || wd === 6 ? 0.6 : 1) * (code === 'SPRT' && (wd === 0 || wd === 6) ? 1.8 : 1));
      for (let k = 0; k < count; k++) {
        id++;
        const headline = `${rnd.pick(HEADLINE_WORDS[code])} ${rnd.pick(HEADLINE_TAILS)}`;
        g.ins.article.run(id, headline, code, rnd.pick(g.journalists[code]), day(n), rnd.int(350, 1800), rnd.next() < 0.55 ? 1 : 0);
        const total = Math.round(pvMean * rnd.expo(1) * (1 + 0.15 * trend(n)));
        const engagedPerView = (code === 'OPIN' || code === 'CULT' ? 68 : code === 'SPRT' ? 41 : 52) * (0.7 + 0.6 * rnd.next());
        for (let d = 0, left = total; d < 3 && n + d <= D1; d++) {
          const pv = d === 2 ? left : Math.round(left * (d === 0 ? 0.68 : 0.7));
          left -= pv;
          if (pv <= 0) continue;
          const uv = Math.max(1, Math.round(pv / (1.15 + 0.2 * rnd.next())));
          g.ins.traffic.run(id, day(n + d), pv, uv, Math.round(pv * engagedPerView));
          const key = `${n + d}|${code}`;
          sectionDay.set(key, (sectionDay.get(key) ?? 0) + pv);
        }
        afterPublication(g, id, n);
      }
    }
  }
  for (const [key, pv] of [...sectionDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [n, code] = key.split('|');
    g.ins.sectionTraffic.run(day(Number(n)), code, pv, Math.round(pv / (2.1 + 0.5 * rnd.next())));
  }
}

/** Newsletter sends with their opens, clicks and unsubscribes. */
function fillNewsletters(g) {
  const { rnd } = g;
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    const wd = sundayFirst(n);
    for (const [code, , days, list, open, click] of NEWSLETTERS) {
      if (!days.includes(wd)) continue;
      const recipients = Math.round(list * (1 + 0.1 * trend(n)) * (0.98 + 0.04 * rnd.next()));
      const opens = Math.round(recipients * open * (0.9 + 0.2 * rnd.next()));
      g.ins.send.run(
        ++id,
        code,
        day(n),
        recipients,
        opens,
        Math.round(recipients * click * (0.85 + 0.3 * rnd.next())),
        Math.round(recipients * 0.0009 * rnd.next()),
      );
    }
  }
}

/** Ad requests, impressions served and revenue per format per day. */
function fillAds(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const month = Number(day(n).slice(5, 7));
    const season = month === 11 || month === 12 ? 1.35 : month === 1 || month === 8 ? 0.8 : 1;
    for (const [format, requests, fill, ecpm] of AD_FORMATS) {
      const req = Math.round(requests * (1 + 0.1 * trend(n)) * (0.9 + 0.2 * rnd.next()));
      const imps = Math.round(req * fill * (0.93 + 0.1 * rnd.next()));
      g.ins.ad.run(day(n), format, req, imps, money((imps / 1000) * ecpm * season * (0.9 + 0.2 * rnd.next())));
    }
  }
}

/** Print copies distributed and sold per region per day: the Saturday and Sunday editions sell more, and print declines slowly. */
function fillPrint(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = sundayFirst(n);
    const lift = wd === 6 ? 1.45 : wd === 0 ? 1.3 : 1;
    const price = wd === 6 || wd === 0 ? 2.2 : 1.6;
    for (const [code, , copies] of PRINT_REGIONS) {
      const sold = Math.round(copies * lift * (1 - 0.14 * trend(n)) * (0.94 + 0.12 * rnd.next()));
      g.ins.print.run(day(n), code, Math.round(sold * (1.18 + 0.08 * rnd.next())), sold, price);
    }
  }
}

/** App installs and daily active users per platform per day; monthly active users per platform per month. */
function fillApp(g) {
  const { rnd } = g;
  const dauByMonth = new Map();
  for (let n = D0; n <= D1; n++) {
    for (const [platform, installs, dau] of [
      ['ios', 620, 41000],
      ['android', 480, 29000],
    ]) {
      const d = Math.round(dau * (1 + 0.25 * trend(n)) * (0.92 + 0.16 * rnd.next()));
      g.ins.appDay.run(day(n), platform, rnd.poisson((installs * (1 + 0.1 * trend(n))) / 10) * 10 + rnd.int(0, 9), d);
      const key = `${day(n).slice(0, 7)}|${platform}`;
      dauByMonth.set(key, Math.max(dauByMonth.get(key) ?? 0, d));
    }
  }
  for (const [key, peak] of dauByMonth) {
    const [month, platform] = key.split('|');
    g.ins.appMonth.run(month, platform, Math.round(peak * (3.1 + 0.4 * rnd.next())));
  }
}

function fill(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const g = { rnd, ins };
  fillReference(g);
  fillSubscribers(g);
  fillReaders(g);
  fillJournalists(g);
  fillArticles(g);
  fillNewsletters(g);
  fillAds(g);
  fillPrint(g);
  fillApp(g);
  for (const source of ['zuora_billing', 'piano_paywall', 'cms', 'chartbeat', 'newsletter_esp', 'ad_server', 'print_circulation', 'app_analytics'])
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
