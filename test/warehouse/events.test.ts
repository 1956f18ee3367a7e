/**
 * Statement events never carry SQL, parameters, rows or who asked (spec 03, Events). Property:
 * a random secret planted in the statement text (literal, alias, table name, comment) and in
 * the parameters never appears in any event, whatever the outcome.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { StatementEvent, StatementOrigin } from '../../src/warehouse/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { numbersProject, SQLITE_CONFIG } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

const EVENT_KEYS = ['connection', 'durationMs', 'engine', 'origin', 'outcome', 'read', 'rowCount'];

/** Statements planting `s`: ones that run, fail in the engine, are refused, or time out. */
function statements(s: string): Array<{ sql: string; params: string[]; deadlineMs?: number }> {
  return [
    { sql: `SELECT '${s}' AS v, ? AS w`, params: [s] },
    { sql: `SELECT n AS ${s} FROM nums WHERE label <> ? /* ${s} */`, params: [s] },
    { sql: `SELECT * FROM ${s} WHERE x = ?`, params: [s] },
    { sql: `DELETE FROM nums WHERE label = '${s}'`, params: [] },
    { sql: `SELECT ? AS v -- ${s}\n, '${s}' AS w`, params: [s] },
    {
      sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS ${s} FROM c WHERE ? <> ''`,
      params: [s],
      deadlineMs: 30,
    },
  ];
}

describe('statement events', () => {
  it('never contain the statement text or parameter values', async () => {
    const events: StatementEvent[] = [];
    const executor = createExecutor({ root: numbersProject(3), config: SQLITE_CONFIG, onStatement: (e) => events.push(e) });
    const origins: StatementOrigin[] = ['block', 'person', 'model', 'tool', 'platform'];
    try {
      await fc.assert(
        fc.asyncProperty(fc.stringMatching(/^[a-z]{4}[a-z0-9_]{8,20}$/), fc.constantFrom(...origins), async (secret, origin) => {
          const before = events.length;
          let run = 0;
          for (const st of statements(secret)) {
            await executor.execute({ asker: undefined, ...st, origin }).catch(() => undefined);
            run += 1;
          }
          const mine = events.slice(before);
          expect(mine).toHaveLength(run);
          const text = JSON.stringify(mine);
          expect(text).not.toContain(secret);
          for (const e of mine) expect(EVENT_KEYS).toEqual(expect.arrayContaining(Object.keys(e)));
        }),
        { numRuns: 12 },
      );
    } finally {
      await executor.close();
    }
    expect(new Set(events.map((e) => e.outcome))).toEqual(new Set(['ok', 'error', 'refused', 'timeout']));
  });
});
