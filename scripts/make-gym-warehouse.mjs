#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261212;

// Ironvale Fitness's areas: code, name
const AREAS = [
  ['LDN', 'London'],
  ['SE', 'South East'],
  ['MID', 'Midlands'],
  ['NTH', 'North'],
  ['SCT', 'Scotland'],
];
// clubs per area; a club's code is its area and its number (LDN01 Islington)
const CLUBS = {
  LDN: [
    'Islington',
    'Clapham',
    'Canary Wharf',
    'Shoreditch',
    'Hammersmith',
    'Wimbledon',
    'Stratford',
    'Camden',
    'Richmond',
    'Greenwich',
    'Ealing',
    'Battersea',
  ],
  SE: ['Brighton', 'Reading', 'Guildford', 'Oxford', 'Crawley', 'Maidstone', 'Southampton', 'Milton Keynes'],
  MID: ['Birmingham', 'Coventry', 'Leicester', 'Nottingham', 'Derby', 'Wolverhampton', 'Northampton', 'Solihull'],
  NTH: ['Leeds', 'Manchester', 'Sheffield', 'Newcastle', 'York', 'Liverpool', 'Bradford', 'Preston'],
  SCT: ['Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee'],
};
// clubs opened inside the warehouse's span (not like-for-like): town, opening day (unshifted y, m, d)
const NEW_CLUBS = { Solihull: [2025, 9, 1], Battersea: [2026, 3, 30] };
// membership type code, name, share of joins, monthly fee GBP (FLEX pays per visit)
const MEMBERSHIP_TYPES = [
  ['STD', 'Standard', 44, 42],
  ['OFF', 'Off-peak', 18, 29],
  ['STU', 'Student', 14, 24],
  ['CORP', 'Corporate', 12, 35],
  ['FLEX', 'Pay-as-you-go', 12, 0],
];
// class type code, name, share of timetable, capacity
const CLASS_TYPES = [
  ['HIIT', 'HIIT', 26, 24],
  ['YOGA', 'Yoga', 20, 20],
  ['SPIN', 'Spin', 24, 28],
  ['PILATES', 'Pilates', 16, 16],
  ['STRENGTH', 'Strength', 14, 18],
];
// revenue stream code, name
const STREAMS = [
  ['MEM', 'Memberships'],
  ['PT', 'Personal training'],
  ['CLS', 'Paid classes'],
  ['RET', 'Retail'],
  ['CAF', 'Cafe'],
];
const EQUIPMENT = ['treadmill', 'cross_trainer', 'rower', 'spin_bike', 'cable_machine', 'leg_press', 'smith_machine'];
const ROLES = [
  ['CM', 'Club manager', 1, 21.5],
  ['FOH', 'Front of house', 4, 11.9],
  ['FIT', 'Fitness instructor', 4, 13.2],
  ['PT', 'Personal trainer', 3, 15.0],
  ['CLN', 'Cleaner', 2, 11.5],
];
const FIRST = [
  'Sarah',
  'James',
  'Aisha',
  'Tom',
  'Chloe',
  'Daniel',
  'Priya',
  'Liam',
  'Hannah',
  'Kwame',
  'Emma',
  'Ryan',
  'Zara',
  'Connor',
  'Megan',
  'Imran',
  'Lucy',
  'Callum',
];
const LAST = [
  'Khan',
  'Smith',
  'Patel',
  'Jones',
  'Williams',
  'Brown',
  'Taylor',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Green',
  'Hall',
  'Campbell',
  'Murphy',
  'Okafor',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Park Road', 'Victoria Street', 'Queens Road', 'Mill Lane', 'The Crescent'];
const POSTAREA = { LDN: 'N', SE: 'BN', MID: 'B', NTH: 'LS', SCT: 'EH' };
const ETHNICITIES = ['White British', 'White other', 'Asian British', 'Black British', 'Mixed', 'Chinese', 'Other', 'Prefer not to say'];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2025, 2, 3); // the warehouse's first day: the first day of FY25 (the Monday nearest 1 February 2025)
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const dayNumber = (s) => Date.parse(`${s}T00:00:00Z`) / 1000 / DAY;

/** The Monday nearest 1 February of a year, as a day number: the first day of Ironvale's financial year. */
const fyStart = (y) => {
  const feb1 = dn(y, 2, 1);
  const wd = weekdayOf(feb1);
  return wd <= 3 ? feb1 - wd : feb1 + (7 - wd);
};
const PERIOD_WEEKS = [4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5];
/**
 * The retail 4-4-5 calendar of a (shifted) day string: financial year FY26 for the year starting
 * on the Monday nearest 1 February 2026, its week (1..52, or 53), period P1..P12 (4, 4 and 5 weeks
 * a quarter; a 53rd week falls in P12) and quarter Q1..Q4, with the period's first and last days.
 */
export function retailDay(s) {
  const n = dayNumber(s);
  let y = Number(s.slice(0, 4));
  if (n < fyStart(y)) y -= 1;
  const start = fyStart(y);
  const next = fyStart(y + 1);
  const week = Math.floor((n - start) / 7) + 1;
  let p = 0;
  let first = start;
  while (p < 11 && first + PERIOD_WEEKS[p] * 7 <= n) first += PERIOD_WEEKS[p++] * 7;
  const last = p === 11 ? next - 1 : first + PERIOD_WEEKS[p] * 7 - 1;
  const iso = (k) => new Date(k * DAY * 1000).toISOString().slice(0, 10);
  return {
    fy: `FY${String(y % 100).padStart(2, '0')}`,
    week,
    period: p + 1,
    quarter: Math.floor(p / 3) + 1,
    first: iso(first),
    last: iso(last),
  };
}
/** Slow trend over the warehouse's span: 0 at the first day, 1 at the last. */
const trend = (n) => (n - D0) / (D1 - D0);

const SCHEMA = `
CREATE TABLE areas (area_code TEXT PRIMARY KEY, area_name TEXT NOT NULL);
CREATE TABLE clubs (club_code TEXT PRIMARY KEY, club_name TEXT NOT NULL, area_code TEXT NOT NULL REFERENCES areas(area_code), opened_on TEXT NOT NULL);
CREATE TABLE membership_types (membership_type TEXT PRIMARY KEY, type_name TEXT NOT NULL, monthly_fee_gbp REAL NOT NULL);
CREATE TABLE class_types (class_type TEXT PRIMARY KEY, class_name TEXT NOT NULL);
CREATE TABLE revenue_streams (stream_code TEXT PRIMARY KEY, stream_name TEXT NOT NULL);
CREATE TABLE retail_calendar (day TEXT PRIMARY KEY, financial_year TEXT NOT NULL, fy_week INTEGER NOT NULL, period_no INTEGER NOT NULL, period TEXT NOT NULL, fy_quarter TEXT NOT NULL, period_start TEXT NOT NULL, period_end TEXT NOT NULL);
CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, gender TEXT NOT NULL, ethnicity TEXT NOT NULL, disability TEXT, home_address TEXT NOT NULL, postcode TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, membership_type TEXT NOT NULL REFERENCES membership_types(membership_type), home_club TEXT NOT NULL REFERENCES clubs(club_code), joined_on TEXT NOT NULL, cancelled_on TEXT);
CREATE TABLE member_bank_details (member_id INTEGER PRIMARY KEY REFERENCES members(member_id), account_name TEXT NOT NULL, sort_code TEXT NOT NULL, account_number TEXT NOT NULL);
CREATE TABLE health_questionnaires (member_id INTEGER PRIMARY KEY REFERENCES members(member_id), completed_on TEXT NOT NULL, heart_condition INTEGER NOT NULL, chest_pain INTEGER NOT NULL, dizziness INTEGER NOT NULL, injuries TEXT, pregnant INTEGER NOT NULL);
CREATE TABLE body_scans (scan_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(member_id), scanned_on TEXT NOT NULL, weight_kg REAL NOT NULL, body_fat_pct REAL NOT NULL);
CREATE TABLE member_freezes (freeze_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(member_id), frozen_from TEXT NOT NULL, frozen_to TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE checkins (checkin_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(member_id), club_code TEXT NOT NULL REFERENCES clubs(club_code), checked_in_at TEXT NOT NULL);
CREATE TABLE class_sessions (session_id INTEGER PRIMARY KEY, club_code TEXT NOT NULL REFERENCES clubs(club_code), class_type TEXT NOT NULL REFERENCES class_types(class_type), starts_at TEXT NOT NULL, capacity INTEGER NOT NULL, booked INTEGER NOT NULL, attended INTEGER NOT NULL, paid INTEGER NOT NULL);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, club_code TEXT NOT NULL REFERENCES clubs(club_code), role TEXT NOT NULL, hourly_rate_gbp REAL NOT NULL, date_of_birth TEXT NOT NULL);
CREATE TABLE staff_hours_weekly (week_start TEXT NOT NULL, club_code TEXT NOT NULL REFERENCES clubs(club_code), role TEXT NOT NULL, hours REAL NOT NULL, labour_cost_gbp REAL NOT NULL, PRIMARY KEY (week_start, club_code, role));
CREATE TABLE pt_sessions (pt_session_id INTEGER PRIMARY KEY, trainer_id INTEGER NOT NULL REFERENCES staff(staff_id), club_code TEXT NOT NULL REFERENCES clubs(club_code), member_id INTEGER NOT NULL REFERENCES members(member_id), session_on TEXT NOT NULL, hours REAL NOT NULL, price_gbp REAL NOT NULL, trainer_commission_gbp REAL NOT NULL);
CREATE TABLE revenue_daily (day TEXT NOT NULL, club_code TEXT NOT NULL REFERENCES clubs(club_code), stream_code TEXT NOT NULL REFERENCES revenue_streams(stream_code), amount_gbp REAL NOT NULL, PRIMARY KEY (day, club_code, stream_code));
CREATE TABLE dd_collections (collection_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(member_id), due_on TEXT NOT NULL, amount_gbp REAL NOT NULL, status TEXT NOT NULL, recovered_on TEXT);
CREATE TABLE nps_responses (response_id INTEGER PRIMARY KEY, club_code TEXT NOT NULL REFERENCES clubs(club_code), responded_on TEXT NOT NULL, score INTEGER NOT NULL);
CREATE TABLE equipment_faults (fault_id INTEGER PRIMARY KEY, club_code TEXT NOT NULL REFERENCES clubs(club_code), equipment_type TEXT NOT NULL, reported_on TEXT NOT NULL, fixed_on TEXT, downtime_hours REAL NOT NULL);
${calendarTables('is_weekday')}
`;
const LAYOUT = 2601;
const INDEXES = `
CREATE INDEX members_joined ON members (joined_on, membership_type);
CREATE INDEX checkins_day ON checkins (checked_in_at, club_code);
CREATE INDEX checkins_member ON checkins (member_id);
CREATE INDEX class_sessions_starts ON class_sessions (starts_at, class_type);
CREATE INDEX pt_sessions_on ON pt_sessions (session_on, club_code);
CREATE INDEX dd_due ON dd_collections (due_on);
CREATE INDEX revenue_club ON revenue_daily (club_code, day);
`;

const calendarOf = (db) => {
  fillCalendar(db, { first: D0 - 400, last: D1 + 400, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });
  const ins = db.prepare('INSERT INTO retail_calendar VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (let n = D0 - 400; n <= D1 + 400; n++) {
    const d = day(n);
    const r = retailDay(d);
    ins.run(d, r.fy, r.week, r.period, `P${r.period}`, `Q${r.quarter}`, r.first, r.last);
  }
};

const INSERTS = {
  area: ['areas', 2],
  club: ['clubs', 4],
  type: ['membership_types', 3],
  classType: ['class_types', 2],
  stream: ['revenue_streams', 2],
  member: ['members', 14],
  bank: ['member_bank_details', 4],
  parq: ['health_questionnaires', 7],
  scan: ['body_scans', 5],
  freeze: ['member_freezes', 5],
  checkin: ['checkins', 4],
  cls: ['class_sessions', 8],
  staff: ['staff', 6],
  hours: ['staff_hours_weekly', 5],
  pt: ['pt_sessions', 8],
  revenue: ['revenue_daily', 4],
  dd: ['dd_collections', 6],
  nps: ['nps_responses', 4],
  fault: ['equipment_faults', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  return { rnd, ins, clubs: [], members: [], trainers: {} };
}

const MEMBERS = 9000;
const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;

/** Areas, clubs, the code lists and staff (names, pay and birth dates are personal data). */
function fillReference(g) {
  const { rnd } = g;
  for (const a of AREAS) g.ins.area.run(...a);
  for (const [area, towns] of Object.entries(CLUBS)) {
    towns.forEach((town, i) => {
      const opened = NEW_CLUBS[town] ? dn(...NEW_CLUBS[town]) : dn(2015, 1, 5) + rnd.int(0, 2500);
      const club = { code: `${area}${String(i + 1).padStart(2, '0')}`, town, area, opened, size: area === 'LDN' ? 1.25 : area === 'SCT' ? 0.85 : 1 };
      g.clubs.push(club);
      g.ins.club.run(club.code, town, area, day(opened));
    });
  }
  for (const [code, name, , fee] of MEMBERSHIP_TYPES) g.ins.type.run(code, name, fee);
  for (const [code, name] of CLASS_TYPES) g.ins.classType.run(code, name);
  for (const s of STREAMS) g.ins.stream.run(...s);
  let id = 0;
  for (const club of g.clubs) {
    g.trainers[club.code] = [];
    for (const [role, , count, rate] of ROLES) {
      for (let k = 0; k < count; k++) {
        g.ins.staff.run(++id, nameOf(rnd), club.code, role, money(rate * (0.92 + 0.2 * rnd.next())), day(D1 - rnd.int(19, 60) * 365 - rnd.int(0, 364)));
        if (role === 'PT') g.trainers[club.code].push(id);
      }
    }
  }
}

/** The member file: personal details, bank details for direct debits, PAR-Q answers, body scans and freezes. */
function fillMembers(g) {
  const { rnd } = g;
  const start = dn(2023, 1, 2);
  for (let id = 1; id <= MEMBERS; id++) {
    const club = rnd.pick(g.clubs);
    let joined = start + Math.floor(rnd.next() * (D1 - start + 1));
    if (joined < club.opened) joined = club.opened + rnd.int(0, Math.max(0, D1 - club.opened));
    const type = rnd.weighted(MEMBERSHIP_TYPES.map((t) => [t[0], t[2]]));
    const lifetime = Math.round(rnd.expo(type === 'STU' ? 300 : type === 'FLEX' ? 360 : 640));
    const cancelled = joined + 30 + lifetime <= D1 ? joined + 30 + lifetime : null;
    const age = type === 'STU' ? rnd.int(18, 24) : rnd.int(18, 84);
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    g.ins.member.run(
      id,
      `${first} ${last}`,
      day(D1 - age * 365 - rnd.int(0, 364)),
      rnd.pick(['F', 'M', 'F', 'M', 'X']),
      rnd.pick(ETHNICITIES),
      rnd.next() < 0.06 ? rnd.pick(['mobility', 'visual', 'hearing', 'other']) : null,
      `${rnd.int(1, 180)} ${rnd.pick(STREETS)}`,
      `${POSTAREA[club.area]}${rnd.int(1, 24)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`,
      `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`,
      `${first.toLowerCase()}.${last.toLowerCase()}${rnd.int(1, 99)}@example.test`,
      type,
      club.code,
      day(joined),
      cancelled === null ? null : day(cancelled),
    );
    const m = { id, club, type, joined, cancelled, keen: 0.4 + rnd.expo(1.1) };
    g.members.push(m);
    fillMemberRecords(g, m, first, last);
  }
}

/** One member's bank details (DD payers), PAR-Q answers, body scans and any freeze. */
function fillMemberRecords(g, m, first, last) {
  const { rnd } = g;
  const { id, type, joined, cancelled } = m;
  if (type !== 'FLEX')
    g.ins.bank.run(id, `${first.charAt(0)} ${last}`, `${rnd.int(10, 99)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`, String(rnd.int(10000000, 99999999)));
  g.ins.parq.run(
    id,
    day(joined),
    rnd.next() < 0.03 ? 1 : 0,
    rnd.next() < 0.02 ? 1 : 0,
    rnd.next() < 0.04 ? 1 : 0,
    rnd.next() < 0.15 ? rnd.pick(['knee', 'lower back', 'shoulder', 'ankle']) : null,
    rnd.next() < 0.02 ? 1 : 0,
  );
  if (rnd.next() < 0.35) {
    const w = 58 + rnd.next() * 45;
    for (let k = 0; k < rnd.int(1, 4); k++) {
      const on = joined + rnd.int(0, 400);
      if (on <= D1) g.ins.scan.run(null, id, day(on), money(w - k * rnd.next() * 1.5), money(14 + rnd.next() * 22));
    }
  }
  if (rnd.next() < 0.12) {
    const from = Math.max(joined, D0) + rnd.int(0, 500);
    const until = cancelled ?? D1;
    if (from < until)
      g.ins.freeze.run(null, id, day(from), day(Math.min(from + rnd.int(14, 90), until)), rnd.pick(['medical', 'travel', 'financial', 'other']));
  }
}

/** Check-ins: each member visits their home club (now and then another) at their own pace, less in December and more in January. */
function fillCheckins(g) {
  const { rnd } = g;
  const hours = [
    [6, 10],
    [7, 12],
    [8, 7],
    [9, 5],
    [10, 5],
    [11, 4],
    [12, 8],
    [13, 6],
    [14, 3],
    [15, 3],
    [16, 5],
    [17, 12],
    [18, 14],
    [19, 11],
    [20, 6],
    [21, 3],
  ];
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    const month = Number(d.slice(5, 7));
    const season = month === 1 ? 1.3 : month === 12 ? 0.75 : month === 8 ? 0.85 : 1;
    const wd = weekdayOf(n);
    const dayFactor = wd === 4 ? 0.8 : wd >= 5 ? 0.65 : 1.05;
    for (const m of g.members) {
      if (m.joined > n || (m.cancelled !== null && m.cancelled <= n)) continue;
      if (rnd.next() >= (m.keen / 7) * season * dayFactor * 1.0) continue;
      const club = rnd.next() < 0.08 ? rnd.pick(g.clubs.filter((c) => c.opened <= n)) : m.club;
      const h = m.type === 'OFF' ? rnd.int(10, 15) : rnd.weighted(hours);
      g.ins.checkin.run(null, m.id, club.code, `${d} ${String(h).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`);
    }
  }
}

/** The class timetable: each club runs a few classes a day; bookings, attendance and no-shows vary by type. */
function fillClasses(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    for (const c of g.clubs) {
      if (c.opened > n) continue;
      for (let k = rnd.int(2, 5); k > 0; k--) {
        const [type, , , cap] = CLASS_TYPES[Math.floor(rnd.next() * CLASS_TYPES.length)];
        const booked = Math.min(cap, Math.round(cap * (0.55 + 0.5 * rnd.next()) * c.size));
        const noShow = type === 'SPIN' ? 0.16 : type === 'YOGA' ? 0.09 : 0.12;
        const attended = Math.max(0, booked - Math.round(booked * noShow * (0.5 + rnd.next())));
        g.ins.cls.run(null, c.code, type, `${d} ${String(rnd.pick([7, 9, 12, 18, 19])).padStart(2, '0')}:00`, cap, booked, attended, rnd.next() < 0.2 ? 1 : 0);
      }
    }
  }
}

/** Personal training: trainers sell sessions to members; the trainer's commission is their personal pay. */
function fillPt(g) {
  const { rnd } = g;
  let id = 0;
  const byClub = {};
  for (const m of g.members) (byClub[m.club.code] ??= []).push(m);
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    for (const c of g.clubs) {
      if (c.opened > n || !byClub[c.code]) continue;
      for (let k = rnd.poisson(4 * c.size); k > 0; k--) {
        const hours = rnd.pick([0.5, 1, 1, 1, 1.5]);
        const price = money(hours * (c.area === 'LDN' ? 55 : 42) * (0.9 + 0.2 * rnd.next()));
        g.ins.pt.run(++id, rnd.pick(g.trainers[c.code]), c.code, rnd.pick(byClub[c.code]).id, d, hours, price, money(price * 0.4));
      }
    }
  }
}

/** Daily revenue per club per stream, in GBP. */
function fillRevenue(g, db) {
  const { rnd } = g;
  const pt = db.prepare('SELECT session_on AS d, club_code AS c, SUM(price_gbp) AS v FROM pt_sessions GROUP BY session_on, club_code').all();
  const ptBy = new Map(pt.map((r) => [`${r.d}|${r.c}`, r.v]));
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    const wd = weekdayOf(n);
    for (const c of g.clubs) {
      if (c.opened > n) continue;
      const growth = 1 + 0.1 * trend(n);
      g.ins.revenue.run(d, c.code, 'MEM', money(1350 * c.size * growth * (0.95 + 0.1 * rnd.next())));
      g.ins.revenue.run(d, c.code, 'PT', money(ptBy.get(`${d}|${c.code}`) ?? 0));
      g.ins.revenue.run(d, c.code, 'CLS', money(60 * c.size * (0.6 + 0.8 * rnd.next())));
      g.ins.revenue.run(d, c.code, 'RET', money(70 * c.size * (wd >= 5 ? 1.3 : 1) * (0.5 + rnd.next())));
      g.ins.revenue.run(d, c.code, 'CAF', money(150 * c.size * (wd >= 5 ? 1.2 : 1) * (0.6 + 0.8 * rnd.next())));
    }
  }
}

/** Monthly direct debits on the 1st of each month for members who pay by DD; some fail and most of those are recovered. */
function fillDirectDebits(g) {
  const { rnd } = g;
  const fees = Object.fromEntries(MEMBERSHIP_TYPES.map((t) => [t[0], t[3]]));
  let id = 0;
  for (let k = 0; ; k++) {
    const first = Date.UTC(2025, 1 + k, 1) / 1000 / DAY;
    if (first > D1) break;
    for (const m of g.members) {
      if (m.type === 'FLEX' || m.joined > first || (m.cancelled !== null && m.cancelled <= first)) continue;
      const failed = rnd.next() < 0.035 + 0.01 * Math.sin(k);
      let recovered = null;
      if (failed && rnd.next() < 0.72 && first + 5 <= D1) recovered = day(first + rnd.int(3, 14));
      g.ins.dd.run(++id, m.id, day(first), fees[m.type], failed ? 'failed' : 'paid', recovered);
    }
  }
}

/** NPS survey answers (0-10) after visits, and equipment faults with the hours each machine was out of use. */
function fillFeedback(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const d = day(n);
    for (const c of g.clubs) {
      if (c.opened > n) continue;
      const mood = (c.code.charCodeAt(c.code.length - 1) % 5) * 0.25 - 0.5;
      for (let k = rnd.poisson(0.9); k > 0; k--) g.ins.nps.run(null, c.code, d, Math.max(0, Math.min(10, Math.round(7.6 + mood + rnd.noise() * 1.6))));
      if (rnd.next() < 0.09) {
        const hrs = Math.round((2 + rnd.expo(30)) * 10) / 10;
        const fixed = n + Math.ceil(hrs / 14);
        g.ins.fault.run(null, c.code, rnd.pick(EQUIPMENT), d, fixed <= D1 ? day(fixed) : null, hrs);
      }
    }
  }
}

/** Rostered staff hours and their cost per club, role and week (Monday to Sunday). */
function fillStaffHours(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1 - 6; n += 7) {
    for (const c of g.clubs) {
      if (c.opened > n) continue;
      for (const [role, , count, rate] of ROLES) {
        const hours = Math.round(count * 37.5 * (0.88 + 0.2 * rnd.next()) * 10) / 10;
        g.ins.hours.run(day(n), c.code, role, hours, money(hours * rate * 1.14));
      }
    }
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillMembers(g);
  fillCheckins(g);
  fillClasses(g);
  fillPt(g);
  fillRevenue(g, db);
  fillDirectDebits(g);
  fillFeedback(g);
  fillStaffHours(g);
  for (const source of [
    'membership_system',
    'access_control',
    'class_booking',
    'pt_bookings',
    'finance_ledger',
    'dd_bureau',
    'nps_survey',
    'facilities',
    'workforce',
  ])
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
