#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { calendarTables, fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20261127;

// Calder Pumps: three plants, code, name, country, shifts a working day
const PLANTS = [
  ['SHF', 'Sheffield', 'England', ['A', 'B', 'C']],
  ['TEL', 'Telford', 'England', ['A', 'B']],
  ['LIV', 'Livingston', 'Scotland', ['A', 'B']],
];

// line, plant, name, product family built, ideal cycle (s a unit), performance, scrap rate, breakdowns a shift
const LINES = [
  ['SHF-L1', 'SHF', 'Sheffield line 1 (end-suction centrifugal)', 'centrifugal', 380, 0.91, 0.018, 0.34],
  ['SHF-L2', 'SHF', 'Sheffield line 2 (multistage)', 'multistage', 1040, 0.86, 0.026, 0.42],
  ['SHF-L3', 'SHF', 'Sheffield line 3 (large centrifugal)', 'centrifugal', 720, 0.88, 0.021, 0.38],
  ['TEL-L1', 'TEL', 'Telford line 1 (submersible)', 'submersible', 600, 0.9, 0.015, 0.3],
  ['TEL-L2', 'TEL', 'Telford line 2 (diaphragm)', 'diaphragm', 480, 0.93, 0.012, 0.22],
  ['LIV-L1', 'LIV', 'Livingston line 1 (gear)', 'gear', 440, 0.84, 0.031, 0.5],
  ['LIV-L2', 'LIV', 'Livingston line 2 (centrifugal)', 'centrifugal', 400, 0.89, 0.02, 0.36],
];

// sku, family, name, standard cost (GBP), list price (GBP)
const PRODUCTS = [
  ['CP-080', 'centrifugal', 'CalFlow 80 end-suction pump', 410, 780],
  ['CP-125', 'centrifugal', 'CalFlow 125 end-suction pump', 690, 1290],
  ['CP-200', 'centrifugal', 'CalFlow 200 split-case pump', 2350, 4100],
  ['MS-04', 'multistage', 'CalStage 4 multistage booster', 1480, 2650],
  ['MS-08', 'multistage', 'CalStage 8 multistage booster', 2210, 3900],
  ['SP-050', 'submersible', 'CalSub 50 drainage pump', 520, 990],
  ['SP-100', 'submersible', 'CalSub 100 sewage pump', 1640, 2950],
  ['DP-025', 'diaphragm', 'CalDose 25 diaphragm pump', 380, 720],
  ['DP-040', 'diaphragm', 'CalDose 40 diaphragm pump', 560, 1050],
  ['GP-010', 'gear', 'CalGear 10 gear pump', 330, 640],
  ['GP-020', 'gear', 'CalGear 20 gear pump', 470, 890],
];
const FAMILY_OPPORTUNITIES = { centrifugal: 42, multistage: 64, submersible: 48, diaphragm: 36, gear: 30 };

// cause, weight, mean minutes, planned
const DOWNTIME_CAUSES = [
  ['breakdown', 30, 55, 0],
  ['changeover', 26, 35, 1],
  ['material_shortage', 12, 70, 0],
  ['quality_hold', 8, 45, 0],
  ['tooling', 10, 25, 0],
  ['no_operator', 6, 60, 0],
  ['utilities', 3, 90, 0],
  ['planned_maintenance', 5, 120, 1],
];

// material, name, category, unit, standard price (GBP), per unit built, suppliers (code, weight)
const MATERIALS = [
  [
    'MAT-VOL',
    'Cast iron volute casing',
    'castings',
    'each',
    62,
    1,
    [
      ['SUP-01', 3],
      ['SUP-14', 1],
    ],
  ],
  [
    'MAT-IMP',
    'Bronze impeller',
    'castings',
    'each',
    38,
    1,
    [
      ['SUP-01', 2],
      ['SUP-14', 2],
    ],
  ],
  ['MAT-SHF', 'Stainless shaft bar', 'steel', 'm', 21, 0.6, [['SUP-09', 1]]],
  [
    'MAT-MOT',
    'IE3 electric motor 4-11 kW',
    'motors',
    'each',
    240,
    1,
    [
      ['SUP-05', 3],
      ['SUP-06', 2],
    ],
  ],
  ['MAT-SEA', 'Mechanical seal set', 'seals', 'each', 27, 1, [['SUP-04', 1]]],
  ['MAT-BRG', 'Bearing pair', 'bearings', 'pair', 18, 1, [['SUP-03', 1]]],
  ['MAT-FAS', 'Fastener kit', 'fasteners', 'kit', 4.5, 1, [['SUP-07', 1]]],
  ['MAT-GSK', 'Gasket set', 'seals', 'set', 3.2, 1, [['SUP-10', 1]]],
  ['MAT-PNT', 'Epoxy paint', 'coatings', 'litre', 11, 0.4, [['SUP-11', 1]]],
  ['MAT-PCB', 'Pump controller board', 'electronics', 'each', 46, 0.35, [['SUP-12', 1]]],
  ['MAT-CAB', 'Submersible power cable', 'cable', 'm', 6.8, 2.5, [['SUP-13', 1]]],
  ['MAT-PKG', 'Crate and packaging', 'packaging', 'each', 9, 1, [['SUP-08', 1]]],
];

// supplier, name, country, lead days, on-time chance, in-full chance, price drift a year
const SUPPLIERS = [
  ['SUP-01', 'Don Valley Castings', 'GB', 14, 0.82, 0.9, 0.06],
  ['SUP-03', 'Midland Bearings Ltd', 'GB', 7, 0.93, 0.97, 0.03],
  ['SUP-04', 'Severn Seals', 'GB', 10, 0.88, 0.95, 0.04],
  ['SUP-05', 'Kessler Antriebe GmbH', 'DE', 21, 0.9, 0.96, 0.05],
  ['SUP-06', 'Brno Motor Works', 'CZ', 28, 0.74, 0.88, 0.02],
  ['SUP-07', 'Clyde Fasteners', 'GB', 5, 0.96, 0.98, 0.02],
  ['SUP-08', 'Pennine Packaging', 'GB', 4, 0.95, 0.99, 0.08],
  ['SUP-09', 'Teesside Steel Stockholders', 'GB', 9, 0.85, 0.93, 0.09],
  ['SUP-10', 'Northern Gaskets', 'GB', 6, 0.94, 0.97, 0.01],
  ['SUP-11', 'Apex Coatings', 'GB', 8, 0.9, 0.95, 0.07],
  ['SUP-12', 'Shenzhen Kaida Electronics', 'CN', 42, 0.68, 0.91, -0.02],
  ['SUP-13', 'Anglia Cable Co', 'GB', 8, 0.91, 0.96, 0.05],
  ['SUP-14', 'Ruhr Guss AG', 'DE', 24, 0.8, 0.94, 0.04],
];

// customer, name, sector, country, weight
const CUSTOMERS = [
  ['C001', 'Yorkshire Water Services', 'water_utility', 'GB', 8],
  ['C002', 'Anglian Water', 'water_utility', 'GB', 7],
  ['C003', 'Scottish Water', 'water_utility', 'GB', 6],
  ['C004', 'Severn Trent Process', 'water_utility', 'GB', 6],
  ['C005', 'North Sea Offshore Services', 'oil_and_gas', 'GB', 4],
  ['C006', 'Aberdeen Subsea Supply', 'oil_and_gas', 'GB', 3],
  ['C007', 'Harland Building Services', 'building_services', 'GB', 6],
  ['C008', 'Crown HVAC Contractors', 'building_services', 'GB', 5],
  ['C009', 'Brightwell Food Processing', 'food_and_beverage', 'GB', 4],
  ['C010', 'Tayside Distillers', 'food_and_beverage', 'GB', 3],
  ['C011', 'Rotterdam Pomp Handel', 'distributor', 'NL', 5],
  ['C012', 'Nordic Flow AB', 'distributor', 'SE', 4],
  ['C013', 'Dublin Pump Centre', 'distributor', 'IE', 4],
  ['C014', 'Midlands Chemical Works', 'chemicals', 'GB', 3],
  ['C015', 'Teesport Chemicals', 'chemicals', 'GB', 3],
  ['C016', 'Farmstead Irrigation', 'agriculture', 'GB', 3],
];

// failure mode, weight, mean cost (GBP)
const FAILURE_MODES = [
  ['seal_leak', 34, 310],
  ['bearing_failure', 20, 520],
  ['motor_burnout', 12, 980],
  ['impeller_wear', 10, 430],
  ['controller_fault', 9, 260],
  ['cavitation_damage', 6, 640],
  ['paint_corrosion', 5, 150],
  ['no_fault_found', 4, 90],
];

// severity, weight; category, weight
const SEVERITIES = [
  ['near_miss', 58],
  ['first_aid', 26],
  ['recordable', 12],
  ['lost_time', 4],
];
const HAZARDS = [
  ['manual_handling', 30],
  ['slip_trip_fall', 22],
  ['machinery', 16],
  ['struck_by', 12],
  ['hot_work', 8],
  ['chemical', 6],
  ['forklift', 6],
];
const INJURIES = ['strained lower back', 'cut to left hand', 'bruised shin', 'burn to forearm', 'eye irritation', 'sprained wrist', 'crushed finger'];
const ASSET_KINDS = ['CNC lathe', 'machining centre', 'balancing rig', 'hydrostatic test bench', 'paint booth', 'assembly press'];

const FIRST =
  'Jack Harry Liam Connor Jamie Ryan Kieran Dean Wayne Craig Lee Stuart Gary Darren Tomasz Piotr Marek Ravi Imran Sanjay Emma Sarah Karen Lisa Nicola Joanne Agnieszka Shabana Leanne Gemma'.split(
    ' ',
  );
const LAST =
  'Smith Jones Taylor Brown Walker Wright Robinson Thompson Hughes Green Hall Wood Clarke Patel Khan Campbell Stewart Murray Kowalski Nowak Hussain Ahmed Scott Reid Barker Shaw Holmes Fletcher Gibson Marsh'.split(
    ' ',
  );

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of the loaded history (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day

let shift = 0; // set per generation by makeWarehouse; day() is the only reader
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const money = (x) => Math.round(x * 100) / 100;
// Unshifted calendar facts of a day number (weekday 0 = Monday); shifting by whole weeks keeps weekdays.
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const yearsIn = (n) => (n - D0) / 365;
const ascii = (s) => s.toLowerCase().replace(/[^a-z]/g, '');

const SCHEMA = `
CREATE TABLE plants (plant_code TEXT PRIMARY KEY, plant_name TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE production_lines (line_code TEXT PRIMARY KEY, plant_code TEXT NOT NULL REFERENCES plants(plant_code), line_name TEXT NOT NULL, product_family TEXT NOT NULL, ideal_cycle_s REAL NOT NULL);
CREATE TABLE products (sku TEXT PRIMARY KEY, product_family TEXT NOT NULL, product_name TEXT NOT NULL, standard_cost REAL NOT NULL, list_price REAL NOT NULL);
CREATE TABLE operators (operator_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, home_postcode TEXT NOT NULL, date_of_birth TEXT NOT NULL, plant_code TEXT NOT NULL REFERENCES plants(plant_code), role TEXT NOT NULL, shift TEXT NOT NULL, hourly_rate REAL NOT NULL, hired_on TEXT NOT NULL);
CREATE TABLE assets (asset_id TEXT PRIMARY KEY, line_code TEXT NOT NULL REFERENCES production_lines(line_code), asset_name TEXT NOT NULL, installed_on TEXT NOT NULL);
CREATE TABLE shift_output (shift_id INTEGER PRIMARY KEY, day TEXT NOT NULL, plant_code TEXT NOT NULL, line_code TEXT NOT NULL REFERENCES production_lines(line_code), shift TEXT NOT NULL, sku TEXT NOT NULL REFERENCES products(sku), team_leader_id TEXT NOT NULL REFERENCES operators(operator_id), planned_minutes INTEGER NOT NULL, downtime_minutes INTEGER NOT NULL, run_minutes INTEGER NOT NULL, units_produced INTEGER NOT NULL, good_units INTEGER NOT NULL, scrap_units INTEGER NOT NULL, rework_units INTEGER NOT NULL);
CREATE TABLE downtime_events (event_id INTEGER PRIMARY KEY, shift_id INTEGER NOT NULL REFERENCES shift_output(shift_id), day TEXT NOT NULL, line_code TEXT NOT NULL, cause TEXT NOT NULL, planned INTEGER NOT NULL, minutes INTEGER NOT NULL, reported_by TEXT NOT NULL REFERENCES operators(operator_id), comment TEXT);
CREATE TABLE production_orders (order_id INTEGER PRIMARY KEY, order_ref TEXT NOT NULL UNIQUE, plant_code TEXT NOT NULL, line_code TEXT NOT NULL REFERENCES production_lines(line_code), sku TEXT NOT NULL REFERENCES products(sku), released_on TEXT NOT NULL, due_on TEXT NOT NULL, completed_on TEXT, planned_qty INTEGER NOT NULL, good_qty INTEGER NOT NULL, status TEXT NOT NULL);
CREATE TABLE work_orders (wo_id INTEGER PRIMARY KEY, wo_ref TEXT NOT NULL UNIQUE, asset_id TEXT NOT NULL REFERENCES assets(asset_id), line_code TEXT NOT NULL, plant_code TEXT NOT NULL, wo_type TEXT NOT NULL, priority TEXT NOT NULL, raised_on TEXT NOT NULL, due_on TEXT NOT NULL, completed_on TEXT, status TEXT NOT NULL, is_failure INTEGER NOT NULL, repair_minutes INTEGER, labour_hours REAL NOT NULL, parts_cost REAL NOT NULL, technician_id TEXT NOT NULL REFERENCES operators(operator_id));
CREATE TABLE suppliers (supplier_code TEXT PRIMARY KEY, supplier_name TEXT NOT NULL, country TEXT NOT NULL, contact_name TEXT NOT NULL, contact_phone TEXT NOT NULL, payment_terms_days INTEGER NOT NULL);
CREATE TABLE materials (material_code TEXT PRIMARY KEY, material_name TEXT NOT NULL, category TEXT NOT NULL, uom TEXT NOT NULL, standard_price REAL NOT NULL, safety_stock REAL NOT NULL);
CREATE TABLE purchase_order_lines (po_line_id INTEGER PRIMARY KEY, po_ref TEXT NOT NULL, supplier_code TEXT NOT NULL REFERENCES suppliers(supplier_code), plant_code TEXT NOT NULL, material_code TEXT NOT NULL REFERENCES materials(material_code), ordered_on TEXT NOT NULL, promised_on TEXT NOT NULL, qty_ordered REAL NOT NULL, unit_price REAL NOT NULL, standard_price REAL NOT NULL, status TEXT NOT NULL);
CREATE TABLE deliveries (delivery_id INTEGER PRIMARY KEY, po_line_id INTEGER NOT NULL REFERENCES purchase_order_lines(po_line_id), received_on TEXT NOT NULL, qty_received REAL NOT NULL, on_time INTEGER NOT NULL, in_full INTEGER NOT NULL);
CREATE TABLE inventory_daily (day TEXT NOT NULL, plant_code TEXT NOT NULL, material_code TEXT NOT NULL REFERENCES materials(material_code), on_hand_qty REAL NOT NULL, stock_out INTEGER NOT NULL, PRIMARY KEY (day, plant_code, material_code));
CREATE TABLE inspections (inspection_id INTEGER PRIMARY KEY, inspected_on TEXT NOT NULL, plant_code TEXT NOT NULL, line_code TEXT, stage TEXT NOT NULL, sku TEXT, supplier_code TEXT, units_inspected INTEGER NOT NULL, units_failed INTEGER NOT NULL, defects INTEGER NOT NULL, opportunities_per_unit INTEGER NOT NULL, inspector_id TEXT NOT NULL REFERENCES operators(operator_id));
CREATE TABLE customers (customer_id TEXT PRIMARY KEY, customer_name TEXT NOT NULL, sector TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, shipment_ref TEXT NOT NULL UNIQUE, customer_id TEXT NOT NULL REFERENCES customers(customer_id), plant_code TEXT NOT NULL, sku TEXT NOT NULL REFERENCES products(sku), qty INTEGER NOT NULL, promised_on TEXT NOT NULL, shipped_on TEXT NOT NULL, delivered_on TEXT NOT NULL, net_value REAL NOT NULL);
CREATE TABLE warranty_returns (return_id INTEGER PRIMARY KEY, rma_ref TEXT NOT NULL UNIQUE, shipment_id INTEGER NOT NULL REFERENCES shipments(shipment_id), sku TEXT NOT NULL, plant_code TEXT NOT NULL, returned_on TEXT NOT NULL, failure_mode TEXT NOT NULL, units INTEGER NOT NULL, claim_cost REAL NOT NULL, accepted INTEGER NOT NULL);
CREATE TABLE plant_daily (day TEXT NOT NULL, plant_code TEXT NOT NULL, electricity_kwh REAL NOT NULL, gas_kwh REAL NOT NULL, labour_hours REAL NOT NULL, units_completed INTEGER NOT NULL, PRIMARY KEY (day, plant_code));
CREATE TABLE safety_incidents (incident_id INTEGER PRIMARY KEY, plant_code TEXT NOT NULL, occurred_on TEXT NOT NULL, severity TEXT NOT NULL, category TEXT NOT NULL, lost_days INTEGER NOT NULL, injured_operator_id TEXT REFERENCES operators(operator_id), injury_details TEXT);
${calendarTables('is_working_day')}
`;
const LAYOUT = 601;
const INDEXES = `
CREATE INDEX shift_output_day ON shift_output (day);
CREATE INDEX downtime_events_day ON downtime_events (day);
CREATE INDEX work_orders_raised ON work_orders (raised_on);
CREATE INDEX purchase_order_lines_ordered ON purchase_order_lines (ordered_on);
CREATE INDEX deliveries_received ON deliveries (received_on);
CREATE INDEX inspections_day ON inspections (inspected_on);
CREATE INDEX shipments_shipped ON shipments (shipped_on);
CREATE INDEX warranty_returns_day ON warranty_returns (returned_on);
`;

/** The date dimension over every day the data can name; Monday to Friday are working days. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

const INSERTS = {
  plant: ['plants', 3],
  line: ['production_lines', 5],
  product: ['products', 5],
  operator: ['operators', 11],
  asset: ['assets', 4],
  output: ['shift_output', 14],
  downtime: ['downtime_events', 9],
  order: ['production_orders', 11],
  wo: ['work_orders', 16],
  supplier: ['suppliers', 6],
  material: ['materials', 6],
  po: ['purchase_order_lines', 11],
  delivery: ['deliveries', 6],
  stock: ['inventory_daily', 5],
  inspection: ['inspections', 12],
  customer: ['customers', 4],
  shipment: ['shipments', 10],
  warranty: ['warranty_returns', 10],
  plantDay: ['plant_daily', 6],
  incident: ['safety_incidents', 8],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { output: 0, downtime: 0, order: 0, wo: 0, po: 0, delivery: 0, inspection: 0, shipment: 0, warranty: 0, incident: 0 };
  return { rnd, ins, ids, people: {}, assets: {}, built: new Map(), plantUnits: new Map() };
}

const nameOf = (rnd) => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
const phoneOf = (rnd) => `07${rnd.int(100, 999)} ${rnd.int(100000, 999999)}`;
const POSTCODES = { SHF: ['S2', 'S9', 'S13', 'S35', 'S60'], TEL: ['TF1', 'TF3', 'TF7', 'WV7'], LIV: ['EH54', 'EH53', 'EH47', 'EH48'] };
// role, people a plant, hourly rate range (GBP)
const ROLES = [
  ['operator', 36, [13.2, 16.8]],
  ['team_leader', 7, [17.5, 20.5]],
  ['technician', 8, [18.5, 24]],
  ['inspector', 4, [16, 19.5]],
];

/** Plants, lines, products and the people of each plant (operators, team leaders, technicians, inspectors). */
function fillReference(g) {
  const { rnd } = g;
  for (const [code, name, country] of PLANTS) g.ins.plant.run(code, name, country);
  for (const [code, plant, name, family, cycle] of LINES) g.ins.line.run(code, plant, name, family, cycle);
  for (const p of PRODUCTS) g.ins.product.run(...p);
  for (const [plant] of PLANTS) {
    let k = 0;
    for (const [role, count, [lo, hi]] of ROLES) {
      const list = [];
      for (let i = 0; i < count; i++) {
        const id = `OP-${plant}-${String(++k).padStart(3, '0')}`;
        const name = nameOf(rnd);
        const postcode = `${rnd.pick(POSTCODES[plant])} ${rnd.int(1, 9)}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(0, 19)]}`;
        const dob = day(D0 - rnd.int(19 * 365, 63 * 365));
        g.ins.operator.run(
          id,
          name,
          phoneOf(rnd),
          `${ascii(name)}.${k}@calderpumps.test`,
          postcode,
          dob,
          plant,
          role,
          rnd.pick(['A', 'B', 'C']),
          money(lo + rnd.next() * (hi - lo)),
          day(D0 - rnd.int(30, 6000)),
        );
        list.push(id);
      }
      g.people[`${plant}:${role}`] = list;
    }
  }
  fillAssets(g);
}

/** Four assets on every line, installed years before the history. */
function fillAssets(g) {
  for (const [line] of LINES) {
    g.assets[line] = [];
    for (let i = 0; i < 4; i++) {
      const id = `${line}-A${i + 1}`;
      g.ins.asset.run(id, line, `${line} ${ASSET_KINDS[(i + line.length) % ASSET_KINDS.length]}`, day(D0 - g.rnd.int(400, 5000)));
      g.assets[line].push(id);
    }
  }
}

const CAUSE_PICK = DOWNTIME_CAUSES.map((c) => [c, c[1]]);
const COMMENTS = {
  breakdown: 'spindle fault',
  material_shortage: 'waiting on castings',
  quality_hold: 'held for leak test rework',
  tooling: 'insert change',
  no_operator: 'short crewed',
  utilities: 'compressed air pressure low',
};

/** One line-shift: its downtime events, run time, units, scrap and rework; breakdowns raise corrective work orders. */
function runShift(g, n, line, shiftCode) {
  const { rnd } = g;
  const [code, plant, , family, cycle, perf, scrapRate, breakdowns] = line;
  const planned = 450;
  const sid = ++g.ids.output;
  const leader = rnd.pick(g.people[`${plant}:team_leader`]);
  let down = 0;
  const events = rnd.poisson(1.1 + breakdowns);
  for (let i = 0; i < events; i++) {
    const [cause, , mean, plannedStop] = rnd.weighted(CAUSE_PICK);
    const minutes = Math.min(planned - down, Math.max(5, Math.round(rnd.expo(mean))));
    if (minutes <= 0) break;
    down += minutes;
    g.ins.downtime.run(++g.ids.downtime, sid, day(n), code, cause, plannedStop, minutes, rnd.pick(g.people[`${plant}:operator`]), COMMENTS[cause] ?? null);
    if (cause === 'breakdown') raiseCorrective(g, n, line, minutes);
  }
  const run = planned - down;
  const produced = Math.max(0, Math.floor(((run * 60) / cycle) * Math.min(0.99, perf + 0.04 * rnd.noise())));
  const scrap = Math.min(produced, Math.round(produced * scrapRate * (0.6 + 0.8 * rnd.next())));
  const rework = Math.min(produced - scrap, Math.round(produced * 0.02 * (0.5 + rnd.next())));
  const sku = rnd.pick(PRODUCTS.filter((p) => p[1] === family))[0];
  g.ins.output.run(sid, day(n), plant, code, shiftCode, sku, leader, planned, down, run, produced, produced - scrap - rework, scrap, rework);
  return { sku, good: produced - scrap };
}

/** A corrective work order for a breakdown: the failure and its repair time. */
function raiseCorrective(g, n, line, minutes) {
  const { rnd } = g;
  const [code, plant] = line;
  const id = ++g.ids.wo;
  const done = n + (rnd.next() < 0.8 ? 0 : rnd.int(1, 4));
  const open = done > D1;
  g.ins.wo.run(
    id,
    `WO-${String(id).padStart(6, '0')}`,
    rnd.pick(g.assets[code]),
    code,
    plant,
    'corrective',
    rnd.weighted([
      ['high', 3],
      ['urgent', 1],
      ['medium', 2],
    ]),
    day(n),
    day(n + 1),
    open ? null : day(done),
    open ? 'open' : 'completed',
    1,
    minutes,
    money((minutes / 60) * (1 + rnd.next())),
    money(rnd.expo(180)),
    rnd.pick(g.people[`${plant}:technician`]),
  );
}

/** Preventive work orders: each asset every 28 days, some done late and some still open. */
function fillPreventive(g) {
  const { rnd } = g;
  for (const [code, plant] of LINES) {
    for (const asset of g.assets[code]) {
      for (let due = D0 + rnd.int(0, 27); due <= D1 + 21; due += 28) {
        const raised = due - 7;
        if (raised > D1) break;
        const done = due + Math.round(rnd.expo(4)) - 3;
        const open = done > D1;
        const id = ++g.ids.wo;
        g.ins.wo.run(
          id,
          `WO-${String(id).padStart(6, '0')}`,
          asset,
          code,
          plant,
          rnd.next() < 0.15 ? 'predictive' : 'preventive',
          'medium',
          day(raised),
          day(due),
          open ? null : day(done),
          open ? 'open' : 'completed',
          0,
          null,
          money(1.5 + rnd.expo(2)),
          money(rnd.expo(60)),
          rnd.pick(g.people[`${plant}:technician`]),
        );
      }
    }
  }
}

const SHIFT_DAY = (n) => weekdayOf(n) < 5;

/** Every working day: every line's shifts, with what each plant built (for stock use, energy and shipments). */
function fillProduction(g) {
  for (let n = D0; n <= D1; n++) {
    if (!SHIFT_DAY(n)) continue;
    for (const line of LINES) {
      const shifts = PLANTS.find((p) => p[0] === line[1])[3];
      let good = 0;
      let sku = null;
      for (const s of shifts) ({ sku, good } = addGood(runShift(g, n, line, s), good));
      inspectLine(g, n, line, good, sku);
      const key = `${n}:${line[1]}`;
      g.plantUnits.set(key, (g.plantUnits.get(key) ?? 0) + good);
      g.built.set(`${n}:${line[0]}`, { sku, good });
    }
  }
}
const addGood = (r, good) => ({ sku: r.sku, good: good + r.good });

/** In-process and final inspection of a line's day: units inspected, failed units and defects. */
function inspectLine(g, n, line, good, sku) {
  const { rnd } = g;
  const [code, plant, , family] = line;
  const opps = FAMILY_OPPORTUNITIES[family];
  const inspector = rnd.pick(g.people[`${plant}:inspector`]);
  for (const [stage, share, rate] of [
    ['in_process', 0.25, 0.0011],
    ['final', 1, 0.0006],
  ]) {
    const units = Math.max(1, Math.round(good * share));
    const defects = rnd.poisson(units * opps * rate * (0.6 + 0.8 * rnd.next()));
    const failed = Math.min(units, Math.round(defects * 0.8));
    g.ins.inspection.run(++g.ids.inspection, day(n), plant, code, stage, sku, null, units, failed, defects, opps, inspector);
  }
}

/** Weekly production orders per line: planned quantity, good quantity made and when they closed. */
function fillOrders(g) {
  const { rnd } = g;
  for (let week = D0; week <= D1; week += 7) {
    for (const [code, plant, , family] of LINES) {
      let made = 0;
      for (let d = 0; d < 5; d++) made += g.built.get(`${week + d}:${code}`)?.good ?? 0;
      const n = rnd.int(2, 3);
      for (let i = 0; i < n; i++) {
        const id = ++g.ids.order;
        const planned = Math.max(1, Math.round((made / n) * (0.95 + 0.15 * rnd.next())));
        const due = week + 4;
        const done = due + Math.round(rnd.expo(1.2)) - 1;
        const open = done > D1;
        const status = open ? (week + 7 > D1 ? 'released' : 'in_progress') : 'completed';
        const sku = rnd.pick(PRODUCTS.filter((p) => p[1] === family))[0];
        g.ins.order.run(
          id,
          `PO-${plant}-${String(id).padStart(6, '0')}`,
          plant,
          code,
          sku,
          day(week - 3),
          day(due),
          open ? null : day(done),
          planned,
          open ? 0 : Math.round(planned * Math.min(1.02, 0.9 + 0.1 * rnd.next())),
          status,
        );
      }
    }
  }
}

/** Suppliers and materials, each supplier with a buyer's contact at the supplier. */
function fillSupplyReference(g) {
  const { rnd } = g;
  for (const [code, name, country] of SUPPLIERS) g.ins.supplier.run(code, name, country, nameOf(rnd), phoneOf(rnd), rnd.pick([30, 45, 60]));
  for (const [code, name, category, uom, price, perUnit] of MATERIALS) g.ins.material.run(code, name, category, uom, price, Math.round(perUnit * 160));
}

/** Daily stock of every material at every plant: use by what was built, reorders at a reorder point, deliveries late or short. */
function fillStock(g) {
  for (const [plant] of PLANTS) {
    let total = 0;
    for (let n = D0; n <= D1; n++) total += g.plantUnits.get(`${n}:${plant}`) ?? 0;
    const weeklyUnits = (total / (D1 - D0 + 1)) * 7;
    for (const material of MATERIALS) {
      const state = { onHand: material[5] * weeklyUnits * 2, open: [], weekly: material[5] * weeklyUnits };
      for (let n = D0; n <= D1; n++) stockDay(g, n, plant, material, state);
    }
  }
}

const SUPPLIER_LEAD = Object.fromEntries(SUPPLIERS.map((s) => [s[0], s[3]]));

/** One day of one material at one plant. */
function stockDay(g, n, plant, material, state) {
  const { rnd } = g;
  const [code, , , , , perUnit, suppliers] = material;
  const use = perUnit * (g.plantUnits.get(`${n}:${plant}`) ?? 0);
  for (const po of state.open.filter((p) => p.arrives === n)) {
    state.onHand += po.received;
    g.ins.delivery.run(++g.ids.delivery, po.id, day(n), po.received, n <= po.promised ? 1 : 0, po.received >= po.qty ? 1 : 0);
    if (rnd.next() < 0.5) inspectIncoming(g, n, plant, po.supplier);
  }
  state.open = state.open.filter((p) => p.arrives > n);
  state.onHand = Math.max(0, state.onHand - use);
  const supplier = rnd.weighted(suppliers);
  const cover = state.weekly * (SUPPLIER_LEAD[supplier] / 7 + 1.4);
  if (state.onHand < cover && state.open.length === 0)
    state.open.push(placeOrder(g, n, plant, code, supplier, state.weekly * Math.max(3, SUPPLIER_LEAD[supplier] / 7 + 2)));
  g.ins.stock.run(day(n), plant, code, Math.round(state.onHand * 10) / 10, state.onHand <= 0 ? 1 : 0);
}

/** A purchase order line: price drifts from standard by supplier and year; the delivery may be late or short. */
function placeOrder(g, n, plant, material, supplierCode, qty) {
  const { rnd } = g;
  const [, , , lead, onTime, inFull, drift] = SUPPLIERS.find((s) => s[0] === supplierCode);
  const std = MATERIALS.find((m) => m[0] === material)[4];
  const price = money(std * (1 + drift * yearsIn(n) + 0.03 * rnd.noise()));
  const id = ++g.ids.po;
  const promised = n + lead;
  const arrives = rnd.next() < onTime ? promised - rnd.int(0, 2) : promised + 1 + Math.round(rnd.expo(6));
  const received = Math.round(rnd.next() < inFull ? qty : qty * (0.8 + 0.18 * rnd.next()));
  const status = arrives > D1 ? 'open' : 'received';
  g.ins.po.run(
    id,
    `PUR-${String(Math.ceil(id / 2)).padStart(6, '0')}`,
    supplierCode,
    plant,
    material,
    day(n),
    day(promised),
    Math.round(qty),
    price,
    std,
    status,
  );
  return { id, qty: Math.round(qty), received, promised, arrives, supplier: supplierCode };
}

/** Goods-in inspection of a sample of a delivery. */
function inspectIncoming(g, n, plant, supplier) {
  const { rnd } = g;
  const units = rnd.int(20, 60);
  const defects = rnd.poisson(units * 10 * 0.0015);
  g.ins.inspection.run(
    ++g.ids.inspection,
    day(n),
    plant,
    null,
    'incoming',
    null,
    supplier,
    units,
    Math.min(units, defects),
    defects,
    10,
    rnd.pick(g.people[`${plant}:inspector`]),
  );
}

const CUSTOMER_PICK = CUSTOMERS.map((c) => [c[0], c[4]]);
const FAILURE_PICK = FAILURE_MODES.map((f) => [f, f[1]]);

/** Customer shipments of what each line built, promised dates, delivery and a share that come back under warranty. */
function fillShipments(g) {
  const { rnd } = g;
  for (let n = D0 + 3; n <= D1; n++) {
    if (!SHIFT_DAY(n)) continue;
    for (const [code, plant] of LINES) {
      const built = g.built.get(`${n - 3}:${code}`);
      if (!built || built.good === 0) continue;
      for (let i = rnd.int(1, 3); i > 0; i--) {
        const id = ++g.ids.shipment;
        const qty = Math.max(1, Math.round(built.good / rnd.int(4, 9)));
        const promised = n + rnd.int(1, 5);
        const delivered = n + rnd.int(1, 3) + (rnd.next() < 0.12 ? rnd.int(1, 6) : 0);
        const product = PRODUCTS.find((p) => p[0] === built.sku);
        g.ins.shipment.run(
          id,
          `SH-${String(id).padStart(7, '0')}`,
          rnd.weighted(CUSTOMER_PICK),
          plant,
          built.sku,
          qty,
          day(promised),
          day(n),
          day(delivered),
          money(qty * product[4] * 0.82),
        );
        if (rnd.next() < 0.05) addReturn(g, id, n, plant, built.sku);
      }
    }
  }
}

/** A warranty return of a shipment, some months after it left. */
function addReturn(g, shipmentId, shipped, plant, sku) {
  const { rnd } = g;
  const returned = shipped + 10 + Math.round(rnd.expo(140));
  if (returned > D1) return;
  const [mode, , cost] = rnd.weighted(FAILURE_PICK);
  const id = ++g.ids.warranty;
  g.ins.warranty.run(
    id,
    `RMA-${String(id).padStart(5, '0')}`,
    shipmentId,
    sku,
    plant,
    day(returned),
    mode,
    rnd.int(1, 2),
    money(rnd.expo(cost)),
    mode === 'no_fault_found' ? 0 : 1,
  );
}

/** Each plant's day: electricity and gas (a base load plus a load per unit), labour hours and units completed. */
function fillPlantDays(g) {
  const { rnd } = g;
  const base = { SHF: 9800, TEL: 5200, LIV: 4600 };
  const perUnit = { SHF: 41, TEL: 28, LIV: 33 };
  for (let n = D0; n <= D1; n++) {
    const month = new Date(n * DAY * 1000).getUTCMonth();
    const heating = [1.6, 1.5, 1.3, 1.0, 0.7, 0.5, 0.4, 0.4, 0.6, 0.9, 1.3, 1.6][month];
    for (const [plant, , , shifts] of PLANTS) {
      const units = g.plantUnits.get(`${n}:${plant}`) ?? 0;
      const working = SHIFT_DAY(n);
      const kwh = base[plant] * (working ? 1 : 0.35) + units * perUnit[plant] * (1 - 0.05 * yearsIn(n)) * (0.9 + 0.2 * rnd.next());
      const gas = base[plant] * 0.6 * heating * (working ? 1 : 0.5) * (0.9 + 0.2 * rnd.next());
      const hours = working ? shifts.length * 8 * 17 * (0.92 + 0.1 * rnd.next()) : 40;
      g.ins.plantDay.run(day(n), plant, Math.round(kwh), Math.round(gas), Math.round(hours), units);
    }
  }
}

const SEVERITY_PICK = SEVERITIES;
const HAZARD_PICK = HAZARDS;

/** Safety incidents from near misses to lost-time injuries; who was hurt and how stays in the incident record. */
function fillIncidents(g) {
  const { rnd } = g;
  for (let n = D0; n <= D1; n++) {
    for (const [plant, , , shifts] of PLANTS) {
      for (let k = rnd.poisson(SHIFT_DAY(n) ? 0.14 * shifts.length : 0.03); k > 0; k--) {
        const severity = rnd.weighted(SEVERITY_PICK);
        const hurt = severity !== 'near_miss';
        const lost = severity === 'lost_time' ? rnd.int(1, 30) : 0;
        const person = hurt ? rnd.pick(g.people[`${plant}:operator`]) : null;
        g.ins.incident.run(++g.ids.incident, plant, day(n), severity, rnd.weighted(HAZARD_PICK), lost, person, hurt ? rnd.pick(INJURIES) : null);
      }
    }
  }
}

const CUSTOMER_ROWS = (g) => {
  for (const [id, name, sector, country] of CUSTOMERS) g.ins.customer.run(id, name, sector, country);
};

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillSupplyReference(g);
  CUSTOMER_ROWS(g);
  fillProduction(g);
  fillPreventive(g);
  fillOrders(g);
  fillStock(g);
  fillShipments(g);
  fillPlantDays(g);
  fillIncidents(g);
  for (const source of ['mes', 'cmms', 'erp', 'qms', 'ehs']) g.ins.load.run(source, day(D1));
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
