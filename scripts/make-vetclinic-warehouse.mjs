#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261126;

// code, name, city, region, opened, consulting rooms, size (appointments a weekday / 10), review quality 0-1
const CLINICS = [
  ['KEN', 'Kensington', 'London', 'London', '2012-04-02', 5, 4.2, 0.82],
  ['CLA', 'Clapham', 'London', 'London', '2016-09-05', 4, 3.6, 0.74],
  ['BRI', 'Bristol Harbourside', 'Bristol', 'South West', '2014-01-13', 4, 3.2, 0.78],
  ['BTH', 'Bath', 'Bath', 'South West', '2019-06-03', 3, 2.2, 0.88],
  ['MAN', 'Manchester Ancoats', 'Manchester', 'North West', '2015-03-02', 5, 3.9, 0.62],
  ['LDS', 'Leeds Headingley', 'Leeds', 'Yorkshire', '2018-10-01', 3, 2.6, 0.7],
  ['EDI', 'Edinburgh Leith', 'Edinburgh', 'Scotland', '2013-05-06', 4, 3.1, 0.85],
  ['GLA', 'Glasgow West End', 'Glasgow', 'Scotland', '2020-02-03', 3, 2.4, 0.66],
];

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Grace',
  'Freya',
  'Emily',
  'Sophie',
  'Ella',
  'Lily',
  'Chloe',
  'Hannah',
  'Priya',
  'Aisha',
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Noah',
  'Leo',
  'Arthur',
  'Thomas',
  'James',
  'Callum',
  'Rory',
  'Finlay',
  'Daniel',
  'Samuel',
  'Omar',
  'Ravi',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Clarke',
  'Patel',
  'Khan',
  'Campbell',
  'Stewart',
  'Murray',
  'MacDonald',
  'Kelly',
  'Shah',
  'Cooper',
  'Ward',
  'Morris',
  'King',
  'Baker',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Mill Lane', 'The Crescent', 'Queens Road', 'Kings Road'];
const POSTCODE = { KEN: 'W8', CLA: 'SW4', BRI: 'BS1', BTH: 'BA1', MAN: 'M4', LDS: 'LS6', EDI: 'EH6', GLA: 'G12' };

// species, share of pets, breeds, pet names, wellness plans it can join
const SPECIES = [
  [
    'dog',
    52,
    [
      'Labrador Retriever',
      'Cocker Spaniel',
      'French Bulldog',
      'Border Collie',
      'Cockapoo',
      'Dachshund',
      'Staffordshire Bull Terrier',
      'Golden Retriever',
      'Mixed breed',
    ],
  ],
  ['cat', 37, ['Domestic Shorthair', 'Domestic Longhair', 'British Shorthair', 'Bengal', 'Ragdoll', 'Siamese', 'Maine Coon']],
  ['rabbit', 5, ['Netherland Dwarf', 'Lionhead', 'Mini Lop', 'Rex']],
  ['guinea_pig', 2.5, ['Abyssinian', 'American', 'Peruvian']],
  ['ferret', 1.2, ['Ferret']],
  ['bird', 1.3, ['Budgerigar', 'Cockatiel', 'African Grey']],
  ['reptile', 1, ['Bearded Dragon', 'Leopard Gecko', 'Corn Snake']],
];
const PET_NAMES = [
  'Bella',
  'Luna',
  'Milo',
  'Coco',
  'Teddy',
  'Daisy',
  'Alfie',
  'Poppy',
  'Max',
  'Bonnie',
  'Charlie',
  'Willow',
  'Ollie',
  'Pepper',
  'Biscuit',
  'Rosie',
  'Nala',
  'Loki',
  'Maple',
  'Archie',
  'Hazel',
  'Simba',
  'Bramble',
  'Juniper',
  'Ziggy',
  'Pickle',
  'Nutmeg',
  'Otis',
];

// code, name, category, list price (GBP, net of VAT)
const CATALOG = [
  ['CONSULT', 'Standard consultation (15 min)', 'consultation', 52],
  ['CONSULT-LONG', 'Extended consultation (30 min)', 'consultation', 89],
  ['RECHECK', 'Re-examination', 'consultation', 28],
  ['OOH-CONSULT', 'Out-of-hours emergency consultation', 'consultation', 165],
  ['VAX-BOOST', 'Annual booster vaccination', 'vaccination', 62],
  ['VAX-PRIMARY', 'Primary vaccination course', 'vaccination', 89],
  ['NEUTER-DOG', 'Neutering (dog)', 'surgery', 340],
  ['NEUTER-CAT', 'Neutering (cat)', 'surgery', 145],
  ['LUMP-REMOVAL', 'Mass removal', 'surgery', 480],
  ['ANAES', 'General anaesthetic', 'surgery', 185],
  ['DENTAL-SCALE', 'Dental scale and polish', 'dental', 295],
  ['DENTAL-EXTRACT', 'Tooth extraction', 'dental', 85],
  ['BLOODS', 'In-house blood panel', 'diagnostics', 98],
  ['URINE', 'Urinalysis', 'diagnostics', 38],
  ['XRAY', 'Radiograph series', 'imaging', 215],
  ['ULTRASOUND', 'Abdominal ultrasound', 'imaging', 260],
  ['HOSP-DAY', 'Hospitalisation (per day)', 'hospitalisation', 120],
  ['NURSE-CLINIC', 'Nurse clinic', 'nursing', 25],
  ['MICROCHIP', 'Microchip implant', 'nursing', 25],
  ['NAIL-CLIP', 'Nail clip', 'nursing', 15],
];
const PRICE = Object.fromEntries(CATALOG.map(([code, , , price]) => [code, price]));

// type, share of appointments, minutes, treatment lines [code, chance]
const TYPES = [
  [
    'consultation',
    44,
    15,
    [
      ['CONSULT', 0.85],
      ['CONSULT-LONG', 0.15],
      ['BLOODS', 0.14],
      ['URINE', 0.08],
      ['XRAY', 0.05],
      ['ULTRASOUND', 0.03],
    ],
  ],
  [
    'vaccination',
    20,
    15,
    [
      ['VAX-BOOST', 0.86],
      ['VAX-PRIMARY', 0.14],
      ['MICROCHIP', 0.03],
    ],
  ],
  ['follow_up', 12, 10, [['RECHECK', 1]]],
  [
    'nurse_clinic',
    10,
    20,
    [
      ['NURSE-CLINIC', 0.8],
      ['NAIL-CLIP', 0.35],
      ['MICROCHIP', 0.05],
    ],
  ],
  [
    'surgery',
    6,
    90,
    [
      ['ANAES', 1],
      ['NEUTER-DOG', 0.35],
      ['NEUTER-CAT', 0.3],
      ['LUMP-REMOVAL', 0.25],
      ['HOSP-DAY', 0.2],
    ],
  ],
  [
    'dental',
    4,
    60,
    [
      ['ANAES', 1],
      ['DENTAL-SCALE', 1],
      ['DENTAL-EXTRACT', 0.55],
    ],
  ],
  [
    'emergency',
    4,
    30,
    [
      ['OOH-CONSULT', 1],
      ['BLOODS', 0.4],
      ['XRAY', 0.3],
      ['HOSP-DAY', 0.35],
    ],
  ],
];
const TYPE = Object.fromEntries(TYPES.map(([type, , minutes, lines]) => [type, { minutes, lines }]));
const VACCINES = { dog: ['DHP', 'Leptospirosis L4', 'Kennel cough', 'Rabies'], cat: ['Feline RCP', 'FeLV'], rabbit: ['Myxo-RHD'], ferret: ['Distemper'] };

// code, name, category, prescription only, price, cost (GBP, net of VAT)
const PRODUCTS = [
  ['FT-CHEW-L', 'Fluralaner chew 12-week, dog 20-40 kg', 'flea_tick', 1, 46.5, 27.1],
  ['FT-CHEW-S', 'Fluralaner chew 12-week, dog 4.5-10 kg', 'flea_tick', 1, 39.9, 22.8],
  ['FT-SPOT-C', 'Selamectin spot-on, cat (3 pipettes)', 'flea_tick', 1, 29.5, 15.2],
  ['FT-COLLAR', 'Imidacloprid flea and tick collar', 'flea_tick', 0, 32, 19.5],
  ['WRM-DOG', 'Milbemycin-praziquantel wormer, dog (2 tablets)', 'wormer', 1, 14.8, 6.9],
  ['WRM-CAT', 'Praziquantel-pyrantel wormer, cat (2 tablets)', 'wormer', 0, 11.2, 4.6],
  ['ABX-AMC', 'Amoxicillin-clavulanate 250 mg (10 tablets)', 'antibiotic', 1, 18.4, 5.2],
  ['ABX-CEF', 'Cefalexin 500 mg (14 capsules)', 'antibiotic', 1, 22.6, 6.8],
  ['NSAID-MEL', 'Meloxicam oral suspension 32 ml', 'pain_relief', 1, 24.9, 8.1],
  ['PAIN-GABA', 'Gabapentin 100 mg (30 capsules)', 'pain_relief', 1, 27.5, 7.4],
  ['DIET-RENAL', 'Renal support diet, cat 2 kg', 'prescription_diet', 1, 28.9, 17.3],
  ['DIET-HYPO', 'Hypoallergenic diet, dog 12 kg', 'prescription_diet', 1, 79.5, 49.6],
  ['SUP-JOINT', 'Joint supplement (60 chews)', 'supplement', 0, 34, 16.4],
  ['CARE-EAR', 'Ear cleaner 100 ml', 'grooming_care', 0, 12.5, 4.1],
  ['CARE-SHAMPOO', 'Chlorhexidine shampoo 250 ml', 'grooming_care', 0, 15.9, 5.3],
  ['ACC-CONE', 'Recovery cone collar (medium)', 'accessories', 0, 9.5, 3.2],
];
const PRODUCT_WEIGHT = [24, 12, 14, 6, 14, 9, 8, 4, 10, 4, 5, 4, 6, 5, 3, 4];

// code, name, species, monthly fee (GBP)
const PLANS = [
  ['PUPPY', 'Puppy Start', 'dog', 16.5],
  ['DOG-ADULT', 'Healthy Dog', 'dog', 19.5],
  ['DOG-SENIOR', 'Senior Dog', 'dog', 27],
  ['KITTEN', 'Kitten Start', 'cat', 13.5],
  ['CAT-ADULT', 'Healthy Cat', 'cat', 15],
  ['CAT-SENIOR', 'Senior Cat', 'cat', 22],
  ['RABBIT', 'Healthy Rabbit', 'rabbit', 11],
];
const CANCEL_REASONS = [
  ['cost', 34],
  ['moved_away', 18],
  ['pet_died', 16],
  ['not_using_benefits', 20],
  ['switched_practice', 12],
];
const INSURERS = [
  ['Harbour Pet Insurance', 38],
  ['Bluebell Cover', 27],
  ['Tailwise', 21],
  ['Meadow Mutual', 14],
];

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of the loaded history (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day

let shift = 0; // set per generation by makeWarehouse; day() and at() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const at = (n, minutes) => `${day(n)}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const money = (x) => Math.round(x * 100) / 100;
// Unshifted calendar facts of a day number (weekday 0 = Monday); shifting by whole weeks keeps weekdays.
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth();
const ascii = (s) => s.toLowerCase().replace(/[^a-z]/g, '');
// Winter and the spring vaccination push are busier; August is holiday season.
const SEASON = [1.05, 1.0, 1.08, 1.1, 1.06, 1.0, 0.94, 0.86, 1.0, 1.04, 1.02, 0.9];

const SCHEMA = `
CREATE TABLE clinics (clinic_code TEXT PRIMARY KEY, clinic_name TEXT NOT NULL, city TEXT NOT NULL, region TEXT NOT NULL, opened_on TEXT NOT NULL, consult_rooms INTEGER NOT NULL);
CREATE TABLE staff (staff_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, role TEXT NOT NULL, clinic_code TEXT REFERENCES clinics(clinic_code), employment TEXT NOT NULL, hired_on TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, hourly_rate REAL NOT NULL, annual_salary REAL);
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, address TEXT NOT NULL, postcode TEXT NOT NULL, home_clinic TEXT NOT NULL REFERENCES clinics(clinic_code), registered_on TEXT NOT NULL, marketing_opt_in INTEGER NOT NULL);
CREATE TABLE pets (pet_id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL REFERENCES owners(owner_id), pet_name TEXT NOT NULL, species TEXT NOT NULL, breed TEXT NOT NULL, born_on TEXT NOT NULL, sex TEXT NOT NULL, neutered INTEGER NOT NULL, microchip_no TEXT, registered_on TEXT NOT NULL);
CREATE TABLE treatment_catalog (treatment_code TEXT PRIMARY KEY, treatment_name TEXT NOT NULL, category TEXT NOT NULL, list_price REAL NOT NULL);
CREATE TABLE appointments (appointment_id INTEGER PRIMARY KEY, clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), pet_id INTEGER NOT NULL REFERENCES pets(pet_id), vet_id TEXT NOT NULL REFERENCES staff(staff_id), appointment_type TEXT NOT NULL, booked_via TEXT NOT NULL, booked_at TEXT NOT NULL, starts_at TEXT NOT NULL, duration_min INTEGER NOT NULL, status TEXT NOT NULL);
CREATE TABLE treatments (treatment_id INTEGER PRIMARY KEY, appointment_id INTEGER NOT NULL REFERENCES appointments(appointment_id), treatment_code TEXT NOT NULL REFERENCES treatment_catalog(treatment_code), quantity INTEGER NOT NULL, net_amount REAL NOT NULL);
CREATE TABLE vaccinations (vaccination_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets(pet_id), appointment_id INTEGER NOT NULL REFERENCES appointments(appointment_id), clinic_code TEXT NOT NULL, species TEXT NOT NULL, vaccine TEXT NOT NULL, given_on TEXT NOT NULL, booster_due_on TEXT NOT NULL);
CREATE TABLE products (product_code TEXT PRIMARY KEY, product_name TEXT NOT NULL, category TEXT NOT NULL, prescription_only INTEGER NOT NULL, unit_price REAL NOT NULL, unit_cost REAL NOT NULL);
CREATE TABLE pharmacy_sales (sale_id INTEGER PRIMARY KEY, clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), sold_on TEXT NOT NULL, product_code TEXT NOT NULL REFERENCES products(product_code), pet_id INTEGER REFERENCES pets(pet_id), channel TEXT NOT NULL, quantity INTEGER NOT NULL, net_amount REAL NOT NULL, cost_amount REAL NOT NULL, appointment_id INTEGER REFERENCES appointments(appointment_id));
CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), owner_id INTEGER NOT NULL REFERENCES owners(owner_id), appointment_id INTEGER REFERENCES appointments(appointment_id), issued_on TEXT NOT NULL, net_amount REAL NOT NULL, vat_amount REAL NOT NULL, gross_amount REAL NOT NULL, insurer TEXT, status TEXT NOT NULL);
CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL REFERENCES invoices(invoice_id), paid_on TEXT NOT NULL, method TEXT NOT NULL, amount REAL NOT NULL);
CREATE TABLE wellness_plans (plan_code TEXT PRIMARY KEY, plan_name TEXT NOT NULL, species TEXT NOT NULL, monthly_fee REAL NOT NULL);
CREATE TABLE memberships (membership_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets(pet_id), owner_id INTEGER NOT NULL REFERENCES owners(owner_id), clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), plan_code TEXT NOT NULL REFERENCES wellness_plans(plan_code), started_on TEXT NOT NULL, ended_on TEXT, cancel_reason TEXT);
CREATE TABLE online_bookings (booking_id INTEGER PRIMARY KEY, clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), requested_at TEXT NOT NULL, requested_for TEXT NOT NULL, appointment_type TEXT NOT NULL, species TEXT NOT NULL, source TEXT NOT NULL, outcome TEXT NOT NULL, appointment_id INTEGER REFERENCES appointments(appointment_id));
CREATE TABLE reviews (review_id INTEGER PRIMARY KEY, clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), posted_on TEXT NOT NULL, platform TEXT NOT NULL, rating INTEGER NOT NULL, owner_id INTEGER REFERENCES owners(owner_id));
CREATE TABLE rota_shifts (shift_id INTEGER PRIMARY KEY, staff_id TEXT NOT NULL REFERENCES staff(staff_id), clinic_code TEXT NOT NULL REFERENCES clinics(clinic_code), shift_date TEXT NOT NULL, shift_type TEXT NOT NULL, planned_hours REAL NOT NULL, worked_hours REAL NOT NULL, absence TEXT);
${calendarTables('is_weekday')}
`;
const LAYOUT = 401;
const INDEXES = `
CREATE INDEX appointments_clinic_start ON appointments (clinic_code, starts_at);
CREATE INDEX appointments_pet ON appointments (pet_id);
CREATE INDEX treatments_appointment ON treatments (appointment_id);
CREATE INDEX vaccinations_pet ON vaccinations (pet_id, given_on);
CREATE INDEX pharmacy_sales_day ON pharmacy_sales (sold_on);
CREATE INDEX invoices_issued ON invoices (issued_on);
CREATE INDEX payments_invoice ON payments (invoice_id);
CREATE INDEX rota_shifts_day ON rota_shifts (shift_date);
CREATE INDEX online_bookings_requested ON online_bookings (requested_at);
`;

/** The date dimension over every day the data can name. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  clinic: ['clinics', 6],
  staff: ['staff', 10],
  owner: ['owners', 9],
  pet: ['pets', 10],
  catalog: ['treatment_catalog', 4],
  appointment: ['appointments', 10],
  treatment: ['treatments', 5],
  vaccination: ['vaccinations', 8],
  product: ['products', 6],
  sale: ['pharmacy_sales', 10],
  invoice: ['invoices', 10],
  payment: ['payments', 5],
  plan: ['wellness_plans', 4],
  membership: ['memberships', 8],
  booking: ['online_bookings', 9],
  review: ['reviews', 6],
  shift: ['rota_shifts', 8],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = {
    owner: 0,
    pet: 0,
    appointment: 0,
    treatment: 0,
    vaccination: 0,
    sale: 0,
    invoice: 0,
    payment: 0,
    membership: 0,
    booking: 0,
    review: 0,
    shift: 0,
  };
  return { rnd, ins, ids, clinics: {}, staff: [] };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;

/** Clinics, the treatment catalogue, pharmacy products and wellness plans: the fixed reference tables. */
function fillReference(g) {
  for (const [code, name, city, region, opened, rooms, size, quality] of CLINICS) {
    g.ins.clinic.run(code, name, city, region, opened, rooms);
    g.clinics[code] = { code, size, quality, pets: [], owners: [], vets: [], staff: [] };
  }
  for (const c of CATALOG) g.ins.catalog.run(...c);
  for (const p of PRODUCTS) g.ins.product.run(...p);
  for (const p of PLANS) g.ins.plan.run(...p);
}

// role, people per clinic at size 3, hourly rate range (GBP), planned hours of a shift
const ROLES = [
  ['vet', 1.4, [34, 52], 9],
  ['nurse', 1.8, [15, 21], 9],
  ['receptionist', 1.0, [11.5, 13.5], 8],
];

/** The employed team of every clinic, and a pool of locum vets who cover absences anywhere. */
function fillStaff(g) {
  const { rnd } = g;
  let k = 0;
  const hire = (role, clinic, employment, rate) => {
    const id = `ST${String(++k).padStart(3, '0')}`;
    const name = nameOf(rnd);
    const salary = employment === 'employed' ? Math.round((rate * 1950) / 100) * 100 : null;
    const hired = day(D0 - rnd.int(30, 3000));
    g.ins.staff.run(id, name, role, clinic, employment, hired, `${ascii(name)}${k}@pawsworth.test`, phoneOf(rnd), rate, salary);
    return { id, name, role, clinic, employment };
  };
  for (const c of Object.values(g.clinics)) {
    for (const [role, per, [lo, hi]] of ROLES) {
      const count = Math.max(2, Math.round(per * c.size));
      for (let i = 0; i < count; i++) c.staff.push(hire(role, c.code, 'employed', money(lo + rnd.next() * (hi - lo))));
    }
    c.vets = c.staff.filter((s) => s.role === 'vet');
  }
  g.locums = Array.from({ length: 9 }, () => hire('vet', null, 'locum', money(58 + rnd.next() * 22)));
}

const speciesPick = (rnd) => rnd.weighted(SPECIES.map((s) => [s, s[1]]));

/** One pet of an owner, registered with them or later. */
function addPet(g, owner, registered) {
  const { rnd } = g;
  const [species, , breeds] = speciesPick(rnd);
  const id = ++g.ids.pet;
  const ageDays = rnd.int(60, species === 'dog' || species === 'cat' ? 5400 : 2400);
  const chip = species === 'dog' || species === 'cat' || rnd.next() < 0.3 ? `9410000${rnd.int(10000000, 99999999)}` : null;
  const sex = rnd.next() < 0.5 ? 'female' : 'male';
  g.ins.pet.run(
    id,
    owner.id,
    rnd.pick(PET_NAMES),
    species,
    rnd.pick(breeds),
    day(registered - ageDays),
    sex,
    ageDays > 300 && rnd.next() < 0.7 ? 1 : 0,
    chip,
    day(registered),
  );
  const pet = { id, owner: owner.id, species, registered, born: registered - ageDays };
  owner.pets.push(pet);
  return pet;
}

/** Owners and their pets per clinic: an existing list before the history starts, new clients joining through it. */
function fillClients(g) {
  const { rnd } = g;
  for (const c of Object.values(g.clinics)) {
    const existing = Math.round(c.size * 420);
    const joiners = Math.round(c.size * 300);
    for (let i = 0; i < existing + joiners; i++) {
      const registered = i < existing ? D0 - rnd.int(1, 2400) : D0 + rnd.int(0, D1 - D0);
      const id = ++g.ids.owner;
      const name = nameOf(rnd);
      const address = `${rnd.int(1, 180)} ${rnd.pick(STREETS)}`;
      const postcode = `${POSTCODE[c.code]} ${rnd.int(1, 9)}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}`;
      g.ins.owner.run(id, name, `${ascii(name)}${id}@mail.test`, phoneOf(rnd), address, postcode, c.code, day(registered), rnd.next() < 0.6 ? 1 : 0);
      const owner = { id, clinic: c.code, pets: [] };
      const pets = rnd.weighted([
        [1, 70],
        [2, 24],
        [3, 6],
      ]);
      for (let p = 0; p < pets; p++) c.pets.push(addPet(g, owner, registered + (p === 0 ? 0 : rnd.int(0, 200))));
      c.owners.push(owner);
    }
    c.pets.sort((x, y) => x.registered - y.registered);
  }
}

/** A pet of the clinic registered by day n (pets register in order, so a prefix of the sorted list). */
function petAt(g, c, n) {
  let lo = 0;
  let hi = c.pets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.pets[mid].registered <= n) lo = mid + 1;
    else hi = mid;
  }
  return c.pets[g.rnd.int(0, Math.max(0, lo - 1))];
}

const TYPE_PICK = TYPES.map(([type, w]) => [type, w]);
// Online booking went live late in 2023 and keeps growing; emergencies are phoned in.
const onlineShare = (n) => 0.18 + (0.22 * (n - D0)) / (D1 - D0);

/** How an appointment came to be booked and when. */
function bookingOf(g, type, n, start) {
  const { rnd } = g;
  const via =
    type === 'emergency'
      ? rnd.weighted([
          ['phone', 70],
          ['walk_in', 30],
        ])
      : rnd.next() < onlineShare(n)
        ? 'online'
        : rnd.weighted([
            ['phone', 85],
            ['walk_in', 15],
          ]);
  const lead = via === 'walk_in' || type === 'emergency' ? 0 : rnd.int(0, type === 'surgery' || type === 'dental' ? 21 : 8);
  const bookedMinutes = lead === 0 ? Math.max(0, start - rnd.int(20, 180)) : rnd.int(7 * 60, 22 * 60);
  return { via, bookedAt: at(n - lead, bookedMinutes) };
}

/** One appointment at a clinic on day n, with its treatments, vaccines, medicines and invoice when it happened. */
function makeAppointment(g, c, n) {
  const { rnd } = g;
  const pet = petAt(g, c, n);
  let type = rnd.weighted(TYPE_PICK);
  if (type === 'vaccination' && !VACCINES[pet.species]) type = 'consultation';
  const start = type === 'emergency' && rnd.next() < 0.5 ? rnd.int(19 * 4, 23 * 4) * 15 : rnd.int(8 * 4 + 2, 18 * 4) * 15;
  const { via, bookedAt } = bookingOf(g, type, n, start);
  const status =
    type === 'emergency'
      ? 'completed'
      : rnd.weighted([
          ['completed', 88.5],
          ['cancelled', 6.5],
          ['no_show', via === 'online' ? 6 : 4],
        ]);
  const id = ++g.ids.appointment;
  const vet = type === 'nurse_clinic' ? rnd.pick(c.staff.filter((s) => s.role === 'nurse')) : rnd.pick(c.vets);
  g.ins.appointment.run(id, c.code, pet.id, vet.id, type, via, bookedAt, at(n, start), TYPE[type].minutes, status);
  const appt = { id, type, pet, via, n, start };
  if (via === 'online') g.online.push([c.code, appt]);
  if (status !== 'completed') return;
  const net = addTreatments(g, appt) + addVisitMedicines(g, c, appt);
  if (type === 'vaccination') addVaccines(g, c, appt);
  addInvoice(g, c, appt, net);
}

/** The treatment lines of a completed appointment; returns their net total. */
function addTreatments(g, appt) {
  const { rnd } = g;
  let net = 0;
  for (const [code, chance] of TYPE[appt.type].lines) {
    if (rnd.next() >= chance) continue;
    if (code === 'NEUTER-DOG' && appt.pet.species !== 'dog') continue;
    if (code === 'NEUTER-CAT' && appt.pet.species !== 'cat') continue;
    const qty = code === 'DENTAL-EXTRACT' || code === 'HOSP-DAY' ? rnd.int(1, 3) : 1;
    const amount = money(PRICE[code] * qty * (rnd.next() < 0.12 ? 0.9 : 1));
    g.ins.treatment.run(++g.ids.treatment, appt.id, code, qty, amount);
    net += amount;
  }
  return net;
}

const productPick = (rnd) => rnd.weighted(PRODUCTS.map((p, i) => [p, PRODUCT_WEIGHT[i]]));

/** Medicines dispensed in the consulting room, invoiced with the visit; returns their net total. */
function addVisitMedicines(g, c, appt) {
  const { rnd } = g;
  const chance = appt.type === 'consultation' || appt.type === 'emergency' ? 0.55 : appt.type === 'vaccination' ? 0.35 : 0.15;
  if (rnd.next() >= chance) return 0;
  let net = 0;
  for (let i = rnd.int(1, 2); i > 0; i--) net += addSale(g, c.code, appt.n, productPick(rnd), appt.pet.id, 'consult', appt.id);
  return net;
}

/** One pharmacy sale line; returns its net amount. */
function addSale(g, clinic, n, product, petId, channel, appointmentId) {
  const [code, , , , price, cost] = product;
  const qty = g.rnd.weighted([
    [1, 80],
    [2, 15],
    [3, 5],
  ]);
  const discount = channel === 'online' ? 0.92 : 1;
  const net = money(price * qty * discount);
  g.ins.sale.run(++g.ids.sale, clinic, day(n), code, petId, channel, qty, net, money(cost * qty), appointmentId);
  return net;
}

/** The vaccines given at a vaccination appointment, each with its booster due a year later. */
function addVaccines(g, c, appt) {
  const { rnd } = g;
  const { species } = appt.pet;
  const list = VACCINES[species];
  const given =
    species === 'dog' ? list.filter((v, i) => i < 2 || rnd.next() < (v === 'Rabies' ? 0.06 : 0.45)) : list.filter((_, i) => i === 0 || rnd.next() < 0.4);
  for (const vaccine of given) {
    const due = appt.n + (vaccine === 'Kennel cough' || vaccine === 'Myxo-RHD' ? 365 : vaccine === 'Rabies' ? 1095 : 365);
    g.ins.vaccination.run(++g.ids.vaccination, appt.pet.id, appt.id, c.code, species, vaccine, day(appt.n), day(due));
  }
}

/** The invoice of a visit (VAT at 20%) and how it was paid: at the desk, by an insurer weeks later, or not yet. */
function addInvoice(g, c, appt, net) {
  const { rnd } = g;
  if (net <= 0) return;
  const id = ++g.ids.invoice;
  const gross = money(net * 1.2);
  const insured = net > 150 && rnd.next() < 0.32;
  const insurer = insured ? rnd.weighted(INSURERS) : null;
  const pay = (n, method, amount) => g.ins.payment.run(++g.ids.payment, id, day(n), method, money(amount));
  let status = 'paid';
  if (insured) {
    const excess = Math.min(gross, 99);
    pay(appt.n, 'card', excess);
    const claimDay = appt.n + rnd.int(12, 70);
    if (claimDay <= D1 && rnd.next() > 0.04) pay(claimDay, 'insurance', gross - excess);
    else status = claimDay <= D1 ? 'written_off' : 'part_paid';
  } else {
    const late = rnd.next();
    if (late < 0.93)
      pay(
        appt.n,
        rnd.weighted([
          ['card', 86],
          ['cash', 6],
          ['bank_transfer', 8],
        ]),
        gross,
      );
    else if (late < 0.985 && appt.n + 30 <= D1) pay(appt.n + rnd.int(10, 60), 'bank_transfer', gross);
    else status = appt.n < D1 - 120 ? 'written_off' : 'unpaid';
  }
  g.ins.invoice.run(id, c.code, appt.pet.owner, appt.id, day(appt.n), money(net), money(gross - net), gross, insurer, status);
}

/** The appointment book: Monday to Saturday opening hours, out-of-hours emergencies every day. */
function fillAppointments(g) {
  const { rnd } = g;
  g.online = [];
  for (let n = D0; n <= D1; n++) {
    const wd = weekdayOf(n);
    for (const c of Object.values(g.clinics)) {
      const mean = c.size * 10 * SEASON[monthOf(n)] * (wd === 6 ? 0.06 : wd === 5 ? 0.45 : 1);
      for (let k = rnd.poisson(mean); k > 0; k--) makeAppointment(g, c, n);
    }
  }
}

/** Counter and online pharmacy sales that are not part of a visit. */
function fillCounterSales(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    const open = weekdayOf(n) < 6;
    for (const c of Object.values(g.clinics)) {
      for (let k = open ? rnd.poisson(c.size * 2.4) : 0; k > 0; k--) addSale(g, c.code, n, productPick(rnd), petAt(g, c, n).id, 'counter', null);
      for (let k = rnd.poisson(c.size * (0.4 + (0.9 * (n - D0)) / (D1 - D0))); k > 0; k--) {
        addSale(g, c.code, n, productPick(rnd), petAt(g, c, n).id, 'online', null);
      }
    }
  }
}

/** Online booking requests: the confirmed ones became appointments, the rest were abandoned or declined. */
function fillOnlineBookings(g) {
  const { rnd } = g;
  const rows = g.online.map(([clinic, a]) => [a.n, clinic, a, 'confirmed']);
  for (const [clinic, a] of g.online) {
    if (rnd.next() < 0.42) rows.push([a.n - rnd.int(0, 6), clinic, { ...a, id: null }, rnd.next() < 0.8 ? 'abandoned' : 'declined']);
  }
  rows.sort((x, y) => x[0] - y[0] || x[2].start - y[2].start);
  for (const [n, clinic, a, outcome] of rows) {
    const requested = at(Math.max(D0, n - (outcome === 'confirmed' ? rnd.int(0, 5) : 0)), rnd.int(6 * 60, 23 * 60));
    const source = rnd.next() < 0.25 + (0.3 * (n - D0)) / (D1 - D0) ? 'app' : 'website';
    g.ins.booking.run(++g.ids.booking, clinic, requested, at(a.n, a.start), a.type, a.pet.species, source, outcome, a.id);
  }
}

const monthStarts = () => {
  const out = [];
  for (let n = D0 - 720; n <= D1; n++) if (new Date(n * DAY * 1000).getUTCDate() === 1) out.push(n);
  return out;
};

/** Wellness plan memberships of dogs, cats and rabbits: joined over time, most stay, some cancel each month. */
function fillMemberships(g) {
  const { rnd } = g;
  const starts = monthStarts();
  for (const c of Object.values(g.clinics)) {
    for (const pet of c.pets) {
      const plans = PLANS.filter(([, , species]) => species === pet.species);
      if (plans.length === 0 || rnd.next() >= 0.27) continue;
      const from = Math.max(pet.registered, D0 - 700);
      const started = from + rnd.int(0, Math.max(1, D1 - from));
      const ageAtStart = started - pet.born;
      const plan = ageAtStart < 300 ? plans[0] : ageAtStart > 2900 && plans[2] ? plans[2] : (plans[1] ?? plans[0]);
      const months = Math.floor(-Math.log(1 - rnd.next()) * 40 * c.quality);
      const end = starts.find((s) => s > started + months * 30.4);
      const ended = end !== undefined && end <= D1 ? end : null;
      g.ins.membership.run(
        ++g.ids.membership,
        pet.id,
        pet.owner,
        c.code,
        plan[0],
        day(started),
        ended === null ? null : day(ended),
        ended === null ? null : rnd.weighted(CANCEL_REASONS),
      );
    }
  }
}

/** Online reviews per clinic: a few a week, star ratings leaning on the clinic's quality. */
function fillReviews(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const c of Object.values(g.clinics)) {
      for (let k = rnd.poisson(c.size * 0.14); k > 0; k--) {
        const q = c.quality;
        const rating = rnd.weighted([
          [5, 40 * q],
          [4, 22],
          [3, 8],
          [2, 6 * (1 - q) + 1],
          [1, 14 * (1 - q) + 1],
        ]);
        const owner = rnd.next() < 0.7 ? rnd.pick(c.owners).id : null;
        g.ins.review.run(
          ++g.ids.review,
          c.code,
          day(n),
          rnd.weighted([
            ['google', 72],
            ['trustpilot', 28],
          ]),
          rating,
          owner,
        );
      }
    }
  }
}

/** One person's rota on day n: works most weekdays and some Saturdays, sometimes sick or on holiday. */
function rotaDay(g, c, s, n) {
  const { rnd } = g;
  const wd = weekdayOf(n);
  if (wd === 6 || (wd === 5 && rnd.next() > 0.4) || (wd < 5 && rnd.next() < 0.12)) return;
  const type = wd === 5 ? 'saturday' : s.role === 'vet' && rnd.next() < 0.12 ? 'on_call' : rnd.next() < 0.3 ? 'late' : 'day';
  const planned = type === 'saturday' ? 5 : type === 'on_call' ? 12 : ROLES.find(([r]) => r === s.role)[3] - (type === 'late' ? 1 : 0);
  const absence = rnd.next() < 0.035 ? 'sick' : rnd.next() < 0.07 ? 'holiday' : null;
  const over = absence ? 0 : rnd.next() < 0.22 ? rnd.int(1, 4) * 0.5 : 0;
  const worked = absence ? 0 : type === 'on_call' ? rnd.int(2, 10) : planned + over;
  g.ins.shift.run(++g.ids.shift, s.id, c.code, day(n), type, planned, worked, absence);
  if (absence && s.role === 'vet' && rnd.next() < 0.6) {
    g.ins.shift.run(++g.ids.shift, rnd.pick(g.locums).id, c.code, day(n), type, planned, planned, null);
  }
}

/** The staff rota of every clinic, with locum vets covering most vet absences. */
function fillRota(g) {
  for (let n = D0; n <= D1; n++) {
    for (const c of Object.values(g.clinics)) for (const s of c.staff) rotaDay(g, c, s, n);
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillStaff(g);
  fillClients(g);
  fillAppointments(g);
  fillCounterSales(g);
  fillOnlineBookings(g);
  fillMemberships(g);
  fillReviews(g);
  fillRota(g);
  for (const source of ['pms', 'pharmacy', 'finance', 'rota', 'web']) g.ins.load.run(source, day(D1));
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
