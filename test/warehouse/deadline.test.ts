/**
 * The deadline is real: better-sqlite3 cannot interrupt a statement, so the statement process
 * is killed. A recursive CTE counting to 1e9 (minutes of work) must stop at ~200 ms, its
 * process must be gone, and the connection must serve the next statement.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSqliteConnector } from '../../src/warehouse/connectors/sqlite.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { type Executor, StatementError, type StatementEvent } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { numbersProject, SQLITE_CONFIG, statementProcesses } from '../runtime/helpers/warehouse.js';

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS n FROM c';

const open: Executor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
  expect(statementProcesses()).toEqual([]);
});
afterAll(() => cleanupProjects());

function setup(processes: number) {
  const events: StatementEvent[] = [];
  const executor = createExecutor({
    root: numbersProject(5),
    config: SQLITE_CONFIG,
    onStatement: (e) => events.push(e),
    connectors: { sqlite: (target) => openSqliteConnector(target, { processes }) },
  });
  open.push(executor);
  return { executor, events };
}

async function sleep(ms: number): Promise<void> {
  await new Promise((done) => setTimeout(done, ms));
}

describe('executor deadline', () => {
  it('stops a runaway statement at 200 ms and kills its process', async () => {
    const { executor, events } = setup(1);
    await executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person' });
    const [pid] = statementProcesses();
    expect(pid).toBeTypeOf('number');
    const started = performance.now();
    const error = await executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'person', deadlineMs: 200 }).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(StatementError);
    expect((error as StatementError).code).toBe('STATEMENT_TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(2_000);
    expect(events.at(-1)).toMatchObject({ outcome: 'timeout' });
    await sleep(100);
    // The killed process is gone (reaped), not merely abandoned while it keeps counting.
    expect(statementProcesses()).not.toContain(pid);
    const next = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM nums', params: [], origin: 'person' });
    expect(next.rows).toEqual([{ n: 5 }]);
  });

  it('times out a statement still waiting behind a slow one without running it', async () => {
    const { executor, events } = setup(1);
    const slow = executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'person', deadlineMs: 400 }).catch((e: StatementError) => e.code);
    const queued = executor.execute({ asker: undefined, sql: 'SELECT 1', params: [], origin: 'person', deadlineMs: 100 }).catch((e: StatementError) => e.code);
    expect(await queued).toBe('STATEMENT_TIMEOUT');
    expect(await slow).toBe('STATEMENT_TIMEOUT');
    expect(events.map((e) => e.outcome)).toEqual(['timeout', 'timeout']);
  });

  it('runs fast statements beside a slow one when it has two processes', async () => {
    const { executor } = setup(2);
    const slow = executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'person', deadlineMs: 600 }).catch((e: StatementError) => e.code);
    await sleep(50);
    const fast = await executor.execute({ asker: undefined, sql: 'SELECT COUNT(*) AS n FROM nums', params: [], origin: 'person', deadlineMs: 5_000 });
    expect(fast.rows).toEqual([{ n: 5 }]);
    expect(await slow).toBe('STATEMENT_TIMEOUT');
  });
});
