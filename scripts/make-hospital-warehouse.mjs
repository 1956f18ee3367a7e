#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// Wrenfield Hospitals NHS Trust's two sites: code, name, ED size (attendances a day), ambulance handover pressure (mean minutes)
const SITES = [
  ['WGH', 'Wrenfield General Hospital', 215, 27],
  ['CBH', 'Castlebrook Hospital', 105, 17],
];
const DIRECTORATES = [
  ['EUC', 'Emergency and Urgent Care'],
  ['MED', 'Medicine'],
  ['SUR', 'Surgery'],
  ['WCS', "Women's and Children's"],
  ['CSS', 'Clinical Support Services'],
  ['COR', 'Corporate Services'],
];
// treatment function code, name, directorate, referrals a working day, mean wait to treatment in weeks
const SPECIALTIES = [
  ['100', 'General Surgery', 'SUR', 14, 15],
  ['101', 'Urology', 'SUR', 9, 17],
  ['110', 'Trauma and Orthopaedics', 'SUR', 16, 24],
  ['120', 'Ear, Nose and Throat', 'SUR', 10, 19],
  ['130', 'Ophthalmology', 'SUR', 15, 14],
  ['300', 'General Internal Medicine', 'MED', 6, 9],
  ['320', 'Cardiology', 'MED', 9, 12],
  ['330', 'Dermatology', 'MED', 12, 20],
  ['340', 'Respiratory Medicine', 'MED', 6, 13],
  ['430', 'Geriatric Medicine', 'MED', 3, 8],
  ['502', 'Gynaecology', 'WCS', 11, 18],
];
// ward code, name, site, specialties it takes (emergency and elective inpatients), beds
const WARDS = [
  ['AMU', 'Acute Medical Unit', 'WGH', ['300'], 84],
  ['W10', 'Ward 10 (Cardiology)', 'WGH', ['320'], 33],
  ['W11', 'Ward 11 (Respiratory)', 'WGH', ['340'], 34],
  ['W12', 'Wards 12 and 13 (Care of the Elderly)', 'WGH', ['430'], 98],
  ['W14', 'Ward 14 (General Surgery)', 'WGH', ['100', '101', '120'], 47],
  ['W15', 'Ward 15 (Trauma)', 'WGH', ['110'], 36],
  ['W16', 'Ward 16 (Gynaecology)', 'WGH', ['502'], 23],
  ['BCH', 'Beech Ward', 'CBH', ['300', '320', '340'], 86],
  ['CDR', 'Cedar Ward', 'CBH', ['430'], 55],
  ['ELM', 'Elm Ward (Elective Orthopaedics)', 'CBH', ['110', '100', '101', '120', '502'], 78],
];
const FIRST = [
  'Alice',
  'Arthur',
  'Beatrice',
  'Colin',
  'Doreen',
  'Edward',
  'Fatima',
  'George',
  'Hannah',
  'Imran',
  'Joan',
  'Kwame',
  'Linda',
  'Mohammed',
  'Norman',
  'Olga',
  'Peter',
  'Ruth',
  'Sanjay',
  'Wendy',
];
const LAST = [
  'Adams',
  'Begum',
  'Carter',
  'Dixon',
  'Ellis',
  'Fraser',
  'Gill',
  'Hughes',
  'Iqbal',
  'Jackson',
  'Kaur',
  'Lowe',
  'Mason',
  'Nolan',
  'Owen',
  'Price',
  'Reid',
  'Shaw',
  'Turner',
  'Walsh',
];
const STREETS = ['Albert Road', 'Castle Street', 'Mill Lane', 'Orchard Way', 'Queen Street', 'Station Road', 'The Crescent', 'Wrenfield Road'];
const ETHNICITY = [
  ['White British', 74],
  ['White Other', 6],
  ['Asian or Asian British', 10],
  ['Black or Black British', 4],
  ['Mixed', 3],
  ['Not stated', 3],
];
const ED_DIAGNOSES = [
  'Chest pain',
  'Abdominal pain',
  'Fall',
  'Fracture',
  'Head injury',
  'Shortness of breath',
  'Sepsis',
  'Stroke',
  'Laceration',
  'Overdose',
  'Urinary tract infection',
  'Soft tissue injury',
];
const STREAMS = [
  ['majors', 45],
  ['minors', 32],
  ['resus', 6],
  ['paediatrics', 17],
];
const DELAY_REASONS = [
  ['awaiting_social_care_package', 30],
  ['awaiting_care_home_placement', 24],
  ['awaiting_community_bed', 20],
  ['awaiting_therapy_assessment', 10],
  ['patient_or_family_choice', 9],
  ['awaiting_equipment', 7],
];
const ORGANISMS = [
  ['c_diff', 3.2],
  ['mrsa', 0.15],
  ['mssa', 1.6],
  ['e_coli', 4.1],
  ['klebsiella', 1.3],
  ['pseudomonas', 0.5],
];
const FFT_SERVICES = [
  ['emergency_department', 28, 0.78],
  ['inpatient', 22, 0.93],
  ['outpatient', 34, 0.94],
  ['maternity', 6, 0.95],
];
// staff group, budgeted wte per directorate share, vacancy rate, mean salary GBP, sickness rate
const STAFF_GROUPS = [
  ['Registered Nursing and Midwifery', 1300, 0.095, 38000, 0.055],
  ['Medical and Dental', 520, 0.07, 88000, 0.025],
  ['Allied Health Professionals', 310, 0.08, 39000, 0.04],
  ['Healthcare Support Workers', 760, 0.11, 25000, 0.072],
  ['Administrative and Clerical', 690, 0.05, 28000, 0.045],
  ['Estates and Ancillary', 240, 0.06, 24000, 0.065],
];
// directorate -> share of each staff group's establishment (same order as STAFF_GROUPS)
const DIRECTORATE_MIX = {
  EUC: [0.16, 0.18, 0.03, 0.14, 0.06, 0.02],
  MED: [0.36, 0.34, 0.22, 0.38, 0.16, 0.04],
  SUR: [0.26, 0.3, 0.2, 0.24, 0.16, 0.04],
  WCS: [0.17, 0.12, 0.05, 0.12, 0.08, 0.02],
  CSS: [0.05, 0.06, 0.5, 0.12, 0.14, 0.08],
  COR: [0, 0, 0, 0, 0.4, 0.8],
};
const SICKNESS_REASONS = [
  'Anxiety, stress, depression',
  'Cold, cough, flu',
  'Back problems',
  'Gastrointestinal problems',
  'Other musculoskeletal problems',
  'Injury, fracture',
  'Headache, migraine',
  'Chest and respiratory problems',
];
const CANCEL_REASONS = [
  ['no_bed_available', 'non_clinical', 30],
  ['list_overran', 'non_clinical', 22],
  ['surgeon_unavailable', 'non_clinical', 8],
  ['equipment_failure', 'non_clinical', 6],
  ['patient_unfit', 'clinical', 18],
  ['patient_did_not_attend', 'patient', 10],
  ['patient_declined', 'patient', 6],
];

const DAY = 86400;
const dn = (y, m, d) => Date.UTC(y, m - 1, d) / 1000 / DAY;
const D0 = dn(2024, 4, 1); // the warehouse's first day: the start of financial year 2024/25
const D1 = dn(2026, 11, 26); // last day of data: the nightly load's "yesterday" (a Thursday)
const T1 = (D1 + 1) * DAY - 1;

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth() + 1;
/** Winter pressure: 1 in summer, up to about 1.25 in January. */
const winter = (n) => 1 + 0.25 * Math.max(0, Math.cos(((monthOf(n) - 1) / 12) * 2 * Math.PI));
/** The NHS financial year (April to March) of a day, spelled 2026/27. */
const fyOf = (n) => {
  const d = day(n);
  const y = Number(d.slice(0, 4));
  const start = Number(d.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
};
/** The closed months from April 2024 (their last day before the last day of data), as [first day, first day of the next month]. */
const closedMonths = () => {
  const months = [];
  for (let k = 0; dn(2024, 5 + k, 1) - 1 < D1; k++) months.push([dn(2024, 4 + k, 1), dn(2024, 5 + k, 1)]);
  return months;
};
const hhmm = (minutes) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(Math.floor(minutes % 60)).padStart(2, '0')}`;
const stamp = (n, minutes) => `${day(n + Math.floor(minutes / 1440))} ${hhmm(minutes % 1440)}`;

const SCHEMA = `
CREATE TABLE sites (site_code TEXT PRIMARY KEY, site_name TEXT NOT NULL);
CREATE TABLE directorates (directorate_code TEXT PRIMARY KEY, directorate_name TEXT NOT NULL);
CREATE TABLE specialties (specialty_code TEXT PRIMARY KEY, specialty_name TEXT NOT NULL, directorate_code TEXT NOT NULL REFERENCES directorates(directorate_code));
CREATE TABLE wards (ward_code TEXT PRIMARY KEY, ward_name TEXT NOT NULL, site_code TEXT NOT NULL REFERENCES sites(site_code), beds INTEGER NOT NULL);
CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, nhs_number TEXT NOT NULL, full_name TEXT NOT NULL, date_of_birth TEXT NOT NULL, sex TEXT NOT NULL, ethnicity TEXT NOT NULL, home_address TEXT NOT NULL, postcode TEXT NOT NULL, gp_practice_code TEXT NOT NULL);
CREATE TABLE ed_attendances (attendance_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients(patient_id), site_code TEXT NOT NULL REFERENCES sites(site_code), arrived_on TEXT NOT NULL, arrived_at TEXT NOT NULL, departed_at TEXT NOT NULL, minutes_in_department INTEGER NOT NULL, arrival_mode TEXT NOT NULL, stream TEXT NOT NULL, disposal TEXT NOT NULL, diagnosis TEXT NOT NULL);
CREATE TABLE ambulance_handovers (attendance_id INTEGER PRIMARY KEY REFERENCES ed_attendances(attendance_id), site_code TEXT NOT NULL REFERENCES sites(site_code), arrived_on TEXT NOT NULL, handover_minutes INTEGER NOT NULL);
CREATE TABLE spells (spell_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients(patient_id), site_code TEXT NOT NULL REFERENCES sites(site_code), ward_code TEXT REFERENCES wards(ward_code), specialty_code TEXT NOT NULL REFERENCES specialties(specialty_code), admission_method TEXT NOT NULL, admitted_on TEXT NOT NULL, discharged_on TEXT, los_days INTEGER, primary_diagnosis TEXT NOT NULL, died_in_hospital INTEGER NOT NULL, died_within_30_days INTEGER NOT NULL, expected_death_risk REAL NOT NULL, emergency_readmission_30d INTEGER NOT NULL);
CREATE TABLE ward_census (day TEXT NOT NULL, ward_code TEXT NOT NULL REFERENCES wards(ward_code), beds_available INTEGER NOT NULL, beds_occupied INTEGER NOT NULL, PRIMARY KEY (day, ward_code));
CREATE TABLE discharge_delays (day TEXT NOT NULL, site_code TEXT NOT NULL REFERENCES sites(site_code), reason TEXT NOT NULL, patients INTEGER NOT NULL, PRIMARY KEY (day, site_code, reason));
CREATE TABLE rtt_pathways (pathway_id TEXT PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients(patient_id), specialty_code TEXT NOT NULL REFERENCES specialties(specialty_code), site_code TEXT NOT NULL REFERENCES sites(site_code), priority TEXT NOT NULL, referred_on TEXT NOT NULL, clock_stopped_on TEXT);
CREATE TABLE rtt_month_end (month_end TEXT NOT NULL, specialty_code TEXT NOT NULL REFERENCES specialties(specialty_code), waiting INTEGER NOT NULL, within_18_weeks INTEGER NOT NULL, over_52_weeks INTEGER NOT NULL, over_65_weeks INTEGER NOT NULL, clock_stops INTEGER NOT NULL, PRIMARY KEY (month_end, specialty_code));
CREATE TABLE outpatient_appointments (appointment_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients(patient_id), specialty_code TEXT NOT NULL REFERENCES specialties(specialty_code), site_code TEXT NOT NULL REFERENCES sites(site_code), appointment_date TEXT NOT NULL, appointment_type TEXT NOT NULL, contact_mode TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE theatre_sessions (session_id INTEGER PRIMARY KEY, site_code TEXT NOT NULL REFERENCES sites(site_code), theatre TEXT NOT NULL, specialty_code TEXT NOT NULL REFERENCES specialties(specialty_code), session_date TEXT NOT NULL, planned_minutes INTEGER NOT NULL, used_minutes INTEGER NOT NULL, cases INTEGER NOT NULL, started_late INTEGER NOT NULL);
CREATE TABLE operation_cancellations (cancellation_id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES theatre_sessions(session_id), patient_id INTEGER NOT NULL REFERENCES patients(patient_id), cancelled_on TEXT NOT NULL, reason TEXT NOT NULL, reason_type TEXT NOT NULL, rebooked_within_28_days INTEGER NOT NULL);
CREATE TABLE infections (case_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patients(patient_id), site_code TEXT NOT NULL REFERENCES sites(site_code), ward_code TEXT REFERENCES wards(ward_code), organism TEXT NOT NULL, specimen_on TEXT NOT NULL, onset TEXT NOT NULL);
CREATE TABLE fft_responses (response_id INTEGER PRIMARY KEY, site_code TEXT NOT NULL REFERENCES sites(site_code), service TEXT NOT NULL, responded_on TEXT NOT NULL, rating INTEGER NOT NULL, comment TEXT);
CREATE TABLE staff (staff_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, directorate_code TEXT NOT NULL REFERENCES directorates(directorate_code), staff_group TEXT NOT NULL, job_title TEXT NOT NULL, band TEXT NOT NULL, wte REAL NOT NULL, annual_salary_gbp INTEGER NOT NULL, started_on TEXT NOT NULL, left_on TEXT);
CREATE TABLE sickness_episodes (episode_id INTEGER PRIMARY KEY, staff_id TEXT NOT NULL REFERENCES staff(staff_id), started_on TEXT NOT NULL, ended_on TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE establishment (month TEXT NOT NULL, directorate_code TEXT NOT NULL REFERENCES directorates(directorate_code), staff_group TEXT NOT NULL, budgeted_wte REAL NOT NULL, contracted_wte REAL NOT NULL, fte_days_available REAL NOT NULL, fte_days_lost_short_term REAL NOT NULL, fte_days_lost_long_term REAL NOT NULL, PRIMARY KEY (month, directorate_code, staff_group));
CREATE TABLE pay_costs (month_start TEXT NOT NULL, directorate_code TEXT NOT NULL REFERENCES directorates(directorate_code), staff_group TEXT NOT NULL, pay_type TEXT NOT NULL, amount_gbp REAL NOT NULL, PRIMARY KEY (month_start, directorate_code, staff_group, pay_type));
CREATE TABLE ledger (month_start TEXT NOT NULL, financial_year TEXT NOT NULL, directorate_code TEXT NOT NULL REFERENCES directorates(directorate_code), cost_type TEXT NOT NULL, budget_gbp REAL NOT NULL, actual_gbp REAL NOT NULL, PRIMARY KEY (month_start, directorate_code, cost_type));
${calendarTables('is_working_day')}
`;
const LAYOUT = 1103;
const INDEXES = `
CREATE INDEX ed_attendances_day ON ed_attendances (arrived_on, site_code);
CREATE INDEX spells_discharged ON spells (discharged_on, specialty_code);
CREATE INDEX ward_census_ward ON ward_census (ward_code, day);
CREATE INDEX outpatient_day ON outpatient_appointments (appointment_date, specialty_code);
CREATE INDEX rtt_open ON rtt_pathways (clock_stopped_on, specialty_code);
`;

const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  site: ['sites', 2],
  directorate: ['directorates', 2],
  specialty: ['specialties', 3],
  ward: ['wards', 4],
  patient: ['patients', 9],
  ed: ['ed_attendances', 11],
  handover: ['ambulance_handovers', 4],
  spell: ['spells', 14],
  census: ['ward_census', 4],
  delay: ['discharge_delays', 4],
  pathway: ['rtt_pathways', 7],
  rttMonth: ['rtt_month_end', 7],
  outpatient: ['outpatient_appointments', 8],
  session: ['theatre_sessions', 9],
  cancel: ['operation_cancellations', 7],
  infection: ['infections', 7],
  fft: ['fft_responses', 6],
  staff: ['staff', 10],
  sickness: ['sickness_episodes', 5],
  establishment: ['establishment', 8],
  pay: ['pay_costs', 5],
  ledger: ['ledger', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { ed: 0, spell: 0, outpatient: 0, session: 0, cancel: 0, infection: 0, fft: 0, sickness: 0 };
  return { rnd, ins, ids, patients: 0, census: {} };
}

const PATIENTS = 90000;
const postcodeOf = (rnd) => `WF${rnd.int(1, 17)} ${rnd.int(1, 9)}${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}`;
const nhsNumber = (rnd) => `${rnd.int(400, 499)} ${String(rnd.int(0, 999)).padStart(3, '0')} ${String(rnd.int(0, 9999)).padStart(4, '0')}`;
const patientOf = (rnd) => rnd.int(1, PATIENTS);

/** Sites, directorates, specialties, wards and the patient index (names, NHS numbers, birth dates, addresses and ethnicity are personal data). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name] of SITES) g.ins.site.run(code, name);
  for (const [code, name] of DIRECTORATES) g.ins.directorate.run(code, name);
  for (const [code, name, dir] of SPECIALTIES) g.ins.specialty.run(code, name, dir);
  for (const [code, name, site, , beds] of WARDS) g.ins.ward.run(code, name, site, beds);
  for (let id = 1; id <= PATIENTS; id++) {
    const age = rnd.weighted([
      [rnd.int(0, 17), 18],
      [rnd.int(18, 64), 50],
      [rnd.int(65, 99), 32],
    ]);
    g.ins.patient.run(
      id,
      nhsNumber(rnd),
      `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
      day(D1 - age * 365 - rnd.int(0, 364)),
      rnd.next() < 0.51 ? 'F' : 'M',
      rnd.weighted(ETHNICITY),
      `${rnd.int(1, 180)} ${rnd.pick(STREETS)}, Wrenfield`,
      postcodeOf(rnd),
      `Y0${rnd.int(1000, 1040)}`,
    );
  }
}

/** One ED attendance: time in the department grows with winter and with the site's crowding; about a third arrive by ambulance. */
function attend(g, site, n, pressure) {
  const { rnd } = g;
  const [code, , , handoverMean] = site;
  const stream = rnd.weighted(STREAMS);
  const ambulance = rnd.next() < (stream === 'minors' ? 0.08 : stream === 'paediatrics' ? 0.1 : 0.55);
  const disposal = rnd.weighted([
    ['admitted', stream === 'minors' ? 3 : stream === 'resus' ? 70 : 32],
    ['discharged', 58],
    ['referred', 7],
    ['left_without_being_seen', stream === 'minors' ? 6 : 3],
  ]);
  const base = stream === 'minors' ? 95 : disposal === 'admitted' ? 260 : 170;
  const minutes = Math.max(12, Math.round(base * pressure * (0.35 + rnd.expo(0.65)) * (code === 'WGH' ? 1.06 : 0.92)));
  const arrival = rnd.int(0, 1439);
  const id = ++g.ids.ed;
  g.ins.ed.run(
    id,
    patientOf(rnd),
    code,
    day(n),
    stamp(n, arrival),
    stamp(n, arrival + minutes),
    minutes,
    ambulance ? 'ambulance' : 'walk_in',
    stream,
    disposal,
    rnd.pick(ED_DIAGNOSES),
  );
  if (ambulance) g.ins.handover.run(id, code, day(n), Math.max(4, Math.round(handoverMean * pressure * (0.3 + rnd.expo(0.7)))));
  return disposal === 'admitted';
}

/** Every day's ED attendances per site, and the emergency admissions they make. */
function fillEmergency(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const busy = (weekdayOf(n) === 0 ? 1.12 : weekdayOf(n) >= 5 ? 0.93 : 1) * (0.94 + 0.12 * rnd.next());
    for (const site of SITES) {
      const pressure = winter(n) * (0.97 + 0.06 * rnd.next());
      const count = Math.round(site[2] * busy * (0.9 + 0.1 * winter(n)));
      let admitted = 0;
      for (let k = 0; k < count; k++) if (attend(g, site, n, pressure)) admitted++;
      for (let k = 0; k < admitted + rnd.int(8, 14); k++) admit(g, site[0], n, 'emergency');
    }
  }
}

const EMERGENCY_MIX = [
  ['300', 30],
  ['320', 11],
  ['340', 12],
  ['430', 16],
  ['100', 13],
  ['110', 11],
  ['502', 7],
];
const ELECTIVE_MIX = [
  ['110', 30],
  ['100', 24],
  ['101', 16],
  ['120', 12],
  ['502', 12],
  ['320', 6],
];
const wardFor = (rnd, site, specialty) => {
  const wards = WARDS.filter((w) => w[2] === site && w[3].includes(specialty));
  return wards.length > 0 ? rnd.pick(wards) : rnd.pick(WARDS.filter((w) => w[3].includes(specialty)));
};

/** One inpatient spell: ward, length of stay, death in hospital or within 30 days against the case-mix risk, and an emergency readmission. */
function admit(g, site, n, method) {
  const { rnd } = g;
  const specialty = rnd.weighted(method === 'emergency' ? EMERGENCY_MIX : ELECTIVE_MIX);
  const daycase = method === 'elective' && rnd.next() < 0.45;
  const ward = daycase ? null : wardFor(rnd, site, specialty);
  const elderly = specialty === '430' ? 2.2 : 1;
  const los = daycase ? 0 : Math.max(method === 'emergency' ? 0 : 1, Math.round(rnd.expo(method === 'emergency' ? 4.4 * elderly : 2.6)));
  const out = n + los;
  const risk = method === 'emergency' ? Math.min(0.6, rnd.expo(0.028 * elderly)) : rnd.expo(0.002);
  const dies = rnd.next() < risk * (site === 'WGH' ? 1.04 : 0.95);
  const inHospital = dies && rnd.next() < 0.72;
  const readmit = !dies && rnd.next() < (method === 'emergency' ? 0.12 * (elderly > 1 ? 1.5 : 1) : 0.035) ? 1 : 0;
  const wardSite = ward === null ? site : ward[2];
  const closed = out <= D1;
  g.ins.spell.run(
    ++g.ids.spell,
    patientOf(rnd),
    wardSite,
    ward?.[0] ?? null,
    specialty,
    daycase ? 'daycase' : method,
    day(n),
    closed ? day(out) : null,
    closed ? los : null,
    rnd.pick(ED_DIAGNOSES),
    inHospital ? 1 : 0,
    dies ? 1 : 0,
    money(risk * 1000) / 1000,
    readmit,
  );
  if (ward !== null) for (let d = n; d < Math.min(out, D1 + 1); d++) g.census[`${ward[0]}|${d}`] = (g.census[`${ward[0]}|${d}`] ?? 0) + 1;
}

/** Planned admissions on working days, mostly at the Castlebrook elective centre. */
function fillElective(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (let k = rnd.int(30, 42); k > 0; k--) admit(g, rnd.next() < 0.62 ? 'CBH' : 'WGH', n, 'elective');
  }
}

/** The midnight bed census per ward: occupied beds as the spells put them, capped at the ward's beds with escalation beds opened above it. */
function fillCensus(g) {
  for (let n = D0; n <= D1; n++) {
    for (const [code, , , , beds] of WARDS) {
      const occupied = g.census[`${code}|${n}`] ?? 0;
      const escalation = occupied > beds ? Math.min(4, occupied - beds) : 0;
      g.ins.census.run(day(n), code, beds + escalation, Math.min(occupied, beds + escalation));
    }
  }
}

/** The daily sitrep of patients with no criteria to reside, per site and reason for the delay. */
function fillDelays(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [site, mean] of [
      ['WGH', 46],
      ['CBH', 21],
    ]) {
      const total = mean * winter(n) * (0.9 + 0.2 * rnd.next());
      const weights = DELAY_REASONS.reduce((s, [, w]) => s + w, 0);
      for (const [reason, w] of DELAY_REASONS) g.ins.delay.run(day(n), site, reason, Math.max(0, Math.round((total * w) / weights + rnd.noise())));
    }
  }
}

const PRIORITY = [
  ['routine', 78],
  ['urgent', 19],
  ['two_week_wait', 3],
];

/** Referral-to-treatment pathways from January 2023: each clock runs from referral until treatment, or is still open at the last load. */
function fillPathways(g) {
  const { rnd } = g;
  const paths = [];
  for (let n = dn(2023, 1, 2); n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (const [code, , , daily, meanWeeks] of SPECIALTIES) {
      for (let k = rnd.poisson(daily); k > 0; k--) {
        const priority = rnd.weighted(PRIORITY);
        const scale = priority === 'routine' ? 1 : 0.35;
        const weeks = rnd.next() < 0.06 ? 40 + rnd.expo(20) : rnd.expo(meanWeeks * scale);
        const stop = n + Math.round(weeks * 7);
        const site = code === '110' || code === '130' ? (rnd.next() < 0.7 ? 'CBH' : 'WGH') : rnd.next() < 0.65 ? 'WGH' : 'CBH';
        const id = `RTT${code}-${String(paths.length + 1).padStart(7, '0')}`;
        g.ins.pathway.run(id, patientOf(rnd), code, site, priority, day(n), stop <= D1 ? day(stop) : null);
        paths.push([code, n, stop]);
      }
    }
  }
  monthEnds(g, paths);
}

/** The month-end waiting list return per specialty: open clocks on the last day of each closed month, by weeks waited, and the clocks stopped in the month. */
function monthEnds(g, paths) {
  for (const [first, next] of closedMonths()) {
    const last = next - 1;
    const tally = Object.fromEntries(SPECIALTIES.map(([code]) => [code, [0, 0, 0, 0, 0]]));
    for (const [code, from, stop] of paths) {
      const t = tally[code];
      if (stop >= first && stop <= last) t[4]++;
      if (from > last || stop <= last) continue;
      const weeks = (last - from) / 7;
      t[0]++;
      if (weeks < 18) t[1]++;
      if (weeks >= 52) t[2]++;
      if (weeks >= 65) t[3]++;
    }
    for (const [code, t] of Object.entries(tally)) g.ins.rttMonth.run(day(last), code, ...t);
  }
}

/** Outpatient appointments on working days: new and follow-up, face to face or virtual, and whether the patient came. */
function fillOutpatients(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (const [code, , , daily] of SPECIALTIES) {
      for (let k = Math.round(daily * 1.7 * (0.85 + 0.3 * rnd.next())); k > 0; k--) {
        const type = rnd.next() < 0.36 ? 'new' : 'follow_up';
        const mode = rnd.next() < (code === '330' || code === '320' ? 0.28 : 0.14) ? 'virtual' : 'face_to_face';
        const dna = (code === '330' ? 0.085 : code === '502' ? 0.08 : 0.062) * (type === 'new' ? 1.15 : 0.92) * (mode === 'virtual' ? 0.5 : 1);
        const outcome = rnd.weighted([
          ['attended', 1 - dna - 0.07],
          ['did_not_attend', dna],
          ['cancelled_by_patient', 0.04],
          ['cancelled_by_hospital', 0.03],
        ]);
        g.ins.outpatient.run(++g.ids.outpatient, patientOf(rnd), code, rnd.next() < 0.6 ? 'WGH' : 'CBH', day(n), type, mode, outcome);
      }
    }
  }
}

// site -> theatres and the specialties that hold their lists
const THEATRES = {
  WGH: { theatres: ['WGH-T1', 'WGH-T2', 'WGH-T3', 'WGH-T4', 'WGH-T5', 'WGH-T6'], specialties: ['100', '101', '110', '120', '502', '100'] },
  CBH: { theatres: ['CBH-T1', 'CBH-T2', 'CBH-T3', 'CBH-T4'], specialties: ['110', '110', '130', '120'] },
};

/** Morning and afternoon theatre sessions on working days: touch time used against the planned four hours, cases, late starts and on-the-day cancellations. */
function fillTheatres(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    if (weekdayOf(n) >= 5) continue;
    for (const [site, { theatres, specialties }] of Object.entries(THEATRES)) {
      theatres.forEach((theatre, i) => {
        for (const half of [0, 1]) {
          if (rnd.next() < 0.06) continue; // session not staffed
          const late = rnd.next() < (site === 'WGH' ? 0.34 : 0.22) ? 1 : 0;
          const used = Math.round(240 * Math.min(1.05, (site === 'WGH' ? 0.74 : 0.83) + 0.12 * rnd.noise() - late * 0.06));
          const cases = Math.max(1, Math.round(used / (specialties[i] === '130' ? 32 : specialties[i] === '110' ? 95 : 70)));
          const id = ++g.ids.session;
          g.ins.session.run(id, site, theatre, specialties[(i + half) % specialties.length], day(n), 240, used, cases, late);
          cancellations(g, id, n, site);
        }
      });
    }
  }
}

/** Operations cancelled on the day of a session, with the reason and whether the patient was rebooked within 28 days. */
function cancellations(g, session, n, site) {
  const { rnd } = g;
  for (let k = rnd.poisson((site === 'WGH' ? 0.3 : 0.16) * winter(n)); k > 0; k--) {
    const [reason, type] = rnd.weighted(CANCEL_REASONS.map((r) => [r, r[2]]));
    g.ins.cancel.run(++g.ids.cancel, session, patientOf(rnd), day(n), reason, type, rnd.next() < (type === 'non_clinical' ? 0.82 : 0.6) ? 1 : 0);
  }
}

/** Healthcare-associated infection cases by organism from the lab system, most of them onset in the community. */
function fillInfections(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [organism, monthly] of ORGANISMS) {
      for (let k = rnd.poisson((monthly * winter(n) * 1.4) / 30); k > 0; k--) {
        const onset = rnd.weighted([
          ['hospital_onset_healthcare_associated', 38],
          ['community_onset_healthcare_associated', 22],
          ['community_onset_community_associated', 40],
        ]);
        const ward = onset.startsWith('hospital') ? rnd.pick(WARDS) : null;
        g.ins.infection.run(++g.ids.infection, patientOf(rnd), ward?.[2] ?? rnd.pick(SITES)[0], ward?.[0] ?? null, organism, day(n), onset);
      }
    }
  }
}

const FFT_COMMENTS = ['Staff were kind', 'Long wait', 'Very clean', 'Could not park', 'Excellent care', 'Food was cold', null, null];

/** Friends and family test responses per site and service: 1 very good to 5 very poor, 6 don't know. */
function fillFft(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [site] of SITES) {
      for (const [service, daily, positive] of FFT_SERVICES) {
        const p = positive - (site === 'WGH' && service === 'emergency_department' ? 0.05 : 0) - 0.03 * (winter(n) - 1);
        for (let k = rnd.poisson(daily * (site === 'WGH' ? 0.6 : 0.4)); k > 0; k--) {
          const r = rnd.next();
          const rating = r < p * 0.72 ? 1 : r < p ? 2 : r < p + (1 - p) * 0.4 ? 3 : r < p + (1 - p) * 0.65 ? 4 : r < p + (1 - p) * 0.9 ? 5 : 6;
          g.ins.fft.run(++g.ids.fft, site, service, day(n), rating, rnd.pick(FFT_COMMENTS));
        }
      }
    }
  }
}

const BANDS = ['Band 3', 'Band 4', 'Band 5', 'Band 6', 'Band 7', 'Band 8a'];

/** The staff list (names, pay and sickness reasons are personal data), one row per post holder, with their sickness episodes. */
function fillStaff(g) {
  const { rnd } = g;
  let seq = 0;
  for (const [dir] of DIRECTORATES) {
    STAFF_GROUPS.forEach(([group, wte, vacancy, salary, sick], i) => {
      const people = Math.round(wte * DIRECTORATE_MIX[dir][i] * (1 - vacancy) * 0.35);
      for (let k = 0; k < people; k++) {
        const id = `WH${String(++seq).padStart(6, '0')}`;
        const started = D0 - 4000 + rnd.int(0, 4000 + D1 - D0 - 30);
        const title =
          group === 'Medical and Dental'
            ? rnd.pick(['Consultant', 'Specialty Doctor', 'Registrar', 'Foundation Doctor'])
            : `${group.split(' ')[0]} ${rnd.pick(['Practitioner', 'Lead', 'Officer'])}`;
        g.ins.staff.run(
          id,
          `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`,
          dir,
          group,
          title,
          group === 'Medical and Dental' ? 'Medical' : rnd.pick(BANDS),
          rnd.next() < 0.75 ? 1 : 0.6,
          Math.round(salary * (0.8 + 0.45 * rnd.next())),
          day(started),
          rnd.next() < 0.1 ? day(Math.min(D1, started + rnd.int(100, 3000))) : null,
        );
        for (let e = rnd.poisson(sick * 40); e > 0; e--) {
          const from = D0 + rnd.int(0, D1 - D0);
          g.ins.sickness.run(
            ++g.ids.sickness,
            id,
            day(from),
            day(Math.min(D1, from + (rnd.next() < 0.12 ? rnd.int(28, 120) : rnd.int(1, 10)))),
            rnd.pick(SICKNESS_REASONS),
          );
        }
      }
    });
  }
}

/** The month-end establishment per directorate and staff group: budgeted and contracted WTE, and FTE days available and lost to sickness in the month. */
function fillEstablishment(g) {
  const { rnd } = g;
  for (const [first, next] of closedMonths()) {
    const days = next - first;
    for (const [dir] of DIRECTORATES) {
      STAFF_GROUPS.forEach(([group, wte, vacancy, , sick], i) => {
        const budgeted = Math.round(wte * DIRECTORATE_MIX[dir][i] * 10) / 10;
        if (budgeted === 0) return;
        const contracted = Math.round(budgeted * (1 - vacancy * (0.7 + 0.6 * rnd.next())) * 10) / 10;
        const available = Math.round(contracted * days * 10) / 10;
        const lost = available * sick * (0.75 + 0.35 * winter(first) - 0.1 + 0.1 * rnd.next());
        const longTerm = Math.round(lost * (0.55 + 0.1 * rnd.next()) * 10) / 10;
        g.ins.establishment.run(day(first).slice(0, 7), dir, group, budgeted, contracted, available, Math.round((lost - longTerm) * 10) / 10, longTerm);
        payCosts(g, first, dir, STAFF_GROUPS[i], budgeted, contracted);
      });
    }
  }
}

/** A month's pay bill per directorate and staff group: substantive staff, and the bank and agency shifts that cover vacancies and sickness. */
function payCosts(g, first, dir, [group, , , salary], budgeted, contracted) {
  const { rnd } = g;
  const monthly = (salary * 1.28) / 12;
  const gap = Math.max(0, budgeted - contracted) + budgeted * 0.03;
  const agencyShare = group === 'Medical and Dental' ? 0.45 : group.startsWith('Registered') || group.startsWith('Healthcare') ? 0.3 : 0.08;
  const when = day(first);
  g.ins.pay.run(when, dir, group, 'substantive', money(contracted * monthly * (0.98 + 0.04 * rnd.next())));
  g.ins.pay.run(when, dir, group, 'bank', money(gap * (1 - agencyShare) * monthly * 1.05 * (0.8 + 0.4 * rnd.next())));
  g.ins.pay.run(when, dir, group, 'agency', money(gap * agencyShare * monthly * 1.9 * (0.7 + 0.6 * rnd.next())));
}

// directorate -> non-pay budget a month (drugs, clinical supplies, services) in GBP, and the overspend tendency
const NON_PAY = { EUC: [420000, 0.03], MED: [2600000, 0.02], SUR: [2100000, 0.04], WCS: [780000, -0.01], CSS: [1900000, 0.01], COR: [1500000, -0.02] };

/** The general ledger per directorate and month: pay budgets against the pay bill, and non-pay budgets against spend, for closed months only. */
function fillLedger(g, db) {
  const { rnd } = g;
  const pay = db
    .prepare(
      "SELECT month_start, directorate_code, SUM(amount_gbp) AS actual, SUM(CASE WHEN pay_type = 'substantive' THEN amount_gbp ELSE 0 END) AS substantive FROM pay_costs GROUP BY month_start, directorate_code",
    )
    .all();
  for (const { month_start, directorate_code, actual, substantive } of pay) {
    const n = Date.parse(`${month_start}T00:00:00Z`) / 1000 / DAY - shift / DAY;
    const [nonPay, over] = NON_PAY[directorate_code];
    g.ins.ledger.run(month_start, fyOf(n), directorate_code, 'pay', money(substantive * 1.07), money(actual));
    const budget = nonPay * (1 + (0.03 * (n - D0)) / 365);
    g.ins.ledger.run(month_start, fyOf(n), directorate_code, 'non_pay', money(budget), money(budget * (1 + over + 0.04 * rnd.noise())));
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillEmergency(g);
  fillElective(g);
  fillCensus(g);
  fillDelays(g);
  fillPathways(g);
  fillOutpatients(g);
  fillTheatres(g);
  fillInfections(g);
  fillFft(g);
  fillStaff(g);
  fillEstablishment(g);
  fillLedger(g, db);
  for (const source of ['pas', 'symphony', 'theatreman', 'esr', 'ledger', 'lims', 'fft', 'sitrep']) g.ins.load.run(source, day(D1));
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
