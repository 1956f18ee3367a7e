/**
 * `svc certify` reports one finding per cause, where the author fixes it (real child processes on
 * the commerce SQLite warehouse): a query reading a missing table gives the engine's one finding
 * at the table's line and column (not three findings at 1:1), and a test on a column the result
 * lacks says "column X is not in the result" at its `assert` line; a connection it cannot reach is
 * said to be one, at the config, instead of a fault of the query.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

function block(table: string, column: string): string {
  return `block "b" {
  domain = "hr"
  status = "draft"
  description = "Customer names."
  owner = "o@x.test"
  query = """
    SELECT name, state FROM ${table}
  """
  tests {
    assert row_count > 0
    assert ${column} is not null
  }
}
`;
}

interface Found {
  code: string;
  message: string;
  span?: { start: { line: number; column: number } };
}

describe('svc certify on a connection it cannot reach', () => {
  it('says the connection cannot be reached, at the config, instead of blaming the query', async () => {
    const root = await commerceProject();
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), block('customers', 'state'));
    const config = join(root, 'svc.config.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('data/warehouse.db', 'data/warehous.db'));
    const run = svc(['certify', 'hr.b', '--format', 'json'], root);
    expect(run.code).toBe(1);
    const found = (JSON.parse(run.stdout) as { diagnostics: Array<Found & { file?: string; hint?: string }> }).diagnostics.filter((d) =>
      d.code.startsWith('certification/'),
    );
    expect(found.map((d) => [d.code, d.file])).toEqual([['certification/engine-accepts', 'svc.config.json']]);
    expect(found[0]?.message).toContain('connection default cannot be reached');
    expect(found[0]?.message).toContain('data/warehous.db');
    expect(found[0]?.hint).toContain('svc doctor');
  });
});

describe('svc certify, one finding per cause', () => {
  it.each<[string, string, string, Array<[string, number, number]>, string]>([
    ['a missing table', 'customer', 'state', [['certification/engine-accepts', 7, 29]], 'no such table: customer'],
    ['a test on a column the result lacks', 'customers', 'stat', [['certification/tests-pass', 11, 12]], 'column stat is not in the result'],
  ])('%s', async (_name, table, column, expected, words) => {
    const root = await commerceProject();
    mkdirSync(join(root, 'domains/hr/blocks'), { recursive: true });
    writeFileSync(join(root, 'domains/hr/blocks/b.svc'), block(table, column));
    const run = svc(['certify', 'hr.b', '--format', 'json'], root);
    expect(run.code).toBe(1);
    const found = (JSON.parse(run.stdout) as { diagnostics: Found[] }).diagnostics.filter((d) => d.code.startsWith('certification/'));
    expect(found.map((d) => [d.code, d.span?.start.line, d.span?.start.column])).toEqual(expected);
    expect(found[0]?.message).toContain(words);
    const text = svc(['certify', 'hr.b'], root);
    expect(text.stdout).toContain(`domains/hr/blocks/b.svc:${expected[0]?.[1]}:${expected[0]?.[2]} error`);
  });
});
