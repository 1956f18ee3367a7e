/**
 * Parameters as the data holds them: a text value from the question is bound in the spelling of
 * the column's own values (case, accents and underscores aside), or of the values the block
 * declares; a value the data does not hold is named with the closest values, never bound to an
 * empty certified answer; a top-N the block does not take is explained. Real SQLite, real runs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier1Router } from '../../../src/ask/types.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { dataAwareRouter } from '../../../src/runtime/agent-runs/data-values.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';
import { writeReceipts } from '../../helpers/receipts.js';

const CONFIG: SvcConfig = { project: 'people', connections: { default: { driver: 'sqlite', path: 'data/warehouse.db' } } };

const TOP_EARNERS = `block "top_earners" {
  domain = "compensation"
  status = "certified"
  description = "Highest-paid employees of one department."
  owner = "people-analytics@acme.test"
  examples = [{ question = "Who are the top earners in Sales?" }]
  parameterPolicy { top_n = { max = 25 } }
  params {
    department: string = "Sales"
    top_n: number = 10
  }
  query = """
    SELECT e.name, e.title, e.salary FROM employees e
    WHERE e.department = \${department}
    ORDER BY e.salary DESC LIMIT \${top_n}
  """
  tests { assert row_count > 0 }
}
`;

const BY_OFFICE = `block "headcount_in_office" {
  domain = "people"
  status = "certified"
  description = "People working in one office, by title."
  owner = "people-analytics@acme.test"
  examples = [{ question = "Headcount by title in Zürich" }]
  params { office: string = "Zürich" }
  query = """ SELECT title, COUNT(*) AS headcount FROM employees WHERE office = \${office} GROUP BY title """
  tests { assert row_count > 0 }
}
`;

const BY_REGION = `block "payroll_by_region" {
  domain = "compensation"
  status = "certified"
  description = "Payroll per title in one sales region."
  owner = "people-analytics@acme.test"
  parameterPolicy { region = { values = ["EMEA", "AMER", "APAC"] } }
  params { region: string = "EMEA" }
  query = """ SELECT title, SUM(salary) AS payroll FROM employees WHERE \${region} <> '' GROUP BY title """
  tests { assert row_count > 0 }
}
`;

const PEOPLE: Array<[string, string, string, string, number]> = [
  ['Ava Smith', 'Sales', 'Zürich', 'Account Executive', 120_000],
  ['Liam Chen', 'Sales', 'São Paulo', 'Sales Manager', 150_000],
  ['Mia Patel', 'Sales', 'Zürich', 'Account Executive', 110_000],
  ['Noah Kim', 'Sales', 'Montréal', 'SDR', 70_000],
  ['Zoe Brown', 'Engineering', 'Zürich', 'Engineer', 160_000],
  ['Eli Lopez', 'Customer Support', 'Montréal', 'Agent', 60_000],
  ['Ivy Young', 'Customer Support', 'São Paulo', 'Lead', 80_000],
  ['Omar Hall', 'R&D', 'Zürich', 'Scientist', 140_000],
];

let root: string;
let manifest: Manifest;
let executor: Executor;
let router: Tier1Router;

beforeAll(async () => {
  root = makeProject({
    'svc.config.json': JSON.stringify(CONFIG),
    'domains/compensation/blocks/top_earners.svc': TOP_EARNERS,
    'domains/compensation/blocks/payroll_by_region.svc': BY_REGION,
    'domains/people/blocks/headcount_in_office.svc': BY_OFFICE,
  });
  mkdirSync(join(root, 'data'));
  const db = new Database(join(root, 'data/warehouse.db'));
  db.exec('CREATE TABLE employees (name TEXT, department TEXT, office TEXT, title TEXT, salary INTEGER)');
  const insert = db.prepare('INSERT INTO employees VALUES (?, ?, ?, ?, ?)');
  for (const p of PEOPLE) insert.run(...p);
  db.close();
  manifest = writeReceipts(root);
  executor = createExecutor({ root, config: CONFIG });
  router = (await dataAwareRouter(manifest, CONFIG, executor)).router;
});

afterAll(async () => {
  await executor.close();
  cleanupProjects();
});

const ask = (question: string): Promise<AskRun> =>
  runAsk({ asker: undefined, root, manifest, executor, router, config: CONFIG, now: () => new Date('2026-02-15T10:00:00Z') }, { question });

describe('a value from the question is bound as the data spells it', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['top 3 earners in Sales', 'compensation.top_earners', { department: 'Sales', top_n: 3 }],
    ['top 3 earners in sales', 'compensation.top_earners', { department: 'Sales', top_n: 3 }],
    ['top 3 earners in SALES', 'compensation.top_earners', { department: 'Sales', top_n: 3 }],
    ['top 2 earners in customer support', 'compensation.top_earners', { department: 'Customer Support', top_n: 2 }],
    ['top 2 earners in Customer Support', 'compensation.top_earners', { department: 'Customer Support', top_n: 2 }],
    ['top earners in r&d', 'compensation.top_earners', { department: 'R&D' }],
    ['headcount by title in zurich', 'people.headcount_in_office', { office: 'Zürich' }],
    ['headcount by title in SÃO PAULO', 'people.headcount_in_office', { office: 'São Paulo' }],
    ['headcount by title in Montreal', 'people.headcount_in_office', { office: 'Montréal' }],
    ['payroll by title for region emea', 'compensation.payroll_by_region', { region: 'EMEA' }],
  ])('%s', async (question, block, params) => {
    const run = await ask(question);
    expect(run).toMatchObject({ tier: 1, trust: 'certified', block, params });
    expect(run.rowCount).toBeGreaterThan(0);
  });

  it('the rows are the ones the value selects', async () => {
    const run = await ask('top 3 earners in sales');
    expect(run.rows.map((r) => r['name'])).toEqual(['Liam Chen', 'Ava Smith', 'Mia Patel']);
  });
});

describe('a value or top-N the block does not take is explained, never bound', () => {
  it.each<[string, RegExp]>([
    ['top 3 earners in Salse', /"Salse" is not a department value .*Closest: Sales/],
    ['top 3 earners in Marketing', /"Marketing" is not a department value/],
    ['headcount by title in Zurch', /Closest: Zürich/],
    ['payroll by title for region LATAM', /"LATAM" is not a region value/],
    ['top 0 earners in Sales', /top-N from 1 to 25 .*asks for 0/],
    ['top -5 earners in Sales', /asks for -5/],
    ['top 100 earners in Sales', /top-N from 1 to 25 .*asks for 100/],
  ])('%s', async (question, why) => {
    const run = await ask(question);
    expect(run).toMatchObject({ tier: 3, trust: 'refused', refusal: { code: 'VALUE_NOT_ACCEPTED' } });
    expect(run.refusal?.reason).toMatch(why);
    expect(run.rows).toEqual([]);
  });
});

describe('svc agent ask prints the bound parameters', () => {
  it('text output names each value bound from the question', () => {
    const r = svc(['agent', 'ask', 'top 3 earners in sales'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Certified answer from compensation.top_earners');
    expect(r.stdout).toContain('Parameters from the question: top_n = 3, department = "Sales"');
  });
});
