#!/usr/bin/env node
import { headerIs, runAsScript, writeWarehouse } from './warehouse-file.mjs';
import { prng } from './warehouse-kit.mjs';

export const SEED = 20250917;
export const COUNTS = { hotels: 12, companies: 40, outlets: 5 };

// kind: business hotels fill Monday to Thursday, leisure hotels at weekends and in summer.
// adr: a standard room's rate in euros (the group reports in EUR; New York and Zürich are
// converted at the budget rate). occ: the hotel's typical occupancy.
const HOTELS = [
  {
    code: 'AMS01',
    name: 'Kestrel Amsterdam Canal',
    city: 'Amsterdam',
    country: 'Netherlands',
    region: 'Benelux',
    rooms: 26,
    adr: 182,
    occ: 0.83,
    kind: 'leisure',
    opened: '2016-04-01',
    banqueting: false,
    quality: 0.4,
  },
  {
    code: 'LON01',
    name: 'Kestrel London Kensington',
    city: 'London',
    country: 'United Kingdom',
    region: 'UK & Ireland',
    rooms: 34,
    adr: 228,
    occ: 0.85,
    kind: 'mixed',
    opened: '2012-09-15',
    banqueting: true,
    quality: 0.2,
  },
  {
    code: 'LON02',
    name: 'Kestrel London City',
    city: 'London',
    country: 'United Kingdom',
    region: 'UK & Ireland',
    rooms: 30,
    adr: 204,
    occ: 0.79,
    kind: 'business',
    opened: '2019-03-01',
    banqueting: true,
    quality: 0.0,
  },
  {
    code: 'PAR01',
    name: 'Kestrel Paris Opéra',
    city: 'Paris',
    country: 'France',
    region: 'France',
    rooms: 22,
    adr: 256,
    occ: 0.81,
    kind: 'leisure',
    opened: '2014-05-20',
    banqueting: false,
    quality: 0.3,
  },
  {
    code: 'BCN01',
    name: 'Kestrel Barcelona Eixample',
    city: 'Barcelona',
    country: 'Spain',
    region: 'Southern Europe',
    rooms: 28,
    adr: 168,
    occ: 0.8,
    kind: 'leisure',
    opened: '2017-06-01',
    banqueting: false,
    quality: 0.1,
  },
  {
    code: 'LIS01',
    name: 'Kestrel Lisbon Chiado',
    city: 'Lisbon',
    country: 'Portugal',
    region: 'Southern Europe',
    rooms: 19,
    adr: 149,
    occ: 0.78,
    kind: 'leisure',
    opened: '2021-04-12',
    banqueting: false,
    quality: 0.5,
  },
  {
    code: 'BER01',
    name: 'Kestrel Berlin Mitte',
    city: 'Berlin',
    country: 'Germany',
    region: 'DACH',
    rooms: 32,
    adr: 134,
    occ: 0.75,
    kind: 'business',
    opened: '2013-02-01',
    banqueting: true,
    quality: -0.2,
  },
  {
    code: 'MUC01',
    name: 'Kestrel Munich Altstadt',
    city: 'Munich',
    country: 'Germany',
    region: 'DACH',
    rooms: 24,
    adr: 158,
    occ: 0.77,
    kind: 'business',
    opened: '2018-10-01',
    banqueting: true,
    quality: 0.1,
  },
  {
    code: 'ZRH01',
    name: 'Kestrel Zürich See',
    city: 'Zürich',
    country: 'Switzerland',
    region: 'DACH',
    rooms: 16,
    adr: 286,
    occ: 0.73,
    kind: 'business',
    opened: '2020-01-15',
    banqueting: false,
    quality: 0.3,
  },
  {
    code: 'ROM01',
    name: 'Kestrel Rome Trevi',
    city: 'Rome',
    country: 'Italy',
    region: 'Southern Europe',
    rooms: 14,
    adr: 219,
    occ: 0.82,
    kind: 'leisure',
    opened: '2015-03-28',
    banqueting: false,
    quality: 0.2,
  },
  {
    code: 'VIE01',
    name: 'Kestrel Vienna Ring',
    city: 'Vienna',
    country: 'Austria',
    region: 'DACH',
    rooms: 21,
    adr: 146,
    occ: 0.74,
    kind: 'mixed',
    opened: '2011-11-01',
    banqueting: true,
    quality: -0.1,
  },
  {
    code: 'NYC01',
    name: 'Kestrel New York Midtown',
    city: 'New York',
    country: 'United States',
    region: 'North America',
    rooms: 38,
    adr: 305,
    occ: 0.87,
    kind: 'mixed',
    opened: '2022-05-02',
    banqueting: true,
    quality: -0.3,
  },
];

// Occupancy by month (Jan..Dec) and by weekday (Mon..Sun) for each kind of hotel.
const SEASON = {
  leisure: [0.72, 0.76, 0.9, 1.0, 1.06, 1.1, 1.14, 1.14, 1.08, 1.0, 0.84, 0.9],
  business: [0.84, 0.95, 1.04, 1.04, 1.06, 1.02, 0.86, 0.78, 1.1, 1.1, 1.05, 0.82],
  mixed: [0.8, 0.86, 0.97, 1.02, 1.05, 1.06, 1.02, 0.98, 1.08, 1.06, 0.98, 0.94],
};
const WEEKDAY = {
  leisure: [0.86, 0.88, 0.92, 0.97, 1.1, 1.16, 0.94],
  business: [1.08, 1.14, 1.14, 1.06, 0.88, 0.8, 0.86],
  mixed: [1.0, 1.04, 1.04, 1.02, 1.0, 1.04, 0.88],
};
// Rates follow demand, less steeply than occupancy.
const RATE_SEASON = [0.86, 0.88, 0.96, 1.02, 1.06, 1.08, 1.1, 1.08, 1.1, 1.06, 0.96, 1.02];

const ROOM_TYPES = [
  ['standard', 54, 1.0],
  ['superior', 26, 1.18],
  ['deluxe', 14, 1.4],
  ['suite', 6, 2.15],
];
const ROOM_TYPE_FACTOR = Object.fromEntries(ROOM_TYPES.map(([t, , f]) => [t, f]));

// channel -> [weight for leisure, business, mixed], sources [name, weight, commission rate]
const CHANNELS = {
  direct: {
    w: { leisure: 30, business: 28, mixed: 32 },
    sources: [
      ['brand.com', 62, 0],
      ['call_centre', 22, 0],
      ['walk_in', 6, 0],
      ['email', 10, 0],
    ],
  },
  ota: {
    w: { leisure: 46, business: 32, mixed: 40 },
    sources: [
      ['Booking.com', 60, 0.17],
      ['Expedia', 30, 0.18],
      ['Agoda', 10, 0.16],
    ],
  },
  corporate: {
    w: { leisure: 8, business: 30, mixed: 16 },
    sources: [
      ['GDS', 56, 0.1],
      ['corporate_portal', 44, 0],
    ],
  },
  wholesale: {
    w: { leisure: 16, business: 10, mixed: 12 },
    sources: [
      ['Hotelbeds', 62, 0],
      ['WebBeds', 38, 0],
    ],
  },
};
// Market segment by channel, with the rate factor against the best available rate.
const SEGMENTS = {
  direct: [
    ['transient', 55],
    ['discount', 18],
    ['package', 21],
    ['group', 6],
  ],
  ota: [
    ['transient', 58],
    ['discount', 32],
    ['package', 10],
  ],
  corporate: [
    ['negotiated', 86],
    ['group', 14],
  ],
  wholesale: [
    ['package', 70],
    ['group', 30],
  ],
};
const SEGMENT_RATE = { transient: 1.0, discount: 0.84, negotiated: 0.9, group: 0.8, package: 1.14 };
const RATE_PLAN = { transient: 'BAR', discount: 'ADVANCE_PURCHASE', negotiated: 'CORP_NEGOTIATED', group: 'GROUP', package: 'BED_AND_BREAKFAST' };
// Mean lead time in days per segment; wholesale and groups book far ahead.
const LEAD_MEAN = { transient: 24, discount: 48, negotiated: 11, group: 70, package: 52 };
// Cancellation and no-show probabilities per channel (OTA bookings cancel most).
const CANCEL = { direct: 0.13, ota: 0.3, corporate: 0.12, wholesale: 0.19 };
const NO_SHOW = { direct: 0.015, ota: 0.04, corporate: 0.03, wholesale: 0.02 };

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Giulia',
  'Hannah',
  'Ines',
  'Jonas',
  'Karin',
  'Lucas',
  'Marta',
  'Noah',
  'Olivia',
  'Pierre',
  'Quinn',
  'Rosa',
  'Sven',
  'Tom',
  'Ursula',
  'Victor',
  'Wen',
  'Yuki',
  'Zara',
  'Aisha',
  'Bruno',
  'Chloe',
  'Diego',
  'Elif',
  'Farah',
  'George',
  'Hugo',
  'Isla',
  'James',
  'Lea',
  'Mateo',
  'Nina',
  'Omar',
  'Priya',
];
const LAST = [
  'Müller',
  'Smith',
  'García',
  'Rossi',
  'Dubois',
  'de Vries',
  'Silva',
  'Novak',
  'Jensen',
  'Schmidt',
  'Brown',
  'Martin',
  'Fernández',
  'Bianchi',
  'Janssen',
  'Costa',
  'Weber',
  'Taylor',
  'Moreau',
  'Ricci',
  'Kowalski',
  'Nguyen',
  'Kim',
  'Patel',
  'Cohen',
  'Okafor',
  'Larsen',
  'Meyer',
  'Wilson',
  'Lopez',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Rue de la Paix',
  'Hauptstraße',
  'Via Roma',
  'Calle Mayor',
  'Kerkstraat',
  'Rua Augusta',
  'Main Street',
  'Park Lane',
  'Bahnhofstrasse',
  'Ringstraße',
];
// Countries of residence (source markets); the hotel's own country is added with extra weight.
const MARKETS = [
  ['United Kingdom', 13],
  ['United States', 14],
  ['Germany', 11],
  ['France', 7],
  ['Netherlands', 5],
  ['Spain', 5],
  ['Italy', 5],
  ['Switzerland', 3],
  ['Austria', 2],
  ['Belgium', 3],
  ['Ireland', 2],
  ['Sweden', 2],
  ['Denmark', 2],
  ['Norway', 1.5],
  ['Poland', 1.5],
  ['Portugal', 1.5],
  ['Canada', 3],
  ['Australia', 2.5],
  ['Japan', 2.5],
  ['China', 2],
  ['South Korea', 1.5],
  ['India', 2],
  ['Brazil', 1.5],
  ['Mexico', 1],
  ['Israel', 1],
  ['United Arab Emirates', 1.5],
  ['Saudi Arabia', 1],
  ['Singapore', 1],
  ['Czech Republic', 1],
  ['Greece', 1],
];
const LOYALTY = [
  ['non_member', 58],
  ['silver', 25],
  ['gold', 12],
  ['platinum', 5],
];
const COMPANY_A = [
  'Northwind',
  'Alder',
  'Bluefin',
  'Cobalt',
  'Driftwood',
  'Evergreen',
  'Foxglove',
  'Granite',
  'Harbor',
  'Ironbark',
  'Juniper',
  'Kingfisher',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Oakridge',
  'Pinnacle',
  'Quartz',
  'Redwood',
  'Sable',
];
const COMPANY_B = [
  ['Consulting', 'consulting'],
  ['Capital', 'banking'],
  ['Pharma', 'pharma'],
  ['Systems', 'technology'],
  ['Engineering', 'engineering'],
  ['Legal LLP', 'legal'],
  ['Media', 'media'],
  ['Motors', 'automotive'],
];
const OUTLETS = [
  // outlet, share of in-house guests who eat there, average check in euros
  ['breakfast', 0.52, 24],
  ['restaurant', 0.22, 51],
  ['bar', 0.34, 19],
  ['room_service', 0.05, 36],
];
const TICKET_CATEGORIES = [
  ['plumbing', 24, 1.1],
  ['hvac', 17, 1.5],
  ['electrical', 14, 1.2],
  ['furniture', 16, 1.3],
  ['tv_wifi', 19, 0.7],
  ['locks', 10, 0.6],
];
const PRIORITIES = [
  ['urgent', 12, 3],
  ['high', 28, 10],
  ['normal', 60, 30],
];
const REVIEW_SOURCES = [
  ['google', 32],
  ['tripadvisor', 18],
  ['post_stay_survey', 26],
];
// department, staff per room, annual salary in euros (group median), share part-time
const DEPARTMENTS = [
  ['front_office', 0.12, 34000, 0.2],
  ['housekeeping', 0.18, 29000, 0.35],
  ['food_and_beverage', 0.16, 31000, 0.3],
  ['engineering', 0.05, 41000, 0.05],
  ['sales_and_marketing', 0.03, 52000, 0.1],
  ['finance_and_admin', 0.03, 48000, 0.15],
  ['management', 0, 96000, 0],
];
const COUNTRY_PAY = {
  'United Kingdom': 1.08,
  'United States': 1.3,
  Switzerland: 1.55,
  Germany: 1.05,
  Austria: 1.0,
  Netherlands: 1.04,
  France: 1.02,
  Spain: 0.8,
  Portugal: 0.66,
  Italy: 0.86,
};

const DAY = 86400;
const WEEK = 7 * DAY;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first night audit (day number)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last night audit: the data's "today minus one"
const T1 = (D1 + 1) * DAY - 1; // the last second of the last audited day
const HORIZON = 190; // future arrivals on the books reach this many days past the last audit
const WARMUP = 21; // stays simulated before the first audit, so January 2024 starts full

/** Seconds to add to every generated time: whole weeks, so the last audit is within 7 days of now. */
export function calendarShift(now = new Date()) {
  const t = Math.floor(new Date(now).getTime() / 1000);
  if (!Number.isFinite(t)) throw new TypeError(`not a date: ${String(now)}`);
  return Math.max(0, Math.floor((t - T1) / WEEK)) * WEEK;
}

/** The last night audit day (YYYY-MM-DD) of a warehouse generated at `now`. */
export function lastDataDay(now = new Date()) {
  return new Date((T1 + calendarShift(now)) * 1000).toISOString().slice(0, 10);
}

let shift = 0; // set per generation by makeWarehouse; day() and iso() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const iso = (t) => `${new Date((t + shift) * 1000).toISOString().slice(0, 19)}Z`;
const money = (x) => Math.round(x * 100) / 100;
// Unshifted calendar facts of a day number (weekday 0 = Monday).
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth();
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const dateOf = (n) => new Date(n * DAY * 1000).getUTCDate();
const growth = (n) => 1 + 0.05 * ((n - D0) / 365);
// Munich's Oktoberfest (mid-September to early October) sells out the Altstadt hotel.
const oktoberfest = (n) => (monthOf(n) === 8 && dateOf(n) >= 16) || (monthOf(n) === 9 && dateOf(n) <= 5);
// Business hotels empty out between Christmas and New Year.
const christmas = (n) => (monthOf(n) === 11 && dateOf(n) >= 23) || (monthOf(n) === 0 && dateOf(n) <= 2);

const SCHEMA = `
CREATE TABLE hotels (hotel_code TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL,
  country TEXT NOT NULL, region TEXT NOT NULL, rooms INTEGER NOT NULL, opened_on TEXT NOT NULL,
  has_meeting_space INTEGER NOT NULL);
CREATE TABLE guests (id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  email TEXT NOT NULL, phone TEXT NOT NULL, home_address TEXT NOT NULL,
  country_of_residence TEXT NOT NULL, date_of_birth TEXT NOT NULL, passport_number TEXT NOT NULL,
  loyalty_tier TEXT NOT NULL, loyalty_number TEXT, enrolled_on TEXT, marketing_opt_in INTEGER NOT NULL,
  created_at TEXT NOT NULL);
CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, industry TEXT NOT NULL,
  account_manager TEXT NOT NULL);
CREATE TABLE reservations (id INTEGER PRIMARY KEY, confirmation_no TEXT NOT NULL UNIQUE,
  hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code), guest_id INTEGER NOT NULL REFERENCES guests(id),
  company_id INTEGER REFERENCES companies(id), channel TEXT NOT NULL, source TEXT NOT NULL,
  market_segment TEXT NOT NULL, rate_plan TEXT NOT NULL, room_type TEXT NOT NULL,
  booked_at TEXT NOT NULL, arrival_date TEXT NOT NULL, departure_date TEXT NOT NULL,
  nights INTEGER NOT NULL, adults INTEGER NOT NULL, children INTEGER NOT NULL, status TEXT NOT NULL,
  cancelled_at TEXT, room_revenue REAL NOT NULL, commission REAL NOT NULL);
CREATE TABLE night_audit (hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code), business_date TEXT NOT NULL,
  rooms_available INTEGER NOT NULL, out_of_order_rooms INTEGER NOT NULL, rooms_sold INTEGER NOT NULL,
  guests_in_house INTEGER NOT NULL, room_revenue REAL NOT NULL, fb_revenue REAL NOT NULL,
  other_revenue REAL NOT NULL, PRIMARY KEY (hotel_code, business_date));
CREATE TABLE fb_daily (hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code), business_date TEXT NOT NULL,
  outlet TEXT NOT NULL, covers INTEGER NOT NULL, revenue REAL NOT NULL,
  PRIMARY KEY (hotel_code, business_date, outlet));
CREATE TABLE maintenance_tickets (id INTEGER PRIMARY KEY, hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code),
  room_number TEXT NOT NULL, category TEXT NOT NULL, priority TEXT NOT NULL, reported_by TEXT NOT NULL,
  opened_at TEXT NOT NULL, resolved_at TEXT, status TEXT NOT NULL, room_out_of_order INTEGER NOT NULL);
CREATE TABLE housekeeping_daily (hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code), work_date TEXT NOT NULL,
  attendant_shifts INTEGER NOT NULL, departure_cleans INTEGER NOT NULL, stayover_cleans INTEGER NOT NULL,
  cleaning_minutes INTEGER NOT NULL, rooms_inspected INTEGER NOT NULL, inspections_failed INTEGER NOT NULL,
  PRIMARY KEY (hotel_code, work_date));
CREATE TABLE reviews (id INTEGER PRIMARY KEY, hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code),
  reservation_id INTEGER NOT NULL REFERENCES reservations(id), guest_id INTEGER NOT NULL REFERENCES guests(id),
  source TEXT NOT NULL, posted_at TEXT NOT NULL, score REAL NOT NULL, would_recommend INTEGER NOT NULL);
CREATE TABLE employees (id INTEGER PRIMARY KEY, hotel_code TEXT NOT NULL REFERENCES hotels(hotel_code),
  first_name TEXT NOT NULL, last_name TEXT NOT NULL, department TEXT NOT NULL, job_title TEXT NOT NULL,
  work_email TEXT NOT NULL, personal_email TEXT NOT NULL, mobile_phone TEXT NOT NULL,
  home_address TEXT NOT NULL, date_of_birth TEXT NOT NULL, passport_number TEXT NOT NULL,
  bank_iban TEXT NOT NULL, contract_type TEXT NOT NULL, fte REAL NOT NULL, annual_salary REAL NOT NULL,
  hired_on TEXT NOT NULL, left_on TEXT);
CREATE TABLE calendar (day TEXT PRIMARY KEY, week_start TEXT NOT NULL, month TEXT NOT NULL,
  quarter TEXT NOT NULL, year INTEGER NOT NULL, day_of_week TEXT NOT NULL, day_number INTEGER NOT NULL);
`;
// The layout of the tables, kept in the file's application_id beside the calendar shift, so a
// file written by an older layout is regenerated.
const LAYOUT = 101;
const INDEXES = `
CREATE INDEX reservations_arrival ON reservations(arrival_date);
CREATE INDEX reservations_hotel_arrival ON reservations(hotel_code, arrival_date);
CREATE INDEX reservations_guest_arrival ON reservations(guest_id, arrival_date);
CREATE INDEX reservations_company ON reservations(company_id);
CREATE INDEX night_audit_date ON night_audit(business_date);
CREATE INDEX fb_daily_date ON fb_daily(business_date);
CREATE INDEX maintenance_hotel_opened ON maintenance_tickets(hotel_code, opened_at);
CREATE INDEX reviews_posted ON reviews(posted_at);
CREATE INDEX reviews_hotel ON reviews(hotel_code);
CREATE INDEX employees_department ON employees(department);
`;

const DOW = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The date dimension: every day the data can name, with its ISO week's Monday and labels. */
function fillCalendar(db) {
  const ins = db.prepare('INSERT INTO calendar VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (let n = D0 - 400; n <= D1 + HORIZON + 40; n++) {
    const d = day(n);
    const shifted = n + shift / DAY;
    const wd = (new Date(shifted * DAY * 1000).getUTCDay() + 6) % 7;
    const q = Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1;
    ins.run(d, day(n - wd), d.slice(0, 7), `${d.slice(0, 4)}-Q${q}`, Number(d.slice(0, 4)), DOW[wd], shifted);
  }
}

// Stays are simulated from a few weeks before the first audit to the last arrival on the books.
const FIRST_DAY = D0 - WARMUP;
const LAST_DAY = D1 + HORIZON;
const SPAN = LAST_DAY - FIRST_DAY + 1;

/** The insert statement of every table `fill` writes. */
function inserts(db) {
  return {
    hotel: db.prepare('INSERT INTO hotels VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    guest: db.prepare('INSERT INTO guests VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    company: db.prepare('INSERT INTO companies VALUES (?, ?, ?, ?)'),
    reservation: db.prepare('INSERT INTO reservations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    audit: db.prepare('INSERT INTO night_audit VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    fb: db.prepare('INSERT INTO fb_daily VALUES (?, ?, ?, ?, ?)'),
    ticket: db.prepare('INSERT INTO maintenance_tickets VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    housekeeping: db.prepare('INSERT INTO housekeeping_daily VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    review: db.prepare('INSERT INTO reviews VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    employee: db.prepare('INSERT INTO employees VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  };
}

/**
 * The whole warehouse but its calendar. Each phase draws from the one PRNG in turn, so their
 * order (and the order of draws within each) fixes every value: moving a draw changes the data.
 */
function fill(db, rnd) {
  const ins = inserts(db);
  for (const h of HOTELS) ins.hotel.run(h.code, h.name, h.city, h.country, h.region, h.rooms, h.opened, h.banqueting ? 1 : 0);
  const companies = fillCompanies(ins, rnd);
  const chooseGuest = guestBook(ins, rnd);
  const reservations = [];
  const state = []; // per hotel: rooms sold and out of order per night, maintenance tickets
  for (const [hi, h] of HOTELS.entries()) {
    // Maintenance first: rooms out of order reduce what can be sold.
    const { ooo, tickets } = simulateMaintenance(rnd, h);
    const sold = simulateStays(rnd, h, hi, ooo, reservations);
    state.push({ sold, ooo, tickets });
  }
  const all = withCancellations(rnd, reservations);
  const { nightly, stayRows } = fillReservations(ins, rnd, all, { chooseGuest, companies });
  fillDays(ins, rnd, nightly, state);
  fillTickets(ins, rnd, state);
  fillReviews(ins, rnd, stayRows);
  fillStaff(ins, rnd);
}

/** Corporate accounts: a few large ones and a long tail; returns their Pareto weights. */
function fillCompanies(ins, rnd) {
  const companies = [];
  for (let id = 1; id <= COUNTS.companies; id++) {
    const [suffix, industry] = COMPANY_B[(id * 7) % COMPANY_B.length];
    const name = `${COMPANY_A[(id - 1) % COMPANY_A.length]} ${suffix}${id > COMPANY_A.length ? ' Group' : ''}`;
    companies.push([id, 1 / id ** 0.9]);
    ins.company.run(id, name, industry, `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`);
  }
  return companies;
}

/** A new guest's row (name, contact details, residence, birth date, passport, loyalty tier and enrolment), with the tier and residence apart. */
function guestRow(rnd, hotel, id, bookedT) {
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const country = rnd.next() < 0.25 ? hotel.country : rnd.weighted(MARKETS);
  const tier = rnd.weighted(LOYALTY);
  const born = Date.UTC(1942 + rnd.int(0, 63), rnd.int(0, 11), rnd.int(1, 28));
  const slug = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const enrolled = tier === 'non_member' ? null : day(Math.floor(bookedT / DAY) - rnd.int(0, 900));
  const row = [
    id,
    first,
    last,
    `${slug}.${id}@mail.example.test`,
    `+${rnd.int(1, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
    `${rnd.int(1, 240)} ${rnd.pick(STREETS)}, ${country}`,
    country,
    new Date(born).toISOString().slice(0, 10),
    `${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(1000000, 9999999)}`,
    tier,
    tier === 'non_member' ? null : `KH${String(id).padStart(8, '0')}`,
    enrolled,
    rnd.next() < 0.42 ? 1 : 0,
    iso(bookedT),
  ];
  return { row, tier, country };
}

/**
 * Guests are created as they first book; members come back more often than non-members.
 * Returns who books a stay: a returning guest (recent ones likelier) or a new one.
 */
function guestBook(ins, rnd) {
  const members = [];
  const everyone = [];
  const newGuest = (hotel, bookedT) => {
    const id = everyone.length + 1;
    const { row, tier, country } = guestRow(rnd, hotel, id, bookedT);
    ins.guest.run(...row);
    const guest = { id, tier, country };
    everyone.push(guest);
    if (guest.tier !== 'non_member') members.push(guest);
    return guest;
  };
  return (hotel, channel, bookedT) => {
    const repeat = channel === 'corporate' ? 0.48 : channel === 'direct' ? 0.34 : 0.14;
    if (everyone.length > 200 && rnd.next() < repeat) {
      const pool = rnd.next() < 0.75 && members.length > 50 ? members : everyone;
      // Recent guests more likely: pick from the later part of the pool.
      const k = Math.floor(pool.length * (1 - rnd.next() ** 2.5));
      return pool[Math.min(pool.length - 1, k)];
    }
    return newGuest(hotel, bookedT);
  };
}

/** One maintenance ticket opened on day `n`: its category, priority, repair time and whether the room goes out of order. */
function ticketOn(rnd, h, n) {
  const [category, , catFactor] = rnd.weighted(TICKET_CATEGORIES.map((c) => [c, c[1]]));
  const [priority, , meanHours] = rnd.weighted(PRIORITIES.map((p) => [p, p[1]]));
  const opened = n * DAY + rnd.int(6 * 3600, 22 * 3600);
  const hours = Math.max(0.25, rnd.expo(meanHours * catFactor * (1 - h.quality * 0.3)));
  const resolved = opened + Math.round(hours * 3600);
  const outOfOrder =
    (priority !== 'normal' && (category === 'plumbing' || category === 'hvac' || category === 'electrical') && rnd.next() < 0.45) ||
    (priority === 'urgent' && rnd.next() < 0.3);
  return { category, priority, opened, resolved, outOfOrder };
}

/** A hotel's maintenance tickets and the rooms out of order each night (at most three). */
function simulateMaintenance(rnd, h) {
  const ooo = new Int16Array(SPAN);
  const tickets = [];
  for (let n = FIRST_DAY; n <= D1; n++) {
    const k = rnd.poisson(h.rooms * 0.07);
    for (let i = 0; i < k; i++) {
      const t = ticketOn(rnd, h, n);
      tickets.push(t);
      if (t.outOfOrder) for (let m = n; m <= Math.floor(t.resolved / DAY) && m <= LAST_DAY; m++) if (ooo[m - FIRST_DAY] < 3) ooo[m - FIRST_DAY]++;
    }
  }
  return { ooo, tickets };
}

/** How many nights a stay of this segment lasts: negotiated stays are short, leisure and packages long. */
function stayLength(rnd, h, segment) {
  if (segment === 'negotiated')
    return rnd.weighted([
      [1, 38],
      [2, 30],
      [3, 18],
      [4, 9],
      [5, 5],
    ]);
  if (h.kind === 'leisure' || segment === 'package')
    return rnd.weighted([
      [1, 12],
      [2, 26],
      [3, 26],
      [4, 16],
      [5, 9],
      [6, 5],
      [7, 6],
    ]);
  return rnd.weighted([
    [1, 26],
    [2, 30],
    [3, 20],
    [4, 11],
    [5, 7],
    [6, 3],
    [7, 3],
  ]);
}

/** The rooms a hotel is to sell on night `n`: its occupancy in that season and weekday, events, capacity. */
function nightTarget(rnd, h, n, ooo) {
  const m = monthOf(n);
  let target = h.occ * SEASON[h.kind][m] * WEEKDAY[h.kind][weekdayOf(n)] * (0.93 + 0.14 * rnd.next());
  if (h.code === 'MUC01' && oktoberfest(n)) target = 1;
  if (christmas(n)) target *= h.kind === 'business' ? 0.6 : 1.05;
  const capacity = h.rooms - ooo[n - FIRST_DAY];
  return Math.min(capacity, Math.round(capacity * Math.min(1, target)));
}

/** Whether a stay arriving on `n` for `nights` finds a room free every night. */
function fits(h, n, nights, sold, ooo) {
  for (let k = 0; k < nights; k++) {
    const idx = n + k - FIRST_DAY;
    if (idx >= SPAN || sold[idx] >= h.rooms - ooo[idx]) return false;
  }
  return true;
}

/** Fills each night of hotel `hi` towards the day's target by arrivals of 1 to 7 nights; returns rooms sold per night. */
function simulateStays(rnd, h, hi, ooo, reservations) {
  const sold = new Int16Array(SPAN);
  for (let n = FIRST_DAY; n <= LAST_DAY; n++) {
    const want = nightTarget(rnd, h, n, ooo);
    let guard = 0;
    while (sold[n - FIRST_DAY] < want && guard++ < 200) {
      const channel = rnd.weighted(Object.entries(CHANNELS).map(([c, v]) => [c, v.w[h.kind]]));
      const segment = rnd.weighted(SEGMENTS[channel]);
      const nights = stayLength(rnd, h, segment);
      if (!fits(h, n, nights, sold, ooo)) continue;
      for (let k = 0; k < nights; k++) sold[n + k - FIRST_DAY]++;
      reservations.push(makeStay(rnd, h, hi, n, nights, channel, segment, false));
    }
  }
  return sold;
}

/** The stays plus cancellations and no-shows in the same mix (holding no room), in booking order. */
function withCancellations(rnd, reservations) {
  const extra = [];
  for (const r of reservations) {
    const pc = CANCEL[r.channel];
    if (rnd.next() < pc / (1 - pc)) extra.push({ ...makeStay(rnd, HOTELS[r.hi], r.hi, r.arrival, r.nights, r.channel, r.segment, true), outcome: 'cancelled' });
    if (rnd.next() < NO_SHOW[r.channel])
      extra.push({ ...makeStay(rnd, HOTELS[r.hi], r.hi, r.arrival, r.nights, r.channel, r.segment, true), outcome: 'no_show' });
  }
  const all = reservations.concat(extra);
  // Booked in time order, so confirmation numbers and guest ids follow the booking clock.
  all.sort((a, b) => a.bookedT - b.bookedT || a.hi - b.hi || a.arrival - b.arrival);
  return all;
}

/**
 * A reservation's status on the last audit day, or undefined when it is left out: a cancellation
 * that has not happened yet (it would still hold a room), a no-show still to come.
 */
function stayStatus(rnd, r) {
  const departure = r.arrival + r.nights;
  if (r.outcome === 'cancelled') {
    // Cancelled somewhere between booking and arrival (OTA free cancellation runs late).
    const cancelT = r.bookedT + Math.floor(rnd.next() ** (r.channel === 'ota' ? 0.6 : 1) * (r.arrival * DAY + 15 * 3600 - r.bookedT));
    if (cancelT > T1) {
      r.cancelT = null;
      return undefined;
    }
    r.cancelT = cancelT;
    return 'cancelled';
  }
  if (r.outcome === 'no_show') return r.arrival > D1 ? undefined : 'no_show';
  if (departure <= D1) return 'checked_out';
  return r.arrival <= D1 ? 'in_house' : 'confirmed';
}

/** Who stays: one adult on a negotiated rate, mostly couples otherwise, children at leisure hotels. */
function partyOf(rnd, h, r) {
  const adults =
    r.segment === 'negotiated'
      ? 1
      : rnd.weighted([
          [1, 30],
          [2, 62],
          [3, 8],
        ]);
  const children = h.kind === 'leisure' && adults >= 2 && rnd.next() < 0.18 ? rnd.int(1, 2) : 0;
  return { adults, children };
}

/** The reservation row `rid` of stay `r`. */
function reservationRow(rid, r, { h, guest, company, status, adults, children }) {
  const commission = status === 'cancelled' || status === 'no_show' ? 0 : money(r.revenue * r.commissionRate);
  return [
    rid,
    `KH${String(100000 + rid * 7 + (rid % 7))}`,
    h.code,
    guest.id,
    company,
    r.channel,
    r.source,
    r.segment,
    RATE_PLAN[r.segment],
    r.roomType,
    iso(r.bookedT),
    day(r.arrival),
    day(r.arrival + r.nights),
    r.nights,
    adults,
    children,
    status,
    status === 'cancelled' ? iso(r.cancelT) : null,
    money(r.revenue),
    commission,
  ];
}

/** Adds a stay's revenue and guests to each of its nights, and its departure to its last day. */
function addToNights(nt, r, people) {
  for (let k = 0; k < r.nights; k++) {
    const idx = r.arrival + k - FIRST_DAY;
    nt.revenue[idx] += r.rates[k];
    nt.guests[idx] += people;
    if (r.segment === 'package') nt.packages[idx] += people;
  }
  const departure = r.arrival + r.nights;
  if (departure - FIRST_DAY < SPAN) nt.departures[departure - FIRST_DAY]++;
}

/**
 * The reservations booked by the last audit day, each with its guest and company. Returns, per
 * hotel and night, revenue and guests from stays and departures for housekeeping, and the
 * checked-out stays a review may follow.
 */
function fillReservations(ins, rnd, all, { chooseGuest, companies }) {
  const nightly = HOTELS.map(() => ({
    revenue: new Float64Array(SPAN),
    guests: new Int32Array(SPAN),
    departures: new Int32Array(SPAN),
    packages: new Int32Array(SPAN),
  }));
  let rid = 0;
  const stayRows = [];
  for (const r of all) {
    const h = HOTELS[r.hi];
    const status = stayStatus(rnd, r);
    if (status === undefined) continue;
    if (r.bookedT > T1) continue; // not booked yet on the last audit day
    const guest = chooseGuest(h, r.channel, r.bookedT);
    const company = r.channel === 'corporate' ? rnd.weighted(companies) : null;
    rid++;
    const { adults, children } = partyOf(rnd, h, r);
    ins.reservation.run(...reservationRow(rid, r, { h, guest, company, status, adults, children }));
    if (status === 'cancelled' || status === 'no_show') continue;
    addToNights(nightly[r.hi], r, adults + children);
    if (status === 'checked_out') stayRows.push([rid, r.hi, r.arrival + r.nights, guest.id, r.source, r.roomType]);
  }
  return { nightly, stayRows };
}

/** A day's F&B covers and revenue per outlet (non-resident guests at the restaurant and bar, weekday banquets); returns the total. */
function fillFbDay(ins, rnd, h, n, guests, packages) {
  let fbTotal = 0;
  const d = day(n);
  for (const [outlet, share, check] of OUTLETS) {
    let covers = Math.round(guests * share * (0.85 + 0.3 * rnd.next()));
    if (outlet === 'breakfast') covers = Math.max(covers, packages);
    if (outlet === 'restaurant' || outlet === 'bar') covers += rnd.int(4, 30); // non-resident guests
    if (covers === 0) continue;
    const revenue = money(covers * check * (0.9 + 0.2 * rnd.next()) * (h.adr / 200) ** 0.5);
    fbTotal += revenue;
    ins.fb.run(h.code, d, outlet, covers, revenue);
  }
  if (h.banqueting && weekdayOf(n) < 5 && rnd.next() < 0.35) {
    const covers = rnd.int(12, 140);
    const revenue = money(covers * 58 * (0.9 + 0.25 * rnd.next()));
    fbTotal += revenue;
    ins.fb.run(h.code, d, 'banqueting', covers, revenue);
  }
  return fbTotal;
}

/** A day's housekeeping: departure and stayover cleans, minutes, shifts, inspections. */
function fillHousekeepingDay(ins, rnd, h, n, { departures, stayovers }) {
  const minutes = Math.round(departures * (38 + 8 * rnd.next() - h.quality * 3) + stayovers * (21 + 5 * rnd.next()));
  const shifts = Math.max(1, Math.round(minutes / (60 * (6.2 + 0.8 * rnd.next()))));
  const inspected = Math.round(departures * 0.8 + stayovers * 0.1);
  const failed = Math.round(inspected * Math.max(0, 0.05 - 0.03 * h.quality) * (0.5 + rnd.next()));
  ins.housekeeping.run(h.code, day(n), shifts, departures, stayovers, minutes, inspected, failed);
}

/** Night audit, F&B outlets and housekeeping, per hotel and audited day. */
function fillDays(ins, rnd, nightly, state) {
  for (const [hi, h] of HOTELS.entries()) {
    const nt = nightly[hi];
    const { sold: soldByNight, ooo } = state[hi];
    for (let n = D0; n <= D1; n++) {
      const idx = n - FIRST_DAY;
      const sold = soldByNight[idx];
      const guests = nt.guests[idx];
      const fbTotal = fillFbDay(ins, rnd, h, n, guests, nt.packages[idx]);
      const other = money(sold * (7 + 6 * rnd.next()) * (h.adr / 200));
      ins.audit.run(h.code, day(n), h.rooms - ooo[idx], ooo[idx], sold, guests, money(nt.revenue[idx]), money(fbTotal), other);
      const departures = nt.departures[idx];
      const stayovers = Math.max(0, (idx > 0 ? soldByNight[idx - 1] : sold) - departures);
      fillHousekeepingDay(ins, rnd, h, n, { departures, stayovers });
    }
  }
}

/** Maintenance tickets, in opening order per hotel, each with its room and who reported it. */
function fillTickets(ins, rnd, state) {
  let tid = 0;
  for (const [hi, h] of HOTELS.entries()) {
    const { tickets } = state[hi];
    tickets.sort((a, b) => a.opened - b.opened);
    for (const t of tickets) {
      tid++;
      const open = t.resolved > T1;
      const floor = rnd.int(1, Math.max(2, Math.ceil(h.rooms / 10)));
      ins.ticket.run(
        tid,
        h.code,
        `${floor}${String(rnd.int(1, 12)).padStart(2, '0')}`,
        t.category,
        t.priority,
        rnd.weighted([
          ['housekeeping', 40],
          ['front_office', 25],
          ['guest', 15],
          ['engineering', 20],
        ]),
        iso(t.opened),
        open ? null : iso(t.resolved),
        open ? 'open' : 'resolved',
        t.outOfOrder ? 1 : 0,
      );
    }
  }
}

/** Reviews: about one checked-out stay in six leaves one, on a ten-point scale, in posting order. */
function fillReviews(ins, rnd, stayRows) {
  let rvId = 0;
  const reviewRows = [];
  for (const [resId, hi, departure, guestId, source] of stayRows) {
    if (rnd.next() > 0.17) continue;
    const h = HOTELS[hi];
    const posted = (departure + rnd.int(0, 12)) * DAY + rnd.int(7 * 3600, 23 * 3600);
    if (posted > T1) continue;
    const site =
      source === 'Booking.com' && rnd.next() < 0.7 ? 'booking.com' : source === 'Expedia' && rnd.next() < 0.6 ? 'expedia' : rnd.weighted(REVIEW_SOURCES);
    const bias = site === 'tripadvisor' ? -0.3 : site === 'post_stay_survey' ? 0.2 : 0;
    const raw = 8.1 + h.quality * 1.2 + bias + (rnd.next() + rnd.next() + rnd.next() - 1.5) * 2.6;
    const score = Math.round(Math.min(10, Math.max(1, raw)) * 10) / 10;
    reviewRows.push([posted, h.code, resId, guestId, site, score]);
  }
  reviewRows.sort((a, b) => a[0] - b[0]);
  for (const [posted, code, resId, guestId, site, score] of reviewRows) {
    ins.review.run(++rvId, code, resId, guestId, site, iso(posted), score, score >= 7.5 ? 1 : 0);
  }
}

const JOB_TITLES = {
  front_office: 'Receptionist',
  housekeeping: 'Room Attendant',
  food_and_beverage: 'Server',
  engineering: 'Maintenance Technician',
  sales_and_marketing: 'Sales Manager',
  finance_and_admin: 'Accountant',
};

/** The row of employee `eid`, the `i`th of a department of `heads` (those past `heads` have left). */
function employeeRow(rnd, eid, h, { department, salary, partTime, pay }, i, heads) {
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const slug = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const hired = D0 - rnd.int(30, 4000);
  const left = i >= heads ? Math.min(D1, hired + rnd.int(120, 1500)) : null;
  const pt = rnd.next() < partTime;
  const fte = pt ? rnd.pick([0.5, 0.6, 0.8]) : 1;
  const title = department === 'management' ? (i === 0 ? 'General Manager' : 'Hotel Manager') : JOB_TITLES[department];
  const born = Date.UTC(1960 + rnd.int(0, 42), rnd.int(0, 11), rnd.int(1, 28));
  return [
    eid,
    h.code,
    first,
    last,
    department,
    title,
    `${slug}@kestrel-hotels.example.test`,
    `${slug}${rnd.int(1, 99)}@mail.example.test`,
    `+${rnd.int(1, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
    `${rnd.int(1, 240)} ${rnd.pick(STREETS)}, ${h.city}`,
    new Date(born).toISOString().slice(0, 10),
    `${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(10000000, 99999999)}`,
    `DE${rnd.int(10, 99)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(10, 99)}`,
    pt ? 'part_time' : 'full_time',
    fte,
    Math.round(salary * pay * (0.85 + 0.35 * rnd.next()) * fte),
    day(hired),
    left === null ? null : day(left),
  ];
}

/** Staff: every hotel's team by department, a general manager each, some leavers. */
function fillStaff(ins, rnd) {
  let eid = 0;
  for (const h of HOTELS) {
    const pay = COUNTRY_PAY[h.country] ?? 1;
    for (const [department, perRoom, salary, partTime] of DEPARTMENTS) {
      const heads = department === 'management' ? 1 + (h.rooms >= 30 ? 1 : 0) : Math.max(1, Math.round(h.rooms * perRoom * (0.9 + 0.2 * rnd.next())));
      const leavers = Math.round(heads * 0.25);
      for (let i = 0; i < heads + leavers; i++) ins.employee.run(...employeeRow(rnd, ++eid, h, { department, salary, partTime, pay }, i, heads));
    }
  }
}

/** One reservation: its channel mix, room type, booking time and nightly rates. */
function makeStay(rnd, h, hi, arrival, nights, channel, segment, extra) {
  const [source, , commissionRate] = rnd.weighted(CHANNELS[channel].sources.map((s) => [s, s[1]]));
  const roomType = rnd.weighted(ROOM_TYPES.map(([t, w]) => [t, w]));
  const leadDays = source === 'walk_in' ? 0 : Math.min(360, Math.floor(rnd.expo(LEAD_MEAN[segment])));
  const bookedT = (arrival - leadDays) * DAY - rnd.int(0, 20 * 3600) + (leadDays === 0 ? 22 * 3600 : 0);
  const rates = [];
  let revenue = 0;
  // Last-minute demand pays more, early advance purchase less; wholesale sells at net rates.
  const leadFactor = leadDays <= 1 ? 1.08 : leadDays > 90 ? 0.94 : 1;
  const net = channel === 'wholesale' ? 0.78 : 1;
  for (let k = 0; k < nights; k++) {
    const n = arrival + k;
    const occPressure = WEEKDAY[h.kind][weekdayOf(n)];
    let rate =
      h.adr * RATE_SEASON[monthOf(n)] * (0.75 + 0.25 * occPressure) * ROOM_TYPE_FACTOR[roomType] * SEGMENT_RATE[segment] * leadFactor * net * growth(n);
    if (h.code === 'MUC01' && oktoberfest(n)) rate *= 1.7;
    rate = money(rate * (0.95 + 0.1 * rnd.next()));
    rates.push(rate);
    revenue += rate;
  }
  return { hi, arrival, nights, channel, segment, source, commissionRate, roomType, bookedT, rates, revenue, extra };
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
