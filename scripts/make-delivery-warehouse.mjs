#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261216;

// Brightbasket's six cities: code, name, dark stores (neighbourhoods), orders per store-day on a weekday
const CITIES = [
  ['LON', 'London', ['Shoreditch', 'Clapham', 'Camden', 'Hackney', 'Brixton', 'Islington', 'Fulham', 'Stratford', 'Wimbledon', 'Ealing'], 24],
  ['MAN', 'Manchester', ['Ancoats', 'Chorlton', 'Didsbury', 'Salford Quays', 'Fallowfield'], 18],
  ['BHM', 'Birmingham', ['Digbeth', 'Edgbaston', 'Moseley', 'Harborne', 'Jewellery Quarter'], 15],
  ['LDS', 'Leeds', ['Headingley', 'Chapel Allerton', 'Holbeck'], 14],
  ['GLA', 'Glasgow', ['Finnieston', 'Merchant City', 'Shawlands', 'Partick'], 13],
  ['BRS', 'Bristol', ['Clifton', 'Stokes Croft', 'Southville'], 12],
];
// hour of day (stores take orders 06:00 to midnight) and its weight in a day's orders
const HOURS = [
  [6, 1.2],
  [7, 2.6],
  [8, 3.4],
  [9, 3.6],
  [10, 4.2],
  [11, 5.2],
  [12, 6.4],
  [13, 6.0],
  [14, 4.6],
  [15, 4.4],
  [16, 5.2],
  [17, 7.6],
  [18, 9.4],
  [19, 9.8],
  [20, 8.4],
  [21, 6.2],
  [22, 4.4],
  [23, 2.4],
];
// day parts: BRK breakfast 06-10, LUN lunch 11-13, AFT afternoon 14-16, DIN dinner 17-20, LATE 21-23 (hours of day)
const dayPartOf = (h) => (h < 11 ? 'BRK' : h < 14 ? 'LUN' : h < 17 ? 'AFT' : h < 21 ? 'DIN' : 'LATE');
const DAY_PARTS = [
  ['BRK', 'Breakfast', 6, 10],
  ['LUN', 'Lunch', 11, 13],
  ['AFT', 'Afternoon', 14, 16],
  ['DIN', 'Dinner', 17, 20],
  ['LATE', 'Late', 21, 23],
];
const CATEGORIES = [
  ['FRESH', 'Fresh and chilled', 520, 0.045],
  ['FROZEN', 'Frozen', 180, 0.025],
  ['AMBIENT', 'Ambient grocery', 900, 0.018],
  ['ALC', 'Alcohol', 160, 0.03],
  ['HOUSE', 'Household', 240, 0.015],
];
// first-order acquisition channels: APP, WEB, PRT partner marketplaces (share, acquisition spend per first order GBP)
const CHANNELS = [
  ['APP', 'Brightbasket app', 0.58, 14],
  ['WEB', 'Brightbasket website', 0.17, 19],
  ['PRT', 'Partner marketplaces', 0.25, 9],
];
const REFUND_REASONS = [
  ['MIS', 'Missing item'],
  ['DMG', 'Damaged item'],
  ['LATE', 'Late delivery'],
  ['QUAL', 'Quality'],
];
// promotion campaigns: code, name, first day, last day (inclusive), discount GBP, share of orders in the window redeeming it
const CAMPAIGNS = [
  ['WELCOME10', 'Welcome 10 off first order', '2025-01-01', '2026-12-31', 10, 0],
  ['SPRING25', 'Spring clean 2025', '2025-03-17', '2025-04-13', 4, 0.09],
  ['SUMMER25', 'Summer BBQ 2025', '2025-06-23', '2025-08-31', 5, 0.07],
  ['BF25', 'Black Friday 2025', '2025-11-24', '2025-12-01', 8, 0.22],
  ['XMAS25', 'Christmas 2025', '2025-12-08', '2025-12-24', 6, 0.12],
  ['FREEDEL', 'Free delivery weekends', '2026-02-07', '2026-06-28', 2.99, 0.15],
  ['SUMMER26', 'Summer 2026', '2026-06-22', '2026-08-31', 5, 0.08],
  ['BF26', 'Black Friday 2026', '2026-11-20', '2026-11-30', 8, 0.2],
];
const FIRST = [
  'Amara',
  'Oliver',
  'Isla',
  'Kofi',
  'Ava',
  'Harry',
  'Freya',
  'Jack',
  'Mia',
  'Noah',
  'Priya',
  'Callum',
  'Fiona',
  'Tomasz',
  'Zainab',
  'Ewan',
  'Chloe',
  'Yusuf',
  'Sofia',
  'Ruairi',
];
const LAST = [
  'Smith',
  'Jones',
  'Okafor',
  'Brown',
  'Wilson',
  'Campbell',
  'Patel',
  'Khan',
  'Walker',
  'Nowak',
  'Murray',
  'Hughes',
  'Clarke',
  'Stewart',
  'Ali',
  'Wood',
  'Evans',
  'Chen',
];
const STREETS = ['High Street', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Street', 'Kings Road', 'Station Road', 'Albert Terrace', 'Canal Street'];
const POSTAREA = { LON: 'E', MAN: 'M', BHM: 'B', LDS: 'LS', GLA: 'G', BRS: 'BS' };
const NOTES = [
  'Leave with concierge',
  'Ring the bell twice',
  'Nut allergy in household: no substitutions with nuts',
  'Coeliac: gluten free substitutes only',
  'Type 1 diabetic, please call if sugar-free items are missing',
  'Wheelchair user, please bring to the door',
  'Back gate',
  'Do not knock, baby sleeping',
];
const ETHNICITY = ['White British', 'White other', 'Asian or Asian British', 'Black or Black British', 'Mixed', 'Other', 'Prefer not to say'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2025, 1, 1); // the warehouse's first day: the start of financial year FY25 (the calendar year)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
/** A fixed calendar date moved with the data, so a campaign keeps its place among the days. */
const shiftedDay = (iso) => day(dn(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))));
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** Slow growth over the warehouse's span: 0 at the first day, 1 at the last. */
const trend = (n) => (n - D0) / (D1 - D0);
/** Black Friday (the day after the fourth Thursday of November) and the days around it sell more. */
const BLACK_FRIDAYS = [dn(2025, 11, 28)];

const SCHEMA = `
CREATE TABLE cities (city_code TEXT PRIMARY KEY, city_name TEXT NOT NULL);
CREATE TABLE stores (store_code TEXT PRIMARY KEY, store_name TEXT NOT NULL, city_code TEXT NOT NULL REFERENCES cities(city_code), opened_on TEXT NOT NULL, pick_area_sqm INTEGER NOT NULL, catchment_km REAL NOT NULL);
CREATE TABLE day_parts (day_part TEXT PRIMARY KEY, day_part_name TEXT NOT NULL, first_hour INTEGER NOT NULL, last_hour INTEGER NOT NULL);
CREATE TABLE categories (category_code TEXT PRIMARY KEY, category_name TEXT NOT NULL);
CREATE TABLE channels (channel_code TEXT PRIMARY KEY, channel_name TEXT NOT NULL);
CREATE TABLE refund_reasons (reason_code TEXT PRIMARY KEY, reason_name TEXT NOT NULL);
CREATE TABLE campaigns (campaign_code TEXT PRIMARY KEY, campaign_name TEXT NOT NULL, starts_on TEXT NOT NULL, ends_on TEXT NOT NULL, discount_gbp REAL NOT NULL);
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, address TEXT NOT NULL, postcode TEXT NOT NULL, city_code TEXT NOT NULL REFERENCES cities(city_code), date_of_birth TEXT, ethnicity TEXT, acquisition_channel TEXT NOT NULL REFERENCES channels(channel_code), first_order_on TEXT NOT NULL);
CREATE TABLE customer_notes (customer_id INTEGER PRIMARY KEY REFERENCES customers(customer_id), delivery_note TEXT NOT NULL, allergy_note TEXT);
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, phone TEXT NOT NULL, home_store TEXT NOT NULL REFERENCES stores(store_code), right_to_work_doc TEXT NOT NULL, right_to_work_expires TEXT NOT NULL, national_insurance TEXT NOT NULL, ethnicity TEXT, vehicle TEXT NOT NULL, started_on TEXT NOT NULL);
CREATE TABLE rider_shifts (shift_id INTEGER PRIMARY KEY, rider_id INTEGER NOT NULL REFERENCES riders(rider_id), store_code TEXT NOT NULL REFERENCES stores(store_code), day TEXT NOT NULL, shift_hours REAL NOT NULL, busy_hours REAL NOT NULL, drops INTEGER NOT NULL, pay_gbp REAL NOT NULL);
CREATE TABLE rider_locations (rider_id INTEGER NOT NULL REFERENCES riders(rider_id), recorded_at TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, PRIMARY KEY (rider_id, recorded_at));
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id), store_code TEXT NOT NULL REFERENCES stores(store_code), city_code TEXT NOT NULL REFERENCES cities(city_code), day TEXT NOT NULL, hour INTEGER NOT NULL, day_part TEXT NOT NULL REFERENCES day_parts(day_part), channel_code TEXT NOT NULL REFERENCES channels(channel_code), is_first_order INTEGER NOT NULL, items INTEGER NOT NULL, basket_gbp REAL NOT NULL, discount_gbp REAL NOT NULL, campaign_code TEXT REFERENCES campaigns(campaign_code), substituted_items INTEGER NOT NULL, missing_items INTEGER NOT NULL, delivery_minutes REAL NOT NULL, rider_id INTEGER REFERENCES riders(rider_id), rating INTEGER, has_alcohol INTEGER NOT NULL);
CREATE TABLE age_checks (order_id INTEGER PRIMARY KEY REFERENCES orders(order_id), customer_id INTEGER NOT NULL REFERENCES customers(customer_id), date_of_birth TEXT NOT NULL, document_type TEXT NOT NULL, passed INTEGER NOT NULL);
CREATE TABLE refunds (refund_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(order_id), day TEXT NOT NULL, reason_code TEXT NOT NULL REFERENCES refund_reasons(reason_code), amount_gbp REAL NOT NULL);
CREATE TABLE acquisition_spend (month TEXT NOT NULL, channel_code TEXT NOT NULL REFERENCES channels(channel_code), spend_gbp REAL NOT NULL, PRIMARY KEY (month, channel_code));
CREATE TABLE stock_daily (day TEXT NOT NULL, store_code TEXT NOT NULL REFERENCES stores(store_code), category_code TEXT NOT NULL REFERENCES categories(category_code), skus_ranged INTEGER NOT NULL, skus_out_of_stock INTEGER NOT NULL, stockout_events INTEGER NOT NULL, PRIMARY KEY (day, store_code, category_code));
${calendarTables('is_weekend')}
`;
const LAYOUT = 2701;
const INDEXES = `
CREATE INDEX orders_day ON orders (day, city_code);
CREATE INDEX orders_store ON orders (store_code, day);
CREATE INDEX orders_customer ON orders (customer_id, day);
CREATE INDEX refunds_day ON refunds (day, reason_code);
CREATE INDEX shifts_day ON rider_shifts (day, store_code);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 400, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  city: ['cities', 2],
  store: ['stores', 6],
  dayPart: ['day_parts', 4],
  category: ['categories', 2],
  channel: ['channels', 2],
  reason: ['refund_reasons', 2],
  campaign: ['campaigns', 5],
  customer: ['customers', 11],
  note: ['customer_notes', 3],
  rider: ['riders', 10],
  shift: ['rider_shifts', 8],
  location: ['rider_locations', 4],
  order: ['orders', 19],
  ageCheck: ['age_checks', 5],
  refund: ['refunds', 5],
  spend: ['acquisition_spend', 3],
  stock: ['stock_daily', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, stores: [], ridersOf: {}, customersOf: {}, nextCustomer: 0, nextRider: 0, nextOrder: 0, nextRefund: 0, nextShift: 0, spend: {} };
}

const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;
const personName = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;

/** Cities, dark stores, codes, campaigns and the riders of each store (names, phones, right-to-work documents, NI numbers and ethnicity are personal data). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name, stores] of CITIES) {
    g.ins.city.run(code, name);
    stores.forEach((hood, i) => g.stores.push([`${code}-${String(i + 1).padStart(2, '0')}`, `${name} ${hood}`, code]));
  }
  for (const [code, name, city] of g.stores) {
    g.ins.store.run(code, name, city, day(D0 - rnd.int(30, 900)), rnd.int(380, 900), Math.round((1.6 + rnd.next() * 1.4) * 10) / 10);
    g.customersOf[code] = [];
    g.ridersOf[code] = [];
    // the Clifton store runs with a single rider; every other store has a team
    const riders = code === 'BRS-01' ? 1 : rnd.int(8, 16);
    for (let k = 0; k < riders; k++) {
      const id = ++g.nextRider;
      g.ridersOf[code].push(id);
      g.ins.rider.run(
        id,
        personName(rnd),
        phoneOf(rnd),
        code,
        `${rnd.pick(['BRP', 'PASS', 'SHARE'])}-${rnd.int(100000, 999999)}`,
        day(D1 + rnd.int(30, 1400)),
        `${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(100000, 999999)}${rnd.pick(['A', 'B', 'C', 'D'])}`,
        rnd.next() < 0.7 ? rnd.pick(ETHNICITY) : null,
        rnd.pick(['e-bike', 'e-bike', 'e-bike', 'moped', 'bicycle']),
        day(D0 - rnd.int(0, 400) + rnd.int(0, 500)),
      );
    }
  }
  for (const [code, name, first, last] of DAY_PARTS) g.ins.dayPart.run(code, name, first, last);
  for (const [code, name] of CATEGORIES) g.ins.category.run(code, name);
  for (const [code, name] of CHANNELS) g.ins.channel.run(code, name);
  for (const [code, name] of REFUND_REASONS) g.ins.reason.run(code, name);
}

/** A new customer in the store's catchment (names, e-mails, phones, addresses, birth dates and ethnicity are personal data). */
function newCustomer(g, store, n, channel) {
  const { rnd } = g;
  const id = ++g.nextCustomer;
  const name = personName(rnd);
  const city = store.slice(0, 3);
  g.ins.customer.run(
    id,
    name,
    `${name.toLowerCase().replace(' ', '.')}${rnd.int(1, 99)}@example.test`,
    phoneOf(rnd),
    `${rnd.int(1, 220)} ${rnd.pick(STREETS)}`,
    `${POSTAREA[city]}${rnd.int(1, 28)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
    city,
    null,
    rnd.next() < 0.35 ? rnd.pick(ETHNICITY) : null,
    channel,
    day(n),
  );
  if (rnd.next() < 0.3) {
    const note = rnd.pick(NOTES);
    g.ins.note.run(id, note, /allergy|Coeliac|diabetic/.test(note) ? note : null);
  }
  g.customersOf[store].push(id);
  return id;
}

/** The promotion an order redeems, if any: the welcome offer on most first orders, else a live campaign (free delivery at weekends only). */
function promotionOf(rnd, first, live, wd) {
  if (first && rnd.next() < 0.7) return ['WELCOME10', 10];
  for (const [code, , , amount, share] of live) {
    if (code === 'FREEDEL' && wd < 5) continue;
    if (rnd.next() < share) return [code, amount];
  }
  return [null, 0];
}

/** One order of a store-day, with its age check, refund and acquisition spend when it has them. */
function placeOrder(g, sd) {
  const { rnd } = g;
  const { n, d, wd, bf, live, store, city, onShift, dropsOf } = sd;
  const hour = rnd.weighted(HOURS);
  const first = g.customersOf[store].length < 40 || rnd.next() < 0.1;
  const channel = rnd.weighted(CHANNELS.map(([c, , share]) => [c, share]));
  const customer = first ? newCustomer(g, store, n, channel) : rnd.pick(g.customersOf[store]);
  const items = Math.max(1, Math.round(9 + 5 * rnd.noise() + (hour >= 17 && hour <= 20 ? 3 : 0)));
  const basket = money(items * (2.1 + rnd.next() * 1.6));
  const [campaign, discount] = promotionOf(rnd, first, live, wd);
  const busy = (hour >= 17 && hour <= 20 ? 2.5 : 0) + (wd >= 5 ? 1 : 0) + (bf > 1 ? 3 : 0);
  const minutes = Math.round(Math.max(5, 9.5 + busy + 2.6 * rnd.noise() + (rnd.next() < 0.06 ? rnd.expo(12) : 0)) * 10) / 10;
  const subs = rnd.next() < 0.22 ? rnd.int(1, 3) : 0;
  const missing = rnd.next() < 0.045 ? rnd.int(1, 2) : 0;
  const rider = rnd.pick(onShift);
  dropsOf.set(rider, dropsOf.get(rider) + 1);
  const rating = rnd.next() < 0.32 ? Math.max(1, Math.min(5, Math.round(4.5 - (minutes > 15 ? 1.1 : 0) - (missing ? 1.4 : 0) + 0.8 * rnd.noise()))) : null;
  const alcohol = hour >= 10 && rnd.next() < 0.14 ? 1 : 0;
  const id = ++g.nextOrder;
  g.ins.order.run(
    id,
    customer,
    store,
    city,
    d,
    hour,
    dayPartOf(hour),
    channel,
    first ? 1 : 0,
    items,
    basket,
    discount,
    campaign,
    subs,
    missing,
    minutes,
    rider,
    rating,
    alcohol,
  );
  afterOrder(g, { id, n, d, customer, channel, first, basket, minutes, missing, alcohol });
}

/** What an order leaves behind: the age check of an alcohol order, a refund, and the acquisition spend of a first order. */
function afterOrder(g, o) {
  const { rnd } = g;
  const { id, n, d, customer, channel, first, basket, minutes, missing, alcohol } = o;
  if (alcohol && rnd.next() < 0.4) {
    g.ins.ageCheck.run(
      id,
      customer,
      day(n - rnd.int(18 * 365, 70 * 365)),
      rnd.pick(['driving_licence', 'passport', 'citizen_card']),
      rnd.next() < 0.97 ? 1 : 0,
    );
  }
  const reason = missing ? 'MIS' : minutes > 30 && rnd.next() < 0.5 ? 'LATE' : rnd.next() < 0.012 ? 'DMG' : rnd.next() < 0.01 ? 'QUAL' : null;
  if (reason) {
    const amount = reason === 'LATE' ? Math.min(basket, 5) : reason === 'MIS' ? missing * (1.5 + rnd.next() * 3) : 2 + rnd.next() * 8;
    g.ins.refund.run(++g.nextRefund, id, d, reason, money(amount));
  }
  if (first) {
    const key = `${d.slice(0, 7)}|${channel}`;
    const [, , , cac] = CHANNELS.find((c) => c[0] === channel);
    g.spend[key] = (g.spend[key] ?? 0) + cac * (0.8 + 0.4 * rnd.next());
  }
}

/** Orders, refunds, age checks and rider shifts, store by store and day by day. */
function fillOrders(g) {
  const { rnd } = g;
  const campaigns = CAMPAIGNS.map(([code, , first, last, discount, share]) => [code, shiftedDay(first), shiftedDay(last), discount, share]);
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    const d = day(n);
    const bf = BLACK_FRIDAYS.some((b) => n >= b - 4 && n <= b + 3) ? (BLACK_FRIDAYS.includes(n) ? 2.1 : 1.35) : 1;
    const xmas = d.slice(5, 10) >= '12-15' && d.slice(5, 10) <= '12-23' ? 1.3 : d.slice(5, 10) === '12-25' ? 0.3 : 1;
    const live = campaigns.filter(([code, first, last]) => d >= first && d <= last && code !== 'WELCOME10');
    for (const [store, , city] of g.stores) {
      const base = CITIES.find((c) => c[0] === city)[3];
      const count = rnd.poisson(base * (wd >= 5 ? 1.25 : wd === 4 ? 1.1 : 1) * (0.8 + 0.45 * trend(n)) * bf * xmas);
      if (count === 0) continue;
      const riders = g.ridersOf[store];
      const onShift = riders.length === 1 ? riders : riders.filter(() => rnd.next() < 0.4);
      if (onShift.length === 0) onShift.push(rnd.pick(riders));
      const dropsOf = new Map(onShift.map((r) => [r, 0]));
      const sd = { n, d, wd, bf, live, store, city, onShift, dropsOf };
      for (let k = 0; k < count; k++) placeOrder(g, sd);
      for (const [rider, drops] of dropsOf) {
        const hours = Math.max(3, Math.min(10, Math.round((4 + drops * 0.28 + rnd.next() * 2) * 2) / 2));
        const busyHours = Math.round(Math.min(hours * 0.95, drops * (0.3 + rnd.next() * 0.08)) * 100) / 100;
        g.ins.shift.run(++g.nextShift, rider, store, d, hours, busyHours, drops, money(hours * 4.1 + drops * 3.15));
      }
    }
  }
}

/** GPS pings of the riders on shift over the last seven days (personal data: where a named person was). */
function fillLocations(g) {
  const { rnd } = g;
  const centre = { LON: [51.51, -0.12], MAN: [53.48, -2.24], BHM: [52.48, -1.9], LDS: [53.8, -1.55], GLA: [55.86, -4.25], BRS: [51.45, -2.59] };
  for (const [store, , city] of g.stores) {
    for (const rider of g.ridersOf[store].slice(0, 3)) {
      for (let n = D1 - 6; n <= D1; n++) {
        for (let h = 11; h <= 21; h += 2) {
          const [lat, lon] = centre[city];
          g.ins.location.run(
            rider,
            `${day(n)}T${String(h).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}:00Z`,
            lat + (rnd.next() - 0.5) * 0.04,
            lon + (rnd.next() - 0.5) * 0.06,
          );
        }
      }
    }
  }
}

/** Ranged and out-of-stock SKUs per store, category and day. */
function fillStock(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    const strain = weekdayOf(n) === 6 ? 1.5 : weekdayOf(n) === 0 ? 1.2 : 1;
    for (const [store] of g.stores) {
      for (const [code, , ranged, rate] of CATEGORIES) {
        const skus = ranged + rnd.int(-20, 20);
        const out = Math.min(skus, rnd.poisson(skus * rate * strain));
        g.ins.stock.run(d, store, code, skus, out, out + rnd.poisson(out * 0.4));
      }
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  for (const [code, name, first, last, discount] of CAMPAIGNS) g.ins.campaign.run(code, name, shiftedDay(first), shiftedDay(last), discount);
  fillOrders(g);
  for (const [key, spend] of Object.entries(g.spend)) {
    const [month, channel] = key.split('|');
    g.ins.spend.run(month, channel, money(spend));
  }
  fillLocations(g);
  fillStock(g);
  for (const source of ['order_platform', 'rider_app', 'wms', 'crm', 'marketing'].sort()) g.ins.load.run(source, day(D1));
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
