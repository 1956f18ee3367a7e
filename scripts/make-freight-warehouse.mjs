#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20260415;
export const COUNTS = { depots: 6, vehicles: 60, customers: 48 };

// Regions the network delivers to, with a centroid (lat, lon) for road distances and postcode areas.
const REGIONS = {
  NW: { name: 'North West', at: [53.48, -2.24], postcodes: ['M', 'WA', 'WN', 'BL', 'OL', 'SK', 'PR', 'L', 'CH'] },
  NE: { name: 'North East', at: [54.97, -1.61], postcodes: ['NE', 'SR', 'DH', 'TS'] },
  YH: { name: 'Yorkshire', at: [53.8, -1.55], postcodes: ['LS', 'BD', 'HX', 'WF', 'S', 'HU', 'YO', 'HD'] },
  WM: { name: 'West Midlands', at: [52.48, -1.9], postcodes: ['B', 'CV', 'WV', 'WS', 'DY', 'ST'] },
  EM: { name: 'East Midlands', at: [52.95, -1.15], postcodes: ['NG', 'DE', 'LE', 'NN', 'LN'] },
  EE: { name: 'East of England', at: [52.2, 0.12], postcodes: ['CB', 'PE', 'IP', 'NR', 'CO', 'CM'] },
  LDN: { name: 'London', at: [51.51, -0.13], postcodes: ['E', 'N', 'SE', 'SW', 'W', 'NW', 'EC', 'WC'] },
  SE: { name: 'South East', at: [51.27, 0.52], postcodes: ['DA', 'ME', 'CT', 'TN', 'RH', 'GU', 'BN', 'SO'] },
  SW: { name: 'South West', at: [51.45, -2.59], postcodes: ['BS', 'BA', 'GL', 'TA', 'EX', 'PL', 'SN'] },
  WAL: { name: 'Wales', at: [51.48, -3.18], postcodes: ['CF', 'NP', 'SA', 'LL', 'SY'] },
  SCO: { name: 'Scotland', at: [55.86, -4.25], postcodes: ['G', 'EH', 'PA', 'KA', 'ML', 'FK', 'AB', 'DD'] },
};

// otd: the depot's typical share of consignments delivered by the promised day; pod: handheld
// proof-of-delivery capture; fleet: artic, 18 t rigid, 7.5 t rigid, van.
const DEPOTS = [
  {
    code: 'MAN1',
    name: 'Manchester Trafford Park',
    city: 'Manchester',
    region: 'NW',
    at: [53.46, -2.32],
    opened: '2009-04-01',
    doors: 28,
    otd: 0.958,
    pod: 0.985,
    fleet: [5, 4, 2, 1],
  },
  {
    code: 'BIR1',
    name: 'Birmingham Castle Bromwich',
    city: 'Birmingham',
    region: 'WM',
    at: [52.51, -1.8],
    opened: '2011-09-12',
    doors: 24,
    otd: 0.948,
    pod: 0.975,
    fleet: [5, 3, 2, 1],
  },
  {
    code: 'LDS1',
    name: 'Leeds Stourton',
    city: 'Leeds',
    region: 'YH',
    at: [53.77, -1.52],
    opened: '2014-02-03',
    doors: 20,
    otd: 0.952,
    pod: 0.97,
    fleet: [4, 3, 2, 1],
  },
  {
    code: 'BRS1',
    name: 'Bristol Avonmouth',
    city: 'Bristol',
    region: 'SW',
    at: [51.5, -2.69],
    opened: '2016-06-20',
    doors: 18,
    otd: 0.94,
    pod: 0.962,
    fleet: [4, 3, 1, 1],
  },
  {
    code: 'GLA1',
    name: 'Glasgow Eurocentral',
    city: 'Glasgow',
    region: 'SCO',
    at: [55.84, -3.98],
    opened: '2018-03-05',
    doors: 16,
    otd: 0.918,
    pod: 0.951,
    fleet: [3, 3, 1, 1],
  },
  {
    code: 'DAR1',
    name: 'Dartford Crossways',
    city: 'Dartford',
    region: 'SE',
    at: [51.45, 0.25],
    opened: '2020-10-01',
    doors: 22,
    otd: 0.93,
    pod: 0.979,
    fleet: [4, 3, 2, 1],
  },
];

// type, payload in pallets, litres per 100 km, mean drops a trip, stop minutes, average road speed,
// refuel threshold in litres, service interval in weeks, make
const VEHICLE_TYPES = [
  { type: 'artic_44t', pallets: 26, l100: 32.5, drops: [2, 4], stop: 35, speed: 64, tank: 380, pmi: 6, makes: ['DAF XF', 'Scania R450', 'Volvo FH'] },
  { type: 'rigid_18t', pallets: 14, l100: 26.5, drops: [3, 7], stop: 20, speed: 48, tank: 200, pmi: 6, makes: ['DAF CF', 'Scania P280', 'Mercedes Atego'] },
  { type: 'rigid_7_5t', pallets: 6, l100: 18.5, drops: [4, 8], stop: 15, speed: 44, tank: 120, pmi: 8, makes: ['Iveco Eurocargo', 'DAF LF'] },
  { type: 'van_3_5t', pallets: 0, l100: 10.8, drops: [8, 15], stop: 6, speed: 38, tank: 60, pmi: 12, makes: ['Ford Transit', 'Mercedes Sprinter'] },
];

// name, sector, what they ship (pallet, parcel or mixed), credit terms in days, pays late by (mean days)
const CUSTOMERS = {
  MAN1: [
    ['Brightwell Retail', 'retail', 'mixed', 30, 4],
    ['Pennine Paints', 'building_supplies', 'pallet', 45, 6],
    ['Irwell Beverages', 'food_drink', 'pallet', 30, 2],
    ['Calder Auto Parts', 'automotive', 'mixed', 30, 9],
    ['Salford Print Works', 'print_paper', 'parcel', 45, 14],
    ['Stockport Tiles', 'building_supplies', 'pallet', 60, 3],
    ['Mersey Pet Supplies', 'retail', 'mixed', 30, 1],
    ['Ancoats Apparel', 'e-commerce', 'parcel', 30, 5],
  ],
  BIR1: [
    ['Hollins Building Supplies', 'building_supplies', 'pallet', 45, 3],
    ['Arden Homeware', 'homeware', 'mixed', 30, 6],
    ['Digbeth Apparel', 'e-commerce', 'parcel', 30, 2],
    ['Tame Valley Plastics', 'manufacturing', 'pallet', 60, 11],
    ['Kingsbury Engineering', 'manufacturing', 'pallet', 45, 4],
    ['Solihull Motor Factors', 'automotive', 'mixed', 30, 7],
    ['Brindley Books', 'e-commerce', 'parcel', 30, 1],
    ['Rea Garden Centres', 'retail', 'pallet', 30, 25],
  ],
  LDS1: [
    ['Northgate Grocers', 'grocery', 'pallet', 30, 1],
    ['Aire Valley Textiles', 'manufacturing', 'mixed', 45, 8],
    ['Kirkstall Brewing Co', 'food_drink', 'pallet', 30, 3],
    ['Headingley Health Products', 'pharma', 'parcel', 30, 2],
    ['Wharfe Furniture', 'homeware', 'pallet', 60, 18],
    ['Ripon Stone & Slate', 'building_supplies', 'pallet', 45, 5],
    ['Otley Outdoor', 'e-commerce', 'parcel', 30, 3],
    ['Harrogate Spring Water', 'food_drink', 'pallet', 30, 0],
  ],
  BRS1: [
    ['Severn Pharma', 'pharma', 'mixed', 30, 1],
    ['Tamar Garden Centres', 'retail', 'pallet', 30, 6],
    ['Avon Cider Company', 'food_drink', 'pallet', 45, 4],
    ['Clifton Electricals', 'retail', 'mixed', 30, 10],
    ['Mendip Aggregates', 'building_supplies', 'pallet', 60, 7],
    ['Somerset Dairy Supplies', 'food_drink', 'pallet', 30, 2],
    ['Cotswold Kitchens', 'homeware', 'pallet', 45, 21],
    ['Portishead Marine', 'e-commerce', 'parcel', 30, 3],
  ],
  GLA1: [
    ['Clyde Distillers', 'food_drink', 'pallet', 45, 2],
    ['Caledonian Carpets', 'homeware', 'pallet', 60, 12],
    ['Forth Valley Foods', 'grocery', 'pallet', 30, 1],
    ['Kelvin Medical', 'pharma', 'parcel', 30, 3],
    ['Lomond Outdoor', 'e-commerce', 'parcel', 30, 4],
    ['Ayrshire Timber', 'building_supplies', 'pallet', 45, 9],
    ['Paisley Paper Mills', 'print_paper', 'pallet', 60, 16],
    ['Strathclyde Auto Spares', 'automotive', 'mixed', 30, 6],
  ],
  DAR1: [
    ['Medway Pharma Logistics', 'pharma', 'mixed', 30, 1],
    ['Thames Gateway Trading', 'e-commerce', 'parcel', 30, 8],
    ['Kentish Fruit Growers', 'grocery', 'pallet', 30, 2],
    ['Solent Electricals', 'retail', 'mixed', 45, 5],
    ['Bluewater Fashion', 'retail', 'parcel', 30, 3],
    ['Ebbsfleet Builders Merchants', 'building_supplies', 'pallet', 45, 13],
    ['Gravesend Office Supplies', 'print_paper', 'parcel', 30, 4],
    ['Sheppey Packaging', 'manufacturing', 'pallet', 60, 27],
  ],
};

const SERVICES = [
  ['next_day', 58, 1, 1.15],
  ['two_day', 30, 2, 1.0],
  ['economy', 12, 3, 0.84],
];
const FAIL_REASONS = [
  ['customer_closed', 30],
  ['no_access', 17],
  ['out_of_hours', 19],
  ['wrong_address', 12],
  ['refused', 10],
  ['damaged_in_transit', 7],
  ['vehicle_breakdown', 5],
];
const INCIDENT_TYPES = {
  // type, per 100,000 km (or per 100,000 drops for manual handling), severity weights
  collision: {
    perKm: 0.42,
    severity: [
      ['minor', 62],
      ['moderate', 30],
      ['serious', 8],
    ],
  },
  near_miss: { perKm: 1.6, severity: [['minor', 100]] },
  property_damage: {
    perKm: 0.9,
    severity: [
      ['minor', 78],
      ['moderate', 22],
    ],
  },
  manual_handling_injury: {
    perDrop: 2.4,
    severity: [
      ['minor', 70],
      ['moderate', 25],
      ['serious', 5],
    ],
  },
};

const FIRST = [
  'Tom',
  'Gary',
  'Paul',
  'Steve',
  'Dave',
  'Mark',
  'Lee',
  'Craig',
  'Darren',
  'Jason',
  'Wayne',
  'Kevin',
  'Andy',
  'Rob',
  'Chris',
  'Ian',
  'Neil',
  'Sean',
  'Ryan',
  'Dean',
  'Stuart',
  'Martin',
  'Colin',
  'Graham',
  'Kelly',
  'Joanne',
  'Sarah',
  'Lisa',
  'Tracy',
  'Emma',
  'Aisha',
  'Priya',
  'Piotr',
  'Marek',
  'Tomasz',
  'Andrei',
  'Mihai',
  'Jamal',
  'Imran',
  'Bilal',
  'Fraser',
  'Callum',
  'Euan',
  'Gareth',
  'Rhys',
];
const LAST = [
  'Walsh',
  'Hughes',
  'Patel',
  'Kowalski',
  'Murphy',
  'Taylor',
  'Brown',
  'Clarke',
  'Wright',
  'Robinson',
  'Thompson',
  'Evans',
  'Roberts',
  'Khan',
  'Hussain',
  'Nowak',
  'Popescu',
  'McDonald',
  'Campbell',
  'Stewart',
  'Jones',
  'Davies',
  'Wilson',
  'Cooper',
  'Ward',
  'Turner',
  'Shaw',
  'Barker',
  'Fletcher',
  'Ahmed',
  'Singh',
  'Lewandowski',
  'Fraser',
  'Morgan',
  'Price',
  'Hall',
  'Green',
  'Baker',
  'Lloyd',
  'Reid',
];
const STREETS = [
  'Moss Lane',
  'Church Road',
  'Station Road',
  'Victoria Street',
  'Park Avenue',
  'Mill Lane',
  'Queens Road',
  'Manor Way',
  'Albert Terrace',
  'Canal Side',
  'Hawthorn Close',
  'Beech Grove',
  'Kings Drive',
  'Orchard Way',
  'Bank Street',
];

// Diesel bunker price ex VAT in GBP per litre by month, 2024 then 2025 (HVO costs 14p more).
const DIESEL = [1.28, 1.3, 1.33, 1.36, 1.33, 1.27, 1.25, 1.24, 1.19, 1.17, 1.2, 1.21, 1.22, 1.25, 1.23, 1.18, 1.15, 1.16, 1.19, 1.21, 1.2, 1.22, 1.24, 1.23];
// Demand by month (Jan..Dec): peak before Christmas, a dip in August.
const DEMAND = [0.88, 0.92, 1.0, 0.98, 1.0, 0.98, 0.95, 0.88, 1.0, 1.05, 1.14, 1.08];
// Late risk by month: winter weather in the north, peak season congestion.
const LATE_SEASON = [1.45, 1.35, 1.05, 0.95, 0.9, 0.85, 0.9, 0.85, 0.95, 1.0, 1.3, 1.55];

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first working day (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the data's "today minus one"
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day

let shift = 0; // set per generation by makeWarehouse; day() and iso() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const iso = (t) => `${new Date((t + shift) * 1000).toISOString().slice(0, 19)}Z`;
const money = (x) => Math.round(x * 100) / 100;
const round1 = (x) => Math.round(x * 10) / 10;
// Unshifted calendar facts of a day number (weekday 0 = Monday).
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth();
const yearOf = (n) => new Date(n * DAY * 1000).getUTCFullYear();
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const dateOf = (n) => new Date(n * DAY * 1000).getUTCDate();
const holiday = (n) => (monthOf(n) === 11 && (dateOf(n) === 25 || dateOf(n) === 26)) || (monthOf(n) === 0 && dateOf(n) === 1);
const workingDay = (n) => weekdayOf(n) < 5 && !holiday(n);
const growth = (n) => 1 + 0.04 * ((n - D0) / 365);
const dieselPrice = (n) => DIESEL[(yearOf(n) - 2024) * 12 + monthOf(n)] ?? DIESEL[DIESEL.length - 1];
// Working days before day n (k of them), skipping weekends and holidays.
const workingDaysBefore = (n, k) => {
  let m = n;
  for (let i = 0; i < k; i++) {
    m--;
    while (!workingDay(m)) m--;
  }
  return m;
};
const nextWorkingDay = (n) => {
  let m = n + 1;
  while (!workingDay(m)) m++;
  return m;
};

/** Road distance in km between two (lat, lon) points: great circle times a road factor. */
function roadKm([lat1, lon1], [lat2, lon2]) {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a)) * 1.22;
}

const SCHEMA = `
CREATE TABLE depots (depot_code TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, region TEXT NOT NULL,
  opened_on TEXT NOT NULL, dock_doors INTEGER NOT NULL);
CREATE TABLE regions (region_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE vehicles (vehicle_id TEXT PRIMARY KEY, registration TEXT NOT NULL UNIQUE,
  depot_code TEXT NOT NULL REFERENCES depots(depot_code), vehicle_type TEXT NOT NULL, make_model TEXT NOT NULL,
  fuel_type TEXT NOT NULL, payload_pallets INTEGER NOT NULL, first_registered TEXT NOT NULL, acquired_on TEXT NOT NULL,
  lease_cost_per_month REAL NOT NULL);
CREATE TABLE drivers (driver_id TEXT PRIMARY KEY, depot_code TEXT NOT NULL REFERENCES depots(depot_code),
  first_name TEXT NOT NULL, last_name TEXT NOT NULL, employment_type TEXT NOT NULL, phone TEXT NOT NULL,
  personal_email TEXT NOT NULL, home_address TEXT NOT NULL, date_of_birth TEXT NOT NULL, ni_number TEXT NOT NULL,
  licence_number TEXT NOT NULL, licence_categories TEXT NOT NULL, licence_expiry TEXT NOT NULL,
  cpc_expiry TEXT NOT NULL, hourly_rate REAL NOT NULL, hired_on TEXT NOT NULL, left_on TEXT);
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, account_code TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  sector TEXT NOT NULL, freight_mix TEXT NOT NULL, home_depot TEXT NOT NULL REFERENCES depots(depot_code),
  contract_type TEXT NOT NULL, credit_terms_days INTEGER NOT NULL, onboarded_on TEXT NOT NULL,
  accounts_contact_email TEXT NOT NULL);
CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, trip_date TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code),
  vehicle_id TEXT NOT NULL REFERENCES vehicles(vehicle_id), driver_id TEXT NOT NULL REFERENCES drivers(driver_id),
  dest_region TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, km REAL NOT NULL,
  drops_planned INTEGER NOT NULL, drops_completed INTEGER NOT NULL, driving_minutes INTEGER NOT NULL,
  duty_minutes INTEGER NOT NULL, fuel_litres REAL NOT NULL);
CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, consignment_no TEXT NOT NULL UNIQUE,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id), origin_depot TEXT NOT NULL REFERENCES depots(depot_code),
  dest_region TEXT NOT NULL REFERENCES regions(region_code), dest_postcode_area TEXT NOT NULL, lane TEXT NOT NULL,
  distance_km REAL NOT NULL,
  service TEXT NOT NULL, pallets INTEGER NOT NULL, parcels INTEGER NOT NULL, weight_kg REAL NOT NULL,
  booked_at TEXT NOT NULL, collected_on TEXT, promised_on TEXT NOT NULL, status TEXT NOT NULL,
  delivered_at TEXT, delivered_on TEXT, attempts INTEGER NOT NULL,
  delivery_trip_id INTEGER REFERENCES trips(trip_id), delivery_driver_id TEXT REFERENCES drivers(driver_id),
  pod_captured_at TEXT, freight_charge REAL NOT NULL, fuel_surcharge REAL NOT NULL);
CREATE TABLE delivery_attempts (attempt_id INTEGER PRIMARY KEY, shipment_id INTEGER NOT NULL REFERENCES shipments(shipment_id),
  trip_id INTEGER NOT NULL REFERENCES trips(trip_id), attempt_no INTEGER NOT NULL, attempted_at TEXT NOT NULL,
  outcome TEXT NOT NULL, fail_reason TEXT);
CREATE TABLE fuel_transactions (fuel_id INTEGER PRIMARY KEY, vehicle_id TEXT NOT NULL REFERENCES vehicles(vehicle_id),
  depot_code TEXT NOT NULL, filled_at TEXT NOT NULL, fuel_type TEXT NOT NULL, litres REAL NOT NULL,
  price_per_litre REAL NOT NULL, cost REAL NOT NULL);
CREATE TABLE maintenance_jobs (job_id INTEGER PRIMARY KEY, vehicle_id TEXT NOT NULL REFERENCES vehicles(vehicle_id),
  depot_code TEXT NOT NULL, job_type TEXT NOT NULL, planned INTEGER NOT NULL, opened_at TEXT NOT NULL,
  closed_at TEXT NOT NULL, downtime_hours REAL NOT NULL, parts_cost REAL NOT NULL, labour_cost REAL NOT NULL,
  supplier TEXT NOT NULL);
CREATE TABLE invoices (invoice_no TEXT PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  invoice_date TEXT NOT NULL, due_date TEXT NOT NULL, consignments INTEGER NOT NULL, amount_net REAL NOT NULL,
  vat REAL NOT NULL, paid_on TEXT, disputed INTEGER NOT NULL);
CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, claim_ref TEXT NOT NULL UNIQUE,
  shipment_id INTEGER NOT NULL REFERENCES shipments(shipment_id), customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  depot_code TEXT NOT NULL, claim_type TEXT NOT NULL, reported_on TEXT NOT NULL, claimed_amount REAL NOT NULL,
  status TEXT NOT NULL, settled_amount REAL, closed_on TEXT);
CREATE TABLE incidents (incident_id INTEGER PRIMARY KEY, depot_code TEXT NOT NULL, vehicle_id TEXT NOT NULL,
  driver_id TEXT NOT NULL, trip_id INTEGER NOT NULL REFERENCES trips(trip_id), occurred_at TEXT NOT NULL,
  incident_type TEXT NOT NULL, severity TEXT NOT NULL, at_fault INTEGER NOT NULL, lost_time_days INTEGER NOT NULL,
  repair_cost REAL NOT NULL);
CREATE TABLE calendar (day TEXT PRIMARY KEY, week_start TEXT NOT NULL, month TEXT NOT NULL,
  quarter TEXT NOT NULL, year INTEGER NOT NULL, day_of_week TEXT NOT NULL, is_working_day INTEGER NOT NULL);
`;
// The layout of the tables, kept in the file's application_id beside the calendar shift, so a
// file written by an older layout is regenerated.
const LAYOUT = 201;
const INDEXES = `
CREATE INDEX trips_date ON trips(trip_date);
CREATE INDEX trips_depot_date ON trips(depot_code, trip_date);
CREATE INDEX trips_vehicle ON trips(vehicle_id);
CREATE INDEX trips_driver ON trips(driver_id);
CREATE INDEX shipments_promised ON shipments(promised_on);
CREATE INDEX shipments_depot_promised ON shipments(origin_depot, promised_on);
CREATE INDEX shipments_customer ON shipments(customer_id);
CREATE INDEX attempts_shipment ON delivery_attempts(shipment_id);
CREATE INDEX fuel_vehicle ON fuel_transactions(vehicle_id, filled_at);
CREATE INDEX maintenance_vehicle ON maintenance_jobs(vehicle_id, opened_at);
CREATE INDEX invoices_customer ON invoices(customer_id, invoice_date);
CREATE INDEX claims_reported ON claims(reported_on);
CREATE INDEX incidents_occurred ON incidents(occurred_at);
`;

/** The date dimension over every day the data can name. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 400, last: D1 + 800, day, weekdayOf, flag: (n) => (workingDay(n) ? 1 : 0) });

const REG_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const letters = (rnd, k) => Array.from({ length: k }, () => REG_LETTERS[rnd.int(0, REG_LETTERS.length - 1)]).join('');

/** The insert statement of every table `fill` writes. */
function inserts(db) {
  return {
    depot: db.prepare('INSERT INTO depots VALUES (?, ?, ?, ?, ?, ?)'),
    region: db.prepare('INSERT INTO regions VALUES (?, ?)'),
    vehicle: db.prepare('INSERT INTO vehicles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    driver: db.prepare('INSERT INTO drivers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    customer: db.prepare('INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    trip: db.prepare('INSERT INTO trips VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    shipment: db.prepare('INSERT INTO shipments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    attempt: db.prepare('INSERT INTO delivery_attempts VALUES (?, ?, ?, ?, ?, ?, ?)'),
    fuel: db.prepare('INSERT INTO fuel_transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    job: db.prepare('INSERT INTO maintenance_jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    invoice: db.prepare('INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    claim: db.prepare('INSERT INTO claims VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    incident: db.prepare('INSERT INTO incidents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  };
}

/**
 * The whole warehouse but its calendar. Each phase draws from the one PRNG in turn, so their
 * order (and the order of draws within each) fixes every value: moving a draw changes the data.
 * The days' operations share `w`: the inserts, the PRNG, running row ids, the consignments
 * waiting for another attempt per depot, and the consignments written (for invoices and claims).
 */
function fill(db, rnd) {
  const ins = inserts(db);
  for (const [code, r] of Object.entries(REGIONS)) ins.region.run(code, r.name);
  for (const d of DEPOTS) ins.depot.run(d.code, d.name, d.city, REGIONS[d.region].name, d.opened, d.doors);
  fillVehicles(ins, rnd);
  fillDrivers(ins, rnd);
  fillCustomers(ins, rnd);
  planRoutes();
  const ids = { trip: 0, shipment: 0, attempt: 0, fuel: 0, job: 0, incident: 0 };
  const w = { ins, rnd, ids, redeliver: new Map(DEPOTS.map((d) => [d.code, []])), shipments: [] };
  for (let n = D0; n <= D1; n++) operateDay(w, n);
  // Consignments still waiting for a second attempt at the end are returned to the depot's last day.
  for (const [, queue] of w.redeliver) for (const s of queue) writeShipment(w, s, 'returned', null, D1, null, null);
  fillInvoices(ins, rnd, w.shipments);
  fillClaims(ins, rnd, w.shipments);
}

/** Vehicle number `vno`, the `i`th of type `ti` at depot `d`, with its registration year and half. */
function newVehicle(rnd, d, ti, i, vno) {
  const vt = VEHICLE_TYPES[ti];
  const regYear = rnd.int(19, 23);
  const half = rnd.next() < 0.5 ? regYear : regYear + 50;
  const v = {
    id: `LF-${String(vno).padStart(3, '0')}`,
    registration: `${letters(rnd, 2)}${half} ${letters(rnd, 3)}`,
    depot: d,
    vt,
    fuel: d.code === 'BRS1' && ti === 0 && i < 3 ? 'hvo' : 'diesel',
    // How hard the vehicle is on fuel and on the workshop (age, body, routes).
    wear: 0.9 + 0.25 * rnd.next() + (regYear <= 20 ? 0.12 : 0),
    offUntil: -1,
    nextPmi: D0 + rnd.int(0, vt.pmi * 7 - 1),
    nextTyres: D0 + rnd.int(10, 150),
    nextMot: D0 + rnd.int(0, 364),
    tank: 0,
    tripsSinceBrakes: rnd.int(0, 150),
  };
  return { v, regYear, half };
}

/**
 * Vehicles: numbered across the fleet, each with its depot, type and fuel. Three Bristol artics
 * run on HVO (renewable diesel) under a customer's sustainability contract.
 */
function fillVehicles(ins, rnd) {
  let vno = 0;
  for (const d of DEPOTS) {
    d.vehicles = [];
    for (const [ti, count] of d.fleet.entries()) {
      for (let i = 0; i < count; i++) {
        const { v, regYear, half } = newVehicle(rnd, d, ti, i, ++vno);
        d.vehicles.push(v);
        const lease = { artic_44t: 2150, rigid_18t: 1480, rigid_7_5t: 920, van_3_5t: 540 }[v.vt.type];
        ins.vehicle.run(
          v.id,
          v.registration,
          d.code,
          v.vt.type,
          rnd.pick(v.vt.makes),
          v.fuel,
          v.vt.pallets,
          `20${regYear}-${String(half > 50 ? rnd.int(9, 12) : rnd.int(3, 8)).padStart(2, '0')}-01`,
          day(D0 - rnd.int(60, 1400)),
          money(lease * (0.95 + 0.1 * rnd.next())),
        );
      }
    }
  }
}

/**
 * Driver number `dno`, the `i`th of depot `d` (the first `employed` employed, then `agency`
 * agency drivers, then two employed who left), with the facts its row is written from.
 */
function newDriver(rnd, d, i, { employed, agency, dno }) {
  const kind = i < employed ? 'employed' : i < employed + agency ? 'agency' : 'employed';
  const first = rnd.pick(FIRST);
  const last = rnd.pick(LAST);
  const hired = kind === 'agency' ? D0 - rnd.int(20, 400) : D0 - rnd.int(60, 5200);
  // The last two of each depot left during the period and were replaced by the agency pool.
  const left = i >= employed + agency ? D0 + rnd.int(90, D1 - D0 - 90) : null;
  // Licences: HGV entitlement is renewed every five years from 45 (photocard every ten);
  // Driver CPC every five years. A few renewals fall in the next 90 days by construction.
  const soon = i === 1 || i === 5;
  const licenceExpiry = soon ? D1 + rnd.int(8, 85) : D1 + rnd.int(100, 1800);
  const cpcExpiry = i === 3 ? D1 + rnd.int(20, 88) : D1 + rnd.int(95, 1820);
  const born = Date.UTC(1962 + rnd.int(0, 38), rnd.int(0, 11), rnd.int(1, 28));
  const surname5 = `${last.toUpperCase().replace(/[^A-Z]/g, '')}99999`.slice(0, 5);
  const bornIso = new Date(born).toISOString().slice(0, 10);
  // The DVLA layout: surname, decade, month, day, year digit, initials, 9, check letters.
  const licence = `${surname5}${bornIso[2]}${bornIso.slice(5, 7)}${bornIso.slice(8, 10)}${bornIso[3]}${first[0]}${letters(rnd, 1)}9${letters(rnd, 2)}`;
  const driver = {
    id: `DRV-${String(1000 + dno)}`,
    depot: d,
    kind,
    hired,
    left,
    // Punctuality and fuel habits: most drivers close to 1, a few clearly better or worse.
    punctual: Math.max(0.45, 1 + 0.28 * rnd.noise()),
    thrift: 1 + 0.05 * rnd.noise(),
    category:
      d.vehicles.length && i % 3 === 0
        ? 'C+E'
        : rnd.weighted([
            ['C+E', 55],
            ['C', 30],
            ['C1', 15],
          ]),
    lastDay: -1,
  };
  return { driver, first, last, bornIso, licence, licenceExpiry, cpcExpiry };
}

/** A driver's row: contact details, home address, National Insurance number, licence, entitlements, expiries, pay. */
function driverRow(rnd, d, { driver, first, last, bornIso, licence, licenceExpiry, cpcExpiry }) {
  const { kind, hired, left } = driver;
  const slug = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const town = d.city;
  return [
    driver.id,
    d.code,
    first,
    last,
    kind,
    `+44 7${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
    `${slug}${rnd.int(1, 99)}@mail.example.test`,
    `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, ${town} ${rnd.pick(REGIONS[d.region].postcodes.slice(0, 3))}${rnd.int(1, 29)} ${rnd.int(1, 9)}${letters(rnd, 2)}`,
    bornIso,
    `${letters(rnd, 2)}${rnd.int(100000, 999999)}${'ABCD'[rnd.int(0, 3)]}`,
    licence,
    driver.category === 'C+E' ? 'B,C1,C,C+E' : driver.category === 'C' ? 'B,C1,C' : 'B,C1',
    day(licenceExpiry),
    day(cpcExpiry),
    kind === 'agency' ? money(19.5 + 2 * rnd.next()) : money(15.2 + 3.4 * rnd.next() + (driver.category === 'C+E' ? 1.6 : 0)),
    day(hired),
    left === null ? null : day(left),
  ];
}

/** Drivers: about 1.3 employed drivers per vehicle and a few agency drivers per depot; some leave. */
function fillDrivers(ins, rnd) {
  let dno = 0;
  for (const d of DEPOTS) {
    d.drivers = [];
    const employed = Math.round(d.vehicles.length * 1.3);
    const agency = 2 + (d.vehicles.length >= 11 ? 1 : 0);
    for (let i = 0; i < employed + agency + 2; i++) {
      const made = newDriver(rnd, d, i, { employed, agency, dno: ++dno });
      d.drivers.push(made.driver);
      ins.driver.run(...driverRow(rnd, d, made));
    }
  }
}

/** Customers: eight per depot, the first of each list the largest (Pareto weights). */
function fillCustomers(ins, rnd) {
  let cid = 0;
  for (const d of DEPOTS) {
    d.customers = [];
    for (const [rank, [name, sector, mix, terms, late]] of CUSTOMERS[d.code].entries()) {
      cid++;
      const c = {
        id: cid,
        name,
        sector,
        mix,
        terms,
        late,
        depot: d,
        weight: 1 / (rank + 1) ** 0.85,
        discount: rank < 2 ? 0.14 : rank < 4 ? 0.07 : 0,
        lines: [],
      };
      d.customers.push(c);
      const slug = name
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '');
      const since = day(D0 - rnd.int(30, 2400));
      ins.customer.run(cid, `C${1000 + cid * 7}`, name, sector, mix, d.code, rank < 5 ? 'contract' : 'spot', terms, since, `accounts@${slug}.example.test`);
    }
  }
}

/** The regions each type of vehicle serves from a depot: artics trunk to other regions, rigids and vans stay close to home. */
function planRoutes() {
  for (const d of DEPOTS) {
    d.km = Object.fromEntries(Object.entries(REGIONS).map(([code, r]) => [code, code === d.region ? 28 : roadKm(d.at, r.at)]));
    d.artic = Object.keys(REGIONS).map((code) => [code, code === d.region ? 1.6 : Math.exp(-d.km[code] / 170)]);
    const near = Object.keys(REGIONS)
      .filter((c) => c !== d.region)
      .sort((a, b) => d.km[a] - d.km[b])[0];
    d.rigid = [
      [d.region, 82],
      [near, 18],
    ];
  }
}

/** A workshop job on vehicle `v` opened on day `n`; a long one takes the vehicle off the road. */
function addJob(w, v, n, jobType, planned, hours, parts, labour, supplier) {
  const jobId = ++w.ids.job;
  const opened = n * DAY + w.rnd.int(5 * 3600, 16 * 3600);
  const closed = iso(opened + Math.round(hours * 3600));
  w.ins.job.run(jobId, v.id, v.depot.code, jobType, planned ? 1 : 0, iso(opened), closed, round1(hours), money(parts), money(labour), supplier);
  if (hours >= 6) v.offUntil = Math.max(v.offUntil, n + Math.ceil(hours / 24) - (hours < 24 ? 1 : 0));
}

/** Adds a trip's fuel to the vehicle's tank; a full tank's worth is bought at the pump that evening. */
function refuel(w, v, n, litres) {
  const { rnd } = w;
  v.tank += litres;
  if (v.tank < v.vt.tank) return;
  const fuelId = ++w.ids.fuel;
  const price = money(dieselPrice(n) + (v.fuel === 'hvo' ? 0.14 : 0) + 0.02 * rnd.noise());
  const filled = round1(v.tank * (0.97 + 0.06 * rnd.next()));
  w.ins.fuel.run(fuelId, v.id, v.depot.code, iso(n * DAY + rnd.int(16 * 3600, 21 * 3600)), v.fuel, filled, price, money(filled * price));
  v.tank = 0;
}

/** Planned workshop work due on day `n`: an inspection, else tyres, else the annual test. */
function plannedWork(w, v, n) {
  const { rnd } = w;
  if (n >= v.nextPmi) {
    addJob(w, v, n, 'pmi_inspection', true, 3 + 5 * rnd.next(), 60 + 180 * rnd.next() * v.wear, 140 + 120 * rnd.next(), 'in_house');
    v.nextPmi = n + v.vt.pmi * 7 + rnd.int(-3, 3);
  } else if (n >= v.nextTyres) {
    const heavy = v.vt.type === 'artic_44t' || v.vt.type === 'rigid_18t';
    addJob(w, v, n, 'tyres', true, 2 + 4 * rnd.next(), (heavy ? 700 : 260) * (0.8 + 0.8 * rnd.next()) * v.wear, 90 + 60 * rnd.next(), 'tyre_partner');
    v.nextTyres = n + (heavy ? 110 : 170) + rnd.int(-20, 30);
  } else if (n >= v.nextMot) {
    addJob(w, v, n, 'annual_test', true, 8 + 10 * rnd.next(), 150 + 600 * rnd.next() * v.wear, 240 + 200 * rnd.next(), 'dealer');
    v.nextMot = n + 364;
  }
}

/** The drivers a depot has on day `n`: employed first (a rota gives each about one weekday off a fortnight), agency cover after. */
function driverPool(rnd, d, n, saturday) {
  const active = d.drivers.filter((x) => x.hired <= n && (x.left === null || x.left > n));
  return active
    .filter((x) => x.kind === 'employed' && rnd.next() > (saturday ? 0.55 : 0.1))
    .concat(active.filter((x) => x.kind === 'agency' && rnd.next() > 0.3))
    .filter((x) => x.lastDay !== n);
}

/** A working day (Saturdays lighter, Sundays and holidays off): workshop work first, then each depot's trips. */
function operateDay(w, n) {
  const { rnd } = w;
  const wd = weekdayOf(n);
  if (wd === 6 || holiday(n)) return;
  const saturday = wd === 5;
  const month = monthOf(n);
  const today = { n, saturday, month, demand: DEMAND[month] * growth(n) };
  for (const d of DEPOTS) {
    // Planned workshop work first: it takes vehicles off the road for the day.
    if (!saturday) for (const v of d.vehicles) plannedWork(w, v, n);
    const pool = driverPool(rnd, d, n, saturday);
    let driverIdx = 0;
    for (const v of d.vehicles) {
      if (v.offUntil >= n) continue;
      const runs = saturday ? v.vt.type !== 'artic_44t' && rnd.next() < 0.28 : rnd.next() < Math.min(0.97, 0.86 * today.demand);
      if (!runs || driverIdx >= pool.length) continue;
      runTrip(w, d, v, pool[driverIdx++], today);
    }
  }
}

/** Where a trip goes, how many drops it makes, its mileage, driving and duty time, fuel, and when it starts and ends. */
function planTrip(rnd, d, v, driver, { n, saturday, month, demand }) {
  const vt = v.vt;
  const region = vt.type === 'artic_44t' ? rnd.weighted(d.artic) : vt.type === 'van_3_5t' ? d.region : rnd.weighted(d.rigid);
  let drops = Math.max(1, Math.round((vt.drops[0] + (vt.drops[1] - vt.drops[0]) * rnd.next()) * (saturday ? 0.6 : 1) * Math.min(1.15, demand)));
  const oneWay = d.km[region];
  // Stem mileage to the first drop, between drops and back; artics also collect on the way home.
  let km =
    (2 * oneWay + drops * (vt.type === 'artic_44t' ? 16 : vt.type === 'van_3_5t' ? 7 : 11)) *
    (vt.type === 'artic_44t' ? 1.45 : vt.type === 'rigid_18t' ? 1.3 : 1.1) *
    (0.8 + 0.4 * rnd.next());
  let driving = Math.round((km / vt.speed) * 60);
  if (driving > 560) {
    km *= 560 / driving;
    driving = 560;
    drops = Math.min(drops, 3);
  }
  const duty = Math.round(driving + drops * vt.stop * (0.8 + 0.5 * rnd.next()) + 45 + 30 * rnd.next());
  const winter = month <= 1 || month === 11 ? 1.05 : 1;
  const litres = round1((km * vt.l100 * v.wear ** 0.3 * driver.thrift * winter * (0.96 + 0.08 * rnd.next())) / 100);
  const startT = n * DAY + (vt.type === 'artic_44t' ? rnd.int(4 * 3600, 6 * 3600) : rnd.int(6 * 3600, 7.5 * 3600));
  return { region, drops, oneWay, km, driving, duty, litres, startT, endT: startT + duty * 60 };
}

/** One trip of vehicle `v` with `driver`: its drops, the trip row, fuel, incidents and wear. */
function runTrip(w, d, v, driver, today) {
  const { n } = today;
  driver.lastDay = n;
  const tripId = ++w.ids.trip;
  const trip = planTrip(w.rnd, d, v, driver, today);
  const completed = makeDrops(w, { d, v, driver, trip, tripId }, today);
  const { region, drops, km, driving, duty, litres, startT, endT } = trip;
  w.ins.trip.run(tripId, day(n), d.code, v.id, driver.id, region, iso(startT), iso(endT), round1(km), drops, completed, driving, duty, litres);
  refuel(w, v, n, litres);
  for (const [type, spec] of Object.entries(INCIDENT_TYPES)) maybeIncident(w, { d, v, driver, trip, tripId }, n, type, spec);
  wearAndTear(w, v, n, km);
}

/** The trip's drops: redeliveries from yesterday first (rigids and vans), then new consignments; returns how many were delivered. */
function makeDrops(w, run, today) {
  const { d, v, trip } = run;
  const { drops, oneWay, duty, startT, endT } = trip;
  const vt = v.vt;
  const queue = w.redeliver.get(d.code);
  let completed = 0;
  const dropTimes = [];
  for (let k = 0; k < drops; k++)
    dropTimes.push(startT + Math.round(((k + 1) / (drops + 1)) * duty * 60) + (oneWay > 60 ? Math.round((oneWay / vt.speed) * 3600) * 0.5 : 0));
  for (let k = 0; k < drops; k++) {
    const at = Math.min(endT - 600, dropTimes[k]);
    const failP = { artic_44t: 0.014, rigid_18t: 0.024, rigid_7_5t: 0.03, van_3_5t: 0.042 }[vt.type];
    const s = vt.type !== 'artic_44t' && queue.length > 0 && queue[0].ready <= today.n ? queue.shift() : newShipment(w, run, today);
    if (attemptDrop(w, s, { at, failP, queue }, run, today.n)) completed++;
  }
  return completed;
}

/** The day a new consignment was promised for, collected and booked: a late one was promised a working day or two ago. */
function promisedDates(rnd, run, today, days) {
  const { d, v, driver, trip } = run;
  const { n, month } = today;
  const lateP = Math.min(
    0.5,
    0.62 * (1 - d.otd) * LATE_SEASON[month] * driver.punctual * (v.vt.type === 'artic_44t' ? 1.25 : 1) * (trip.oneWay > 250 ? 1.3 : 1),
  );
  const late = rnd.next() < lateP;
  const promised = late ? workingDaysBefore(n, rnd.next() < 0.82 ? 1 : 2) : rnd.next() < 0.12 ? nextWorkingDay(n) : n;
  const collected = workingDaysBefore(promised, days);
  const bookedT = workingDaysBefore(collected, rnd.int(0, 2)) * DAY + rnd.int(8 * 3600, 17 * 3600);
  return { promised, collected, bookedT };
}

/** A new consignment on this trip: customer, service, size, the dates promised and its charge. */
function newShipment(w, run, today) {
  const { rnd } = w;
  const { d, v, trip } = run;
  const { region, oneWay } = trip;
  const { n } = today;
  const parcelRun = v.vt.type === 'van_3_5t';
  const eligible = d.customers.filter((c) => (parcelRun ? c.mix !== 'pallet' : c.mix !== 'parcel'));
  const c = rnd.weighted(eligible.map((x) => [x, x.weight]));
  const [service, , days, premium] = rnd.weighted(SERVICES.map((sv) => [sv, sv[1]]));
  const pallets = parcelRun ? 0 : Math.max(1, Math.round((v.vt.pallets / Math.max(2, trip.drops)) * (0.5 + rnd.next())));
  const parcels = parcelRun ? rnd.int(1, 9) : 0;
  const { promised, collected, bookedT } = promisedDates(rnd, run, today, days);
  const postcode = rnd.pick(REGIONS[region].postcodes);
  const base = parcelRun ? parcels * (6.4 + 0.012 * oneWay) + 9 : pallets * (31 + 0.085 * oneWay) + 14;
  const charge = money(base * premium * (1 - c.discount) * (0.94 + 0.12 * rnd.next()) * growth(n));
  const surchargePct = 0.06 + (dieselPrice(n) - 1.1) * 0.35;
  const weight = parcelRun ? round1(parcels * (2 + 12 * rnd.next())) : round1(pallets * (280 + 520 * rnd.next()));
  const id = ++w.ids.shipment;
  const surcharge = money(charge * surchargePct);
  return { id, c, region, postcode, oneWay, service, pallets, parcels, weight, bookedT, collected, promised, charge, surcharge, attempts: 0 };
}

/** One delivery attempt of `s` at `at`: delivered, or failed and queued for the next working day (returned after two). */
function attemptDrop(w, s, { at, failP, queue }, { driver, tripId }, n) {
  const { rnd, ins } = w;
  s.attempts++;
  const attemptId = ++w.ids.attempt;
  const fails = rnd.next() < (s.attempts > 1 ? 0.22 : failP);
  if (!fails) {
    ins.attempt.run(attemptId, s.id, tripId, s.attempts, iso(at), 'delivered', null);
    writeShipment(w, s, 'delivered', at, n, tripId, driver);
    return true;
  }
  const reason = rnd.weighted(FAIL_REASONS);
  ins.attempt.run(attemptId, s.id, tripId, s.attempts, iso(at), 'failed', reason);
  if (s.attempts >= 2) writeShipment(w, s, 'returned', null, n, tripId, driver);
  else {
    s.ready = nextWorkingDay(n);
    s.pendingAttempt = true;
    queue.push(s);
  }
  return false;
}

/** An incident of `type` on the trip, by its rate per km or per drop; a costly collision sends the vehicle to the dealer. */
function maybeIncident(w, { d, v, driver, trip, tripId }, n, type, spec) {
  const { rnd } = w;
  const p = spec.perKm !== undefined ? (spec.perKm * trip.km * (0.6 + 0.4 * driver.punctual)) / 100000 : (spec.perDrop * trip.drops) / 100000;
  if (rnd.next() >= p) return;
  const incidentId = ++w.ids.incident;
  const severity = rnd.weighted(spec.severity);
  const repair = type === 'collision' ? 300 + rnd.expo(severity === 'serious' ? 9000 : 1800) : type === 'property_damage' ? 120 + rnd.expo(600) : 0;
  w.ins.incident.run(
    incidentId,
    d.code,
    v.id,
    driver.id,
    tripId,
    iso(trip.startT + rnd.int(1800, trip.duty * 60)),
    type,
    severity,
    type === 'near_miss' ? 0 : rnd.next() < 0.45 ? 1 : 0,
    type === 'manual_handling_injury' ? rnd.int(severity === 'minor' ? 0 : 3, severity === 'serious' ? 40 : 10) : 0,
    money(repair),
  );
  if (type === 'collision' && repair > 600) addJob(w, v, n + 1, 'accident_repair', false, 12 + rnd.expo(40), repair * 0.6, repair * 0.4, 'dealer');
}

/** Wear and tear: breakdowns per km, brakes every few hundred trips. */
function wearAndTear(w, v, n, km) {
  const { rnd } = w;
  if (rnd.next() < (km * v.wear * (v.vt.type === 'artic_44t' ? 1.15 : 1)) / 42000) {
    const hours = 3 + rnd.expo(30);
    addJob(w, v, n, 'breakdown', false, hours, 120 + rnd.expo(900) * v.wear, 160 + rnd.expo(420), rnd.next() < 0.4 ? 'roadside_recovery' : 'dealer');
  } else if (++v.tripsSinceBrakes > 210 + rnd.int(0, 60)) {
    v.tripsSinceBrakes = 0;
    addJob(w, v, n + 1, 'brakes', false, 4 + 6 * rnd.next(), 220 + 500 * rnd.next() * v.wear, 160 + 140 * rnd.next(), 'in_house');
  }
}

/** Writes consignment `s` as it ended on day `n` (with its proof of delivery when one was taken) and keeps it for invoices and claims. */
function writeShipment(w, s, status, deliveredT, n, trip, driver) {
  const { rnd } = w;
  const c = s.c;
  const d = c.depot;
  const podP = d.pod * (s.attempts > 1 ? 0.97 : 1);
  let pod = null;
  if (status === 'delivered' && rnd.next() < podP) pod = deliveredT + (rnd.next() < 0.93 ? rnd.int(20, 600) : rnd.int(3600, 60 * 3600));
  const late = status !== 'delivered' || n > s.promised;
  const where = [s.id, `LF${String(4000000 + s.id * 3 + (s.id % 3))}`, c.id, d.code, s.region, s.postcode, `${d.code}-${s.region}`, round1(s.oneWay)];
  const what = [s.service, s.pallets, s.parcels, s.weight, iso(s.bookedT), day(s.collected), day(s.promised), status];
  const done = [deliveredT === null ? null : iso(deliveredT), deliveredT === null ? null : day(n), s.attempts, trip, driver === null ? null : driver.id];
  w.ins.shipment.run(...where, ...what, ...done, pod === null ? null : iso(pod), s.charge, s.surcharge);
  w.shipments.push({ id: s.id, c, n, charge: s.charge, surcharge: s.surcharge, status, late, pallets: s.pallets, parcels: s.parcels });
}

/** Every customer's consignments completed in a week, summed for the invoice run on the Monday after. */
function weeklyRuns(shipments) {
  const byWeek = new Map();
  for (const s of shipments) {
    const monday = s.n - weekdayOf(s.n) + 7;
    const key = `${s.c.id}:${monday}`;
    const acc = byWeek.get(key) ?? { c: s.c, monday, count: 0, net: 0 };
    acc.count++;
    acc.net += s.charge + s.surcharge;
    byWeek.set(key, acc);
  }
  return [...byWeek.values()].filter((x) => x.monday <= D1).sort((a, b) => a.monday - b.monday || a.c.id - b.c.id);
}

/** Weekly invoice runs on Mondays, each paid by its customer's habit. */
function fillInvoices(ins, rnd, shipments) {
  let ino = 0;
  for (const r of weeklyRuns(shipments)) {
    ino++;
    const due = r.monday + r.c.terms;
    // Disputed invoices wait for the POD or the claim to be settled; slow payers sometimes sit on
    // an invoice for months.
    const disputed = rnd.next() < 0.025;
    const slowTail = r.c.late >= 12 && rnd.next() < 0.12 ? 3 : 1;
    const delay = Math.round(rnd.expo(Math.max(1, r.c.late)) * slowTail - 3 + (disputed ? 20 + rnd.expo(70) : 0));
    const paid = due + delay;
    const amounts = [r.count, money(r.net), money(r.net * 0.2)];
    ins.invoice.run(`INV-${String(200000 + ino)}`, r.c.id, day(r.monday), day(due), ...amounts, paid <= D1 ? day(paid) : null, disputed ? 1 : 0);
  }
}

/** What a consignment is claimed for, if anything: loss when returned, damage, shortage, or lateness. */
function claimType(rnd, s) {
  if (s.status === 'returned' && rnd.next() < 0.03) return 'loss';
  if (rnd.next() < 0.0026 * (s.c.depot.code === 'GLA1' ? 1.4 : 1)) return 'damage';
  if (rnd.next() < 0.0006) return 'shortage';
  if (s.late && s.status === 'delivered' && rnd.next() < 0.012) return 'late_delivery';
  return null;
}

/**
 * Claims: damage and shortages on delivered consignments, losses on returned ones, and
 * late-delivery claims from contract customers; open, rejected or settled.
 */
function fillClaims(ins, rnd, shipments) {
  let clm = 0;
  for (const s of shipments) {
    const size = s.pallets > 0 ? s.pallets : s.parcels * 0.15;
    const type = claimType(rnd, s);
    if (type === null) continue;
    const reported = s.n + rnd.int(1, 14);
    if (reported > D1) continue;
    clm++;
    const claimed = money(type === 'late_delivery' ? s.charge * (0.5 + rnd.next()) : size * (90 + rnd.expo(380)));
    const closedAfter = rnd.int(12, 80);
    const open = reported + closedAfter > D1;
    const rejected = !open && rnd.next() < (type === 'late_delivery' ? 0.45 : 0.18);
    const settled = open ? null : rejected ? 0 : money(claimed * (0.45 + 0.55 * rnd.next()));
    const outcome = [open ? 'open' : rejected ? 'rejected' : 'settled', settled, open ? null : day(reported + closedAfter)];
    ins.claim.run(clm, `CLM-${String(30000 + clm)}`, s.id, s.c.id, s.c.depot.code, type, day(reported), claimed, ...outcome);
  }
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
