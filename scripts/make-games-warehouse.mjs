#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261204;

// Pinewheel Games' four live titles: code, name, genre, DAU scale, spend propensity (0..1)
const TITLES = [
  ['SKY', 'Skyline Tycoon', 'city builder', 21000, 0.9],
  ['GEM', 'Gem Harbour', 'match-3', 26000, 0.75],
  ['RLY', 'Rally Kings', 'racing', 12000, 0.55],
  ['FRM', 'Farmstead Tales', 'farming sim', 15000, 0.65],
];
const PLATFORMS = [
  ['IOS', 0.45],
  ['AND', 0.55],
];
// acquisition channels: code, name, share of installs, CPI mean GBP (0 for organic)
const CHANNELS = [
  ['ORG', 'organic', 0.42, 0],
  ['PSO', 'paid social', 0.3, 2.6],
  ['SRA', 'search ads', 0.18, 3.4],
  ['XPR', 'cross-promo', 0.1, 0.6],
];
// countries: code, name, install weight, spend multiplier
const COUNTRIES = [
  ['US', 'United States', 10, 1.6],
  ['GB', 'United Kingdom', 5, 1.3],
  ['DE', 'Germany', 4, 1.2],
  ['FR', 'France', 3, 1.0],
  ['JP', 'Japan', 4, 1.8],
  ['BR', 'Brazil', 5, 0.4],
  ['CA', 'Canada', 2, 1.3],
  ['AU', 'Australia', 2, 1.4],
  ['KR', 'South Korea', 2, 1.5],
  ['MX', 'Mexico', 3, 0.5],
  ['SE', 'Sweden', 1, 1.2],
  ['IS', 'Iceland', 0.2, 1.3],
];
// ad formats: code, impressions per DAU a day, eCPM mean GBP
const AD_FORMATS = [
  ['rewarded', 1.6, 11.5],
  ['interstitial', 2.4, 6.2],
  ['banner', 9.0, 0.45],
];
const IAP_SKUS = [
  ['coins_small', 0.99, 8],
  ['coins_medium', 4.99, 5],
  ['coins_large', 19.99, 2],
  ['starter_bundle', 2.99, 4],
  ['season_bundle', 9.99, 2],
  ['mega_chest', 49.99, 0.4],
  ['legend_chest', 99.99, 0.15],
];
const VIP_PRICE = 7.99;
const TICKET_CATEGORIES = [
  ['payments', 4],
  ['bug_report', 6],
  ['account_recovery', 3],
  ['gameplay', 3],
  ['ads', 2],
  ['refund_request', 2],
];
const EVENT_TYPES = ['tournament', 'season_pass', 'holiday_event', 'limited_offer', 'guild_war'];
const FIRST = ['Ava', 'Noah', 'Mia', 'Leo', 'Sofia', 'Lucas', 'Emma', 'Hugo', 'Yuki', 'Jonas', 'Freya', 'Mateo', 'Chloe', 'Oskar', 'Ines', 'Kai'];
const LAST = ['Berg', 'Silva', 'Tanaka', 'Muller', 'Martin', 'Smith', 'Kim', 'Lopez', 'Jonsson', 'Dubois', 'Brown', 'Novak', 'Costa', 'Sato'];

const DAY = 86400;
const D0 = Date.UTC(2024, 9, 1) / 1000 / DAY; // first day of data: 1 October 2024, the start of FY25 (a Tuesday)
const D1 = Date.UTC(2026, 10, 26) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
// Weekends and the December holidays lift play.
const liftOf = (n) => (weekdayOf(n) >= 5 ? 1.18 : 1) * (new Date(n * DAY * 1000).getUTCMonth() === 11 ? 1.15 : 1);
const growth = (n) => 0.85 + (0.3 * (n - D0)) / (D1 - D0);

const SCHEMA = `
CREATE TABLE titles (title_code TEXT PRIMARY KEY, title_name TEXT NOT NULL, genre TEXT NOT NULL);
CREATE TABLE countries (country_code TEXT PRIMARY KEY, country_name TEXT NOT NULL);
CREATE TABLE channels (channel_code TEXT PRIMARY KEY, channel_name TEXT NOT NULL);
CREATE TABLE fiscal_months (month TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL);
CREATE TABLE daily_activity (day TEXT NOT NULL, title_code TEXT NOT NULL REFERENCES titles(title_code), platform TEXT NOT NULL, dau INTEGER NOT NULL, wau INTEGER NOT NULL, mau INTEGER NOT NULL, sessions INTEGER NOT NULL, PRIMARY KEY (day, title_code, platform));
CREATE TABLE campaigns (campaign_id TEXT PRIMARY KEY, campaign_name TEXT NOT NULL, title_code TEXT NOT NULL REFERENCES titles(title_code), platform TEXT NOT NULL, channel_code TEXT NOT NULL REFERENCES channels(channel_code), country_code TEXT NOT NULL REFERENCES countries(country_code));
CREATE TABLE acquisition_daily (day TEXT NOT NULL, campaign_id TEXT NOT NULL REFERENCES campaigns(campaign_id), installs INTEGER NOT NULL, spend_gbp REAL NOT NULL, d7_revenue_gbp REAL NOT NULL, PRIMARY KEY (day, campaign_id));
CREATE TABLE install_cohorts (cohort_week TEXT NOT NULL, title_code TEXT NOT NULL, platform TEXT NOT NULL, channel_code TEXT NOT NULL, installs INTEGER NOT NULL, d1_retained INTEGER NOT NULL, d7_retained INTEGER NOT NULL, d30_retained INTEGER, PRIMARY KEY (cohort_week, title_code, platform, channel_code));
CREATE TABLE players (player_id TEXT PRIMARY KEY, account_name TEXT NOT NULL, email TEXT NOT NULL, device_id TEXT NOT NULL, advertising_id TEXT NOT NULL, ip_address TEXT NOT NULL, date_of_birth TEXT NOT NULL, country_code TEXT NOT NULL REFERENCES countries(country_code), latitude REAL NOT NULL, longitude REAL NOT NULL, title_code TEXT NOT NULL, platform TEXT NOT NULL, channel_code TEXT NOT NULL, installed_on TEXT NOT NULL);
CREATE TABLE payment_cards (player_id TEXT PRIMARY KEY REFERENCES players(player_id), card_number TEXT NOT NULL, card_expiry TEXT NOT NULL);
CREATE TABLE purchases (purchase_id INTEGER PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(player_id), title_code TEXT NOT NULL, platform TEXT NOT NULL, country_code TEXT NOT NULL, purchased_on TEXT NOT NULL, product_type TEXT NOT NULL, sku TEXT NOT NULL, gross_gbp REAL NOT NULL, platform_fee_gbp REAL NOT NULL, refunded INTEGER NOT NULL, refunded_on TEXT);
CREATE TABLE vip_subscriptions (subscription_id INTEGER PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(player_id), title_code TEXT NOT NULL, platform TEXT NOT NULL, started_on TEXT NOT NULL, ended_on TEXT);
CREATE TABLE ad_revenue_daily (day TEXT NOT NULL, title_code TEXT NOT NULL, platform TEXT NOT NULL, ad_format TEXT NOT NULL, impressions INTEGER NOT NULL, revenue_gbp REAL NOT NULL, PRIMARY KEY (day, title_code, platform, ad_format));
CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, day TEXT NOT NULL, title_code TEXT NOT NULL, platform TEXT NOT NULL, app_version TEXT NOT NULL, minutes REAL NOT NULL, crashed INTEGER NOT NULL);
CREATE TABLE live_ops_events (event_id TEXT PRIMARY KEY, title_code TEXT NOT NULL, event_name TEXT NOT NULL, event_type TEXT NOT NULL, starts_on TEXT NOT NULL, ends_on TEXT NOT NULL, eligible_players INTEGER NOT NULL, participants INTEGER NOT NULL, event_revenue_gbp REAL NOT NULL);
CREATE TABLE store_ratings (rating_id INTEGER PRIMARY KEY, title_code TEXT NOT NULL, platform TEXT NOT NULL, rated_on TEXT NOT NULL, stars INTEGER NOT NULL);
CREATE TABLE support_tickets (ticket_id INTEGER PRIMARY KEY, player_id TEXT NOT NULL REFERENCES players(player_id), title_code TEXT NOT NULL, platform TEXT NOT NULL, opened_on TEXT NOT NULL, category TEXT NOT NULL, resolved_on TEXT, chat_transcript TEXT NOT NULL);
${calendarTables('is_weekend')}
`;
const LAYOUT = 1501;
const INDEXES = `
CREATE INDEX acquisition_day ON acquisition_daily (day);
CREATE INDEX purchases_day ON purchases (purchased_on);
CREATE INDEX sessions_day ON sessions (day);
CREATE INDEX tickets_day ON support_tickets (opened_on);
CREATE INDEX ratings_day ON store_ratings (rated_on);
`;

/** The date dimension over every day the data can name; Saturday and Sunday are the weekend. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  title: ['titles', 3],
  country: ['countries', 2],
  channel: ['channels', 2],
  fiscal: ['fiscal_months', 3],
  activity: ['daily_activity', 7],
  campaign: ['campaigns', 6],
  acq: ['acquisition_daily', 5],
  cohort: ['install_cohorts', 8],
  player: ['players', 14],
  card: ['payment_cards', 3],
  purchase: ['purchases', 12],
  vip: ['vip_subscriptions', 6],
  ad: ['ad_revenue_daily', 6],
  session: ['sessions', 7],
  event: ['live_ops_events', 9],
  rating: ['store_ratings', 5],
  ticket: ['support_tickets', 8],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, players: [], playersByTitle: {} };
}

const pad = (k, n) => String(k).padStart(n, '0');
const hex = (rnd, n) => Array.from({ length: n }, () => '0123456789abcdef'[rnd.int(0, 15)]).join('');

/** Titles, countries, channels and the financial calendar (October to September; FY27 = October 2026 to September 2027). */
function fillDimensions(g) {
  for (const [code, name, genre] of TITLES) g.ins.title.run(code, name, genre);
  for (const [code, name] of COUNTRIES) g.ins.country.run(code, name);
  for (const [code, name] of CHANNELS) g.ins.channel.run(code, name);
  for (let y = 2022; y <= 2030; y++) {
    for (let m = 1; m <= 12; m++) {
      const fy = m >= 10 ? y + 1 : y;
      const q = Math.floor(((m + 2) % 12) / 3) + 1;
      g.ins.fiscal.run(`${y}-${pad(m, 2)}`, `FY${String(fy).slice(2)}`, `FY${String(fy).slice(2)} Q${q}`);
    }
  }
}

/** Daily, weekly and monthly actives and sessions per title and platform. */
function fillActivity(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [title, , , scale] of TITLES) {
      for (const [platform, share] of PLATFORMS) {
        const base = scale * share * growth(n);
        const dau = Math.round(base * liftOf(n) * (1 + 0.04 * rnd.noise()));
        const wau = Math.round(base * 2.3 * (1 + 0.02 * rnd.noise()));
        const mau = Math.round(base * 4.6 * (1 + 0.02 * rnd.noise()));
        g.ins.activity.run(day(n), title, platform, dau, wau, mau, Math.round(dau * (2.6 + 0.3 * rnd.next())));
        for (const [format, perDau, ecpm] of AD_FORMATS) {
          const imps = Math.round(dau * perDau * (1 + 0.05 * rnd.noise()));
          g.ins.ad.run(day(n), title, platform, format, imps, money((imps / 1000) * ecpm * (platform === 'IOS' ? 1.25 : 0.85) * (1 + 0.08 * rnd.noise())));
        }
      }
    }
  }
}

/** Campaigns (organic is one pseudo-campaign per title, platform and country) and their daily installs, spend and D7 revenue. */
function fillAcquisition(g) {
  const { rnd } = g;
  const campaigns = [];
  for (const [title, , , scale] of TITLES) {
    for (const [platform, pshare] of PLATFORMS) {
      for (const [channel, , cshare, cpi] of CHANNELS) {
        const countries = channel === 'ORG' ? COUNTRIES : COUNTRIES.filter((_c, i) => (i + title.charCodeAt(0) + channel.charCodeAt(1)) % 3 !== 0);
        for (const [country, , weight, spendX] of countries) {
          const id = `${title}-${platform}-${channel}-${country}`;
          g.ins.campaign.run(
            id,
            channel === 'ORG' ? `Organic ${title} ${platform} ${country}` : `${title} ${channel} ${country} ${platform === 'IOS' ? 'iOS' : 'Android'}`,
            title,
            platform,
            channel,
            country,
          );
          campaigns.push({
            id,
            daily: (scale / 40) * pshare * cshare * (weight / 12) * 3,
            cpi: cpi * (0.6 + 0.5 * spendX),
            roas: (0.12 + 0.2 * rnd.next()) * spendX,
          });
        }
      }
    }
  }
  for (let n = D0; n <= D1; n++) {
    for (const c of campaigns) {
      const installs = rnd.poisson(c.daily * growth(n));
      if (installs === 0 && rnd.next() < 0.5) continue;
      const spend = c.cpi ? money(installs * c.cpi * (1 + 0.12 * rnd.noise())) : 0;
      const d7 = money(Math.max(0, (c.cpi ? spend : installs * 1.5) * c.roas * (1 + 0.25 * rnd.noise())));
      g.ins.acq.run(day(n), c.id, installs, Math.max(0, spend), d7);
    }
  }
}

/** Weekly install cohorts and how many came back on day 1, day 7 and day 30 (day 30 unknown for the newest weeks). */
function fillCohorts(g) {
  const { rnd } = g;
  const firstMonday = D0 + ((7 - weekdayOf(D0)) % 7);
  for (let w = firstMonday; w + 7 <= D1 + 1; w += 7) {
    for (const [title, , , scale] of TITLES) {
      for (const [platform, pshare] of PLATFORMS) {
        for (const [channel, , cshare] of CHANNELS) {
          const installs = Math.round((scale / 40) * 7 * pshare * cshare * 3 * growth(w) * (1 + 0.1 * rnd.noise()));
          const d1 = Math.round(installs * (0.36 + 0.08 * rnd.next() + (channel === 'ORG' ? 0.05 : 0)));
          const d7 = Math.round(installs * (0.14 + 0.05 * rnd.next()));
          const d30 = w + 37 <= D1 ? Math.round(installs * (0.05 + 0.03 * rnd.next())) : null;
          g.ins.cohort.run(day(w), title, platform, channel, installs, d1, w + 8 <= D1 ? d7 : 0, d30);
        }
      }
    }
  }
}

/** Players (account names, e-mails, device and advertising ids, IPs, birth dates, precise location and payment cards are personal data). */
function fillPlayers(g) {
  const { rnd } = g;
  const countryPick = COUNTRIES.map((c) => [c, c[2]]);
  for (let k = 1; k <= 9000; k++) {
    const id = `PL${pad(k, 6)}`;
    const country = k <= 40 ? COUNTRIES.find((c) => c[0] === 'IS') : rnd.weighted(countryPick);
    const [title] = rnd.pick(TITLES);
    const platform = rnd.weighted(PLATFORMS);
    const channel = rnd.weighted(CHANNELS.map((c) => [c[0], c[2]]));
    const name = `${rnd.pick(FIRST)}${rnd.pick(LAST)}${rnd.int(1, 999)}`;
    g.ins.player.run(
      id,
      name,
      `${name.toLowerCase()}@example.com`,
      `${hex(rnd, 8)}-${hex(rnd, 4)}-${hex(rnd, 4)}-${hex(rnd, 12)}`,
      `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-${hex(rnd, 12)}`,
      `${rnd.int(11, 223)}.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
      day(D1 - rnd.int(11 * 365, 60 * 365)),
      country[0],
      money(rnd.int(-40, 65) + rnd.next()),
      money(rnd.int(-120, 150) + rnd.next()),
      title,
      platform,
      channel,
      day(D0 - 400 + rnd.int(0, D1 - D0 + 400)),
    );
    const spender = rnd.next() < 0.35 ? (rnd.next() < 0.04 ? 30 : 1) * country[3] : 0;
    const p = { id, title, platform, country: country[0], spender };
    g.players.push(p);
    if (spender)
      g.ins.card.run(
        id,
        `${rnd.pick(['4', '5'])}${pad(rnd.int(0, 999), 3)} **** **** ${pad(rnd.int(0, 9999), 4)}`,
        `${pad(rnd.int(1, 12), 2)}/${rnd.int(27, 31)}`,
      );
  }
}

/** IAP purchases and VIP pass renewals; some refunded by the store. Whales buy the big chests. */
function fillPurchases(g) {
  const { rnd } = g;
  const spenders = g.players.filter((p) => p.spender);
  const skuPick = IAP_SKUS.map((s) => [s, s[2]]);
  let id = 0;
  for (let n = D0; n <= D1; n++) {
    const count = rnd.poisson(330 * growth(n) * liftOf(n));
    for (let k = 0; k < count; k++) {
      const p = rnd.pick(spenders);
      const propensity = TITLES.find((t) => t[0] === p.title)[4];
      if (rnd.next() > propensity) continue;
      const sku = p.spender > 5 && rnd.next() < 0.4 ? IAP_SKUS[5 + rnd.int(0, 1)] : rnd.weighted(skuPick);
      const gross = sku[1];
      const refunded = rnd.next() < 0.025 ? 1 : 0;
      g.ins.purchase.run(
        ++id,
        p.id,
        p.title,
        p.platform,
        p.country,
        day(n),
        'iap',
        sku[0],
        gross,
        money(gross * (rnd.next() < 0.7 ? 0.3 : 0.15)),
        refunded,
        refunded ? day(Math.min(D1, n + rnd.int(1, 20))) : null,
      );
    }
  }
  fillVip(g, spenders, id);
}

/** VIP pass: monthly subscriptions, renewed until churned, each month a purchase of the pass. */
function fillVip(g, spenders, lastPurchase) {
  const { rnd } = g;
  let id = lastPurchase;
  let sub = 0;
  for (const p of spenders) {
    if (rnd.next() > 0.3) continue;
    let start = D0 - 60 + rnd.int(0, D1 - D0);
    while (start <= D1) {
      const months = Math.max(1, Math.round(rnd.expo(5)));
      const end = start + months * 30;
      g.ins.vip.run(++sub, p.id, p.title, p.platform, day(start), end <= D1 ? day(end) : null);
      for (let m = 0; m < months && start + m * 30 <= D1; m++) {
        const on = start + m * 30;
        if (on < D0) continue;
        g.ins.purchase.run(++id, p.id, p.title, p.platform, p.country, day(on), 'vip_pass', 'vip_pass_monthly', VIP_PRICE, money(VIP_PRICE * 0.15), 0, null);
      }
      start = end + rnd.int(60, 400);
    }
  }
}

/** A sample of sessions: length in minutes, the app version, whether it crashed. */
function fillSessions(g) {
  const { rnd } = g;
  let id = 0;
  const versions = (n) => {
    const minor = Math.floor((n - D0) / 42);
    return [`4.${minor}`, `4.${Math.max(0, minor - 1)}`];
  };
  for (let n = D0; n <= D1; n++) {
    for (const [title] of TITLES) {
      for (const [platform] of PLATFORMS) {
        const [current, previous] = versions(n);
        for (let k = 0; k < 30; k++) {
          const version = rnd.next() < 0.8 ? current : previous;
          const crashRate = (platform === 'AND' ? 0.012 : 0.006) + (version.endsWith('3') || version.endsWith('7') ? 0.02 : 0);
          g.ins.session.run(
            ++id,
            day(n),
            title,
            platform,
            version,
            money(1 + rnd.expo(title === 'SKY' ? 11 : title === 'RLY' ? 6 : 8)),
            rnd.next() < crashRate ? 1 : 0,
          );
        }
      }
    }
  }
}

/** Live-ops events: who could join, who did and what each event earned. */
function fillLiveOps(g) {
  const { rnd } = g;
  let e = 0;
  for (const [title, name, , scale] of TITLES) {
    for (let n = D0 + rnd.int(0, 10); n < D1; n += rnd.int(12, 24)) {
      const type = rnd.pick(EVENT_TYPES);
      const ends = Math.min(D1, n + rnd.int(3, 10));
      const eligible = Math.round(scale * 3.2 * growth(n));
      const participants = Math.round(eligible * (0.15 + 0.35 * rnd.next()));
      g.ins.event.run(
        `${title}-E${pad(++e, 3)}`,
        title,
        `${name} ${type.replace('_', ' ')} ${e}`,
        type,
        day(n),
        day(ends),
        eligible,
        participants,
        money(participants * (0.05 + 0.2 * rnd.next())),
      );
    }
  }
}

/** Store ratings and support tickets (chat transcripts are personal data). */
function fillCare(g) {
  const { rnd } = g;
  let r = 0;
  let t = 0;
  const cat = TICKET_CATEGORIES;
  for (let n = D0; n <= D1; n++) {
    for (const [title] of TITLES) {
      for (const [platform] of PLATFORMS) {
        for (let k = rnd.poisson(6); k > 0; k--) {
          const skew = title === 'RLY' ? 0.6 : 0;
          g.ins.rating.run(++r, title, platform, day(n), Math.max(1, Math.min(5, Math.round(4.3 - skew + 1.1 * rnd.noise()))));
        }
      }
    }
    for (let k = rnd.poisson(14); k > 0; k--) {
      const p = rnd.pick(g.players);
      const category = rnd.weighted(cat);
      const resolved = n + 3 > D1 && rnd.next() < 0.5 ? null : day(Math.min(D1, n + Math.round(rnd.expo(1.5))));
      g.ins.ticket.run(
        ++t,
        p.id,
        p.title,
        p.platform,
        day(n),
        category,
        resolved,
        `Player ${p.id}: issue with ${category.replace('_', ' ')} on ${p.platform}. Agent: looking into it.`,
      );
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillDimensions(g);
  fillActivity(g);
  fillAcquisition(g);
  fillCohorts(g);
  fillPlayers(g);
  fillPurchases(g);
  fillSessions(g);
  fillLiveOps(g);
  fillCare(g);
  for (const source of ['telemetry', 'attribution', 'store_payments', 'ad_mediation', 'crash_reporting', 'helpdesk']) g.ins.load.run(source, day(D1));
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
