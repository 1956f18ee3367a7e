/**
 * One statement cannot hurt everyone: model-written statements never hold every statement
 * process, so an ordinary statement runs beside two runaway ones; one host caller never holds
 * every process either; a statement that cannot be admitted before its deadline never starts.
 * Real SQLite processes and real timings, bounded generously (a 30-second statement against a
 * person's answer within a few seconds).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Asker, Principal } from '../../src/hooks/context/request-context.js';
import { openSqliteConnector } from '../../src/warehouse/connectors/sqlite.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor, StatementError, StatementOrigin } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { numbersProject, SQLITE_CONFIG, statementProcesses } from '../runtime/helpers/warehouse.js';

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS n FROM c';
const QUICK = 'SELECT COUNT(*) AS n FROM nums';

const open: Executor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
  expect(statementProcesses()).toEqual([]);
});
afterAll(() => cleanupProjects());

function setup(processes: number): Executor {
  const executor = createExecutor({
    root: numbersProject(5),
    config: SQLITE_CONFIG,
    connectors: { sqlite: (target) => openSqliteConnector(target, { processes }) },
  });
  open.push(executor);
  return executor;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: StatementError) => e.code,
  );
const host = (id: string): Principal => ({ id, kind: 'person', source: 'host' });

async function timed(executor: Executor, origin: StatementOrigin, asker: Asker = undefined): Promise<number> {
  const started = performance.now();
  const r = await executor.execute({ asker, sql: QUICK, params: [], origin, deadlineMs: 20_000 });
  expect(r.rows).toEqual([{ n: 5 }]);
  return performance.now() - started;
}

describe('admission to the statement processes', () => {
  it.each([1, 2, 3])('with %i process(es), runaway model statements leave a person a process', async (processes) => {
    const executor = setup(processes);
    const runaways = Array.from({ length: processes + 1 }, () =>
      outcome(executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'model', deadlineMs: 30_000 })),
    );
    await sleep(300);
    // A person's statement and a block's do not wait for the 30-second statements.
    expect(await timed(executor, 'person')).toBeLessThan(5_000);
    expect(await timed(executor, 'block')).toBeLessThan(5_000);
    await executor.close();
    expect(await Promise.all(runaways)).toEqual(Array(processes + 1).fill('CONNECTION_UNAVAILABLE'));
  });

  it('a model statement waits for a model share and times out without starting', async () => {
    const executor = setup(2);
    const runaway = outcome(executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'model', deadlineMs: 30_000 }));
    await sleep(200);
    const started = performance.now();
    expect(await outcome(executor.execute({ asker: undefined, sql: QUICK, params: [], origin: 'tool', deadlineMs: 300 }))).toBe('STATEMENT_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(5_000);
    // The other process stayed free for everyone else the whole time.
    expect(await timed(executor, 'person')).toBeLessThan(5_000);
    await executor.close();
    expect(await runaway).toBe('CONNECTION_UNAVAILABLE');
  });

  it('one host caller never holds every process; another caller is served beside them', async () => {
    const executor = setup(2);
    const alice = [0, 1].map(() =>
      outcome(
        executor.execute({ asker: { requestId: 'a', action: 'ask', principal: host('alice') }, sql: SLOW, params: [], origin: 'person', deadlineMs: 30_000 }),
      ),
    );
    await sleep(300);
    const started = performance.now();
    await timed(executor, 'person', { requestId: 'b', action: 'ask', principal: host('bob') });
    expect(performance.now() - started).toBeLessThan(5_000);
    await executor.close();
    expect(await Promise.all(alice)).toEqual(['CONNECTION_UNAVAILABLE', 'CONNECTION_UNAVAILABLE']);
  });

  it('the local owner may use every process', async () => {
    const executor = setup(2);
    const local: Principal = { id: 'owner@acme.test', kind: 'person', source: 'local' };
    const slow = outcome(
      executor.execute({ asker: { requestId: 'l', action: 'ask', principal: local }, sql: SLOW, params: [], origin: 'person', deadlineMs: 30_000 }),
    );
    await sleep(200);
    expect(await timed(executor, 'person', { requestId: 'm', action: 'ask', principal: local })).toBeLessThan(5_000);
    await executor.close();
    expect(await slow).toBe('CONNECTION_UNAVAILABLE');
  });
});
