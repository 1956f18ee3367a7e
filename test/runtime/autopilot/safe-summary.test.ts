/**
 * The bounded governed summary (spec 01 App Autopilot rule 6) of real block runs on a real SQLite
 * warehouse: an additive measure gets its subtotal along its axis; an average, a distinct count,
 * a ratio, a measure additive only along another axis, a dimension declared nonAdditive, a
 * limited query and an incomplete result get none, each with its reason; a large result, a
 * personal-data axis, and a summary whose values may not reach the model carry no groups.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { CompiledBlock, Manifest } from '../../../src/compiler/types.js';
import { safeSummary } from '../../../src/runtime/autopilot/index.js';
import { isLimited, measureKinds } from '../../../src/runtime/autopilot/measure-kinds.js';
import { runBlock } from '../../../src/runtime/blocks/run-block.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { blockSource, cleanupProjects, makeProject } from '../../helpers/project.js';
import { SQLITE_CONFIG } from '../helpers/warehouse.js';

const BY_REGION = `SELECT region,
           SUM(amount) AS revenue,
           AVG(amount) AS avg_amount,
           COUNT(DISTINCT customer) AS customers,
           ROUND(1.0 * SUM(amount) / COUNT(*), 2) AS per_sale
    FROM sales
    GROUP BY region
    ORDER BY region`;

const query = (sql: string) => `"""\n    ${sql}\n  """`;

const BLOCKS: Record<string, Record<string, string>> = {
  by_region: {
    query: query(BY_REGION),
    // Declared additive everywhere, to show the figure's own kind still decides.
    columns:
      '{\n    revenue = { additive = true }\n    avg_amount = { additive = true }\n    customers = { additive = true }\n    per_sale = { additive = true }\n  }',
    visualization: '{ chart = "bar"  x = "region"  y = "revenue" }',
  },
  along_day_only: {
    query: query('SELECT region, SUM(amount) AS revenue FROM sales GROUP BY region ORDER BY region'),
    columns: '{ revenue = { additive = ["day"] } }',
  },
  balance_by_day: {
    query: query('SELECT day, SUM(amount) AS balance FROM sales GROUP BY day ORDER BY day'),
    columns: '{\n    day = { nonAdditive = true }\n    balance = { additive = true }\n  }',
  },
  top_regions: {
    // A parameter is declared in its own section: params { top_n: number = 2 }.
    columns: '{ revenue = { additive = true } }\n  params {\n    top_n: number = 2\n  }',
    query: query('SELECT region, SUM(amount) AS revenue FROM sales GROUP BY region ORDER BY revenue DESC LIMIT ${top_n}'),
  },
  by_customer: {
    query: query('SELECT customer, SUM(amount) AS revenue FROM sales GROUP BY customer'),
    columns: '{\n    customer = { sensitive = "contact" }\n    revenue = { additive = true }\n  }',
  },
  by_sale: { query: query('SELECT id, amount FROM sales'), columns: '{ amount = { additive = true } }' },
};

let root: string;
let manifest: Manifest;
let executor: Executor;

beforeAll(() => {
  const files: Record<string, string> = { 'svc.config.json': JSON.stringify(SQLITE_CONFIG) };
  for (const [name, fields] of Object.entries(BLOCKS)) files[`domains/sales/blocks/${name}.svc`] = blockSource(name, fields);
  root = makeProject(files);
  mkdirSync(join(root, 'data'));
  const db = new Database(join(root, 'data/warehouse.db'));
  db.exec('CREATE TABLE sales (id INTEGER, region TEXT, customer TEXT, day TEXT, amount REAL)');
  const insert = db.prepare('INSERT INTO sales VALUES (?, ?, ?, ?, ?)');
  const rows: Array<[string, string, string, number]> = [
    ['north', 'a@x.test', '2025-01-01', 10],
    ['north', 'b@x.test', '2025-01-02', 30],
    ['south', 'a@x.test', '2025-01-01', 5],
    ['east', 'c@x.test', '2025-01-02', 7.5],
  ];
  for (let i = 0; i < 40; i++) {
    const [region, customer, day, amount] = rows[i % rows.length]!;
    insert.run(i + 1, region, customer, day, amount);
  }
  db.close();
  const compiled = compileProject({ project: root, cache: false });
  manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
  executor = createExecutor({ root, config: compiled.config as SvcConfig });
});

afterAll(async () => {
  await executor?.close();
  cleanupProjects();
});

async function summary(name: string, options: { valuesAllowed?: boolean; maxRows?: number; groupBy?: string } = {}) {
  const block = manifest.blocks[`sales.${name}`] as CompiledBlock;
  expect(block, name).toBeDefined();
  const run = await runBlock(executor, undefined, block, {}, { maxRows: options.maxRows ?? 25 });
  const facts = { ok: run.ok, columns: run.columns, rows: run.rows, rowCount: run.rowCount, truncated: run.truncated };
  return safeSummary({
    block,
    facts,
    filters: ['since'],
    valuesAllowed: options.valuesAllowed ?? true,
    ...(options.groupBy ? { groupBy: options.groupBy } : {}),
  });
}

describe('subtotals', () => {
  it('an additive measure gets its subtotal; an average, a distinct count and a ratio get none', async () => {
    const s = await summary('by_region');
    expect(s.axis).toBe('region');
    expect(s.groups).toHaveLength(3);
    expect(s.subtotals).toEqual({ revenue: 525 });
    expect(Object.keys(s.noSubtotal ?? {}).sort()).toEqual(['avg_amount', 'customers', 'per_sale']);
    expect(s.noSubtotal?.['avg_amount']).toMatch(/average/);
    expect(s.noSubtotal?.['customers']).toMatch(/distinct count/);
    expect(s.noSubtotal?.['per_sale']).toMatch(/ratio/);
  });

  it.each([
    ['along_day_only', 'revenue', /not declared additive along region/],
    ['balance_by_day', 'balance', /day is declared nonAdditive/],
    ['top_regions', 'revenue', /limited/],
  ])('%s: %s gets none', async (name, measure, why) => {
    const s = await summary(name);
    expect(s.subtotals).toBeUndefined();
    expect(s.noSubtotal?.[measure]).toMatch(why);
  });

  it('a limited query is described as its displayed group set', async () => {
    const s = await summary('top_regions');
    expect(s.groups).toHaveLength(2);
    expect(s.scope).toBe('the 2 groups the limited query displays, not every region');
  });

  it('an incomplete result gets no groups and no subtotal', async () => {
    const s = await summary('by_region', { maxRows: 2 });
    expect(s).toEqual({ columns: ['region', 'revenue', 'avg_amount', 'customers', 'per_sale'], rowCount: 2, complete: false, filters: ['since'] });
  });
});

describe('what a summary never carries', () => {
  it.each([
    ['a large result', 'by_sale', {}],
    ['a personal-data axis', 'by_customer', {}],
    ['values that may not reach the model', 'by_region', { valuesAllowed: false }],
  ])('%s: columns, row count and filter names only', async (_name, block, options) => {
    const s = await summary(block, { ...options, maxRows: 100 });
    expect(Object.keys(s).sort()).toEqual(['columns', 'complete', 'filters', 'rowCount']);
  });
});

describe('reading a query', () => {
  it.each([
    [BY_REGION, { region: 'other', revenue: 'other', avg_amount: 'average', customers: 'distinct_count', per_sale: 'ratio' }],
    ["SELECT k.week_start, COUNT(*) AS n, 'a/b' AS label -- x / y\nFROM t", { week_start: 'other', n: 'other', label: 'other' }],
    ['SELECT extract(year from d) AS y, SUM(x) AS s FROM t', { y: 'other', s: 'other' }],
  ])('%s', (sql, kinds) => {
    expect(measureKinds(sql)).toEqual(kinds);
  });

  it.each([
    ['SELECT a FROM t LIMIT 5', true],
    ['SELECT TOP 5 a FROM t', true],
    ['SELECT a FROM t FETCH FIRST 5 ROWS ONLY', true],
    ["SELECT a FROM t WHERE note = 'limit'", false],
    ['SELECT a FROM t', false],
  ])('%s limited: %s', (sql, limited) => {
    expect(isLimited(sql)).toBe(limited);
  });
});
