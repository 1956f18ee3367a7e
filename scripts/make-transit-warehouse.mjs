#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261201;

// Northvale Transit's modes: code, name
const MODES = [
  ['BUS', 'Bus'],
  ['TRAM', 'Tram'],
  ['RAIL', 'Suburban rail'],
];
// depots: code, name, mode (four bus garages and the tram depot; the rail franchise maintains its own trains)
const DEPOTS = [
  ['CEN', 'Central (Canal Street)', 'BUS'],
  ['HIL', 'Hillcrest', 'BUS'],
  ['RIV', 'Riverside', 'BUS'],
  ['WGT', 'Westgate', 'BUS'],
  ['ASH', 'Ashcombe tram depot', 'TRAM'],
];
// routes: code, name, mode, depot, route type, mean weekday boardings
const ROUTES = [
  ['1', 'City Centre - Ashcombe', 'BUS', 'CEN', 'frequent', 14200],
  ['5', 'Northvale Interchange - Hillcrest', 'BUS', 'HIL', 'frequent', 11800],
  ['7', 'City Centre - Riverside Park', 'BUS', 'RIV', 'frequent', 12600],
  ['12', 'Westgate - University', 'BUS', 'WGT', 'frequent', 10400],
  ['42', 'Airport - City Centre - Marketon', 'BUS', 'CEN', 'frequent', 13100],
  ['9', 'Hillcrest - Fenwick', 'BUS', 'HIL', 'standard', 4200],
  ['15', 'Riverside - Dunmore', 'BUS', 'RIV', 'standard', 3900],
  ['18', 'Westgate - Kelby', 'BUS', 'WGT', 'standard', 3300],
  ['22', 'City Centre - Oldfield', 'BUS', 'CEN', 'standard', 5100],
  ['27', 'Hillcrest - Ashcombe', 'BUS', 'HIL', 'standard', 2800],
  ['33', 'Riverside - Calder Bridge', 'BUS', 'RIV', 'standard', 2500],
  ['48', 'Westgate - Northvale General Hospital', 'BUS', 'WGT', 'standard', 4600],
  ['61', 'Fenwick - Marketon', 'BUS', 'HIL', 'standard', 1900],
  ['74', 'Dunmore - Kelby', 'BUS', 'RIV', 'standard', 1500],
  ['X5', 'City Centre - Greyford Express', 'BUS', 'CEN', 'express', 3600],
  ['X9', 'Airport - Westgate Express', 'BUS', 'WGT', 'express', 2700],
  ['N12', 'Westgate - City Centre - Hillcrest Night', 'BUS', 'WGT', 'night', 700],
  ['N42', 'Airport - Marketon Night', 'BUS', 'CEN', 'night', 550],
  ['RED', 'Red Line (Ashcombe - Harbourside)', 'TRAM', 'ASH', 'tram', 31000],
  ['BLU', 'Blue Line (University - Fenwick)', 'TRAM', 'ASH', 'tram', 24500],
  ['CST', 'Coast Line (Northvale Central - Seabrook)', 'RAIL', null, 'rail', 9800],
  ['VAL', 'Valley Line (Northvale Central - Calder Valley)', 'RAIL', null, 'rail', 7200],
];
// fare products: code, name, share of paid journeys, average fare per journey GBP
const PRODUCTS = [
  ['SGL', 'Single', 30, 2.2],
  ['DAY', 'Day Ticket', 17, 1.9],
  ['WEK', 'Weekly', 13, 1.35],
  ['MSS', 'Monthly Season', 11, 1.1],
  ['PAYG', 'Contactless pay as you go (capped)', 29, 1.75],
  ['CON', 'Concession pass', 0, 0],
];
const MEDIA = [
  ['vale_card', 42],
  ['contactless_bank_card', 30],
  ['mobile_app', 18],
  ['cash', 10],
];
const FLEET_TYPES = [
  ['DSL', 'Diesel', 9000],
  ['HYB', 'Hybrid', 12500],
  ['BEV', 'Battery electric', 16000],
  ['TRM', 'Tram', 21000],
];
const COMPLAINT_CATEGORIES = [
  ['punctuality', 24],
  ['missed_service', 16],
  ['driver_conduct', 13],
  ['fares_and_ticketing', 10],
  ['vale_card', 8],
  ['accessibility', 7],
  ['cleanliness', 6],
  ['crowding', 9],
  ['safety_and_security', 7],
];
const INCIDENT_TYPES = [
  ['assault_on_staff', 14],
  ['passenger_injury', 26],
  ['collision', 22],
  ['slip_trip_fall', 24],
  ['antisocial_behaviour', 30],
];
const FAILURE_CAUSES = ['engine', 'electrical', 'brakes', 'doors', 'traction_battery', 'pantograph', 'suspension'];
const TRAM_STOPS = {
  RED: [
    'Ashcombe',
    'Ashcombe Park',
    'Millfield',
    "St Anne's",
    'Northvale Interchange',
    'Market Square',
    'Cathedral',
    'City Centre',
    'Canal Basin',
    'Docklands',
    'Harbour Road',
    'Seaview',
    'Quayside',
    'Harbourside',
  ],
  BLU: [
    'University',
    'Science Park',
    'Westbrook',
    'Royal Infirmary',
    'Parkside',
    'City Centre Blue',
    'Victoria Gardens',
    'Old Mill',
    'Fenwick Road',
    'Fenwick Green',
    'Fenwick Sidings',
    'Fenwick',
  ],
};
const FIRST = ['Aisha', 'Ben', 'Chloe', 'Daniel', 'Erin', 'Farhan', 'Grace', 'Harvey', 'Imogen', 'Jamal', 'Katie', 'Liam', 'Megan', 'Nathan', 'Olivia', 'Ravi'];
const LAST = [
  'Armstrong',
  'Begum',
  'Carter',
  'Dawson',
  'Evans',
  'Fletcher',
  'Gill',
  'Hussain',
  'Irving',
  'Jackson',
  'Kaur',
  'Lowe',
  'Morgan',
  'Nowak',
  'Owens',
  'Price',
];
const STREETS = ['Station Road', 'Canal Street', 'Hill Top', 'Riverside Walk', 'Westgate Row', 'Fenwick Lane', 'Harbour View', 'Mill Close'];
const SICKNESS = ['musculoskeletal', 'stress_anxiety', 'respiratory', 'gastrointestinal', 'injury', 'other'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 7, 1); // the warehouse's first day: the start of financial year FY25 (July 2024 to June 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
/** The financial year (July to June) of a shifted day, spelled FY26 for July 2025 to June 2026, and its quarter (Q1 = July to September). */
const fyOf = (d) => {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return [`FY${String((m >= 7 ? y + 1 : y) % 100).padStart(2, '0')}`, `Q${Math.floor(((m + 5) % 12) / 3) + 1}`];
};
/** Month starts (unshifted day numbers) from July 2024 to the current month, each with the day after its end. */
const months = () => {
  const out = [];
  for (let k = 0; dn(2024, 7 + k, 1) <= D1; k++) out.push([dn(2024, 7 + k, 1), dn(2024, 8 + k, 1)]);
  return out;
};
const closedMonths = () => months().filter(([, next]) => next - 1 < D1);
const trend = (n) => (n - D0) / (D1 - D0);
/** Seasonal demand: school holidays in August, a December lift, a January dip. */
const season = (n) => {
  const m = Number(day(n).slice(5, 7));
  return m === 8 ? 0.84 : m === 12 ? 1.06 : m === 1 ? 0.92 : m === 7 ? 0.9 : 1;
};
const weekdayFactor = (wd, type) => (type === 'night' ? (wd >= 4 ? 1.6 : 0.8) : wd === 5 ? 0.72 : wd === 6 ? 0.48 : 1);

const SCHEMA = `
CREATE TABLE modes (mode_code TEXT PRIMARY KEY, mode_name TEXT NOT NULL);
CREATE TABLE depots (depot_code TEXT PRIMARY KEY, depot_name TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code));
CREATE TABLE routes (route_code TEXT PRIMARY KEY, route_name TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), depot_code TEXT REFERENCES depots(depot_code), route_type TEXT NOT NULL, high_frequency INTEGER NOT NULL);
CREATE TABLE fare_products (product_code TEXT PRIMARY KEY, product_name TEXT NOT NULL);
CREATE TABLE route_boardings (day TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), boardings INTEGER NOT NULL, concession_older INTEGER NOT NULL, concession_disabled INTEGER NOT NULL, concession_young INTEGER NOT NULL, PRIMARY KEY (day, route_code));
CREATE TABLE fare_sales (day TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), product_code TEXT NOT NULL REFERENCES fare_products(product_code), medium TEXT NOT NULL, journeys INTEGER NOT NULL, revenue_gbp REAL NOT NULL, capped_journeys INTEGER NOT NULL, PRIMARY KEY (day, mode_code, product_code, medium));
CREATE TABLE departures (day TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), scheduled INTEGER NOT NULL, operated INTEGER NOT NULL, on_time INTEGER NOT NULL, early INTEGER NOT NULL, late INTEGER NOT NULL, PRIMARY KEY (day, route_code));
CREATE TABLE headway_waits (day TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), scheduled_wait_min REAL NOT NULL, actual_wait_min REAL NOT NULL, PRIMARY KEY (day, route_code));
CREATE TABLE service_km (day TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), scheduled_km REAL NOT NULL, operated_km REAL NOT NULL, lost_km_staff REAL NOT NULL, lost_km_vehicle REAL NOT NULL, lost_km_traffic REAL NOT NULL, lost_km_other REAL NOT NULL, PRIMARY KEY (day, depot_code));
CREATE TABLE peak_loads (day TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), peak_trips INTEGER NOT NULL, avg_load_factor_pct REAL NOT NULL, trips_over_85_pct INTEGER NOT NULL, PRIMARY KEY (day, route_code));
CREATE TABLE vehicles (vehicle_id INTEGER PRIMARY KEY, fleet_number TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), fleet_type TEXT NOT NULL, entered_service TEXT NOT NULL);
CREATE TABLE fleet_km (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), fleet_type TEXT NOT NULL, vehicles INTEGER NOT NULL, km_operated REAL NOT NULL, PRIMARY KEY (month_start, depot_code, fleet_type));
CREATE TABLE vehicle_failures (failure_id INTEGER PRIMARY KEY, vehicle_id INTEGER NOT NULL REFERENCES vehicles(vehicle_id), depot_code TEXT NOT NULL REFERENCES depots(depot_code), fleet_type TEXT NOT NULL, failed_on TEXT NOT NULL, financial_year TEXT NOT NULL, cause TEXT NOT NULL, in_service INTEGER NOT NULL);
CREATE TABLE fleet_availability (day TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), vehicles_owned INTEGER NOT NULL, pvr INTEGER NOT NULL, available_am_peak INTEGER NOT NULL, PRIMARY KEY (day, depot_code));
CREATE TABLE tram_stops (stop_code TEXT PRIMARY KEY, stop_name TEXT NOT NULL, line_code TEXT NOT NULL REFERENCES routes(route_code), step_free INTEGER NOT NULL, lifts INTEGER NOT NULL);
CREATE TABLE stop_assets (day TEXT NOT NULL, stop_code TEXT NOT NULL REFERENCES tram_stops(stop_code), asset_type TEXT NOT NULL, scheduled_minutes INTEGER NOT NULL, available_minutes INTEGER NOT NULL, faults INTEGER NOT NULL, PRIMARY KEY (day, stop_code, asset_type));
CREATE TABLE incidents (incident_id INTEGER PRIMARY KEY, occurred_on TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), route_code TEXT NOT NULL REFERENCES routes(route_code), incident_type TEXT NOT NULL, severity TEXT NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, received_on TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), route_code TEXT REFERENCES routes(route_code), category TEXT NOT NULL, responded_on TEXT, card_id INTEGER);
CREATE TABLE satisfaction_survey (financial_year TEXT NOT NULL, wave TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), responses INTEGER NOT NULL, satisfied_overall INTEGER NOT NULL, satisfied_punctuality INTEGER NOT NULL, satisfied_value INTEGER NOT NULL, satisfied_security INTEGER NOT NULL, PRIMARY KEY (financial_year, wave, mode_code));
CREATE TABLE finance_ledger (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, fiscal_quarter TEXT NOT NULL, mode_code TEXT NOT NULL REFERENCES modes(mode_code), line TEXT NOT NULL, amount_gbp REAL NOT NULL, PRIMARY KEY (month_start, mode_code, line));
CREATE TABLE drivers (staff_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), home_address TEXT NOT NULL, date_of_birth TEXT NOT NULL, hourly_rate_gbp REAL NOT NULL, annual_salary_gbp INTEGER NOT NULL, started_on TEXT NOT NULL);
CREATE TABLE driver_hours (month_start TEXT NOT NULL, staff_id INTEGER NOT NULL REFERENCES drivers(staff_id), depot_code TEXT NOT NULL REFERENCES depots(depot_code), contracted_hours REAL NOT NULL, overtime_hours REAL NOT NULL, overtime_pay_gbp REAL NOT NULL, PRIMARY KEY (month_start, staff_id));
CREATE TABLE driver_establishment (month_start TEXT NOT NULL, depot_code TEXT NOT NULL REFERENCES depots(depot_code), establishment INTEGER NOT NULL, in_post INTEGER NOT NULL, PRIMARY KEY (month_start, depot_code));
CREATE TABLE sickness_absence (absence_id INTEGER PRIMARY KEY, staff_id INTEGER NOT NULL REFERENCES drivers(staff_id), started_on TEXT NOT NULL, days_lost INTEGER NOT NULL, reason TEXT NOT NULL);
CREATE TABLE vale_cards (card_id INTEGER PRIMARY KEY, card_number TEXT NOT NULL, holder_name TEXT NOT NULL, email TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, date_of_birth TEXT NOT NULL, concession_type TEXT, disability_status TEXT, issued_on TEXT NOT NULL);
CREATE TABLE card_taps (tap_id INTEGER PRIMARY KEY, card_id INTEGER NOT NULL REFERENCES vale_cards(card_id), tapped_at TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), stop_name TEXT NOT NULL, fare_gbp REAL NOT NULL);
${calendarTables('is_weekday')}
`;
const LAYOUT = 1301;
const INDEXES = `
CREATE INDEX route_boardings_route ON route_boardings (route_code, day);
CREATE INDEX fare_sales_day ON fare_sales (day, product_code);
CREATE INDEX departures_route ON departures (route_code, day);
CREATE INDEX failures_depot ON vehicle_failures (financial_year, depot_code);
CREATE INDEX complaints_received ON complaints (received_on, category);
CREATE INDEX incidents_occurred ON incidents (occurred_on);
CREATE INDEX card_taps_card ON card_taps (card_id, tapped_at);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  mode: ['modes', 2],
  depot: ['depots', 3],
  route: ['routes', 6],
  product: ['fare_products', 2],
  boarding: ['route_boardings', 6],
  sale: ['fare_sales', 7],
  departure: ['departures', 7],
  wait: ['headway_waits', 4],
  km: ['service_km', 8],
  load: ['peak_loads', 5],
  vehicle: ['vehicles', 5],
  fleetKm: ['fleet_km', 6],
  failure: ['vehicle_failures', 8],
  availability: ['fleet_availability', 5],
  stop: ['tram_stops', 5],
  asset: ['stop_assets', 6],
  incident: ['incidents', 6],
  complaint: ['complaints', 7],
  survey: ['satisfaction_survey', 8],
  ledger: ['finance_ledger', 6],
  driver: ['drivers', 8],
  hours: ['driver_hours', 6],
  establishment: ['driver_establishment', 4],
  sickness: ['sickness_absence', 5],
  card: ['vale_cards', 10],
  tap: ['card_taps', 6],
  etl: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, vehicles: [], drivers: [], modeDay: new Map() };
}

/** Modes, depots, routes, fare products and the tram stops. */
function fillReference(g) {
  for (const m of MODES) g.ins.mode.run(...m);
  for (const d of DEPOTS) g.ins.depot.run(...d);
  for (const [code, name, mode, depot, type] of ROUTES) g.ins.route.run(code, name, mode, depot, type, type === 'frequent' || type === 'tram' ? 1 : 0);
  for (const [code, name] of PRODUCTS) g.ins.product.run(code, name);
  for (const [line, stops] of Object.entries(TRAM_STOPS)) {
    stops.forEach((name, i) => {
      const lifts = i % 3 === 1 ? 2 : i % 4 === 0 ? 1 : 0;
      g.ins.stop.run(`${line[0]}${String(i + 1).padStart(2, '0')}`, name, line, lifts > 0 || i % 2 === 0 ? 1 : 0, lifts);
    });
  }
}

/** Boardings per route and day (concession journeys within them), departures and punctuality, excess waits, AM-peak loads. */
function fillRoutes(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    const d = day(n);
    const byMode = { BUS: 0, TRAM: 0, RAIL: 0 };
    for (const [code, , mode, , type, mean] of ROUTES) {
      const growth = mode === 'TRAM' ? 1 + 0.12 * trend(n) : mode === 'RAIL' ? 1 + 0.05 * trend(n) : 1 + 0.04 * trend(n);
      const boardings = Math.round(mean * weekdayFactor(wd, type) * season(n) * growth * (0.94 + 0.12 * rnd.next()));
      const older = Math.round(boardings * (type === 'night' ? 0.01 : 0.15 + 0.03 * rnd.next()) * (wd >= 5 ? 0.8 : 1));
      const disabled = Math.round(boardings * 0.035 * (0.8 + 0.4 * rnd.next()));
      const young = Math.round(boardings * (type === 'night' ? 0.02 : 0.07) * (0.8 + 0.4 * rnd.next()));
      g.ins.boarding.run(d, code, boardings, older, disabled, young);
      byMode[mode] += boardings;
      const perHour = type === 'frequent' ? 8 : type === 'tram' ? 10 : type === 'night' ? 2 : type === 'express' ? 3 : mode === 'RAIL' ? 3 : 4;
      const hours = type === 'night' ? 6 : 17;
      const scheduled = Math.round(perHour * hours * (wd === 6 ? 0.6 : wd === 5 ? 0.85 : 1));
      const operated = scheduled - Math.round(scheduled * (0.005 + 0.02 * rnd.next()));
      const otpBase = mode === 'TRAM' ? 0.91 : mode === 'RAIL' ? 0.88 : type === 'frequent' ? 0.78 : type === 'night' ? 0.9 : 0.83;
      const onTime = Math.round(operated * Math.min(0.99, otpBase + 0.03 * rnd.noise() + 0.02 * trend(n)));
      const early = Math.round((operated - onTime) * (0.15 + 0.1 * rnd.next()));
      g.ins.departure.run(d, code, scheduled, operated, onTime, early, operated - onTime - early);
      if (type === 'frequent' || type === 'tram') {
        const sched = type === 'tram' ? 3.5 : 4.2;
        g.ins.wait.run(d, code, sched, money(sched + Math.max(0.2, (type === 'tram' ? 0.6 : 1.4) + 0.35 * rnd.noise() - 0.3 * trend(n))));
      }
      if (wd < 5 && type !== 'night') {
        const trips = Math.round(perHour * 2.5);
        const lf = Math.max(20, Math.min(115, (type === 'frequent' || type === 'tram' ? 74 : mode === 'RAIL' ? 81 : 58) * season(n) + 6 * rnd.noise()));
        g.ins.load.run(d, code, trips, Math.round(lf * 10) / 10, Math.round(trips * Math.max(0, (lf - 60) / 80) * (0.7 + 0.6 * rnd.next())));
      }
    }
    g.modeDay.set(n, byMode);
  }
}

/** Fare sales per day, mode, product and medium: contactless grows, cash declines; capped journeys on pay as you go. */
function fillFares(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    const t = trend(n);
    for (const [mode] of MODES) {
      const paid = g.modeDay.get(n)[mode] * 0.74;
      for (const [code, , share, fare] of PRODUCTS) {
        for (const [medium, w] of MEDIA) {
          if (code === 'CON' && medium !== 'vale_card') continue;
          if (code === 'PAYG' && medium !== 'contactless_bank_card' && medium !== 'vale_card') continue;
          if (medium === 'cash' && code !== 'SGL' && code !== 'DAY') continue;
          if (mode === 'RAIL' && medium === 'cash') continue;
          const tilt = medium === 'contactless_bank_card' ? 1 + 0.6 * t : medium === 'cash' ? 1 - 0.5 * t : medium === 'mobile_app' ? 1 + 0.3 * t : 1;
          const base = code === 'CON' ? g.modeDay.get(n)[mode] * 0.22 : (paid * share * w * tilt) / 100 / 100;
          const journeys = Math.round(base * (0.93 + 0.14 * rnd.next()));
          const railUplift = mode === 'RAIL' ? 1.9 : mode === 'TRAM' ? 1.15 : 1;
          const revenue = money(journeys * fare * railUplift * (1 + 0.04 * t) * (0.97 + 0.06 * rnd.next()));
          const capped = code === 'PAYG' ? Math.round(journeys * (0.18 + 0.05 * rnd.next())) : 0;
          g.ins.sale.run(d, mode, code, medium, journeys, revenue, capped);
        }
      }
    }
  }
}

/** Scheduled and operated kilometres per depot and day, and the lost kilometres by cause. */
function fillServiceKm(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    for (const [code, , mode] of DEPOTS) {
      const scheduled = Math.round(
        (mode === 'TRAM' ? 9800 : 21000 + 2500 * DEPOTS.indexOf(DEPOTS.find((x) => x[0] === code))) * (wd === 6 ? 0.62 : wd === 5 ? 0.84 : 1),
      );
      const staff = money(scheduled * Math.max(0, (code === 'WGT' ? 0.019 : 0.009) + 0.004 * rnd.noise()));
      const vehicle = money(scheduled * Math.max(0, (code === 'RIV' ? 0.012 : 0.006) + 0.003 * rnd.noise()));
      const traffic = money(scheduled * Math.max(0, (mode === 'TRAM' ? 0.002 : 0.008) + 0.003 * rnd.noise()));
      const other = money(scheduled * 0.002 * rnd.next());
      g.ins.km.run(day(n), code, scheduled, money(scheduled - staff - vehicle - traffic - other), staff, vehicle, traffic, other);
    }
  }
}

// vehicles per depot and fleet type (Riverside has no battery-electric buses yet)
const FLEET_MIX = {
  CEN: [
    ['DSL', 40],
    ['HYB', 38],
    ['BEV', 32],
  ],
  HIL: [
    ['DSL', 52],
    ['HYB', 30],
    ['BEV', 8],
  ],
  RIV: [
    ['DSL', 60],
    ['HYB', 22],
  ],
  WGT: [
    ['DSL', 34],
    ['HYB', 24],
    ['BEV', 36],
  ],
  ASH: [['TRM', 32]],
};
const causesOf = (type) =>
  type === 'TRM'
    ? ['electrical', 'doors', 'pantograph', 'brakes']
    : type === 'BEV'
      ? ['electrical', 'doors', 'traction_battery', 'brakes', 'suspension']
      : FAILURE_CAUSES.filter((c) => c !== 'pantograph' && c !== 'traction_battery');

/** The fleet per depot: one row per vehicle with its fleet number. */
function fillVehicles(g) {
  const { rnd } = g;
  let id = 0;
  for (const [depot, types] of Object.entries(FLEET_MIX)) {
    for (const [type, count] of types) {
      for (let k = 0; k < count; k++) {
        id++;
        g.vehicles.push([id, depot, type]);
        g.ins.vehicle.run(id, `${type === 'TRM' ? 'T' : ''}${1000 + id}`, depot, type, day(D0 - rnd.int(100, 5000)));
      }
    }
  }
}

/** Kilometres per month, depot and fleet type, and the failures behind MDBF (Riverside's older fleet fails more often). */
function fillFleetKm(g) {
  const { rnd } = g;
  let fid = 0;
  for (const [first, next] of months()) {
    const [fy] = fyOf(day(first));
    const daysIn = Math.min(next, D1 + 1) - first;
    for (const [depot, types] of Object.entries(FLEET_MIX)) {
      for (const [type, count] of types) {
        const km = money(count * (type === 'TRM' ? 260 : 185) * daysIn * (0.92 + 0.08 * rnd.next()));
        g.ins.fleetKm.run(day(first), fy, depot, type, count, km);
        const mdbf = FLEET_TYPES.find((f) => f[0] === type)[2] * (depot === 'RIV' ? 0.75 : 1) * (1 + 0.15 * trend(first));
        const fleet = g.vehicles.filter((v) => v[1] === depot && v[2] === type);
        for (let k = rnd.poisson(km / mdbf); k > 0; k--) {
          const v = rnd.pick(fleet);
          const on = day(first + rnd.int(0, daysIn - 1));
          g.ins.failure.run(++fid, v[0], depot, type, on, fyOf(on)[0], rnd.pick(causesOf(type)), rnd.next() < 0.7 ? 1 : 0);
        }
      }
    }
  }
}

/** Daily fleet availability per depot against the peak vehicle requirement (PVR). */
function fillAvailability(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [depot, types] of Object.entries(FLEET_MIX)) {
      const owned = types.reduce((s, [, c]) => s + c, 0);
      const pvr = Math.round(owned * (depot === 'ASH' ? 0.84 : 0.86));
      const available = Math.min(owned, Math.round(owned * (0.87 + 0.04 * rnd.noise() - (depot === 'RIV' ? 0.03 : 0))));
      g.ins.availability.run(day(n), depot, owned, pvr, available);
    }
  }
}

/** Lift and ramp availability at each tram stop (lifts where a stop has them, a ramp at every stop). */
function fillStopAssets(g) {
  const { rnd } = g;
  const stops = [];
  for (const [line, names] of Object.entries(TRAM_STOPS))
    names.forEach((_, i) => stops.push([`${line[0]}${String(i + 1).padStart(2, '0')}`, i % 3 === 1 ? 2 : i % 4 === 0 ? 1 : 0]));
  for (let n = D0; n <= D1; n++) {
    for (const [stop, lifts] of stops) {
      const minutes = 19 * 60;
      if (lifts > 0) {
        const fault = rnd.next() < 0.03 * lifts;
        g.ins.asset.run(day(n), stop, 'lift', minutes * lifts, minutes * lifts - (fault ? rnd.int(30, 600) : 0), fault ? 1 : 0);
      }
      const rampFault = rnd.next() < 0.008;
      g.ins.asset.run(day(n), stop, 'ramp', minutes, minutes - (rampFault ? rnd.int(20, 240) : 0), rampFault ? 1 : 0);
    }
  }
}

/** Safety incidents and customer complaints, each on a route of a mode. */
function fillIncidentsAndComplaints(g) {
  const { rnd } = g;
  let iid = 0;
  let cid = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(7); k > 0; k--) {
      const [route, , mode] = rnd.weighted(ROUTES.map((r) => [r, r[5]]));
      g.ins.incident.run(
        ++iid,
        day(n),
        mode,
        route,
        rnd.weighted(INCIDENT_TYPES),
        rnd.weighted([
          ['minor', 70],
          ['moderate', 24],
          ['major', 6],
        ]),
      );
    }
    for (let k = rnd.poisson(weekdayOf(n) >= 5 ? 22 : 34); k > 0; k--) {
      const [route, , mode] = rnd.weighted(ROUTES.map((r) => [r, r[5]]));
      const category = rnd.weighted(COMPLAINT_CATEGORIES);
      const respond = n + Math.round(rnd.expo(7));
      g.ins.complaint.run(++cid, day(n), mode, route, category, respond <= D1 ? day(respond) : null, rnd.next() < 0.4 ? rnd.int(1, 30000) : null);
    }
  }
}

/** The passenger satisfaction survey: four waves a financial year per mode (Q1 to Q4 of the year), the latest wave closed. */
function fillSurvey(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const d = day(first);
    const m = Number(d.slice(5, 7));
    if (m % 3 !== 0) continue; // fieldwork in the last month of each quarter
    const [fy, q] = fyOf(d);
    for (const [mode] of MODES) {
      const responses = mode === 'BUS' ? rnd.int(1100, 1300) : rnd.int(500, 650);
      const base = mode === 'TRAM' ? 0.88 : mode === 'RAIL' ? 0.8 : 0.84;
      const share = (x) => Math.round(responses * Math.min(0.99, x + 0.02 * rnd.noise()));
      g.ins.survey.run(fy, q, mode, responses, share(base), share(base - 0.08), share(base - 0.16), share(base - 0.05));
    }
    void next;
  }
}

/** The finance ledger per closed month and mode: fare revenue, concession reimbursement from the combined authority, operating cost. */
function fillLedger(g, db) {
  const { rnd } = g;
  const rows = db.prepare(
    'SELECT mode_code, SUM(revenue_gbp) AS revenue, SUM(CASE WHEN product_code = ? THEN journeys ELSE 0 END) AS concession FROM fare_sales WHERE day >= ? AND day < ? GROUP BY mode_code',
  );
  for (const [first, next] of closedMonths()) {
    const d = day(first);
    const [fy, q] = fyOf(d);
    for (const r of rows.all('CON', d, day(next))) {
      const cost =
        r.mode_code === 'RAIL'
          ? r.revenue * (1.55 + 0.1 * rnd.next())
          : r.mode_code === 'TRAM'
            ? r.revenue * (1.2 + 0.08 * rnd.next())
            : r.revenue * (1.85 + 0.12 * rnd.next());
      g.ins.ledger.run(d, fy, q, r.mode_code, 'fare_revenue', money(r.revenue));
      g.ins.ledger.run(d, fy, q, r.mode_code, 'concession_reimbursement', money(r.concession * 1.08));
      g.ins.ledger.run(d, fy, q, r.mode_code, 'operating_cost', money(cost));
    }
  }
}

/** Drivers (names, addresses, birth dates and pay are personal data), their monthly hours and overtime, the establishment per depot and sickness absence (health data). */
function fillWorkforce(g) {
  const { rnd } = g;
  const size = { CEN: 210, HIL: 170, RIV: 140, WGT: 175, ASH: 95 };
  let id = 0;
  for (const [depot, count] of Object.entries(size)) {
    for (let k = 0; k < count; k++) {
      const rate = money(depot === 'ASH' ? 17.4 + rnd.next() : 15.2 + 1.5 * rnd.next());
      g.ins.driver.run(
        ++id,
        `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
        depot,
        `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, Northvale NV${rnd.int(1, 19)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
        day(D1 - rnd.int(22, 64) * 365 - rnd.int(0, 364)),
        rate,
        Math.round(rate * 39 * 52),
        day(D0 - rnd.int(0, 6000)),
      );
      g.drivers.push([id, depot, rate]);
    }
  }
  for (const [first] of closedMonths()) {
    for (const [depot, count] of Object.entries(size)) {
      const establishment = Math.round(count * 1.08);
      const short = depot === 'WGT' ? 0.1 : depot === 'CEN' ? 0.06 : 0.04;
      g.ins.establishment.run(day(first), depot, establishment, Math.round(establishment * (1 - short + 0.015 * rnd.noise())));
    }
    for (const [staff, depot, rate] of g.drivers) {
      const ot = Math.max(0, (depot === 'WGT' ? 22 : depot === 'CEN' ? 15 : 10) + 8 * rnd.noise());
      g.ins.hours.run(day(first), staff, depot, 169, Math.round(ot * 10) / 10, money(ot * rate * 1.5));
    }
  }
  let aid = 0;
  for (let n = D0; n <= D1; n++) {
    for (let k = rnd.poisson(3.2); k > 0; k--) {
      const [staff] = rnd.pick(g.drivers);
      g.ins.sickness.run(++aid, staff, day(n), Math.max(1, Math.round(rnd.expo(6))), rnd.pick(SICKNESS));
    }
  }
}

/** Vale Card holders (names, e-mails, addresses, birth dates, card numbers and disability status are personal data) and the last sixty days of taps for a sample of them. */
function fillCards(g) {
  const { rnd } = g;
  const CARDS = 30000;
  const stops = Object.values(TRAM_STOPS).flat();
  for (let id = 1; id <= CARDS; id++) {
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const concession = rnd.weighted([
      [null, 70],
      ['older_person', 17],
      ['disabled_person', 5],
      ['young_person', 8],
    ]);
    const disability =
      concession === 'disabled_person' ? rnd.pick(['visual_impairment', 'mobility_impairment', 'hearing_impairment', 'learning_disability']) : null;
    const age = concession === 'older_person' ? rnd.int(66, 92) : concession === 'young_person' ? rnd.int(11, 21) : rnd.int(16, 80);
    g.ins.card.run(
      id,
      `6335 ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)}`,
      `${first} ${last}`,
      `${first.toLowerCase()}.${last.toLowerCase()}${rnd.int(1, 99)}@example.test`,
      `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, Northvale`,
      `NV${rnd.int(1, 19)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
      day(D1 - age * 365 - rnd.int(0, 364)),
      concession,
      disability,
      day(D0 - rnd.int(-800, 2500)),
    );
  }
  let tid = 0;
  for (let k = 0; k < 2000; k++) {
    const card = rnd.int(1, CARDS);
    for (let j = rnd.int(6, 30); j > 0; j--) {
      const [route] = rnd.weighted(ROUTES.map((r) => [r, r[5]]));
      const at = `${day(D1 - rnd.int(0, 59))}T${String(rnd.int(5, 23)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}:00`;
      g.ins.tap.run(++tid, card, at, route, rnd.pick(stops), money(rnd.pick([0, 1.8, 2.2, 2.5, 4.6])));
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillRoutes(g);
  fillFares(g);
  fillServiceKm(g);
  fillVehicles(g);
  fillFleetKm(g);
  fillAvailability(g);
  fillStopAssets(g);
  fillIncidentsAndComplaints(g);
  fillSurvey(g);
  fillLedger(g, db);
  fillWorkforce(g);
  fillCards(g);
  for (const source of ['ticketing', 'avl', 'fleet_maintenance', 'finance_ledger', 'crm', 'survey', 'hr', 'vale_card']) g.ins.etl.run(source, day(D1));
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
