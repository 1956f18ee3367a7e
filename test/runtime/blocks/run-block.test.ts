/**
 * runBlock: `${name}` -> `?` in order of appearance, values or declared defaults, coercion by
 * declared type, typed errors instead of crashes; and every certified block of the commerce
 * fixture runs and passes its own tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { CompiledBlock, CompiledParam } from '../../../src/compiler/types.js';
import { evaluateTests } from '../../../src/runtime/blocks/evaluate-tests.js';
import { bindBlock, runBlock } from '../../../src/runtime/blocks/run-block.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor, StatementRequest } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject, numbersProject, SQLITE_CONFIG } from '../helpers/warehouse.js';

function block(query: string, params: CompiledParam[] = [], extra: Partial<CompiledBlock> = {}): CompiledBlock {
  return {
    id: 'test.b',
    name: 'b',
    domain: 'test',
    file: 'domains/test/blocks/b.svc',
    span: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
    layout: 'domain',
    inDrafts: false,
    status: 'certified',
    tags: [],
    outputs: [],
    sourceSystems: [],
    examples: [],
    params,
    paramsUsed: [],
    query,
    connection: 'default',
    dialect: 'sqlite',
    tests: [],
    extra: {},
    tables: [],
    tablesFrom: 'lexer',
    sourceSha256: '',
    sqlFingerprint: '',
    ...extra,
  } as CompiledBlock;
}

const p = (name: string, type: CompiledParam['type'], def?: CompiledParam['default']): CompiledParam =>
  def === undefined ? { name, type, required: true } : { name, type, default: def, required: false };

afterAll(() => cleanupProjects());

describe('bindBlock', () => {
  it('binds a name used twice twice, in order of appearance', () => {
    const b = block('SELECT ${a} AS x, ${b} AS y, ${ a } AS z', [p('b', 'string', 'B'), p('a', 'number', 1)]);
    expect(bindBlock(b, { a: '7' })).toEqual({ sql: 'SELECT ? AS x, ? AS y, ? AS z', params: [7, 'B', 7] });
  });

  it.each([
    // [type, given, bound]
    ['number', '12.5', 12.5],
    ['number', 3, 3],
    ['number', ' -4e2 ', -400],
    ['integer', '12', 12],
    ['integer', 12, 12],
    ['boolean', true, true],
    ['boolean', 'false', false],
    ['boolean', 'TRUE', true],
    ['boolean', 0, false],
    ['date', '2024-02-29', '2024-02-29'],
    ['string', 'CA', 'CA'],
    ['string', 5, '5'],
    ['date', null, null],
    ['number', null, null],
  ] as const)('coerces %s %j to %j', (type, given, bound) => {
    expect(bindBlock(block('SELECT ${v}', [p('v', type)]), { v: given })).toEqual({ sql: 'SELECT ?', params: [bound] });
  });

  it.each([
    ['number', 'abc'],
    ['number', Number.NaN],
    ['number', Number.POSITIVE_INFINITY],
    ['number', ''],
    ['number', true],
    ['integer', '1.5'],
    ['integer', 2 ** 60],
    ['boolean', 'yes'],
    ['boolean', 2],
    ['date', '2024-02-30'],
    ['date', '2023-02-29'],
    ['date', '24-01-01'],
    ['date', '2024-1-1'],
    ['date', 20240101],
    ['string', { a: 1 }],
    ['string', ['x']],
  ] as const)('refuses %s %j with PARAM_INVALID naming the parameter', (type, given) => {
    const r = bindBlock(block('SELECT ${v}', [p('v', type)]), { v: given });
    expect(r).toMatchObject({ code: 'PARAM_INVALID', param: 'v' });
    expect((r as { message: string }).message).toContain('"v"');
  });

  it('uses declared defaults and reports a missing required value', () => {
    const b = block('SELECT ${since}, ${region}', [p('since', 'date', '2024-01-01'), p('region', 'string')]);
    expect(bindBlock(b, { region: 'CA' })).toEqual({ sql: 'SELECT ?, ?', params: ['2024-01-01', 'CA'] });
    expect(bindBlock(b, {})).toMatchObject({ code: 'PARAM_REQUIRED', param: 'region' });
    expect(bindBlock(b, { region: 'CA', regoin: 'x' })).toMatchObject({ code: 'PARAM_UNKNOWN', param: 'regoin' });
    expect(bindBlock(block('SELECT ${ghost}'), {})).toMatchObject({ code: 'PARAM_UNKNOWN', param: 'ghost' });
  });
});

describe('runBlock', () => {
  let executor: Executor;
  const seen: StatementRequest[] = [];
  beforeAll(() => {
    const real = createExecutor({ root: numbersProject(20), config: SQLITE_CONFIG });
    executor = { ...real, execute: (r) => (seen.push(r), real.execute(r)) };
  });
  afterAll(() => executor.close());

  it('runs with origin block on the block connection and binds values', async () => {
    const b = block('SELECT n FROM nums WHERE n >= ${lo} AND n <= ${hi} ORDER BY n', [p('lo', 'integer', 1), p('hi', 'integer')]);
    const run = await runBlock(executor, undefined, b, { hi: '3' });
    expect(run).toMatchObject({ ok: true, columns: ['n'], rows: [{ n: 1 }, { n: 2 }, { n: 3 }], rowCount: 3, truncated: false });
    expect(seen.at(-1)).toMatchObject({ origin: 'block', connection: 'default', params: [1, 3] });
  });

  it('answers parameter and statement failures as ok: false with a code', async () => {
    const b = block('SELECT n FROM nums WHERE n = ${n}', [p('n', 'integer')]);
    const before = seen.length;
    expect(await runBlock(executor, undefined, b)).toMatchObject({ ok: false, rowCount: 0, error: { code: 'PARAM_REQUIRED', param: 'n' } });
    expect(seen.length).toBe(before);
    expect(await runBlock(executor, undefined, block('DELETE FROM nums'))).toMatchObject({ ok: false, error: { code: 'ROW_POLICY_REFUSED', reason: 'write' } });
    expect(await runBlock(executor, undefined, block('SELECT nope FROM nums'))).toMatchObject({ ok: false, error: { code: 'WAREHOUSE_ERROR' } });
    expect(await runBlock(executor, undefined, block('SELECT 1', [], { connection: 'other' }))).toMatchObject({
      ok: false,
      error: { code: 'CONNECTION_UNAVAILABLE' },
    });
  });

  it('honours a row cap', async () => {
    const run = await runBlock(executor, undefined, block('SELECT n FROM nums'), {}, { maxRows: 4 });
    expect(run).toMatchObject({ ok: true, rowCount: 4, truncated: true });
  });
});

describe('the commerce fixture', () => {
  it('runs every certified block with its defaults and passes its tests', async () => {
    const root = await commerceProject();
    const compiled = compileProject({ project: root });
    expect(compiled.exitCode).toBe(0);
    const manifest = JSON.parse(compiled.text ?? '{}') as { blocks: Record<string, CompiledBlock> };
    const executor = createExecutor({ root, config: compiled.config });
    try {
      const certified = Object.values(manifest.blocks).filter((b) => b.status === 'certified');
      expect(certified.length).toBeGreaterThan(5);
      for (const b of certified) {
        const run = await runBlock(executor, undefined, b);
        expect(run.error, b.id).toBeUndefined();
        const failing = evaluateTests(b.tests, run).filter((t) => !t.pass);
        expect(failing, b.id).toEqual([]);
      }
    } finally {
      await executor.close();
    }
  });
});
