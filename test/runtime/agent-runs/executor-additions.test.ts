/**
 * What the Ask cascade added to the one query path, on real SQLite files: the catalog (names
 * only, through fixed statements, reported as platform statements) and the opt-in result cache
 * for block statements (hits, misses by parameter and row cap, other origins never cached,
 * invalidation when the database file changes, LRU bounds, frozen shared rows).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createExecutor } from '../../../src/warehouse/executor.js';
import { cacheKey, ResultCache } from '../../../src/warehouse/result-cache.js';
import type { Executor, StatementEvent } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject, numbersProject, SQLITE_CONFIG } from '../helpers/warehouse.js';

const open: Executor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});
afterAll(cleanupProjects);

function executorFor(root: string, events: StatementEvent[], resultCache: boolean | { statIntervalMs: number } = { statIntervalMs: 0 }): Executor {
  const e = createExecutor({ root, config: SQLITE_CONFIG, resultCache, onStatement: (ev) => events.push(ev) });
  open.push(e);
  return e;
}

describe('catalog', () => {
  it('lists the warehouse tables and columns, not SQLite internals, as platform statements', async () => {
    const events: StatementEvent[] = [];
    const catalog = await executorFor(await commerceProject(), events).catalog!({ asker: undefined });
    expect(catalog.truncated).toBe(false);
    expect(catalog.tables.map((t) => t.name)).toEqual(['calendar', 'customers', 'order_items', 'orders', 'payments', 'products']);
    expect(catalog.tables.find((t) => t.name === 'orders')?.columns).toEqual([
      { name: 'id', type: 'INTEGER' },
      { name: 'customer_id', type: 'INTEGER' },
      { name: 'ordered_at', type: 'TEXT' },
      { name: 'status', type: 'TEXT' },
      { name: 'amount', type: 'REAL' },
      { name: 'state', type: 'TEXT' },
      { name: 'channel', type: 'TEXT' },
    ]);
    expect(events).toHaveLength(7);
    expect(events.every((e) => e.origin === 'platform' && e.outcome === 'ok')).toBe(true);
  });

  it('binds a table name, so a hostile name is just a table that does not exist', async () => {
    const root = numbersProject(3);
    const db = new Database(join(root, 'data/warehouse.db'));
    db.exec(`CREATE TABLE "x'); DROP TABLE nums; --" (a INTEGER)`);
    db.close();
    const catalog = await executorFor(root, []).catalog!({ asker: undefined, maxTables: 1 });
    expect(catalog).toMatchObject({ truncated: true, tables: [{ name: 'nums' }] });
    const all = await executorFor(root, []).catalog!({ asker: undefined });
    expect(all.tables.map((t) => [t.name, t.columns.map((c) => c.name)])).toEqual([
      ['nums', ['n', 'label']],
      ["x'); DROP TABLE nums; --", ['a']],
    ]);
  });
});

describe('block result cache', () => {
  const SQL = 'SELECT COUNT(*) AS n, MAX(n) AS top FROM nums WHERE n >= ?';

  it('answers a repeated block statement from the cache; other params, caps and origins run', async () => {
    const events: StatementEvent[] = [];
    const e = executorFor(numbersProject(10), events);
    const first = await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' });
    const second = await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' });
    expect(second.rows).toEqual(first.rows);
    expect(events.map((ev) => ev.cached === true)).toEqual([false, true]);
    await e.execute({ asker: undefined, sql: SQL, params: [2], origin: 'block' });
    await e.execute({ asker: undefined, sql: SQL, params: ['1'], origin: 'block' });
    await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block', maxRows: 5 });
    await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'model' });
    await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'model' });
    expect(events.slice(2).map((ev) => ev.cached === true)).toEqual([false, false, false, false, false]);
    expect(() => {
      (second.rows[0] as Record<string, unknown>)['n'] = 99;
    }).toThrow(TypeError);
  });

  it('drops what it kept when the database file changes', async () => {
    const root = numbersProject(10);
    const e = executorFor(root, []);
    expect((await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' })).rows).toEqual([{ n: 10, top: 10 }]);
    const db = new Database(join(root, 'data/warehouse.db'));
    db.prepare('INSERT INTO nums (n, label) VALUES (?, ?)').run(11, 'n11');
    db.close();
    expect((await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' })).rows).toEqual([{ n: 11, top: 11 }]);
  });

  it('is off unless asked for', async () => {
    const events: StatementEvent[] = [];
    const e = executorFor(numbersProject(3), events, false);
    await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' });
    await e.execute({ asker: undefined, sql: SQL, params: [1], origin: 'block' });
    expect(events.some((ev) => ev.cached === true)).toBe(false);
  });

  it('keeps at most maxEntries, least recently used out first, and never a result over its share of maxBytes', () => {
    const cache = new ResultCache({ maxEntries: 2, maxBytes: 8000, statIntervalMs: 1e9 });
    cache.watch('c', '/nonexistent/file.db');
    const result = (n: number) => ({ columns: ['n'], rows: [{ n }], truncated: false });
    const key = (n: number) => cacheKey('c', 'SELECT ?', [n], 10);
    for (const n of [1, 2]) cache.set('c', key(n), cache.generation('c'), result(n));
    expect(cache.get('c', key(1))?.rows).toEqual([{ n: 1 }]);
    cache.set('c', key(3), cache.generation('c'), result(3));
    expect([1, 2, 3].map((n) => cache.get('c', key(n)) !== undefined)).toEqual([true, false, true]);
    cache.set('c', key(4), cache.generation('c'), { columns: ['s'], rows: [{ s: 'x'.repeat(2000) }], truncated: false });
    expect(cache.get('c', key(4))).toBeUndefined();
    expect(cacheKey('c', 'SELECT ?', [1], 10)).not.toBe(cacheKey('c', 'SELECT ?', ['1'], 10));
  });

  it("serves a server connection's result for its cacheSeconds and not a moment longer", () => {
    let now = 0;
    const cache = new ResultCache({ now: () => now });
    const key = cacheKey('pg', 'SELECT 1', [], 10);
    expect(cache.generation('pg')).toBeUndefined();
    cache.set('pg', key, cache.generation('pg'), { columns: ['x'], rows: [{ x: 1 }], truncated: false });
    expect(cache.get('pg', key)).toBeUndefined(); // not registered: nothing kept
    cache.keepFor('pg', 5_000);
    cache.set('pg', key, cache.generation('pg'), { columns: ['x'], rows: [{ x: 1 }], truncated: false });
    now = 4_999;
    expect(cache.get('pg', key)?.rows).toEqual([{ x: 1 }]);
    now = 5_000;
    expect(cache.get('pg', key)).toBeUndefined();
  });
});
