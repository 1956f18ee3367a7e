/**
 * Every test operator the grammar accepts, evaluated by svc certify on every row of a real
 * run: each passing assertion certifies, each failing one refuses with the failing row count.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifyBlock } from '../../../src/runtime/certify/certify-block.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { fixedNow, testOwner } from './helpers.js';

afterAll(cleanupProjects);

const QUERY = `SELECT 1 AS n, 'a' AS s, NULL AS z, 'x' AS k UNION ALL SELECT 2, 'b', NULL, 'x' UNION ALL SELECT 3, 'c', NULL, 'x'`;

function block(tests: string[]): string {
  return `block "probe" {
  domain = "sales"
  status = "review"
  description = "Three rows for the operator table."
  owner = "qa@acme.test"
  query = """ ${QUERY} """
  tests {
${tests.map((t) => `    assert ${t}`).join('\n')}
  }
}
`;
}

// [operator, passing assertion, failing assertion, failing rows of the failing one]
const OPERATORS: Array<[string, string, string, number | undefined]> = [
  ['row_count >', 'row_count > 2', 'row_count > 3', undefined],
  ['row_count ==', 'row_count == 3', 'row_count == 2', undefined],
  ['>', 'n > 0', 'n > 1', 1],
  ['<', 'n < 4', 'n < 3', 1],
  ['>=', 'n >= 1', 'n >= 2', 1],
  ['<=', 'n <= 3', 'n <= 2', 1],
  ['==', 'k == "x"', 'n == 2', 2],
  ['!=', 'n != 0', 'n != 2', 1],
  ['in', 's in ["a", "b", "c"]', 's in ["a", "b"]', 1],
  ['not in', 's not in ["x"]', 's not in ["c", "b"]', 2],
  ['between', 'n between 1 and 3', 'n between 2 and 3', 1],
  ['is null', 'z is null', 'n is null', 3],
  ['is not null', 'n is not null', 'z is not null', 3],
];

let dir = '';
const FILE = 'domains/sales/blocks/probe.svc';

beforeAll(() => {
  dir = copyFixture('commerce', { withData: true });
});

async function certifyWith(tests: string[]) {
  writeFileSync(join(dir, FILE), block(tests));
  return certifyBlock({ cwd: dir, target: FILE, now: fixedNow, resolveOwner: testOwner });
}

describe('test operators on every row', () => {
  it.each(OPERATORS)('%s fails on the rows that break it', async (_op, _pass, failing, rows) => {
    const r = await certifyWith([failing]);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['certification/tests-pass']);
    expect(r.tests).toEqual([expect.objectContaining({ pass: false, ...(rows !== undefined ? { failures: rows } : {}) })]);
    // Canonical test text drops the spaces inside lists.
    expect(r.tests[0]?.text.replace(/\s/g, '')).toBe(failing.replace(/\s/g, ''));
  });

  it('certifies when every passing assertion holds on every row', async () => {
    const r = await certifyWith(OPERATORS.map(([, passing]) => passing));
    expect(r.tests.filter((t) => !t.pass)).toEqual([]);
    expect(r).toMatchObject({ ok: true, exitCode: 0 });
  });

  it('a block with no tests is refused, never certified', async () => {
    writeFileSync(join(dir, FILE), block([]).replace(/\n {2}tests \{\n\n {2}\}/, ''));
    const r = await certifyBlock({ cwd: dir, target: FILE, now: fixedNow, resolveOwner: testOwner });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['certification/tests-required']);
  });
});
