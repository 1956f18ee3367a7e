#!/usr/bin/env node
import { headerIs, runAsScript, writeWarehouse } from './warehouse-file.mjs';
import { prng } from './warehouse-kit.mjs';

export const SEED = 20240101;
export const COUNTS = { customers: 2000, products: 200, orders: 20000 };

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Ivy',
  'Lucas',
  'Nora',
  'Owen',
  'Ruby',
  'Leo',
  'Maya',
  'Eli',
  'Hazel',
  'Jack',
  'Iris',
  'Omar',
  'Lena',
  'Caleb',
  'Sofia',
  'Ravi',
  'Priya',
  'Diego',
  'Elena',
  'Kenji',
  'Amara',
  'Felix',
  'Grace',
  'Hugo',
];
const LAST = [
  'Smith',
  'Garcia',
  'Chen',
  'Patel',
  'Johnson',
  'Nguyen',
  'Kim',
  'Brown',
  'Lopez',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Taylor',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Hall',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Rivera',
  'Shah',
];
// Rough population weights so per-state rankings look like real commerce data (CA, TX, FL lead).
const STATES = [
  ['CA', 39],
  ['TX', 30],
  ['FL', 22],
  ['NY', 20],
  ['PA', 13],
  ['IL', 12],
  ['OH', 12],
  ['GA', 11],
  ['NC', 11],
  ['MI', 10],
  ['NJ', 9],
  ['VA', 9],
  ['WA', 8],
  ['AZ', 7],
  ['MA', 7],
  ['TN', 7],
  ['IN', 7],
  ['MD', 6],
  ['MO', 6],
  ['WI', 6],
  ['CO', 6],
  ['MN', 6],
  ['SC', 5],
  ['AL', 5],
  ['LA', 5],
  ['KY', 4],
  ['OR', 4],
  ['OK', 4],
  ['CT', 4],
  ['UT', 3],
  ['IA', 3],
  ['NV', 3],
  ['AR', 3],
  ['MS', 3],
  ['KS', 3],
  ['NM', 2],
  ['NE', 2],
  ['ID', 2],
  ['WV', 2],
  ['HI', 1],
  ['NH', 1],
  ['ME', 1],
  ['MT', 1],
  ['RI', 1],
  ['DE', 1],
  ['SD', 1],
  ['ND', 1],
  ['AK', 1],
  ['VT', 1],
  ['WY', 1],
  ['DC', 1],
];
const SEGMENTS = [
  ['consumer', 70],
  ['small_business', 22],
  ['enterprise', 8],
];
// category -> [price range in cents, nouns]
const CATEGORIES = {
  electronics: [
    [1999, 89999],
    ['Headphones', 'Charger', 'Speaker', 'Monitor', 'Keyboard', 'Webcam'],
  ],
  home: [
    [999, 24999],
    ['Lamp', 'Kettle', 'Blanket', 'Vase', 'Cookware Set', 'Rug'],
  ],
  outdoors: [
    [1499, 39999],
    ['Tent', 'Backpack', 'Lantern', 'Hammock', 'Water Bottle', 'Cooler'],
  ],
  apparel: [
    [1299, 14999],
    ['Jacket', 'Hoodie', 'Sneakers', 'Cap', 'Scarf', 'Jeans'],
  ],
  beauty: [
    [599, 7999],
    ['Serum', 'Moisturizer', 'Shampoo', 'Lip Balm', 'Sunscreen', 'Cleanser'],
  ],
  toys: [
    [799, 9999],
    ['Puzzle', 'Robot Kit', 'Board Game', 'Plush Bear', 'Kite', 'Blocks'],
  ],
  grocery: [
    [299, 4999],
    ['Coffee Beans', 'Olive Oil', 'Green Tea', 'Granola', 'Honey', 'Pasta'],
  ],
  books: [
    [899, 5999],
    ['Cookbook', 'Field Guide', 'Novel', 'Atlas', 'Journal', 'Biography'],
  ],
};
const ADJECTIVES = ['Classic', 'Pro', 'Compact', 'Deluxe', 'Eco', 'Urban', 'Trail', 'Everyday', 'Premium', 'Mini', 'Ultra', 'Vintage'];
const CHANNELS = [
  ['web', 48],
  ['mobile', 34],
  ['marketplace', 12],
  ['retail', 6],
];
const METHODS = [
  ['card', 62],
  ['paypal', 22],
  ['bank_transfer', 9],
  ['gift_card', 7],
];

const DAY = 86400;
const T0 = Date.UTC(2024, 0, 1) / 1000; // fixed bounds: orders span 2024-01-01 .. 2025-12-31
const T1 = Date.UTC(2026, 0, 1) / 1000 - 1;
const CUSTOMER_T0 = Date.UTC(2023, 0, 1) / 1000;
const WEEK = 7 * DAY;

/** Seconds to add to every generated time: whole weeks, so the data ends within 7 days of now. */
export function calendarShift(now = new Date()) {
  const t = Math.floor(new Date(now).getTime() / 1000);
  if (!Number.isFinite(t)) throw new TypeError(`not a date: ${String(now)}`);
  return Math.max(0, Math.floor((t - T1) / WEEK)) * WEEK;
}

/** The last day (YYYY-MM-DD) the data of a warehouse generated at `now` may reach. */
export function lastDataDay(now = new Date()) {
  return new Date((T1 + calendarShift(now)) * 1000).toISOString().slice(0, 10);
}

let shift = 0; // set per generation by makeWarehouse; iso() is the only reader
const iso = (t) => new Date((t + shift) * 1000).toISOString().slice(0, 19) + 'Z';
const cents = (c) => Math.round(c) / 100;

/** Seasonal weight: busier Nov/Dec, quieter Feb, and ~25% growth from 2024 to 2025. */
function demand(t) {
  const month = new Date(t * 1000).getUTCMonth();
  const season = [0.9, 0.8, 0.95, 1, 1, 1, 0.95, 1, 1, 1.05, 1.4, 1.6][month];
  return season * (1 + 0.25 * ((t - T0) / (T1 - T0)));
}

const SCHEMA = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL, segment TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  category TEXT NOT NULL, price REAL NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
  ordered_at TEXT NOT NULL, status TEXT NOT NULL, amount REAL NOT NULL, state TEXT NOT NULL,
  channel TEXT NOT NULL);
CREATE TABLE order_items (order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL);
CREATE TABLE payments (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
  method TEXT NOT NULL, amount REAL NOT NULL, paid_at TEXT, status TEXT NOT NULL);
CREATE TABLE calendar (day TEXT PRIMARY KEY, week_start TEXT NOT NULL, month TEXT NOT NULL,
  day_number INTEGER NOT NULL);
`;
// The layout of the tables, kept in the file's application_id beside the calendar shift, so a
// file written by an older layout is regenerated.
const LAYOUT = 2;
// Indexes follow the access paths the fixture blocks use: time ranges, status, joins, filters.
const INDEXES = `
CREATE INDEX orders_ordered_at ON orders(ordered_at);
CREATE INDEX orders_status_ordered_at ON orders(status, ordered_at);
CREATE INDEX orders_customer ON orders(customer_id);
CREATE INDEX orders_state ON orders(state);
CREATE INDEX order_items_order ON order_items(order_id);
CREATE INDEX order_items_product ON order_items(product_id);
CREATE INDEX payments_order ON payments(order_id);
CREATE INDEX customers_state ON customers(state);
CREATE INDEX products_category ON products(category);
`;

/**
 * The date dimension: one row per day the data can name, its ISO week's Monday, its month and
 * a day number (days since 1970-01-01). Blocks join it for week starts and day differences,
 * so the same SQL runs on every engine (none of them shares date arithmetic with the others).
 */
function fillCalendar(db) {
  const ins = db.prepare('INSERT INTO calendar VALUES (?, ?, ?, ?)');
  for (let t = CUSTOMER_T0 + shift; t <= T1 + shift + DAY; t += DAY) {
    const day = new Date(t * 1000);
    const monday = new Date((t - ((day.getUTCDay() + 6) % 7) * DAY) * 1000);
    ins.run(day.toISOString().slice(0, 10), monday.toISOString().slice(0, 10), day.toISOString().slice(0, 7), Math.floor(t / DAY));
  }
}

/**
 * The customers, ids in signup order: "customers who existed at time t" is the prefix 1..k.
 * Returns each one's home state and the sorted signup times.
 */
function fillCustomers(db, rnd) {
  const insCustomer = db.prepare('INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?)');
  const signups = [];
  for (let i = 0; i < COUNTS.customers; i++) {
    signups.push(rnd.next() < 0.7 ? CUSTOMER_T0 + Math.floor(rnd.next() * (T0 - CUSTOMER_T0)) : T0 + Math.floor(rnd.next() * (T1 - 60 * DAY - T0)));
  }
  signups.sort((a, b) => a - b);
  const customers = [];
  for (let id = 1; id <= COUNTS.customers; id++) {
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const state = rnd.weighted(STATES);
    const created = signups[id - 1];
    customers.push({ state });
    const email = `${first}.${last}.${id}@example.test`.toLowerCase();
    insCustomer.run(id, `${first} ${last}`, email, state, rnd.weighted(SEGMENTS), iso(created));
  }
  return { customers, signups };
}

/** Number of customers signed up at or before t (binary search over the sorted signups). */
function signedUpBy(signups, t) {
  let lo = 0,
    hi = signups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (signups[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The products, categories in turn; returns each one's price and popularity. */
function fillProducts(db, rnd) {
  const insProduct = db.prepare('INSERT INTO products VALUES (?, ?, ?, ?, ?)');
  const products = [];
  const categories = Object.keys(CATEGORIES);
  for (let id = 1; id <= COUNTS.products; id++) {
    const category = categories[(id - 1) % categories.length];
    const [[lo, hi], nouns] = CATEGORIES[category];
    const price = rnd.int(Math.ceil(lo / 100), Math.floor(hi / 100)) * 100 - 1; // x.99 prices
    products.push({ price, pop: 0.2 + rnd.next() ** 3 * 5 }); // a few bestsellers, a long tail
    const name = `${rnd.pick(ADJECTIVES)} ${rnd.pick(nouns)}`;
    insProduct.run(id, `SKU-${String(id).padStart(5, '0')}`, name, category, cents(price));
  }
  return products;
}

/** An order's status; only the last weeks (`recent`) still have many unsettled orders. */
function orderStatus(rnd, recent) {
  return rnd.weighted(
    recent
      ? [
          ['completed', 52],
          ['cancelled', 5],
          ['refunded', 3],
          ['pending', 40],
        ]
      : [
          ['completed', 86],
          ['cancelled', 7],
          ['refunded', 5],
          ['pending', 2],
        ],
  );
}

/** The item rows of order `id` (one to four lines, popular products likelier) and the order's total. */
function orderLines(rnd, id, products, productWeights) {
  let total = 0;
  const items = [];
  const lines = rnd.int(1, 4);
  for (let k = 0; k < lines; k++) {
    const productId = rnd.weighted(productWeights);
    const quantity = rnd.weighted([
      [1, 70],
      [2, 20],
      [3, 7],
      [4, 3],
    ]);
    const discounted = rnd.next() < 0.15; // promotions sell at 10% off
    const unit = discounted ? Math.round(products[productId - 1].price * 0.9) : products[productId - 1].price;
    total += unit * quantity;
    items.push([id, productId, quantity, cents(unit)]);
  }
  return { items, total };
}

/** The orders along the seasonal curve, each with its items and its payment. */
function fillOrders(db, rnd, { customers, signups }, products) {
  const insOrder = db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insItem = db.prepare('INSERT INTO order_items VALUES (?, ?, ?, ?)');
  const insPayment = db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?, ?, ?)');
  const productWeights = products.map((p, i) => [i + 1, p.pop]);
  const peak = demand(T1) * 1.6;
  for (let id = 1; id <= COUNTS.orders; id++) {
    let t; // rejection sampling against the seasonal curve
    do t = T0 + Math.floor(rnd.next() * (T1 - T0));
    while (rnd.next() * peak > demand(t));
    const customerId = rnd.int(1, signedUpBy(signups, t)); // only customers who already exist can order
    const customer = customers[customerId - 1];
    const status = orderStatus(rnd, t > T1 - 45 * DAY);
    // Buffered: the order row (with its total) must exist before its items.
    const { items, total } = orderLines(rnd, id, products, productWeights);
    // Orders usually ship to the customer's home state, sometimes elsewhere (gifts).
    const state = rnd.next() < 0.9 ? customer.state : rnd.weighted(STATES);
    insOrder.run(id, customerId, iso(t), status, cents(total), state, rnd.weighted(CHANNELS));
    for (const item of items) insItem.run(...item);
    const payStatus = { completed: 'captured', cancelled: 'voided', refunded: 'refunded', pending: 'pending' }[status];
    const paidAt = status === 'pending' ? null : iso(t + rnd.int(5, 3600));
    insPayment.run(id, id, rnd.weighted(METHODS), cents(total), paidAt, payStatus);
  }
}

/** Customers, then products, then orders: the PRNG is drawn in this order, which fixes every value. */
function fill(db, rnd) {
  const customers = fillCustomers(db, rnd);
  const products = fillProducts(db, rnd);
  fillOrders(db, rnd, customers, products);
}

/**
 * Writes the warehouse to `path` atomically (temp file in the same directory, then rename).
 * `options.now` fixes the calendar (default: the clock); the same week gives the same bytes.
 */
export async function makeWarehouse(path, options = {}) {
  shift = calendarShift(options.now ?? new Date());
  return writeWarehouse(path, {
    version: shift / WEEK,
    layout: LAYOUT,
    build: (db) => {
      db.exec(SCHEMA);
      db.transaction(() => fill(db, prng(SEED)))();
      db.transaction(() => fillCalendar(db))();
      db.exec(INDEXES);
      db.exec('ANALYZE');
    },
  });
}

/** True when `path` exists and was generated for the same week as `now` (its data is current). */
export function warehouseIsCurrent(path, now = new Date()) {
  return headerIs(path, calendarShift(now) / WEEK, LAYOUT);
}

await runAsScript(import.meta.url, (target) => makeWarehouse(target));
