/**
 * The one query path on a real SQLite file: the statement check comes first and a refusal
 * reaches no connector; values are bound, never spliced; the row cap and the connection's
 * failures surface as stable codes; every outcome emits one event.
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Connector, ConnectorFactory } from '../../src/warehouse/connectors/connector.js';
import { sqliteConnectorFactory } from '../../src/warehouse/connectors/sqlite.js';
import { createExecutor, type ExecutorOptions } from '../../src/warehouse/executor.js';
import { type Executor, StatementError, type StatementEvent } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { numbersProject, SQLITE_CONFIG } from '../runtime/helpers/warehouse.js';

const open: Executor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});
afterAll(() => cleanupProjects());

/** An executor over a 20-row `nums` table whose sqlite connector counts statements reaching it. */
function setup(extra: Partial<ExecutorOptions> = {}) {
  const root = numbersProject(20);
  const events: StatementEvent[] = [];
  const calls = { opened: 0, statements: 0 };
  const counting: ConnectorFactory = (target) => {
    calls.opened += 1;
    const inner: Connector = sqliteConnectorFactory(target);
    return { driver: inner.driver, close: () => inner.close(), runStatement: (s) => ((calls.statements += 1), inner.runStatement(s)) };
  };
  const executor = createExecutor({ root, config: SQLITE_CONFIG, onStatement: (e) => events.push(e), connectors: { sqlite: counting }, ...extra });
  open.push(executor);
  return { root, executor, events, calls };
}

async function failure(p: Promise<unknown>): Promise<StatementError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatementError);
  return error as StatementError;
}

describe('executor: byte bounds', () => {
  it.each<[string, string, Partial<ExecutorOptions>, string | null]>([
    ['one huge blob', 'SELECT randomblob(20000000) AS b', {}, 'RESULT_TOO_LARGE'],
    ['one huge text', 'SELECT hex(randomblob(3000000)) AS t', {}, 'RESULT_TOO_LARGE'],
    [
      'many rows over the total',
      'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 5000) SELECT i, hex(randomblob(512)) AS pad FROM r',
      {},
      'RESULT_TOO_LARGE',
    ],
    ['a cell under a raised bound', 'SELECT randomblob(2000000) AS b', { maxCellBytes: 4_000_000, maxResultBytes: 8_000_000 }, null],
    ['a small total bound', 'SELECT n FROM nums', { maxResultBytes: 64 }, 'RESULT_TOO_LARGE'],
    ['an ordinary result', 'SELECT n FROM nums', {}, null],
  ])('%s', async (_, sql, options, code) => {
    const { executor, events } = setup(options);
    const outcome = await executor.execute({ asker: undefined, sql, params: [], origin: 'model', maxRows: 100_000 }).then(
      () => null,
      (e: StatementError) => e.code,
    );
    expect(outcome).toBe(code);
    expect(events.at(-1)?.outcome).toBe(code === null ? 'ok' : 'error');
  });

  it('keeps the process small and stays usable after a refusal', async () => {
    const { executor } = setup();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 3; i++) {
      const e = await failure(executor.execute({ asker: undefined, sql: 'SELECT randomblob(50000000) AS b', params: [], origin: 'model' }));
      expect(e.code).toBe('RESULT_TOO_LARGE');
      expect(e.message).not.toMatch(/randomblob/);
    }
    // Nothing of the 50 MB value reached this process (a copy would add at least that much).
    expect(process.memoryUsage().rss - before).toBeLessThan(40_000_000);
    expect((await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS c FROM nums', params: [], origin: 'person' })).rows).toEqual([{ c: 20 }]);
  });

  it('a request may narrow the bounds, never past what it asks', async () => {
    const { executor } = setup();
    const e = await failure(executor.execute({ asker: undefined, sql: 'SELECT n FROM nums', params: [], origin: 'person', maxResultBytes: 10 }));
    expect(e.code).toBe('RESULT_TOO_LARGE');
  });
});

describe('executor: results', () => {
  it('binds values positionally and never splices them', async () => {
    const { executor } = setup();
    const hostile = "x' OR 1=1 --";
    const r = await executor.execute({ asker: undefined, sql: 'SELECT ? AS a, ? AS b, ? AS c, ? AS d', params: [hostile, 2.5, true, null], origin: 'person' });
    expect(r.columns).toEqual(['a', 'b', 'c', 'd']);
    expect(r.rows).toEqual([{ a: hostile, b: 2.5, c: 1, d: null }]);
    expect(r.truncated).toBe(false);
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('carries every SQLite value kind across the statement process intact', async () => {
    const { executor } = setup();
    const r = await executor.execute({
      asker: undefined,
      sql: "SELECT x'00ff10' AS blob, 1e999 AS inf, -1e999 AS ninf, 9007199254740991 AS big, 'é✓ \u2028' AS text, NULL AS nil, ? AS pinf, ? AS unicode, ? AS f",
      params: [Number.POSITIVE_INFINITY, '{"$svc":"num","v":"1"}', false],
      origin: 'person',
    });
    expect(r.rows).toEqual([
      {
        blob: { base64: Buffer.from([0, 255, 16]).toString('base64') },
        inf: Number.POSITIVE_INFINITY,
        ninf: Number.NEGATIVE_INFINITY,
        big: 9007199254740991,
        text: 'é✓ \u2028',
        nil: null,
        pinf: Number.POSITIVE_INFINITY,
        unicode: '{"$svc":"num","v":"1"}',
        f: 0,
      },
    ]);
  });

  it('answers a binary value as base64, never as a map of numbers', async () => {
    const { executor } = setup();
    const r = await executor.execute({ asker: undefined, sql: "SELECT x'48656c6c6f' AS b", params: [], origin: 'person' });
    expect(JSON.parse(JSON.stringify(r.rows))).toEqual([{ b: { base64: 'SGVsbG8=' } }]);
  });

  it('reads the project database through one reused connector', async () => {
    const { executor, calls } = setup();
    for (let i = 0; i < 3; i++) {
      const r = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM nums WHERE n > ?', params: [10], origin: 'block' });
      expect(r.rows).toEqual([{ n: 10 }]);
    }
    expect(calls).toEqual({ opened: 1, statements: 3 });
    expect(executor.driverOf()).toBe('sqlite');
  });

  it.each([
    { maxRows: 5, rows: 5, truncated: true },
    { maxRows: 20, rows: 20, truncated: false },
    { maxRows: 25, rows: 20, truncated: false },
    { maxRows: 0, rows: 0, truncated: true },
  ])('caps rows at $maxRows', async ({ maxRows, rows, truncated }) => {
    const { executor, events } = setup();
    const r = await executor.execute({ asker: undefined, sql: 'SELECT n FROM nums ORDER BY n', params: [], origin: 'person', maxRows });
    expect(r.rows).toHaveLength(rows);
    expect(r.truncated).toBe(truncated);
    expect(events.at(-1)).toMatchObject({ outcome: 'ok', rowCount: rows });
  });

  it('applies the executor-wide row cap by default', async () => {
    const { executor } = setup({ maxRows: 3 });
    const r = await executor.execute({ asker: undefined, sql: 'SELECT n FROM nums', params: [], origin: 'person' });
    expect(r.rows.map((row) => row['n'])).toEqual([1, 2, 3]);
    expect(r.truncated).toBe(true);
  });
});

describe('executor: the statement check comes first', () => {
  it.each([
    { sql: 'DELETE FROM nums', origin: 'person', reason: 'write' },
    { sql: 'SELECT 1; SELECT 2', origin: 'model', reason: 'several-statements' },
    { sql: "ATTACH DATABASE 'x.db' AS x", origin: 'platform', reason: 'attach' },
    { sql: 'PRAGMA table_info(nums)', origin: 'tool', reason: 'pragma' },
    { sql: "SELECT 'open", origin: 'block', reason: 'unreadable' },
  ] as const)('refuses $reason ($origin) and runs nothing', async ({ sql, origin, reason }) => {
    const { executor, events, calls } = setup();
    const error = await failure(executor.execute({ asker: undefined, sql, params: [], origin }));
    expect(error.code).toBe('ROW_POLICY_REFUSED');
    expect(error.reason).toBe(reason);
    expect(error.message).not.toContain('nums');
    expect(calls).toEqual({ opened: 0, statements: 0 });
    expect(events).toEqual([{ engine: 'sqlite', connection: 'default', origin, read: 'data', outcome: 'refused', durationMs: expect.any(Number) }]);
  });

  it('lets a platform write through the check, and the read-only file still refuses it', async () => {
    const { executor, calls, events } = setup();
    const error = await failure(executor.execute({ asker: undefined, sql: 'DELETE FROM nums', params: [], origin: 'platform' }));
    expect(error.code).toBe('WAREHOUSE_ERROR');
    expect(error.message).toMatch(/readonly/i);
    expect(calls.statements).toBe(1);
    expect(events.at(-1)?.outcome).toBe('error');
    const r = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM nums', params: [], origin: 'person' });
    expect(r.rows).toEqual([{ n: 20 }]);
  });
});

describe('executor: failures', () => {
  it('answers WAREHOUSE_ERROR with the engine words', async () => {
    const { executor, events } = setup();
    const error = await failure(executor.execute({ asker: undefined, sql: 'SELECT * FROM missing_table', params: [], origin: 'person' }));
    expect(error.code).toBe('WAREHOUSE_ERROR');
    expect(error.message).toContain('no such table');
    expect(events.at(-1)?.outcome).toBe('error');
  });

  it('answers CONNECTION_UNAVAILABLE for a missing database, naming only the project path', async () => {
    const root = numbersProject(1);
    const config = { project: 'demo', connections: { default: { driver: 'sqlite', path: 'data/absent.db' } } };
    const executor = createExecutor({ root, config });
    open.push(executor);
    const error = await failure(executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person' }));
    expect(error.code).toBe('CONNECTION_UNAVAILABLE');
    expect(error.message).toContain('data/absent.db');
    expect(error.message).not.toContain(root);
  });

  it.each([
    { connection: 'elsewhere', words: 'no connection named' },
    { connection: 'pg', words: 'names no server' },
    { connection: 'sf', words: 'No connector for driver' },
  ])('answers CONNECTION_UNAVAILABLE for $connection', async ({ connection, words }) => {
    const config = { ...SQLITE_CONFIG, connections: { ...SQLITE_CONFIG.connections, pg: { driver: 'postgresql' }, sf: { driver: 'snowflake' } } };
    const { executor } = setup({ config });
    const error = await failure(executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person', connection }));
    expect(error.code).toBe('CONNECTION_UNAVAILABLE');
    expect(error.message).toContain(words);
  });

  it('keeps going when the observer throws', async () => {
    const root = numbersProject(1);
    const executor = createExecutor({
      root,
      config: SQLITE_CONFIG,
      onStatement: () => {
        throw new Error('observer');
      },
    });
    open.push(executor);
    await expect(executor.execute({ asker: undefined, sql: 'SELECT 1 AS one', params: [], origin: 'person' })).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('refuses statements after close', async () => {
    const { executor, root } = setup();
    await executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person' });
    await executor.close();
    const error = await failure(executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person' }));
    expect(error.code).toBe('CONNECTION_UNAVAILABLE');
    expect(join(root, 'data')).toBeTruthy();
  });
});
