#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261130;

// Bramble Burger's five trading regions: code, name, sales level (1 = the chain's average restaurant)
const REGIONS = [
  ['LDN', 'London', 1.22],
  ['SE', 'South East', 1.04],
  ['MID', 'Midlands', 0.95],
  ['NTH', 'North', 0.9],
  ['SCO', 'Scotland', 0.86],
];
// towns per region, one restaurant each (12 a region, 60 in all)
const TOWNS = {
  LDN: ['Camden', 'Croydon', 'Ealing', 'Greenwich', 'Hackney', 'Islington', 'Kingston', 'Lewisham', 'Romford', 'Stratford', 'Wembley', 'Wimbledon'],
  SE: ['Ashford', 'Basingstoke', 'Brighton', 'Crawley', 'Guildford', 'Maidstone', 'Milton Keynes', 'Oxford', 'Reading', 'Slough', 'Southampton', 'Woking'],
  MID: [
    'Birmingham New Street',
    'Coventry',
    'Derby',
    'Leicester',
    'Lincoln',
    'Northampton',
    'Nottingham',
    'Solihull',
    'Stoke',
    'Telford',
    'Walsall',
    'Wolverhampton',
  ],
  NTH: [
    'Bradford',
    'Doncaster',
    'Durham',
    'Hull',
    'Leeds',
    'Liverpool One',
    'Manchester Piccadilly',
    'Newcastle',
    'Preston',
    'Sheffield',
    'Sunderland',
    'York',
  ],
  SCO: ['Aberdeen', 'Ayr', 'Dundee', 'Dunfermline', 'Edinburgh', 'Falkirk', 'Glasgow Central', 'Inverness', 'Kilmarnock', 'Livingston', 'Paisley', 'Perth'],
};
// formats: code, weight, has a drive-thru lane, sales level
const FORMATS = [
  ['drive_thru', 40, 1, 1.08],
  ['retail_park', 22, 1, 1.0],
  ['high_street', 28, 0, 0.92],
  ['travel_hub', 10, 0, 1.15],
];
// franchise groups: id, name, royalty rate on net sales, marketing fund levy
const FRANCHISEES = [
  ['FR01', 'Thistle Foods Ltd', 0.05, 0.04],
  ['FR02', 'Pennine QSR Group', 0.05, 0.04],
  ['FR03', 'Solent Restaurants Ltd', 0.055, 0.04],
  ['FR04', 'Heartland Dining Ltd', 0.05, 0.035],
  ['FR05', 'Capital Burger Partners', 0.06, 0.045],
];
const FRANCHISE_OF = { SCO: 'FR01', NTH: 'FR02', SE: 'FR03', MID: 'FR04', LDN: 'FR05' };
// daypart: share of a day's sales, average check level
const DAYPARTS = [
  ['breakfast', 0.13, 0.72],
  ['lunch', 0.34, 1.0],
  ['afternoon', 0.14, 0.82],
  ['dinner', 0.3, 1.18],
  ['late_night', 0.09, 1.06],
];
// delivery aggregators: code, share of delivery orders, commission rate
const AGGREGATORS = [
  ['uber_eats', 0.46, 0.3],
  ['deliveroo', 0.34, 0.28],
  ['just_eat', 0.2, 0.25],
];
const ITEMS = [
  'Bramble Classic',
  'Double Bramble',
  'Crispy Chicken Burger',
  'Veggie Stack',
  'Fries',
  'Sweet Potato Fries',
  'Onion Rings',
  'Milkshake',
  'Breakfast Muffin',
  'Hash Brown',
  'Chicken Bites',
  'Apple Pie',
];
const WASTE = [
  ['cooked_product', 0.55],
  ['raw_product', 0.25],
  ['staff_meals', 0.12],
  ['promotional', 0.08],
];
// promotions: code, name, channel, start offset in days from D0, length in days, uplift on the channel's sales
const PROMOS = [
  ['P24-01', 'New Year Meal Deal', 'all', 7, 28, 0.06],
  ['P24-02', 'Summer Shakes 2-for-1', 'all', 160, 35, 0.04],
  ['P24-03', 'App Launch Free Fries', 'app', 250, 28, 0.22],
  ['P24-04', 'Festive Double Bramble', 'all', 330, 35, 0.05],
  ['P25-01', 'Delivery Free Fee Fortnight', 'delivery', 400, 14, 0.15],
  ['P25-02', 'Breakfast Muffin 99p', 'all', 470, 28, 0.03],
  ['P25-03', 'Veggie Stack Launch', 'all', 560, 42, 0.05],
  ['P25-04', 'App Stamp Card Double Points', 'app', 640, 28, 0.18],
  ['P25-05', 'Festive Double Bramble', 'all', 700, 35, 0.06],
  ['P26-01', 'Kiosk Combo Upgrade', 'kiosk', 790, 28, 0.09],
  ['P26-02', 'Summer Shakes 2-for-1', 'all', 890, 35, 0.035],
  ['P26-03', 'Late Night Bites', 'all', 980, 28, 0.025],
];
const FIRST = [
  'Aisha',
  'Ben',
  'Callum',
  'Chloe',
  'Daniel',
  'Ewan',
  'Fiona',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Kiran',
  'Leah',
  'Mia',
  'Noah',
  'Olivia',
  'Priya',
  'Ryan',
  'Sophie',
  'Tom',
];
const LAST = [
  'Ahmed',
  'Brown',
  'Campbell',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hussain',
  'Jones',
  'Khan',
  'Murray',
  'Patel',
  'Robertson',
  'Smith',
  'Taylor',
  'Walker',
  'Watson',
  'Wilson',
  'Wright',
  'Young',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Park Avenue', 'Victoria Road', 'Mill Lane', 'King Street', 'The Green'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 1, 1); // the warehouse's first trading day
const D1 = dn(2026, 11, 26); // last day of data: the nightly POS load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth() + 1;
/** Trading season: busier in summer and December, quieter in January and February. */
const season = (n) => {
  const m = monthOf(n);
  return m === 12 ? 1.1 : m <= 2 ? 0.88 : 1 + 0.07 * Math.sin(((m - 3) / 12) * 2 * Math.PI);
};
/** Weekday pattern: Friday and Saturday peak, Monday and Tuesday trough. */
const WEEKDAY = [0.88, 0.9, 0.95, 0.98, 1.12, 1.2, 1.0];

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, region_name TEXT NOT NULL);
CREATE TABLE franchisees (franchisee_id TEXT PRIMARY KEY, franchisee_name TEXT NOT NULL, royalty_rate REAL NOT NULL, marketing_levy_rate REAL NOT NULL);
CREATE TABLE restaurants (restaurant_id TEXT PRIMARY KEY, restaurant_name TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code), ownership TEXT NOT NULL, franchisee_id TEXT REFERENCES franchisees(franchisee_id), format TEXT NOT NULL, has_drive_thru INTEGER NOT NULL, seats INTEGER NOT NULL, opened_on TEXT NOT NULL, manager_name TEXT NOT NULL);
CREATE TABLE sales_daypart (business_date TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), daypart TEXT NOT NULL, net_sales REAL NOT NULL, transactions INTEGER NOT NULL, PRIMARY KEY (business_date, restaurant_id, daypart)) WITHOUT ROWID;
CREATE TABLE sales_channel (business_date TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), channel TEXT NOT NULL, net_sales REAL NOT NULL, transactions INTEGER NOT NULL, PRIMARY KEY (business_date, restaurant_id, channel)) WITHOUT ROWID;
CREATE TABLE delivery_statements (week_start TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), aggregator TEXT NOT NULL, orders INTEGER NOT NULL, gross_order_value REAL NOT NULL, commission REAL NOT NULL, refunds REAL NOT NULL, PRIMARY KEY (week_start, restaurant_id, aggregator));
CREATE TABLE drive_thru_daily (business_date TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), cars INTEGER NOT NULL, total_service_seconds INTEGER NOT NULL, order_wait_seconds INTEGER NOT NULL, cars_within_target INTEGER NOT NULL, PRIMARY KEY (business_date, restaurant_id)) WITHOUT ROWID;
CREATE TABLE stockouts (stockout_id INTEGER PRIMARY KEY, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), business_date TEXT NOT NULL, item TEXT NOT NULL, minutes_out INTEGER NOT NULL);
CREATE TABLE period_pnl (period TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), net_sales REAL NOT NULL, food_cost REAL NOT NULL, paper_cost REAL NOT NULL, labour_cost REAL NOT NULL, labour_hours REAL NOT NULL, waste_cost REAL NOT NULL, occupancy_cost REAL NOT NULL, PRIMARY KEY (period, restaurant_id));
CREATE TABLE waste_log (period TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), category TEXT NOT NULL, cost REAL NOT NULL, PRIMARY KEY (period, restaurant_id, category));
CREATE TABLE royalty_invoices (period TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), franchisee_id TEXT NOT NULL REFERENCES franchisees(franchisee_id), reported_net_sales REAL NOT NULL, royalty_due REAL NOT NULL, marketing_levy_due REAL NOT NULL, paid_on TEXT, PRIMARY KEY (period, restaurant_id));
CREATE TABLE promotions (promo_code TEXT PRIMARY KEY, promo_name TEXT NOT NULL, channel TEXT NOT NULL, start_date TEXT NOT NULL, end_date TEXT NOT NULL);
CREATE TABLE promotion_results (promo_code TEXT NOT NULL REFERENCES promotions(promo_code), restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), redemptions INTEGER NOT NULL, promo_sales REAL NOT NULL, baseline_sales REAL NOT NULL, PRIMARY KEY (promo_code, restaurant_id));
CREATE TABLE guest_surveys (survey_id INTEGER PRIMARY KEY, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), responded_on TEXT NOT NULL, visit_channel TEXT NOT NULL, osat INTEGER NOT NULL, speed_score INTEGER NOT NULL, accuracy_ok INTEGER NOT NULL, member_id INTEGER, comment TEXT);
CREATE TABLE loyalty_members (member_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, postcode TEXT NOT NULL, date_of_birth TEXT NOT NULL, joined_on TEXT NOT NULL);
CREATE TABLE app_orders (order_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES loyalty_members(member_id), restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), ordered_on TEXT NOT NULL, fulfilment TEXT NOT NULL, total REAL NOT NULL, card_number TEXT NOT NULL, delivery_address TEXT);
CREATE TABLE staff (staff_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, restaurant_id TEXT NOT NULL REFERENCES restaurants(restaurant_id), role TEXT NOT NULL, hourly_rate REAL NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, started_on TEXT NOT NULL);
${calendarTables('is_weekend')}
`;
const LAYOUT = 1201;
const INDEXES = `
CREATE INDEX surveys_day ON guest_surveys (responded_on);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 400, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  region: ['regions', 2],
  franchisee: ['franchisees', 4],
  restaurant: ['restaurants', 10],
  daypart: ['sales_daypart', 5],
  channel: ['sales_channel', 5],
  delivery: ['delivery_statements', 7],
  dt: ['drive_thru_daily', 6],
  stockout: ['stockouts', 5],
  pnl: ['period_pnl', 9],
  waste: ['waste_log', 4],
  royalty: ['royalty_invoices', 7],
  promo: ['promotions', 5],
  promoResult: ['promotion_results', 5],
  survey: ['guest_surveys', 9],
  member: ['loyalty_members', 7],
  appOrder: ['app_orders', 8],
  staff: ['staff', 8],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, restaurants: [], months: new Map(), statements: new Map(), ids: { stockout: 0, survey: 0, order: 0 } };
}

const personOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${String(rnd.int(0, 999999)).padStart(6, '0')}`;
const cardOf = (rnd) =>
  `4${String(rnd.int(100, 999))} ${String(rnd.int(0, 9999)).padStart(4, '0')} ${String(rnd.int(0, 9999)).padStart(4, '0')} ${String(rnd.int(0, 9999)).padStart(4, '0')}`;

/** When a restaurant opened: most before the warehouse starts, seven during it (the new openings). */
function openingOf(rnd, k) {
  if (k % 8 === 5) return D0 + 120 + ((k * 37) % 900);
  return D0 - rnd.int(400, 5000);
}

/** One restaurant: region, ownership (two in five franchised), format and its sales level. */
function restaurantOf(g, region, town, k) {
  const { rnd } = g;
  const [fmt, , dt, fmtLevel] = rnd.weighted(FORMATS.map((f) => [f, f[1]]));
  const franchise = k % 5 === 1 || k % 5 === 3;
  return {
    id: `BB${String(k + 1).padStart(3, '0')}`,
    name: `Bramble Burger ${town}`,
    region: region[0],
    ownership: franchise ? 'franchise' : 'company',
    franchisee: franchise ? FRANCHISE_OF[region[0]] : null,
    format: fmt,
    dt,
    level: region[2] * fmtLevel * (0.8 + 0.4 * rnd.next()),
    opened: openingOf(rnd, k),
  };
}

/** Regions, franchisees and the sixty restaurants (the manager's name is a member of staff's). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name] of REGIONS) g.ins.region.run(code, name);
  for (const f of FRANCHISEES) g.ins.franchisee.run(...f);
  let k = 0;
  for (const region of REGIONS) {
    for (const town of TOWNS[region[0]]) {
      const r = restaurantOf(g, region, town, k++);
      g.restaurants.push(r);
      g.ins.restaurant.run(r.id, r.name, r.region, r.ownership, r.franchisee, r.format, r.dt, rnd.int(20, 90), day(r.opened), personOf(rnd));
    }
  }
}

/** Channel shares of a day's sales: digital (app, kiosk, delivery) grows through the warehouse's years. */
function channelShares(r, n) {
  const t = (n - D0) / 1060;
  const app = 0.06 + 0.08 * t;
  const kiosk = r.format === 'high_street' || r.format === 'travel_hub' ? 0.12 + 0.1 * t : 0.05 + 0.05 * t;
  const delivery = 0.14 + 0.05 * t + (r.region === 'LDN' ? 0.05 : 0);
  const dt = r.dt ? 0.4 - 0.05 * t : 0;
  return [
    ['front_counter', 1 - app - kiosk - delivery - dt],
    ['drive_thru', dt],
    ['kiosk', kiosk],
    ['app', app],
    ['delivery', delivery],
  ].filter(([, s]) => s > 0);
}

/** A restaurant's net sales on one day: its level, growth, season, weekday, an early ramp after opening, and noise. */
function daySales(g, r, n) {
  const growth = 1 + (0.035 * (n - D0)) / 365;
  const ramp = n - r.opened < 60 ? 1.25 : 1;
  return 5600 * r.level * growth * season(n) * WEEKDAY[weekdayOf(n)] * ramp * (1 + 0.06 * g.rnd.noise());
}

/** One trading day of one restaurant: daypart and channel rows, delivery by aggregator, the drive-thru and stock-outs. */
function tradeDay(g, r, n) {
  const { rnd } = g;
  const d = day(n);
  const total = daySales(g, r, n);
  daypartDay(g, r, d, total);
  for (const [channel, share] of channelShares(r, n)) {
    const sales = total * share;
    const check = channel === 'delivery' ? 19.5 : channel === 'app' ? 11.2 : channel === 'kiosk' ? 10.4 : 8.1;
    g.ins.channel.run(d, r.id, channel, money(sales), Math.max(1, Math.round(sales / check)));
    if (channel === 'delivery') deliverDay(g, r, n, sales);
    if (channel === 'drive_thru') driveThruDay(g, r, d, sales / 8.1, n);
  }
  if (rnd.next() < 0.35) g.ins.stockout.run(++g.ids.stockout, r.id, d, rnd.pick(ITEMS), Math.round(20 + rnd.expo(90)));
  addToMonth(g, r, d.slice(0, 7), total);
}

/** A day's sales over the dayparts: the shares vary a little day to day but always add up to the day's total, so daypart and channel sales agree. */
function daypartDay(g, r, d, total) {
  const { rnd } = g;
  const weights = DAYPARTS.map(([, share]) => share * (1 + 0.05 * rnd.noise()));
  const sum = weights.reduce((a, w) => a + w, 0);
  DAYPARTS.forEach(([part, , check], k) => {
    const sales = (total * weights[k]) / sum;
    g.ins.daypart.run(d, r.id, part, money(sales), Math.max(1, Math.round(sales / (8.6 * check * (1 + 0.02 * rnd.noise())))));
  });
}

/** Delivery sales split over the aggregators, added to the week's statement (aggregators settle weekly, Monday to Sunday). */
function deliverDay(g, r, n, sales) {
  const { rnd } = g;
  const week = day(n - weekdayOf(n));
  for (const [agg, share, rate] of AGGREGATORS) {
    const gov = sales * share * (1 + 0.08 * rnd.noise());
    const key = `${week}|${r.id}|${agg}`;
    const s = g.statements.get(key) ?? { orders: 0, gov: 0, commission: 0, refunds: 0 };
    s.orders += Math.max(1, Math.round(gov / 19.5));
    s.gov += gov;
    s.commission += gov * rate;
    s.refunds += gov * 0.015 * rnd.next();
    g.statements.set(key, s);
  }
}

/** The weekly aggregator statements, closed weeks only (the week holding the last load is still open). */
function fillStatements(g) {
  const open = day(D1 - weekdayOf(D1));
  for (const [key, s] of g.statements) {
    const [week, id, agg] = key.split('|');
    if (week !== open) g.ins.delivery.run(week, id, agg, s.orders, money(s.gov), money(s.commission), money(s.refunds));
  }
}

/** Drive-thru speed of service: total time from order to pick-up, slower in London and at busy restaurants. */
function driveThruDay(g, r, d, cars, n) {
  const { rnd } = g;
  const mean = 175 + (r.region === 'LDN' ? 25 : 0) + 20 * (r.level - 1) - (8 * (n - D0)) / 365 + 8 * rnd.noise();
  const c = Math.max(1, Math.round(cars));
  const within = Math.round(c * Math.min(0.95, Math.max(0.2, 0.55 - (mean - 180) / 90)));
  g.ins.dt.run(d, r.id, c, Math.round(c * mean), Math.round(c * mean * 0.35), within);
}

function addToMonth(g, r, month, sales) {
  const key = `${month}|${r.id}`;
  g.months.set(key, (g.months.get(key) ?? 0) + sales);
}

/** Every restaurant's trading days from the start (or its opening) to the last load. */
function fillTrading(g) {
  for (const r of g.restaurants) {
    for (let n = Math.max(D0, r.opened); n <= D1; n++) tradeDay(g, r, n);
  }
}

/** The closed periods' P&L (company restaurants), waste by category and royalty invoices (franchised restaurants). */
function fillPeriods(g) {
  const open = day(D1).slice(0, 7);
  const byId = new Map(g.restaurants.map((r) => [r.id, r]));
  for (const [key, sales] of g.months) {
    const [period, id] = key.split('|');
    if (period === open) continue;
    const r = byId.get(id);
    if (r.ownership === 'company') periodPnl(g, r, period, sales);
    else royaltyInvoice(g, r, period, sales);
  }
}

function periodPnl(g, r, period, sales) {
  const { rnd } = g;
  const foodPct = 0.285 + (r.region === 'SCO' ? 0.012 : 0) + 0.012 * rnd.noise();
  const waste = sales * (0.018 + 0.004 * rnd.next());
  const hours = (sales / 52) * (1 + 0.05 * rnd.noise());
  const rate = r.region === 'LDN' ? 13.9 : 12.6;
  g.ins.pnl.run(
    period,
    r.id,
    money(sales),
    money(sales * foodPct),
    money(sales * 0.031),
    money(hours * rate * 1.13),
    Math.round(hours * 10) / 10,
    money(waste),
    money(sales * (0.08 + 0.03 * rnd.next())),
  );
  for (const [cat, share] of WASTE) g.ins.waste.run(period, r.id, cat, money(waste * share * (0.8 + 0.4 * rnd.next())));
}

function royaltyInvoice(g, r, period, sales) {
  const f = FRANCHISEES.find(([id]) => id === r.franchisee);
  const reported = sales * (1 - 0.004 * g.rnd.next());
  const [y, m] = period.split('-').map(Number);
  const due = new Date(Date.UTC(y, m, 15)).toISOString().slice(0, 10);
  const paid = due > day(D1) || g.rnd.next() < 0.04 ? null : due;
  g.ins.royalty.run(period, r.id, r.franchisee, money(reported), money(reported * f[2]), money(reported * f[3]), paid);
}

/** The promotions and, per restaurant trading through each, redemptions, promoted sales and the baseline they are compared with. */
function fillPromotions(g) {
  const { rnd } = g;
  for (const [code, name, channel, start, len, uplift] of PROMOS) {
    g.ins.promo.run(code, name, channel, day(D0 + start), day(D0 + start + len - 1));
    for (const r of g.restaurants) {
      if (r.opened > D0 + start) continue;
      const scope = channel === 'all' ? 1 : channel === 'app' ? 0.1 : channel === 'delivery' ? 0.18 : 0.08;
      const baseline = 5600 * r.level * len * scope;
      const promo = baseline * (1 + uplift * (0.5 + rnd.next()));
      g.ins.promoResult.run(code, r.id, Math.round((promo / 9) * 0.12), money(promo), money(baseline));
    }
  }
}

/** Guest satisfaction surveys (1 to 5), about one a restaurant a day, some from loyalty members. */
function fillSurveys(g) {
  const { rnd } = g;
  for (const r of g.restaurants) {
    const base = 4.0 + (r.region === 'SCO' ? 0.15 : 0) - (r.region === 'LDN' ? 0.2 : 0) + 0.3 * (rnd.next() - 0.5);
    for (let n = Math.max(D0, r.opened); n <= D1; n++) {
      for (let k = rnd.poisson(1.2); k > 0; k--) {
        const osat = Math.max(1, Math.min(5, Math.round(base + 0.9 * rnd.noise())));
        const member = rnd.next() < 0.4 ? rnd.int(1, MEMBERS) : null;
        const channel = rnd.weighted([
          ['dine_in', 40],
          ['drive_thru', r.dt ? 30 : 0],
          ['app', 15],
          ['delivery', 15],
        ]);
        g.ins.survey.run(++g.ids.survey, r.id, day(n), channel, osat, Math.max(1, Math.min(5, osat + rnd.int(-1, 1))), rnd.next() < 0.9 ? 1 : 0, member, null);
      }
    }
  }
}

const MEMBERS = 20000;

/** Loyalty app members (names, e-mails, phones, postcodes and birth dates are personal data) and their app orders of the last 180 days. */
function fillLoyalty(g) {
  const { rnd } = g;
  for (let id = 1; id <= MEMBERS; id++) {
    const name = personOf(rnd);
    const mail = `${name.toLowerCase().replace(' ', '.')}${rnd.int(1, 999)}@mail.test`;
    g.ins.member.run(
      id,
      name,
      mail,
      phoneOf(rnd),
      `${rnd.pick(['E', 'N', 'B', 'M', 'LS', 'G', 'EH'])}${rnd.int(1, 20)} ${rnd.int(1, 9)}AB`,
      day(D1 - rnd.int(6600, 25000)),
      day(D0 - 200 + rnd.int(0, 1200)),
    );
  }
  for (let n = D1 - 179; n <= D1; n++) {
    for (let k = rnd.poisson(160); k > 0; k--) {
      const r = rnd.pick(g.restaurants);
      if (r.opened > n) continue;
      const delivery = rnd.next() < 0.45;
      const address = delivery ? `${rnd.int(1, 220)} ${rnd.pick(STREETS)}, ${r.name.replace('Bramble Burger ', '')}` : null;
      g.ins.appOrder.run(++g.ids.order, rnd.int(1, MEMBERS), r.id, day(n), delivery ? 'delivery' : 'collect', money(6 + rnd.expo(9)), cardOf(rnd), address);
    }
  }
}

const ROLES = [
  ['crew_member', 18, 11.6],
  ['shift_manager', 4, 13.4],
  ['assistant_manager', 1, 15.2],
  ['restaurant_manager', 1, 18.5],
];

/** The company restaurants' crew: names, hourly pay, e-mails and phones are personal data. */
function fillStaff(g) {
  const { rnd } = g;
  let id = 0;
  for (const r of g.restaurants.filter((x) => x.ownership === 'company')) {
    for (const [role, count, rate] of ROLES) {
      for (let k = 0; k < count; k++) {
        const name = personOf(rnd);
        const pay = money(rate * (r.region === 'LDN' ? 1.1 : 1) * (1 + 0.04 * rnd.next()));
        g.ins.staff.run(
          `S${String(++id).padStart(5, '0')}`,
          name,
          r.id,
          role,
          pay,
          `${name.toLowerCase().replace(' ', '.')}@bramble.test`,
          phoneOf(rnd),
          day(D1 - rnd.int(10, 2500)),
        );
      }
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillTrading(g);
  fillStatements(g);
  fillPeriods(g);
  fillPromotions(g);
  fillSurveys(g);
  fillLoyalty(g);
  fillStaff(g);
  for (const source of ['pos', 'aggregators', 'drive_thru_timers', 'inventory', 'finance', 'surveys', 'loyalty', 'hr']) g.ins.load.run(source, day(D1));
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
