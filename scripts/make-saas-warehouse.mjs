#!/usr/bin/env node
import { runAsScript } from './warehouse-file.mjs';
import { fillCalendar, weeklyWarehouse } from './warehouse-kit.mjs';

export const SEED = 20260819;

const REGIONS = {
  NA: {
    name: 'North America',
    utc: 5,
    countries: [
      ['US', 'United States', 82, ['New York', 'San Francisco', 'Austin', 'Chicago', 'Seattle', 'Boston', 'Denver', 'Atlanta'], '#####', '+1 ### ### ####'],
      ['CA', 'Canada', 18, ['Toronto', 'Vancouver', 'Montreal', 'Calgary'], 'A#A #A#', '+1 ### ### ####'],
    ],
  },
  EMEA: {
    name: 'Europe, Middle East and Africa',
    utc: 0,
    countries: [
      ['GB', 'United Kingdom', 30, ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds'], 'AA# #AA', '+44 20 #### ####'],
      ['DE', 'Germany', 20, ['Berlin', 'Munich', 'Hamburg', 'Cologne'], '#####', '+49 30 ########'],
      ['FR', 'France', 12, ['Paris', 'Lyon', 'Nantes'], '#####', '+33 1 ## ## ## ##'],
      ['NL', 'Netherlands', 10, ['Amsterdam', 'Rotterdam', 'Utrecht'], '#### AA', '+31 20 ### ####'],
      ['ES', 'Spain', 8, ['Madrid', 'Barcelona', 'Valencia'], '#####', '+34 91 ### ## ##'],
      ['SE', 'Sweden', 6, ['Stockholm', 'Gothenburg'], '### ##', '+46 8 ### ### ##'],
      ['IE', 'Ireland', 6, ['Dublin', 'Cork'], 'A## A###', '+353 1 ### ####'],
      ['ZA', 'South Africa', 4, ['Cape Town', 'Johannesburg'], '####', '+27 21 ### ####'],
      ['AE', 'United Arab Emirates', 4, ['Dubai', 'Abu Dhabi'], '#####', '+971 4 ### ####'],
    ],
  },
  APAC: {
    name: 'Asia Pacific',
    utc: -8,
    countries: [
      ['AU', 'Australia', 34, ['Sydney', 'Melbourne', 'Brisbane'], '####', '+61 2 #### ####'],
      ['IN', 'India', 24, ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad'], '######', '+91 80 #### ####'],
      ['SG', 'Singapore', 16, ['Singapore'], '######', '+65 #### ####'],
      ['JP', 'Japan', 16, ['Tokyo', 'Osaka'], '###-####', '+81 3 #### ####'],
      ['NZ', 'New Zealand', 10, ['Auckland', 'Wellington'], '####', '+64 9 ### ####'],
    ],
  },
  LATAM: {
    name: 'Latin America',
    utc: 3,
    countries: [
      ['BR', 'Brazil', 40, ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte'], '#####-###', '+55 11 #####-####'],
      ['MX', 'Mexico', 30, ['Mexico City', 'Guadalajara', 'Monterrey'], '#####', '+52 55 #### ####'],
      ['AR', 'Argentina', 12, ['Buenos Aires', 'Córdoba'], 'A####AAA', '+54 11 ####-####'],
      ['CO', 'Colombia', 10, ['Bogotá', 'Medellín'], '######', '+57 1 ### ####'],
      ['CL', 'Chile', 8, ['Santiago'], '#######', '+56 2 #### ####'],
    ],
  },
};

// code, name, tier, billing period, list price per seat-month (USD), minimum seats, launched
const PLANS = [
  ['STARTER-M', 'Starter (monthly)', 'starter', 'monthly', 8, 1, '2018-03-01'],
  ['STARTER-A', 'Starter (annual)', 'starter', 'annual', 6.5, 1, '2018-03-01'],
  ['PRO-M', 'Pro (monthly)', 'pro', 'monthly', 16, 1, '2018-03-01'],
  ['PRO-A', 'Pro (annual)', 'pro', 'annual', 13, 1, '2018-03-01'],
  ['BUS-M', 'Business (monthly)', 'business', 'monthly', 26, 5, '2019-09-01'],
  ['BUS-A', 'Business (annual)', 'business', 'annual', 21, 5, '2019-09-01'],
  ['ENT-A', 'Enterprise (annual)', 'enterprise', 'annual', 34, 100, '2020-04-01'],
];
const PLAN = Object.fromEntries(PLANS.map(([code, name, tier, billing, price, min]) => [code, { code, name, tier, billing, price, min }]));
const UPGRADE = { 'STARTER-M': 'PRO-M', 'STARTER-A': 'PRO-A', 'PRO-M': 'BUS-M', 'PRO-A': 'BUS-A', 'BUS-A': 'ENT-A' };
const DOWNGRADE = { 'PRO-M': 'STARTER-M', 'BUS-M': 'PRO-M', 'BUS-A': 'PRO-A' };

// rep id, name, role, region, hired, base salary (USD a year), commission rate on new ARR
const REPS = [
  ['R01', 'Jordan Ellis', 'account_executive', 'NA', '2019-02-11', 98000, 0.1],
  ['R02', 'Maya Whitfield', 'account_executive', 'NA', '2020-06-01', 94000, 0.1],
  ['R03', 'Carlos Mendoza', 'account_executive', 'NA', '2021-09-13', 90000, 0.1],
  ['R04', 'Priya Raman', 'account_executive', 'NA', '2023-01-09', 88000, 0.09],
  ['R05', 'Lukas Becker', 'account_executive', 'EMEA', '2019-10-01', 86000, 0.1],
  ['R06', 'Chloé Martin', 'account_executive', 'EMEA', '2021-03-15', 82000, 0.1],
  ['R07', 'Oliver Hughes', 'account_executive', 'EMEA', '2022-11-07', 80000, 0.09],
  ['R08', 'Kenji Watanabe', 'account_executive', 'APAC', '2020-08-17', 84000, 0.1],
  ['R09', 'Aisha Kapoor', 'account_executive', 'APAC', '2022-05-02', 78000, 0.09],
  ['R10', 'Mariana Costa', 'account_executive', 'LATAM', '2021-07-19', 70000, 0.1],
  ['R11', 'Rachel Kim', 'customer_success', 'NA', '2019-05-06', 82000, 0.03],
  ['R12', 'Marcus Bell', 'customer_success', 'NA', '2022-02-14', 76000, 0.03],
  ['R13', 'Sofia Lindqvist', 'customer_success', 'EMEA', '2020-01-20', 74000, 0.03],
  ['R14', 'Tom Okafor', 'customer_success', 'EMEA', '2023-04-03', 70000, 0.03],
  ['R15', 'Grace Tan', 'customer_success', 'APAC', '2021-11-01', 72000, 0.03],
  ['R16', 'Diego Fernández', 'customer_success', 'LATAM', '2022-08-22', 62000, 0.03],
];

// agent id, name, team, region
const AGENTS = [
  ['AG01', 'Nora Quinn', 'frontline', 'NA'],
  ['AG02', 'Sam Patel', 'frontline', 'NA'],
  ['AG03', 'Leo Duarte', 'frontline', 'LATAM'],
  ['AG04', 'Ines Vogel', 'frontline', 'EMEA'],
  ['AG05', 'Callum Reid', 'frontline', 'EMEA'],
  ['AG06', 'Mei Lin', 'frontline', 'APAC'],
  ['AG07', 'Ravi Menon', 'technical', 'APAC'],
  ['AG08', 'Alex Novak', 'technical', 'EMEA'],
  ['AG09', 'Jamie Ortiz', 'technical', 'NA'],
  ['AG10', 'Hana Sato', 'technical', 'APAC'],
  ['AG11', 'Ola Nilsen', 'billing', 'EMEA'],
  ['AG12', 'Dana Brooks', 'billing', 'NA'],
];

const FIRST = {
  NA: 'James Emily Michael Sarah David Jessica Daniel Ashley Ryan Lauren Kevin Megan Brian Rachel Jason Nicole Tyler Amanda Eric Olivia Nathan Hannah Marcus Jasmine Andre Keisha Wei Mei Raj Anita Diego Sofia'.split(
    ' ',
  ),
  EMEA: 'Oliver Amelia Harry Isla Lukas Lena Felix Marie Jonas Anna Louis Camille Hugo Léa Daan Sanne Erik Astrid Pablo Lucía Sean Aoife Omar Layla Thabo Naledi Matteo Giulia Piotr Zofia'.split(
    ' ',
  ),
  APAC: 'Hiroshi Yuki Kenta Aiko Arjun Priya Rohan Ananya Wei Li Jia Hao Liam Chloe Jack Mia Ethan Zoe Ravi Deepa Minjun Seoyeon Aroha Tane'.split(' '),
  LATAM: 'João Ana Pedro Beatriz Lucas Mariana Gabriel Camila Rafael Juliana José María Carlos Valentina Miguel Daniela Santiago Isabella Mateo Fernanda'.split(
    ' ',
  ),
};
const LAST = {
  NA: 'Smith Johnson Williams Brown Jones Miller Davis Garcia Rodriguez Wilson Martinez Anderson Taylor Thomas Moore Jackson Lee Thompson White Harris Clark Lewis Walker Young Allen King Wright Scott Nguyen Chen Patel Kim'.split(
    ' ',
  ),
  EMEA: "Smith Jones Taylor Brown Williams Müller Schmidt Schneider Fischer Weber Martin Bernard Dubois Moreau Jansen Visser Andersson Johansson García Fernández López Murphy O'Brien Kelly Rossi Bianchi Nowak Kowalska Haddad Mokoena Dlamini".split(
    ' ',
  ),
  APAC: 'Sato Suzuki Takahashi Tanaka Watanabe Sharma Patel Iyer Reddy Gupta Wang Li Zhang Liu Chen Tan Lim Wong Smith Jones Williams Brown Wilson Singh Kim Park Ngata'.split(
    ' ',
  ),
  LATAM:
    'Silva Santos Oliveira Souza Pereira Costa Rodrigues Almeida Hernández García Martínez López González Pérez Sánchez Ramírez Torres Flores Gómez Díaz'.split(
      ' ',
    ),
};
const STREETS = {
  NA: ['Market Street', 'Main Street', 'Oak Avenue', 'Congress Avenue', 'Pine Street', 'Lakeshore Drive', 'King Street West', 'Peachtree Road'],
  EMEA: [
    'High Street',
    'Friedrichstraße',
    'Rue de Rivoli',
    'Keizersgracht',
    'Calle Mayor',
    'Drottninggatan',
    'Grafton Street',
    'Long Street',
    'Sheikh Zayed Road',
  ],
  APAC: ['George Street', 'MG Road', 'Orchard Road', 'Chuo-dori', 'Queen Street', 'Collins Street'],
  LATAM: ['Avenida Paulista', 'Paseo de la Reforma', 'Avenida Corrientes', 'Carrera Séptima', 'Avenida Providencia'],
};
const COMPANY_A = (
  'Northwind Bluefin Copperleaf Brightpath Ironbark Silverline Redwood Lumen Harbor Granite Juniper Cobalt Amber Summit Falcon Meridian Evergreen Cedar ' +
  'Orchid Quarry Sable Tidewater Willow Beacon Aurora Basalt Cinder Driftwood Ember Fjord Glacier Hollow Indigo Jasper Keystone Larch Marlin Nimbus ' +
  'Onyx Pioneer Raven Saffron Topaz Umber Vantage Wren Yarrow Zephyr Alder Birch Canyon Delta Fern Garnet Heron Maple Nova Pine Ridge Sierra Thistle ' +
  'Atlas Bramble Crest Dune Flint Grove Halcyon Lantern Mosaic Oakline Pebble Quartz Riverbend Solstice Tundra'
).split(' ');
// noun, industry
const COMPANY_B = [
  ['Labs', 'software'],
  ['Legal', 'professional_services'],
  ['Robotics', 'manufacturing'],
  ['Studio', 'media'],
  ['Analytics', 'software'],
  ['Health', 'healthcare'],
  ['Capital', 'financial_services'],
  ['Logistics', 'logistics'],
  ['Media', 'media'],
  ['Foods', 'retail'],
  ['Energy', 'manufacturing'],
  ['Design', 'media'],
  ['Software', 'software'],
  ['Partners', 'professional_services'],
  ['Consulting', 'professional_services'],
  ['Learning', 'education'],
  ['Architects', 'professional_services'],
  ['Dental', 'healthcare'],
  ['Clinics', 'healthcare'],
  ['Realty', 'real_estate'],
  ['Ventures', 'financial_services'],
  ['Works', 'manufacturing'],
  ['Systems', 'software'],
  ['Security', 'software'],
  ['Bio', 'healthcare'],
  ['Apparel', 'retail'],
  ['Travel', 'hospitality'],
  ['Insurance', 'financial_services'],
  ['Marketing', 'media'],
  ['Accounting', 'professional_services'],
  ['Engineering', 'manufacturing'],
  ['Games', 'software'],
  ['Films', 'media'],
  ['Foundation', 'nonprofit'],
  ['Academy', 'education'],
  ['Outdoors', 'retail'],
  ['Coffee', 'hospitality'],
  ['Motors', 'manufacturing'],
  ['Pharma', 'healthcare'],
  ['Cloud', 'software'],
  ['Networks', 'software'],
  ['Supply', 'logistics'],
  ['Interiors', 'real_estate'],
  ['Homes', 'real_estate'],
  ['Press', 'media'],
  ['Hotels', 'hospitality'],
];
const LEGAL_FORM = {
  GB: ' Ltd',
  DE: ' GmbH',
  FR: ' SAS',
  NL: ' BV',
  SE: ' AB',
  ES: ' SL',
  AU: ' Pty Ltd',
  JP: ' KK',
  IN: ' Pvt Ltd',
  BR: ' Ltda',
  MX: ' SA de CV',
};
const WORKSPACE_NAMES = ['Company Wiki', 'Engineering', 'Marketing', 'Sales', 'Customer Support', 'Product', 'People', 'Finance', 'Legal', 'Design'];
const JOB_TITLES = {
  admin: ['IT Manager', 'Head of Operations', 'Operations Manager', 'Knowledge Manager', 'IT Director', 'Office Manager'],
  billing: ['Finance Manager', 'Accounts Payable Lead', 'Controller', 'Finance Director', 'Bookkeeper'],
  champion: ['VP Engineering', 'Head of Product', 'Marketing Director', 'COO', 'Team Lead', 'Head of Customer Success'],
  member: ['Product Manager', 'Engineer', 'Designer', 'Content Lead', 'Analyst'],
};

const CHANNELS = [
  // channel, share of trials, trial-to-paid conversion
  ['organic', 30, 0.17],
  ['paid_search', 22, 0.12],
  ['paid_social', 12, 0.07],
  ['referral', 12, 0.26],
  ['content', 16, 0.14],
  ['partner', 8, 0.21],
];
const CHANNEL_RATE = Object.fromEntries(CHANNELS.map(([c, , r]) => [c, r]));
const REGION_CONVERSION = { NA: 1.1, EMEA: 1.0, APAC: 0.85, LATAM: 0.75 };
const CAMPAIGNS = {
  paid_search: ['brand_search', 'competitor_search', 'wiki_software_search', 'docs_tool_search'],
  paid_social: ['linkedin_ops_leaders', 'linkedin_it_managers', 'meta_retargeting'],
  content: ['blog_knowledge_base_guide', 'webinar_async_teams', 'template_gallery'],
  partner: ['agency_partner_program', 'marketplace_listing'],
};
const CHURN_REASONS = [
  ['low_adoption', 26],
  ['price', 20],
  ['switched_competitor', 17],
  ['missing_features', 13],
  ['budget_cuts', 14],
  ['business_closed', 10],
];
const DECLINES = [
  ['insufficient_funds', 34],
  ['card_expired', 24],
  ['do_not_honor', 20],
  ['authentication_required', 14],
  ['processing_error', 8],
];
// feature, share of eligible accounts adopting it, share of active users using it on a day, events per user
const FEATURES = [
  ['docs', 1.0, 0.8, 9],
  ['wiki', 0.8, 0.45, 5],
  ['comments', 0.9, 0.4, 6],
  ['templates', 0.62, 0.15, 2],
  ['integrations', 0.55, 0.2, 4],
  ['ai_assist', 0.3, 0.25, 7],
  ['automations', 0.45, 0.08, 12],
  ['public_api', 0.4, 0.03, 180],
  ['sso', 0.6, 0.3, 1],
  ['analytics', 0.5, 0.05, 3],
];
const INTEGRATIONS = [
  ['slack', 0.62],
  ['google_drive', 0.48],
  ['jira', 0.34],
  ['github', 0.26],
  ['microsoft_teams', 0.22],
  ['salesforce', 0.12],
  ['zapier', 0.18],
  ['figma', 0.15],
];

const DAY = 86400;
const D0 = Date.UTC(2024, 0, 1) / 1000 / DAY; // first day of the loaded history (a Monday)
const D1 = Date.UTC(2025, 11, 31) / 1000 / DAY; // last day of data: the nightly load's "yesterday" (a Wednesday)
const T1 = (D1 + 1) * DAY - 1; // the last second of the last day
const FEATURE_DAYS = 56; // feature usage is kept for the last eight weeks

let shift = 0; // set per generation by makeWarehouse; day() and iso() are the only readers
const day = (n) => new Date((n * DAY + shift) * 1000).toISOString().slice(0, 10);
const iso = (t) => `${new Date((t + shift) * 1000).toISOString().slice(0, 19)}Z`;
const money = (x) => Math.round(x * 100) / 100;
const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
// Unshifted calendar facts of a day number (weekday 0 = Monday).
const monthOf = (n) => new Date(n * DAY * 1000).getUTCMonth();
const weekdayOf = (n) => (new Date(n * DAY * 1000).getUTCDay() + 6) % 7;
const dayNo = (y, m, d) => Date.UTC(y, m, d) / 1000 / DAY;
const dayOf = (text) => Date.parse(`${text}T00:00:00Z`) / 1000 / DAY;
/** The same day of the month k months later (clamped to the month's last day), as a day number. */
function addMonths(n, k) {
  const d = new Date(n * DAY * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + k;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last)) / 1000 / DAY;
}
// Seasonality of sign-ups and usage by month (Jan..Dec): a January restart, a summer and a December lull.
const SIGNUP_SEASON = [1.15, 1.08, 1.05, 1.0, 1.0, 0.95, 0.88, 0.86, 1.04, 1.06, 1.0, 0.72];
const USAGE_SEASON = [0.01, 0.02, 0.02, 0.01, 0.0, -0.02, -0.05, -0.07, 0.01, 0.02, 0.01, -0.1];

const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
const pattern = (rnd, p) => p.replace(/#/g, () => String(rnd.int(0, 9))).replace(/A/g, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[rnd.int(0, 22)]);

const SCHEMA = `
CREATE TABLE regions (region_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE countries (country_code TEXT PRIMARY KEY, name TEXT NOT NULL, region_code TEXT NOT NULL REFERENCES regions(region_code));
CREATE TABLE plans (plan_code TEXT PRIMARY KEY, plan_name TEXT NOT NULL, tier TEXT NOT NULL, billing_period TEXT NOT NULL,
  list_price_per_seat REAL NOT NULL, min_seats INTEGER NOT NULL, launched_on TEXT NOT NULL);
CREATE TABLE sales_reps (rep_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, work_email TEXT NOT NULL, role TEXT NOT NULL,
  region_code TEXT NOT NULL REFERENCES regions(region_code), hired_on TEXT NOT NULL, base_salary REAL NOT NULL,
  commission_rate REAL NOT NULL);
CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, account_code TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  website TEXT NOT NULL, industry TEXT NOT NULL, employees INTEGER NOT NULL, segment TEXT NOT NULL,
  region_code TEXT NOT NULL REFERENCES regions(region_code), country_code TEXT NOT NULL REFERENCES countries(country_code),
  acquisition_channel TEXT NOT NULL, signed_up_on TEXT NOT NULL, owner_rep_id TEXT REFERENCES sales_reps(rep_id),
  csm_rep_id TEXT REFERENCES sales_reps(rep_id), status TEXT NOT NULL, churned_on TEXT, churn_reason TEXT,
  billing_address TEXT NOT NULL, tax_id TEXT NOT NULL);
CREATE TABLE contacts (contact_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  full_name TEXT NOT NULL, role TEXT NOT NULL, job_title TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
  created_on TEXT NOT NULL);
CREATE TABLE workspaces (workspace_id TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  name TEXT NOT NULL, created_on TEXT NOT NULL, archived_on TEXT);
CREATE TABLE subscription_periods (period_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  plan_code TEXT NOT NULL REFERENCES plans(plan_code), seats INTEGER NOT NULL, discount_pct REAL NOT NULL, mrr REAL NOT NULL,
  valid_from TEXT NOT NULL, valid_to TEXT);
CREATE TABLE mrr_movements (movement_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  effective_on TEXT NOT NULL, movement_type TEXT NOT NULL, plan_code TEXT NOT NULL, previous_plan_code TEXT,
  seats INTEGER NOT NULL, previous_seats INTEGER NOT NULL, mrr REAL NOT NULL, previous_mrr REAL NOT NULL,
  mrr_change REAL NOT NULL, churn_reason TEXT);
CREATE TABLE trials (trial_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, workspace_name TEXT NOT NULL,
  signup_email TEXT NOT NULL, country_code TEXT NOT NULL REFERENCES countries(country_code), region_code TEXT NOT NULL,
  channel TEXT NOT NULL, utm_campaign TEXT, plan_code TEXT NOT NULL REFERENCES plans(plan_code), team_size INTEGER NOT NULL,
  started_on TEXT NOT NULL, trial_ends_on TEXT NOT NULL, status TEXT NOT NULL, converted_on TEXT,
  account_id INTEGER REFERENCES accounts(account_id));
CREATE TABLE marketing_spend (week_start TEXT NOT NULL, channel TEXT NOT NULL, spend REAL NOT NULL, PRIMARY KEY (week_start, channel));
CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, invoice_number TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts(account_id), invoice_type TEXT NOT NULL, issued_on TEXT NOT NULL,
  due_on TEXT NOT NULL, period_start TEXT NOT NULL, period_end TEXT NOT NULL, amount REAL NOT NULL, currency TEXT NOT NULL,
  payment_method TEXT NOT NULL, status TEXT NOT NULL, paid_on TEXT);
CREATE TABLE payment_attempts (attempt_id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL REFERENCES invoices(invoice_id),
  attempt_no INTEGER NOT NULL, attempted_on TEXT NOT NULL, amount REAL NOT NULL, outcome TEXT NOT NULL, decline_reason TEXT);
CREATE TABLE support_agents (agent_id TEXT PRIMARY KEY, full_name TEXT NOT NULL, team TEXT NOT NULL, region_code TEXT NOT NULL);
CREATE TABLE support_tickets (ticket_id INTEGER PRIMARY KEY, ticket_key TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts(account_id), requester_contact_id INTEGER NOT NULL REFERENCES contacts(contact_id),
  agent_id TEXT NOT NULL REFERENCES support_agents(agent_id), opened_at TEXT NOT NULL, channel TEXT NOT NULL,
  category TEXT NOT NULL, priority TEXT NOT NULL, plan_code TEXT NOT NULL, sla_target_hours REAL NOT NULL,
  first_response_at TEXT NOT NULL, first_response_minutes INTEGER NOT NULL, sla_breached INTEGER NOT NULL,
  resolved_at TEXT, status TEXT NOT NULL, csat_score INTEGER);
CREATE TABLE usage_weekly (week_start TEXT NOT NULL, workspace_id TEXT NOT NULL REFERENCES workspaces(workspace_id),
  account_id INTEGER NOT NULL REFERENCES accounts(account_id), active_users INTEGER NOT NULL, docs_created INTEGER NOT NULL,
  docs_edited INTEGER NOT NULL, comments INTEGER NOT NULL, api_calls INTEGER NOT NULL, PRIMARY KEY (week_start, workspace_id)) WITHOUT ROWID;
CREATE TABLE feature_usage_daily (day TEXT NOT NULL, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  feature TEXT NOT NULL, active_users INTEGER NOT NULL, events INTEGER NOT NULL, PRIMARY KEY (feature, day, account_id)) WITHOUT ROWID;
CREATE TABLE integrations (account_id INTEGER NOT NULL REFERENCES accounts(account_id), integration TEXT NOT NULL,
  connected_on TEXT NOT NULL, disconnected_on TEXT, PRIMARY KEY (account_id, integration));
CREATE TABLE nps_responses (response_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id),
  contact_id INTEGER NOT NULL REFERENCES contacts(contact_id), survey TEXT NOT NULL, responded_on TEXT NOT NULL,
  score INTEGER NOT NULL);
CREATE TABLE etl_loads (source_system TEXT PRIMARY KEY, loaded_through TEXT NOT NULL);
CREATE TABLE calendar (day TEXT PRIMARY KEY, week_start TEXT NOT NULL, month TEXT NOT NULL,
  quarter TEXT NOT NULL, year INTEGER NOT NULL, day_of_week TEXT NOT NULL, is_weekday INTEGER NOT NULL);
`;
// The layout of the tables, kept in the file's application_id beside the calendar shift, so a
// file written by an older layout is regenerated.
const LAYOUT = 301;
const INDEXES = `
CREATE INDEX periods_account ON subscription_periods(account_id, valid_from);
CREATE INDEX periods_open ON subscription_periods(valid_to);
CREATE INDEX movements_effective ON mrr_movements(effective_on);
CREATE INDEX movements_account ON mrr_movements(account_id);
CREATE INDEX accounts_region ON accounts(region_code);
CREATE INDEX contacts_account ON contacts(account_id);
CREATE INDEX trials_started ON trials(started_on);
CREATE INDEX invoices_account ON invoices(account_id, issued_on);
CREATE INDEX invoices_issued ON invoices(issued_on);
CREATE INDEX attempts_invoice ON payment_attempts(invoice_id);
CREATE INDEX tickets_opened ON support_tickets(opened_at);
CREATE INDEX tickets_account ON support_tickets(account_id);
CREATE INDEX nps_responded ON nps_responses(responded_on);
`;

/** The date dimension over every day the data can name. */
const calendarOf = (db) => fillCalendar(db, { first: D0 - 800, last: D1 + 800, day, weekdayOf, flag: (_n, wd) => (wd < 5 ? 1 : 0) });

// --- the generation state: one object handed to every phase ----------------------------------
const INSERTS = {
  region: ['regions', 2],
  country: ['countries', 3],
  plan: ['plans', 7],
  rep: ['sales_reps', 8],
  account: ['accounts', 18],
  contact: ['contacts', 8],
  workspace: ['workspaces', 5],
  period: ['subscription_periods', 8],
  movement: ['mrr_movements', 12],
  trial: ['trials', 15],
  spend: ['marketing_spend', 3],
  invoice: ['invoices', 13],
  attempt: ['payment_attempts', 7],
  agent: ['support_agents', 4],
  ticket: ['support_tickets', 17],
  usage: ['usage_weekly', 8],
  feature: ['feature_usage_daily', 5],
  integration: ['integrations', 4],
  nps: ['nps_responses', 6],
  load: ['etl_loads', 2],
};

function newState(db, rnd) {
  const ins = Object.fromEntries(
    Object.entries(INSERTS).map(([key, [table, n]]) => [key, db.prepare(`INSERT INTO ${table} VALUES (${Array(n).fill('?').join(', ')})`)]),
  );
  const ids = { period: 0, movement: 0, invoice: 0, attempt: 0, contact: 0 };
  return { rnd, ins, ids, countries: {}, reps: [], agents: [], usedNames: new Set(), trials: [], accounts: [] };
}

/** Regions, countries, plans, sales reps and support agents: the fixed reference tables. */
function fillReference(g) {
  const { ins } = g;
  for (const [code, r] of Object.entries(REGIONS)) {
    ins.region.run(code, r.name);
    for (const [cc, name, w, cities, postcode, phone] of r.countries) {
      g.countries[cc] = { cc, name, region: code, cities, postcode, phone, weight: w };
      ins.country.run(cc, name, code);
    }
  }
  for (const p of PLANS) ins.plan.run(...p.slice(0, 6), day(dayOf(p[6])));
  g.reps = REPS.map(([id, name, role, region, hired, salary, rate]) => {
    const [first, ...rest] = name.split(' ');
    ins.rep.run(id, name, `${ascii(first)}.${ascii(rest.join(''))}@quillstack.test`, role, region, day(dayOf(hired)), salary, rate);
    return { id, name, role, region };
  });
  for (const a of AGENTS) ins.agent.run(...a);
  g.agents = AGENTS.map(([id, , team, region]) => ({ id, team, region }));
}

const aes = (g, region) => g.reps.filter((r) => r.role === 'account_executive' && r.region === region);
const csms = (g, region) => g.reps.filter((r) => r.role === 'customer_success' && r.region === region);
const pickCountry = (g, region) => g.countries[g.rnd.weighted(REGIONS[region].countries.map(([cc, , w]) => [cc, w]))];
const person = (rnd, region) => ({ first: rnd.pick(FIRST[region]), last: rnd.pick(LAST[region]) });
const emailOf = (p, domain) => `${ascii(p.first)}.${ascii(p.last)}@${domain}`;

/** A company name not used by any other account (a paying customer's name is unique). */
function companyName(g, country) {
  const { rnd } = g;
  for (;;) {
    const [noun, industry] = rnd.pick(COMPANY_B);
    const base = `${rnd.pick(COMPANY_A)} ${noun}`;
    const form = rnd.next() < 0.45 ? (LEGAL_FORM[country.cc] ?? (country.region === 'NA' ? rnd.pick([' Inc', ' LLC', ' Co']) : '')) : '';
    if (g.usedNames.has(base)) continue;
    g.usedNames.add(base);
    return { name: `${base}${form}`, base, industry };
  }
}

/** A company name for a trial that never paid: it may repeat. */
function anyCompanyName(rnd) {
  const [noun, industry] = rnd.pick(COMPANY_B);
  const base = `${rnd.pick(COMPANY_A)} ${noun}`;
  return { name: base, base, industry };
}

// --- trials: self-serve sign-ups, every day, more on weekdays, growing ~25% a year ----------
const TRIAL_REGIONS = [
  ['NA', 45],
  ['EMEA', 32],
  ['APAC', 15],
  ['LATAM', 8],
];
const TRIAL_CHANNELS = CHANNELS.map(([c, w]) => [c, w]);

function fillTrials(g) {
  for (let n = D0; n <= D1; n++) {
    const weekend = weekdayOf(n) >= 5;
    const growth = 1 + 0.25 * ((n - D0) / 365);
    const mean = (weekend ? 3.6 : 9.2) * growth * SIGNUP_SEASON[monthOf(n)];
    const count = Math.max(n === D1 ? 1 : 0, g.rnd.poisson(mean));
    for (let i = 0; i < count; i++) g.trials.push(makeTrial(g, n));
  }
}

/** The day a trial started on day `n` converts, or null: most buy as the 14 days run out. */
function conversionDay(rnd, n, t) {
  const p = clamp(CHANNEL_RATE[t.channel] * REGION_CONVERSION[t.region] * (t.plan === 'BUS-M' ? 1.15 : 1) * (t.team >= 3 ? 1.1 : 0.8), 0, 0.6);
  const converts = rnd.next() < p;
  const after = rnd.weighted([
    [rnd.int(2, 9), 30],
    [rnd.int(10, 15), 55],
    [rnd.int(16, 24), 15],
  ]);
  return converts && n + after <= D1 ? n + after : null;
}

function makeTrial(g, n) {
  const { rnd } = g;
  const region = rnd.weighted(TRIAL_REGIONS);
  const country = pickCountry(g, region);
  const channel = rnd.weighted(TRIAL_CHANNELS);
  const plan = rnd.next() < 0.76 ? 'PRO-M' : 'BUS-M';
  const big = rnd.next() < 0.06;
  const team = big ? rnd.int(30, 160) : Math.max(1, Math.round(1 + rnd.expo(7)));
  const who = person(rnd, region);
  const convertedOn = conversionDay(rnd, n, { channel, region, plan, team });
  // A team that buys becomes an account, whose name is unique; others may share a name.
  const company = convertedOn !== null ? companyName(g, country) : anyCompanyName(rnd);
  const workspace = rnd.pick(WORKSPACE_NAMES.slice(0, 4));
  const email = emailOf(who, `${ascii(company.base)}.example`);
  const campaign = CAMPAIGNS[channel] ? rnd.pick(CAMPAIGNS[channel]) : null;
  const status = convertedOn !== null ? 'converted' : n + 14 > D1 ? 'active' : 'expired';
  return { n, company, workspace, email, who, country, region, channel, campaign, plan, team, status, convertedOn, account: null };
}

// --- accounts: the paying base before the history starts, sales-led deals, trial conversions --
const ACCOUNT_REGIONS = [
  ['NA', 48],
  ['EMEA', 31],
  ['APAC', 14],
  ['LATAM', 7],
];
const regionPick = (rnd) => rnd.weighted(ACCOUNT_REGIONS);
const segmentOf = (seats) => (seats >= 250 ? 'enterprise' : seats >= 40 ? 'mid_market' : 'smb');
const employeesOf = (rnd, segment) => (segment === 'enterprise' ? rnd.int(1000, 20000) : segment === 'mid_market' ? rnd.int(100, 999) : rnd.int(3, 99));
const seatsFor = (rnd, segment) =>
  segment === 'enterprise'
    ? Math.round(250 + rnd.expo(650))
    : segment === 'mid_market'
      ? Math.round(40 + rnd.expo(80))
      : Math.max(1, Math.min(39, Math.round(2 + rnd.expo(9))));

function newAccount(g, o) {
  const { rnd } = g;
  const country = o.country ?? pickCountry(g, o.region);
  const company = o.company ?? companyName(g, country);
  const health = clamp(0.62 + 0.22 * rnd.noise(), 0.05, 0.98);
  const discount = o.plan === 'ENT-A' ? money(0.05 + 0.25 * rnd.next()) : o.plan === 'BUS-A' && o.seats >= 200 ? 0.1 : 0;
  const a = { ...o, country, company, health, discount, csm: null, periods: [], contacts: [], workspaces: [] };
  a.segment = segmentOf(a.seats);
  if (a.segment !== 'smb') a.csm = rnd.pick(csms(g, a.region));
  g.accounts.push(a);
  return a;
}

// The base: customers acquired 2019-2023 who are still paying when the history starts.
const BASE = { smb: 560, mid_market: 150, enterprise: 38 };
const BASE_PLANS = {
  enterprise: [
    ['ENT-A', 72],
    ['BUS-A', 28],
  ],
  mid_market: [
    ['PRO-A', 26],
    ['BUS-A', 42],
    ['PRO-M', 14],
    ['BUS-M', 18],
  ],
  smb: [
    ['STARTER-M', 27],
    ['STARTER-A', 10],
    ['PRO-M', 36],
    ['PRO-A', 16],
    ['BUS-M', 8],
    ['BUS-A', 3],
  ],
};
const BASE_SALES_CHANNELS = [
  ['outbound', 55],
  ['partner', 20],
  ['referral', 15],
  ['organic', 10],
];

function fillBase(g) {
  const { rnd } = g;
  for (const [segment, count] of Object.entries(BASE)) {
    for (let i = 0; i < count; i++) {
      const region = regionPick(rnd);
      const start = D0 - rnd.int(20, 1800);
      const plan = rnd.weighted(BASE_PLANS[segment]);
      const seats = seatsFor(rnd, segment);
      const salesLed = segment !== 'smb' || rnd.next() < 0.05;
      const channel = salesLed ? rnd.weighted(BASE_SALES_CHANNELS) : rnd.weighted(TRIAL_CHANNELS);
      newAccount(g, { start, region, plan, seats, channel, owner: salesLed ? rnd.pick(aes(g, region)) : null });
    }
  }
}

// Sales-led new business: mid-market and enterprise deals closed by the account executives.
const DEAL_MEANS = [
  ['mid_market', 4.2],
  ['enterprise', 1.1],
];
const DEAL_PLANS = {
  enterprise: [
    ['ENT-A', 80],
    ['BUS-A', 20],
  ],
  mid_market: [
    ['BUS-A', 55],
    ['PRO-A', 30],
    ['BUS-M', 15],
  ],
};
const DEAL_CHANNELS = [
  ['outbound', 60],
  ['partner', 25],
  ['referral', 15],
];

function fillDeals(g) {
  for (let y = 2024; y <= 2025; y++) {
    for (let m = 0; m < 12; m++) {
      for (const [segment, mean] of DEAL_MEANS) monthDeals(g, y, m, segment, mean);
    }
  }
}

function monthDeals(g, y, m, segment, mean) {
  const { rnd } = g;
  const first = dayNo(y, m, 1);
  const deals = rnd.poisson(mean * (m === 11 ? 1.35 : m % 3 === 2 ? 1.2 : 1));
  for (let i = 0; i < deals; i++) {
    let start = rnd.int(first, dayNo(y, m + 1, 0));
    while (weekdayOf(start) >= 5) start--;
    if (start < D0) start = first + 2;
    const region = regionPick(rnd);
    const plan = rnd.weighted(DEAL_PLANS[segment]);
    const seats = seatsFor(rnd, segment);
    const channel = rnd.weighted(DEAL_CHANNELS);
    newAccount(g, { start, region, plan, seats, channel, owner: rnd.pick(aes(g, region)) });
  }
}

/** Trial conversions: the trial's plan family, monthly or annual; larger teams get an AE. */
function fillConversions(g) {
  const { rnd } = g;
  for (const t of g.trials) {
    if (t.convertedOn === null) continue;
    const family = t.plan === 'BUS-M' ? 'BUS' : rnd.next() < 0.22 ? 'STARTER' : 'PRO';
    const plan = `${family}-${rnd.next() < 0.27 ? 'A' : 'M'}`;
    const seats = Math.max(PLAN[plan].min, t.team);
    const owner = seats >= 25 ? rnd.pick(aes(g, t.region)) : null;
    t.account = newAccount(g, {
      start: t.convertedOn,
      region: t.region,
      country: t.country,
      company: t.company,
      plan,
      seats,
      channel: t.channel,
      owner,
      trial: t,
    });
  }
  g.accounts.sort((x, y) => x.start - y.start);
  g.accounts.forEach((a, i) => {
    a.id = i + 1;
    a.code = `QS-${10001 + i}`;
  });
}

// --- subscriptions, MRR movements, invoices and payments, account by account -----------------
const mrrOf = (plan, seats, discount) => money(seats * PLAN[plan].price * (1 - discount));

function movement(g, s, n, type, prev, reason = null) {
  g.ids.movement++;
  g.ins.movement.run(g.ids.movement, s.a.id, day(n), type, s.plan, prev.plan, s.seats, prev.seats, s.mrr, prev.mrr, money(s.mrr - prev.mrr), reason);
}

function closePeriod(g, s, n) {
  s.a.periods.push({ plan: s.plan, seats: s.seats, mrr: s.mrr, from: s.from, to: n });
  g.ids.period++;
  g.ins.period.run(g.ids.period, s.a.id, s.plan, s.seats, s.a.discount, s.mrr, day(s.from), n === null ? null : day(n));
  s.from = n;
}

/** A plan or seat change on day `n`: the open period closes and a movement is written. */
function change(g, s, n, newPlan, newSeats) {
  const prev = { plan: s.plan, seats: s.seats, mrr: s.mrr };
  closePeriod(g, s, n);
  s.plan = newPlan;
  s.seats = newSeats;
  s.mrr = mrrOf(s.plan, s.seats, s.a.discount);
  if (s.mrr !== prev.mrr) movement(g, s, n, s.mrr > prev.mrr ? 'expansion' : 'contraction', prev);
  return prev;
}

/** Writes an invoice; returns the day the subscription ends for failed payment, or null. */
function invoice(g, s, n, type, amount, periodEnd) {
  g.ids.invoice++;
  const id = g.ids.invoice;
  const byCard = PLAN[s.plan].billing === 'monthly' || s.a.segment === 'smb';
  const row = { id, due: byCard ? n : n + 30, amount: money(amount), method: byCard ? 'card' : 'bank_transfer', status: 'paid', paid: null };
  const failedFor = byCard ? cardPayments(g, s.a, row, n) : bankPayment(g.rnd, row, n);
  const paid = row.paid === null ? null : day(row.paid);
  g.ins.invoice.run(id, `INV-${200000 + id}`, s.a.id, type, day(n), day(row.due), day(n), day(periodEnd), row.amount, 'USD', row.method, row.status, paid);
  return failedFor;
}

/** Card payments with dunning retries on days 3, 7 and 12; an invoice never paid ends the plan. */
function cardPayments(g, a, row, n) {
  const { rnd } = g;
  const failP = (a.segment === 'smb' ? 0.1 : 0.05) * (1.3 - 0.5 * a.health);
  const reason = rnd.weighted(DECLINES);
  for (const [k, offset] of [0, 3, 7, 12].entries()) {
    const when = n + offset;
    if (when > D1) break;
    const fails = k === 0 ? rnd.next() < failP : rnd.next() < (reason === 'card_expired' ? 0.66 : 0.55);
    g.ids.attempt++;
    g.ins.attempt.run(g.ids.attempt, row.id, k + 1, day(when), row.amount, fails ? 'failed' : 'succeeded', fails ? reason : null);
    if (!fails) {
      row.paid = when;
      return null;
    }
  }
  row.status = n + 12 <= D1 ? 'uncollectible' : 'open';
  return row.status === 'uncollectible' ? n + 14 : null;
}

/** Bank transfers against a 30-day due date; a few pay late, one in forty very late. */
function bankPayment(rnd, row, n) {
  const late = rnd.next() < 0.025 ? rnd.int(60, 200) : rnd.next() < 0.3 ? Math.round(rnd.expo(14)) : 0;
  const paidOn = n + clamp(Math.round(22 + 5 * rnd.noise()), 3, 30) + late;
  if (paidOn <= D1) row.paid = paidOn;
  else row.status = 'open';
  return null;
}

function simulate(g, a) {
  const s = { a, plan: a.plan, seats: a.seats, mrr: mrrOf(a.plan, a.seats, a.discount), from: a.start, anchor: a.start, annualAt: 0, k: 0 };
  movement(g, s, s.from, 'new', { plan: null, seats: 0, mrr: 0 });
  for (;;) {
    const tick = addMonths(s.anchor, s.k);
    if (tick > D1) break;
    const ends = monthStart(g, s, tick);
    if (ends !== null) {
      if (churn(g, s, ends)) continue;
      return;
    }
    midMonth(g, s, tick);
    s.k++;
  }
  closePeriod(g, s, null);
}

/** The start of a billing month: renewal (churn or resize) and the subscription invoice. */
function monthStart(g, s, tick) {
  const annual = PLAN[s.plan].billing === 'annual';
  const renewal = s.k > 0 && (!annual || (s.k - s.annualAt) % 12 === 0);
  let ends = renewal && tick >= D0 ? renewalOutcome(g, s, tick, annual) : null; // [day, reason]
  if (ends === null && (s.k === 0 || renewal) && tick >= D0) {
    const months = PLAN[s.plan].billing === 'annual' ? 12 : 1;
    const failedOn = invoice(g, s, tick, 'subscription', s.mrr * months, addMonths(s.anchor, s.k + months) - 1);
    if (failedOn !== null && failedOn <= D1) ends = [failedOn, 'payment_failed'];
  }
  if (annual && renewal) s.annualAt = s.k;
  return ends;
}

const RENEWAL_CHURN = {
  annual: { smb: 0.2, mid_market: 0.11, enterprise: 0.06 },
  monthly: { smb: 0.027, mid_market: 0.014, enterprise: 0.008 },
};

function renewalOutcome(g, s, tick, annual) {
  const { rnd } = g;
  const { a } = s;
  const healthMult = 0.45 + 1.3 * (1 - a.health);
  const base = annual ? RENEWAL_CHURN.annual[a.segment] : RENEWAL_CHURN.monthly[a.segment] * (s.k <= 3 ? 1.5 : 1);
  if (rnd.next() < base * healthMult) {
    const reasons = a.segment === 'enterprise' ? CHURN_REASONS.filter(([r]) => r !== 'business_closed') : CHURN_REASONS;
    return [tick, a.health < 0.4 && rnd.next() < 0.5 ? 'low_adoption' : rnd.weighted(reasons)];
  }
  if (!annual) return null;
  // Annual renewals are where contracts are resized or downgraded.
  if (rnd.next() < 0.1 * (1.4 - a.health) && s.seats > PLAN[s.plan].min + 1) {
    change(g, s, tick, s.plan, Math.max(PLAN[s.plan].min, s.seats - Math.max(1, Math.round(s.seats * (0.05 + 0.2 * rnd.next())))));
  } else if (DOWNGRADE[s.plan] && rnd.next() < 0.03) change(g, s, tick, DOWNGRADE[s.plan], s.seats);
  return null;
}

/** Churn on day `n`; true when the account comes back (a few small customers, within half a year). */
function churn(g, s, [n, reason]) {
  const { rnd, ins, ids } = g;
  const { a } = s;
  const prev = { plan: s.plan, seats: s.seats, mrr: s.mrr };
  closePeriod(g, s, n);
  ids.movement++;
  ins.movement.run(ids.movement, a.id, day(n), 'churn', s.plan, s.plan, 0, s.seats, 0, s.mrr, money(-s.mrr), reason);
  a.churned = n;
  a.reason = reason;
  const back = n + rnd.int(30, 180);
  if (reason === 'business_closed' || a.segment === 'enterprise' || rnd.next() >= 0.06 || back > D1) return false;
  s.plan = PLAN[s.plan].tier === 'enterprise' ? 'BUS-A' : `${s.plan.split('-')[0]}-M`;
  s.seats = Math.max(PLAN[s.plan].min, Math.round(s.seats * (0.6 + 0.5 * rnd.next())));
  s.mrr = mrrOf(s.plan, s.seats, a.discount);
  s.from = back;
  ids.movement++;
  ins.movement.run(ids.movement, a.id, day(back), 'reactivation', s.plan, prev.plan, s.seats, 0, s.mrr, 0, s.mrr, null);
  a.churned = null;
  a.reason = null;
  Object.assign(s, { anchor: back, annualAt: 0, k: 0 });
  return true;
}

/** Changes during the month: seats added, removed, plans upgraded or downgraded. */
function midMonth(g, s, tick) {
  const { rnd } = g;
  const { a } = s;
  const next = addMonths(s.anchor, s.k + 1);
  if (next <= D0) return;
  const when = () => tick + rnd.int(1, Math.max(1, next - tick - 1));
  const inHistory = (n) => n >= D0 && n <= D1;
  const monthly = PLAN[s.plan].billing === 'monthly';
  if (rnd.next() < 0.055 * (0.4 + 1.2 * a.health) * (a.segment === 'enterprise' ? 1.1 : 1)) {
    addSeats(g, s, when());
  } else if (monthly && rnd.next() < 0.022 * (1.6 - a.health) && s.seats > PLAN[s.plan].min) {
    const n = when();
    if (inHistory(n)) change(g, s, n, s.plan, Math.max(PLAN[s.plan].min, s.seats - Math.max(1, Math.round(s.seats * (0.05 + 0.2 * rnd.next())))));
  } else if (UPGRADE[s.plan] && rnd.next() < 0.008 + 0.012 * a.health && (UPGRADE[s.plan] !== 'ENT-A' || s.seats >= 150)) {
    upgrade(g, s, when());
  } else if (DOWNGRADE[s.plan] && monthly && rnd.next() < 0.004) {
    const n = when();
    if (inHistory(n)) change(g, s, n, DOWNGRADE[s.plan], s.seats);
  }
}

/** Annual contracts pay a change pro rata for the months left in the term. */
function prorate(g, s, n, delta) {
  const left = 12 - ((s.k - s.annualAt) % 12);
  invoice(g, s, n, 'proration', delta * left, addMonths(s.anchor, s.annualAt + 12) - 1);
}

function addSeats(g, s, n) {
  if (n < D0 || n > D1) return;
  const added = s.seats * (s.a.segment === 'enterprise' ? 0.02 + 0.08 * g.rnd.next() : 0.05 + 0.25 * g.rnd.next());
  const prev = change(g, s, n, s.plan, s.seats + Math.max(1, Math.round(added)));
  if (PLAN[s.plan].billing === 'annual') prorate(g, s, n, s.mrr - prev.mrr);
}

function upgrade(g, s, n) {
  if (n < D0 || n > D1) return;
  const to = UPGRADE[s.plan];
  const bothAnnual = PLAN[to].billing === 'annual' && PLAN[s.plan].billing === 'annual';
  const prev = change(g, s, n, to, Math.max(PLAN[to].min, s.seats));
  if (bothAnnual) prorate(g, s, n, Math.max(0, s.mrr - prev.mrr));
}

// --- the CRM side of each account: contacts, the account row, workspaces, integrations --------
function fillAccounts(g) {
  for (const a of g.accounts) {
    writeContacts(g, a);
    simulate(g, a);
    writeAccount(g, a);
    writeWorkspaces(g, a);
    writeIntegrations(g, a);
    a.features = pickFeatures(g.rnd, a);
  }
}

/** An admin (the trial's sign-up when there was one), a billing contact, champions, members. */
function writeContacts(g, a) {
  const { rnd } = g;
  const domain = `${ascii(a.company.base)}.example`;
  const n = a.segment === 'enterprise' ? rnd.int(4, 7) : a.segment === 'mid_market' ? rnd.int(3, 5) : rnd.int(2, 3);
  for (let i = 0; i < n; i++) {
    const role = i === 0 ? 'admin' : i === 1 ? 'billing' : i < 4 ? 'champion' : 'member';
    const who = i === 0 && a.trial ? a.trial.who : person(rnd, a.region);
    g.ids.contact++;
    a.contacts.push({ id: g.ids.contact, role });
    const title = rnd.pick(JOB_TITLES[role]);
    const email = i === 0 && a.trial ? a.trial.email : emailOf(who, domain);
    const phone = pattern(rnd, a.country.phone);
    g.ins.contact.run(g.ids.contact, a.id, `${who.first} ${who.last}`, role, title, email, phone, day(a.start + (i < 2 ? 0 : rnd.int(0, 400))));
  }
}

const TAX_PATTERNS = { US: '##-#######', AU: '## ### ### ###' };
const taxIdOf = (rnd, country) =>
  country.region === 'EMEA' ? `${country.cc}${pattern(rnd, '#########')}` : pattern(rnd, TAX_PATTERNS[country.cc] ?? '##########');

function writeAccount(g, a) {
  const { rnd } = g;
  const { country } = a;
  const city = rnd.pick(country.cities);
  const tax = taxIdOf(rnd, country);
  const employees = employeesOf(rnd, a.segment);
  const address = `${rnd.int(1, 480)} ${rnd.pick(STREETS[a.region])}, ${city} ${pattern(rnd, country.postcode)}, ${country.name}`;
  const churned = a.churned ? day(a.churned) : null;
  const status = a.churned ? 'churned' : 'active';
  const site = `https://www.${ascii(a.company.base)}.example`;
  const people = [a.owner?.id ?? null, a.csm?.id ?? null];
  g.ins.account.run(
    a.id,
    a.code,
    a.company.name,
    site,
    a.company.industry,
    employees,
    a.segment,
    a.region,
    country.cc,
    a.channel,
    day(a.start),
    ...people,
    status,
    churned,
    a.churned ? a.reason : null,
    address,
    tax,
  );
}

/** Workspaces: one for a small team, a few for a larger company. */
function writeWorkspaces(g, a) {
  const { rnd } = g;
  const ws = a.segment === 'enterprise' ? rnd.int(3, 6) : a.segment === 'mid_market' ? rnd.int(1, 3) : 1;
  for (let i = 0; i < ws; i++) {
    const w = { id: `WS-${String(a.id * 10 + i).padStart(6, '0')}`, weight: i === 0 ? 2 : 0.5 + rnd.next() };
    a.workspaces.push(w);
    const created = day(a.start + (i === 0 ? 0 : rnd.int(1, 200)));
    g.ins.workspace.run(w.id, a.id, WORKSPACE_NAMES[(i + a.id) % WORKSPACE_NAMES.length], created, a.churned ? day(a.churned) : null);
  }
}

/** Integrations connected, more on the larger plans. */
function writeIntegrations(g, a) {
  const { rnd } = g;
  for (const [name, p] of INTEGRATIONS) {
    if (rnd.next() >= p * (a.segment === 'smb' ? 0.8 : 1.2)) continue;
    const on = a.start + Math.round(rnd.expo(60));
    if (on > D1 || (a.churned && on >= a.churned)) continue;
    g.ins.integration.run(a.id, name, day(on), a.churned ? day(a.churned) : null);
  }
}

/** Features the account has taken up (gated by plan). */
function pickFeatures(rnd, a) {
  const tier = PLAN[a.periods[a.periods.length - 1].plan].tier;
  return FEATURES.filter(([f, share]) => {
    if ((f === 'sso' || f === 'public_api' || f === 'analytics') && (tier === 'starter' || tier === 'pro')) return false;
    if (f === 'automations' && tier === 'starter') return false;
    return rnd.next() < share * (f === 'sso' && tier === 'enterprise' ? 1.6 : 1);
  });
}

/** Trials, now that converted ones know their account. */
function writeTrials(g) {
  g.trials.forEach((t, i) => {
    const converted = t.convertedOn === null ? null : day(t.convertedOn);
    const who = [t.company.name, t.workspace, t.email, t.country.cc, t.region, t.channel, t.campaign, t.plan, t.team];
    g.ins.trial.run(i + 1, ...who, day(t.n), day(t.n + 14), t.status, converted, t.account?.id ?? null);
  });
}

const SPEND_BASE = [
  ['paid_search', 16500],
  ['paid_social', 8400],
  ['content', 4100],
  ['partner', 2600],
  ['referral', 1200],
];

/** Marketing spend per ISO week and paid channel. */
function fillSpend(g) {
  for (let w = D0; w <= D1; w += 7) {
    const growth = 1 + 0.2 * ((w - D0) / 365);
    for (const [channel, base] of SPEND_BASE) {
      g.ins.spend.run(day(w), channel, money(base * growth * SIGNUP_SEASON[monthOf(w)] * (1 + 0.08 * g.rnd.noise())));
    }
  }
}

// --- product usage: weekly per workspace, daily per feature for the last eight weeks ------
const periodAt = (a, n) => a.periods.find((p) => p.from <= n && (p.to === null || p.to > n));
const API_TIERS = new Set(['business', 'enterprise']);

function fillUsage(g) {
  for (const a of g.accounts) {
    weeklyUsage(g, a);
    if (a.features.length > 0) featureUsage(g, a);
  }
}

function weeklyUsage(g, a) {
  const firstDay = a.periods[0].from;
  for (let w = D0 - weekdayOf(D0); w <= D1 - weekdayOf(D1); w += 7) {
    const end = Math.min(w + 6, D1);
    if (end < firstDay) continue;
    // The period of the week's last active day; a week the account churned in still counts.
    const p = periodAt(a, end) ?? a.periods.find((q) => q.to !== null && q.to > w && q.to <= end);
    if (p) usageWeek(g, a, p, w, firstDay);
  }
}

function usageWeek(g, a, p, w, firstDay) {
  const { rnd } = g;
  const partial = (Math.min(w + 6, D1) - w + 1) / 7;
  const ramp = Math.min(1, 0.45 + (w - p.from + 7) / 7 / 14);
  const util = clamp(0.28 + 0.6 * a.health + USAGE_SEASON[monthOf(w)] + 0.05 * rnd.noise(), 0.04, 0.97) * (w - firstDay < 120 ? ramp : 1);
  const users = Math.max(1, Math.round(p.seats * util * (partial < 1 ? 0.55 + 0.45 * partial : 1)));
  const total = a.workspaces.reduce((s, x) => s + x.weight, 0);
  let left = users;
  a.workspaces.forEach((x, i) => {
    const u = i === a.workspaces.length - 1 ? left : Math.min(left, Math.round((users * x.weight) / total));
    left -= u;
    if (u <= 0) return;
    const api = API_TIERS.has(PLAN[p.plan].tier) ? Math.round(u * (20 + 60 * rnd.next()) * partial) : 0;
    const created = Math.round(u * (0.6 + 0.5 * rnd.next()) * partial);
    const edited = Math.round(u * (2.5 + 1.5 * rnd.next()) * partial);
    const comments = Math.round(u * (1 + 2 * rnd.next()) * partial);
    g.ins.usage.run(day(w), x.id, a.id, u, created, edited, comments, api);
  });
}

function featureUsage(g, a) {
  const { rnd } = g;
  for (let n = D1 - FEATURE_DAYS + 1; n <= D1; n++) {
    const p = periodAt(a, n);
    if (!p) continue;
    const weekend = weekdayOf(n) >= 5;
    const daily = p.seats * clamp(0.28 + 0.6 * a.health, 0.04, 0.97) * (weekend ? 0.12 : 0.58);
    for (const [f, , share, rate] of a.features) {
      if (rnd.next() >= (weekend ? 0.2 : 0.85)) continue;
      const users = Math.max(1, Math.round(daily * share * (0.7 + 0.6 * rnd.next())));
      g.ins.feature.run(day(n), a.id, f, users, Math.max(1, Math.round(users * rate * (0.6 + 0.8 * rnd.next()))));
    }
  }
}

// --- support tickets: per 30 days of subscription, more with more seats and lower health ------
const SLA = {
  enterprise: { urgent: 1, high: 4, normal: 8, low: 24 },
  business: { urgent: 2, high: 8, normal: 24, low: 48 },
  pro: { urgent: 4, high: 12, normal: 24, low: 72 },
  starter: { urgent: 4, high: 12, normal: 24, low: 72 },
};
const FIRST_RESPONSE = { urgent: 50, high: 170, normal: 430, low: 950 }; // minutes
const RESOLUTION = { how_to: 240, account_access: 180, billing: 480, integrations: 1800, bug: 4200, performance: 3000, sso_security: 1440 };
const RESOLUTION_PRIORITY = { urgent: 0.4, high: 0.7, normal: 1, low: 1.4 };
const TIER_LOAD = { enterprise: 0.6, business: 0.8, pro: 1, starter: 1.1 };
const TEAM = { billing: 'billing', bug: 'technical', integrations: 'technical', performance: 'technical', sso_security: 'technical' };
const PRIORITIES = {
  enterprise: [
    ['urgent', 8],
    ['high', 24],
    ['normal', 50],
    ['low', 18],
  ],
  other: [
    ['urgent', 4],
    ['high', 16],
    ['normal', 55],
    ['low', 25],
  ],
};
const CATEGORIES = [
  ['how_to', 28],
  ['bug', 19],
  ['integrations', 12],
  ['billing', 11],
  ['account_access', 12],
  ['performance', 9],
  ['sso_security', 9],
];
const TICKET_CHANNELS = [
  ['email', 44],
  ['chat', 36],
  ['in_app', 20],
];

function fillTickets(g) {
  const tickets = [];
  for (const a of g.accounts) for (const p of a.periods) periodTickets(g, a, p, tickets);
  tickets.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  tickets.forEach((t, i) => writeTicket(g, i + 1, t));
}

function periodTickets(g, a, p, tickets) {
  const { rnd } = g;
  const to = p.to === null ? D1 + 1 : p.to;
  const tier = PLAN[p.plan].tier;
  for (let b = Math.max(p.from, D0); b < to; b += 30) {
    const mean = (0.22 + 0.011 * p.seats) * (1.45 - 0.7 * a.health) * (tier === 'starter' ? 0.8 : 1);
    const count = rnd.poisson(Math.min(mean, 40));
    for (let i = 0; i < count; i++) {
      let n = b + rnd.int(0, 29);
      if (weekdayOf(n) >= 5 && rnd.next() < 0.65) n += 7 - weekdayOf(n);
      if (n < to && n <= D1) tickets.push(makeTicket(g, a, p, n));
    }
  }
}

function makeTicket(g, a, p, n) {
  const { rnd } = g;
  const tier = PLAN[p.plan].tier;
  const hour = (rnd.int(8, 18) + REGIONS[a.region].utc + 24) % 24;
  const opened = n * DAY + hour * 3600 + rnd.int(0, 3599);
  const priority = rnd.weighted(tier === 'enterprise' ? PRIORITIES.enterprise : PRIORITIES.other);
  let category = rnd.weighted(CATEGORIES);
  if (category === 'sso_security' && (tier === 'starter' || tier === 'pro')) category = 'account_access';
  const channel = rnd.weighted(TICKET_CHANNELS);
  const target = SLA[tier][priority];
  const load = (weekdayOf(n) >= 5 ? 2.3 : 1) * (monthOf(n) === 11 ? 1.25 : 1) * TIER_LOAD[tier];
  const frt = Math.max(1, Math.round(rnd.expo(FIRST_RESPONSE[priority] * load)));
  const breached = frt > target * 60 ? 1 : 0;
  const resolveAfter = Math.round(rnd.expo(RESOLUTION[category] * RESOLUTION_PRIORITY[priority]));
  const resolved = opened + frt * 60 + resolveAfter * 60;
  const agent = pickAgent(g, a, category);
  const csat = csatOf(rnd, a, { resolved, breached, resolveAfter, category });
  const first = opened + frt * 60;
  const status = resolved <= T1 ? 'solved' : first <= T1 ? 'pending' : 'new';
  const contact = rnd.pick(a.contacts).id;
  return [opened, a.id, contact, agent.id, channel, category, priority, p.plan, target, first, frt, breached, resolved <= T1 ? resolved : null, status, csat];
}

function pickAgent(g, a, category) {
  const team = TEAM[category] ?? 'frontline';
  const pool = g.agents.filter((x) => x.team === team);
  const local = pool.filter((x) => x.region === a.region);
  return g.rnd.pick(local.length > 0 && g.rnd.next() < 0.7 ? local : pool);
}

/** CSAT from the four in ten solved tickets whose requester answered the survey. */
function csatOf(rnd, a, t) {
  if (t.resolved > T1 || rnd.next() >= 0.42) return null;
  const slow = t.resolveAfter > 72 * 60 ? 0.5 : 0;
  const categoryPenalty = t.category === 'bug' ? 0.25 : t.category === 'billing' ? 0.1 : 0;
  const mu = 4.45 - 0.75 * t.breached - slow - categoryPenalty + 0.3 * (a.health - 0.6);
  return clamp(Math.round(mu + 0.8 * rnd.noise()), 1, 5);
}

function writeTicket(g, id, t) {
  const [opened, account, contact, agent, channel, category, priority, plan, target, first, frt, breached, resolved, status, csat] = t;
  const what = [channel, category, priority, plan, target];
  g.ins.ticket.run(
    id,
    `TCK-${400000 + id}`,
    account,
    contact,
    agent,
    iso(opened),
    ...what,
    iso(first),
    frt,
    breached,
    resolved === null ? null : iso(resolved),
    status,
    csat,
  );
}

// --- NPS: the relationship survey reaches admins and champions every 120 days ---------------
const PROMOTER = [
  [10, 45],
  [9, 55],
];
const PASSIVE = [
  [8, 55],
  [7, 45],
];
const DETRACTOR = [
  [6, 30],
  [5, 25],
  [4, 15],
  [3, 12],
  [2, 8],
  [1, 5],
  [0, 5],
];

function fillNps(g) {
  const responses = [];
  for (const a of g.accounts) {
    for (const c of a.contacts) if (c.role === 'admin' || c.role === 'champion') surveyContact(g, a, c, responses);
  }
  responses.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  responses.forEach(([on, account, contact, score], i) => {
    g.ins.nps.run(i + 1, account, contact, 'relationship', day(on), score);
  });
}

function surveyContact(g, a, c, responses) {
  const { rnd } = g;
  for (let n = a.start + rnd.int(30, 150); n <= D1; n += 120) {
    if (n < D0 || !periodAt(a, n) || rnd.next() >= 0.3) continue;
    const on = Math.min(D1, n + rnd.int(0, 6));
    const prom = 0.18 + 0.5 * a.health;
    const det = Math.max(0.04, 0.32 - 0.28 * a.health);
    const u = rnd.next();
    responses.push([on, a.id, c.id, rnd.weighted(u < prom ? PROMOTER : u < 1 - det ? PASSIVE : DETRACTOR)]);
  }
}

function fill(db, rnd) {
  const g = newState(db, rnd);
  fillReference(g);
  fillTrials(g);
  fillBase(g);
  fillDeals(g);
  fillConversions(g);
  fillAccounts(g);
  writeTrials(g);
  fillSpend(g);
  fillUsage(g);
  fillTickets(g);
  fillNps(g);
  for (const source of ['billing', 'crm', 'product', 'support']) g.ins.load.run(source, day(D1));
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
