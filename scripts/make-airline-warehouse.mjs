#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// Kestrel Air's five bases: code, name, departures a day, on-time skill (0..1)
const BASES = [
  ['BHX', 'Birmingham', 7, 0.8],
  ['BRS', 'Bristol', 6, 0.86],
  ['EDI', 'Edinburgh', 6, 0.82],
  ['MAN', 'Manchester', 9, 0.74],
  ['NCL', 'Newcastle', 4, 0.88],
];
// destination, city, distance weight (km from a UK base), demand (0..1), fare mean GBP
const DESTINATIONS = [
  ['AGP', 'Malaga', 1850, 0.92, 96],
  ['ALC', 'Alicante', 1700, 0.9, 88],
  ['PMI', 'Palma', 1500, 0.94, 92],
  ['FAO', 'Faro', 1750, 0.88, 90],
  ['DUB', 'Dublin', 420, 0.78, 54],
  ['AMS', 'Amsterdam', 560, 0.8, 62],
  ['CDG', 'Paris', 600, 0.76, 66],
  ['BCN', 'Barcelona', 1350, 0.86, 84],
  ['GVA', 'Geneva', 950, 0.72, 104],
];
// aircraft type, seats, fuel kg a block hour, cost GBP a block hour, fleet share
const TYPES = [
  ['A319', 144, 2300, 6100, 1],
  ['A320', 180, 2500, 6900, 3],
  ['A321N', 220, 2350, 7400, 2],
];
const DELAY_CAUSES = [
  ['reactionary', 6],
  ['atc', 4],
  ['weather', 2],
  ['technical', 3],
  ['ground_handling', 3],
  ['crew', 1],
  ['airport', 2],
];
const CANCEL_REASONS = [
  ['technical', 4],
  ['weather', 3],
  ['atc_strike', 1],
  ['crew_shortage', 2],
];
const COMPLAINT_CATEGORIES = [
  ['delay', 8],
  ['cancellation', 4],
  ['baggage', 4],
  ['refund', 3],
  ['onboard_service', 2],
  ['booking', 2],
  ['staff_conduct', 1],
];
const BAG_TYPES = [
  ['delayed', 8],
  ['damaged', 3],
  ['pilfered', 1],
  ['lost', 1],
];
const ASSISTANCE = [
  'WCHR wheelchair to aircraft',
  'WCHC fully immobile',
  'BLND blind',
  'DEAF deaf',
  'DPNA intellectual disability',
  'MEDA oxygen on board',
  'pregnant 32 weeks',
];
const TIERS = [
  ['blue', 7],
  ['silver', 2],
  ['gold', 1],
];
const FIRST = [
  'Amelia',
  'Ben',
  'Callum',
  'Daisy',
  'Ewan',
  'Fiona',
  'Gavin',
  'Hannah',
  'Imran',
  'Jess',
  'Kieran',
  'Lucy',
  'Mohammed',
  'Niamh',
  'Owen',
  'Poppy',
  'Rhys',
  'Sana',
  'Toby',
  'Yasmin',
];
const LAST = [
  'Ahmed',
  'Baxter',
  'Campbell',
  'Doyle',
  'Evans',
  'Fraser',
  'Gill',
  'Hughes',
  'Kaur',
  'Lloyd',
  'McLeod',
  'Murray',
  'Patel',
  'Reid',
  'Shaw',
  'Turner',
  'Watson',
  'Young',
];
const RANKS = [
  ['captain', 2, 'CPT'],
  ['first_officer', 2, 'FO'],
  ['cabin_manager', 2, 'CM'],
  ['cabin_crew', 6, 'CC'],
];
// days before departure a booking band opens, share of the final load sold by then
const CURVE = [
  [90, 0.22],
  [60, 0.38],
  [30, 0.6],
  [14, 0.78],
  [7, 0.88],
  [1, 0.98],
  [0, 1],
];

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of flying (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() and stamp() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const stamp = (n, minutes) => new Date((n * DAY + shift + Math.round(minutes) * 60) * 1000).toISOString().slice(0, 16).replace('T', ' ');
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
// Summer peak: demand and fares follow the month of the unshifted day.
const seasonOf = (n) => [0.72, 0.75, 0.85, 0.95, 1.0, 1.08, 1.15, 1.18, 1.05, 0.95, 0.78, 0.9][new Date(n * DAY * 1000).getUTCMonth()];

const SCHEMA = `
CREATE TABLE bases (base_code TEXT PRIMARY KEY, base_name TEXT NOT NULL);
CREATE TABLE airports (airport_code TEXT PRIMARY KEY, city TEXT NOT NULL);
CREATE TABLE routes (route_code TEXT PRIMARY KEY, origin TEXT NOT NULL, destination TEXT NOT NULL, base_code TEXT NOT NULL REFERENCES bases(base_code), distance_km INTEGER NOT NULL);
CREATE TABLE aircraft (tail TEXT PRIMARY KEY, aircraft_type TEXT NOT NULL, seats INTEGER NOT NULL, base_code TEXT NOT NULL REFERENCES bases(base_code));
CREATE TABLE flights (flight_id INTEGER PRIMARY KEY, flight_no TEXT NOT NULL, flight_date TEXT NOT NULL, route_code TEXT NOT NULL REFERENCES routes(route_code), base_code TEXT NOT NULL, origin TEXT NOT NULL, destination TEXT NOT NULL, tail TEXT NOT NULL REFERENCES aircraft(tail), aircraft_type TEXT NOT NULL, seats INTEGER NOT NULL, sched_dep TEXT NOT NULL, cancelled INTEGER NOT NULL, cancel_reason TEXT, arr_delay_minutes INTEGER, block_minutes INTEGER, distance_km INTEGER NOT NULL, pax INTEGER NOT NULL, ticket_revenue_gbp REAL NOT NULL, ancillary_revenue_gbp REAL NOT NULL, operating_cost_gbp REAL NOT NULL, fuel_kg INTEGER NOT NULL);
CREATE TABLE delay_causes (flight_id INTEGER NOT NULL REFERENCES flights(flight_id), cause TEXT NOT NULL, minutes INTEGER NOT NULL, PRIMARY KEY (flight_id, cause));
CREATE TABLE booking_snapshots (flight_id INTEGER NOT NULL REFERENCES flights(flight_id), days_before INTEGER NOT NULL, seats_sold INTEGER NOT NULL, PRIMARY KEY (flight_id, days_before));
CREATE TABLE passengers (passenger_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, passport_no TEXT NOT NULL, date_of_birth TEXT NOT NULL, special_assistance TEXT);
CREATE TABLE loyalty_members (member_id TEXT PRIMARY KEY, passenger_id TEXT NOT NULL REFERENCES passengers(passenger_id), tier TEXT NOT NULL, home_base TEXT NOT NULL, joined_on TEXT NOT NULL, last_flown_on TEXT, points_balance INTEGER NOT NULL);
CREATE TABLE bag_reports (pir_ref TEXT PRIMARY KEY, flight_id INTEGER NOT NULL REFERENCES flights(flight_id), passenger_id TEXT NOT NULL REFERENCES passengers(passenger_id), base_code TEXT NOT NULL, reported_on TEXT NOT NULL, report_type TEXT NOT NULL, closed_on TEXT, compensation_gbp REAL NOT NULL);
CREATE TABLE complaints (complaint_id INTEGER PRIMARY KEY, passenger_id TEXT NOT NULL REFERENCES passengers(passenger_id), flight_id INTEGER REFERENCES flights(flight_id), base_code TEXT NOT NULL, opened_on TEXT NOT NULL, category TEXT NOT NULL, compensation_claim INTEGER NOT NULL, claim_status TEXT, paid_gbp REAL NOT NULL);
CREATE TABLE crew (crew_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, mobile TEXT NOT NULL, rank TEXT NOT NULL, base_code TEXT NOT NULL REFERENCES bases(base_code));
CREATE TABLE crew_duties (crew_id TEXT NOT NULL REFERENCES crew(crew_id), duty_date TEXT NOT NULL, base_code TEXT NOT NULL, duty_type TEXT NOT NULL, called_out INTEGER NOT NULL, block_minutes INTEGER NOT NULL, duty_minutes INTEGER NOT NULL, PRIMARY KEY (crew_id, duty_date));
${calendarTables('is_weekend')}
`;
const LAYOUT = 801;
const INDEXES = `
CREATE INDEX flights_day ON flights (flight_date);
CREATE INDEX bag_reports_day ON bag_reports (reported_on);
CREATE INDEX complaints_day ON complaints (opened_on);
CREATE INDEX crew_duties_day ON crew_duties (duty_date);
`;

/** The date dimension over every day the data can name; Saturday and Sunday are the weekend. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd >= 5 ? 1 : 0) });

const INSERTS = {
  base: ['bases', 2],
  airport: ['airports', 2],
  route: ['routes', 5],
  aircraft: ['aircraft', 4],
  flight: ['flights', 21],
  delay: ['delay_causes', 3],
  curve: ['booking_snapshots', 3],
  passenger: ['passengers', 6],
  member: ['loyalty_members', 7],
  bag: ['bag_reports', 8],
  complaint: ['complaints', 9],
  crew: ['crew', 5],
  duty: ['crew_duties', 7],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, ids: { flight: 0, pir: 0, complaint: 0 }, routes: {}, fleet: {}, passengers: [] };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;
const TYPE_PICK = TYPES.map((t) => [t, t[4]]);

/** Bases, airports, each base's routes (five of the nine destinations) and its based aircraft. */
function fillNetwork(g) {
  const { rnd } = g;
  for (const [code, city] of DESTINATIONS) g.ins.airport.run(code, city);
  let tailNo = 0;
  for (const [base, name, departures] of BASES) {
    g.ins.base.run(base, name);
    g.ins.airport.run(base, name);
    g.routes[base] = [];
    for (const k of [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => (i + base.charCodeAt(1)) % 9 < 6)) {
      const dest = DESTINATIONS[k];
      const route = { code: `${base}-${dest[0]}`, dest, km: Math.round(dest[2] * (0.9 + 0.2 * rnd.next())) };
      g.ins.route.run(route.code, base, dest[0], base, route.km);
      g.routes[base].push(route);
    }
    g.fleet[base] = [];
    for (let k = 0; k < Math.ceil(departures / 2.2); k++) {
      const type = rnd.weighted(TYPE_PICK);
      const tail = `G-KS${String.fromCharCode(65 + Math.floor(tailNo / 26))}${String.fromCharCode(65 + (tailNo++ % 26))}`;
      g.ins.aircraft.run(tail, type[0], type[1], base);
      g.fleet[base].push({ tail, type });
    }
  }
}

/** Passengers who booked with us (names, emails, passports, birth dates and assistance needs are personal data) and the loyalty scheme's members. */
function fillPassengers(g) {
  const { rnd } = g;
  for (let k = 1; k <= 6000; k++) {
    const id = `P${String(k).padStart(6, '0')}`;
    const name = nameOf(rnd);
    const email = `${name.toLowerCase().replace(' ', '.')}${rnd.int(1, 99)}@example.net`;
    const born = day(D0 - rnd.int(18 * 365, 80 * 365));
    const assist = rnd.next() < 0.03 ? rnd.pick(ASSISTANCE) : null;
    g.ins.passenger.run(id, name, email, `${rnd.int(100000000, 999999999)}`, born, assist);
    g.passengers.push(id);
    if (rnd.next() < 0.45) {
      const joined = D0 - 700 + rnd.int(0, D1 - D0 + 700);
      const flown = rnd.next() < 0.8 ? day(Math.min(D1, joined + rnd.int(0, 500))) : null;
      g.ins.member.run(`KM${String(k).padStart(7, '0')}`, id, rnd.weighted(TIERS), rnd.pick(BASES)[0], day(joined), flown, rnd.int(0, 40000));
    }
  }
}

/** Delay minutes of a late flight split over its causes (IATA-style groups); reactionary delay dominates. */
function splitDelay(g, flightId, minutes) {
  const { rnd } = g;
  const first = rnd.weighted(DELAY_CAUSES);
  const second = rnd.next() < 0.35 ? rnd.weighted(DELAY_CAUSES) : first;
  const part = second === first ? minutes : Math.round(minutes * (0.4 + 0.4 * rnd.next()));
  g.ins.delay.run(flightId, first, part);
  if (second !== first) g.ins.delay.run(flightId, second, minutes - part);
}

/** How the flight sold: seats sold at each booking-curve point before departure. */
function fillCurve(g, flightId, pax) {
  const { rnd } = g;
  let sold = 0;
  for (const [days, share] of CURVE) {
    sold = Math.max(sold, Math.min(pax, Math.round(pax * share * (0.9 + 0.2 * rnd.next()))));
    g.ins.curve.run(flightId, days, days === 0 ? pax : sold);
  }
}

/** One scheduled departure or its return leg: cancelled, or flown with delay, load, revenue, cost and fuel. */
function flyLeg(g, n, base, skill, route, plane, outbound, slot) {
  const { rnd } = g;
  const [type, seats, fuelRate, costRate] = plane.type;
  const id = ++g.ids.flight;
  const cancelled = rnd.next() < 0.012 + 0.01 * (1 - skill);
  const block = Math.round((route.km / 780) * 60 + 28 + rnd.int(-6, 12));
  const late = !cancelled && rnd.next() > skill * (1.1 - 0.15 * seasonOf(n));
  const delay = cancelled ? null : late ? 16 + Math.round(rnd.expo(38)) : rnd.int(-12, 14);
  const demand = Math.min(1, route.dest[3] * seasonOf(n) * (0.82 + 0.25 * rnd.next()));
  const pax = cancelled ? 0 : Math.min(seats, Math.round(seats * demand));
  const fare = route.dest[4] * (0.7 + 0.5 * seasonOf(n)) * (0.85 + 0.3 * rnd.next());
  const [origin, dest] = outbound ? [base, route.dest[0]] : [route.dest[0], base];
  const flightNo = `KS${100 + ((id * 7) % 900)}`;
  g.ins.flight.run(
    id,
    flightNo,
    day(n),
    route.code,
    base,
    origin,
    dest,
    plane.tail,
    type,
    seats,
    stamp(n, slot),
    cancelled ? 1 : 0,
    cancelled ? rnd.weighted(CANCEL_REASONS) : null,
    delay,
    cancelled ? null : block,
    route.km,
    pax,
    money(pax * fare),
    money(pax * (11 + rnd.expo(9))),
    money(cancelled ? 900 : (block / 60) * costRate * (0.92 + 0.16 * rnd.next())),
    cancelled ? 0 : Math.round((block / 60) * fuelRate * (0.94 + 0.12 * rnd.next())),
  );
  if (late) splitDelay(g, id, delay);
  if (!cancelled && outbound) fillCurve(g, id, pax);
  return { id, pax, cancelled, late, delay };
}

/** After a flown leg: mishandled bags (PIRs) and complaints, some with a compensation claim. */
function aftermath(g, n, base, leg) {
  const { rnd } = g;
  for (let k = rnd.poisson(leg.pax * 0.004 * (leg.late ? 1.8 : 1)); k > 0; k--) {
    const type = rnd.weighted(BAG_TYPES);
    const closed = n + 1 + Math.round(rnd.expo(type === 'lost' ? 30 : 4));
    g.ins.bag.run(
      `${base}KS${String(++g.ids.pir).padStart(5, '0')}`,
      leg.id,
      rnd.pick(g.passengers),
      base,
      day(n),
      type,
      closed <= D1 ? day(closed) : null,
      money(type === 'delayed' ? rnd.expo(40) : 60 + rnd.expo(220)),
    );
  }
  const rate = leg.cancelled ? 0.6 : leg.delay >= 180 ? 0.5 : leg.late ? 0.06 : 0.012;
  for (let k = rnd.poisson(rate * (leg.cancelled ? 4 : 1)); k > 0; k--) {
    const category = leg.cancelled ? 'cancellation' : leg.late && rnd.next() < 0.7 ? 'delay' : rnd.weighted(COMPLAINT_CATEGORIES);
    const claim = leg.cancelled || leg.delay >= 180 ? 1 : 0;
    const status = claim
      ? rnd.weighted([
          ['paid', 6],
          ['rejected', 2],
          ['open', n > D1 - 40 ? 4 : 0.3],
        ])
      : null;
    const paid = status === 'paid' ? 220 : claim ? 0 : rnd.next() < 0.15 ? money(20 + rnd.expo(40)) : 0;
    g.ins.complaint.run(++g.ids.complaint, rnd.pick(g.passengers), leg.id, base, day(Math.min(D1, n + rnd.int(0, 6))), category, claim, status, paid);
  }
}

/** Every day's flying from every base: out-and-back rotations on each based aircraft. */
function fillFlights(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [base, , departures, skill] of BASES) {
      const waves = departures + (seasonOf(n) > 1 ? 1 : 0) - (weekdayOf(n) === 1 ? 1 : 0);
      for (let w = 0; w < waves; w++) {
        const plane = g.fleet[base][w % g.fleet[base].length];
        const route = rnd.pick(g.routes[base]);
        const slot = 360 + Math.floor(w / g.fleet[base].length) * 300 + rnd.int(0, 40);
        for (const outbound of [true, false]) {
          const leg = flyLeg(g, n, base, skill, route, plane, outbound, slot + (outbound ? 0 : 150));
          aftermath(g, n, base, leg);
        }
      }
    }
  }
}

/** Pilots and cabin crew of each base (names and mobiles are personal data). */
function fillCrew(g) {
  const { rnd } = g;
  const roster = [];
  for (const [base, , departures] of BASES) {
    for (const [rank, per, short] of RANKS) {
      for (let k = 1; k <= Math.round(per * departures * 0.9); k++) {
        const id = `${base}-${short}${String(k).padStart(2, '0')}`;
        g.ins.crew.run(id, nameOf(rnd), phoneOf(rnd), rank, base);
        roster.push({ id, base });
      }
    }
  }
  return roster;
}

/** Each crew member's day: flying, home or airport standby (sometimes called out), or off. */
function fillDuties(g, roster) {
  const { rnd } = g;
  for (const { id, base } of roster) {
    for (let n = D0; n <= D1; n++) {
      const r = rnd.next();
      if (r < 0.42) continue;
      const standby = r < 0.55;
      const calledOut = standby && rnd.next() < 0.32;
      const type = standby
        ? rnd.weighted([
            ['home_standby', 2],
            ['airport_standby', 1],
          ])
        : 'flying';
      const flying = !standby || calledOut;
      const block = flying ? rnd.int(150, 520) : 0;
      g.ins.duty.run(id, day(n), base, type, calledOut ? 1 : 0, block, flying ? block + rnd.int(90, 150) : rnd.int(240, 480));
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillNetwork(g);
  fillPassengers(g);
  fillFlights(g);
  fillDuties(g, fillCrew(g));
  for (const source of ['ops', 'res', 'crew', 'loyalty', 'baggage', 'crm']) g.ins.load.run(source, day(D1));
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
