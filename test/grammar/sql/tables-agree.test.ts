import { describe, expect, it } from 'vitest';
import { readTables } from '../../../grammar/sql/index.js';
import { statementTables } from '../../../src/compiler/sql-tables.js';

/** Ordinary statements both readings must agree on (the parser is the reference). */
const CORPUS: ReadonlyArray<readonly [string, string]> = [
  ['postgresql', 'SELECT * FROM orders'],
  ['postgresql', 'SELECT o.id, c.name FROM sales.orders o JOIN crm.customers c ON c.id = o.customer_id'],
  ['postgresql', 'WITH recent AS (SELECT * FROM events WHERE ts > now()) SELECT user_id, count(*) FROM recent GROUP BY user_id'],
  ['postgresql', 'SELECT a.x, b.y FROM a, b WHERE a.id = b.id AND a.z IN (SELECT z FROM c)'],
  ['postgresql', 'SELECT region, sum(amount) OVER (PARTITION BY region ORDER BY day) FROM finance.payments'],
  ['postgresql', "SELECT * FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t1.note <> 'from x join y'"],
  ['redshift', 'SELECT * FROM public.sales s JOIN public.users u ON s.uid = u.id'],
  ['mysql', 'SELECT * FROM `shop`.`orders` o INNER JOIN customers c ON c.id = o.cid LIMIT 10'],
  ['sqlite', 'SELECT name FROM artists WHERE id IN (SELECT artist_id FROM albums)'],
  ['sqlite', "SELECT s.'pay' FROM main.'salaries' s JOIN 'people' p ON p.id = s.id WHERE p.name <> 'from x'"],
  ['snowflake', 'SELECT * FROM analytics.daily d JOIN analytics.users u ON d.uid = u.id'],
  ['bigquery', 'SELECT * FROM dataset.events e JOIN dataset.users u ON e.uid = u.id'],
  ['mssql', 'SELECT TOP 10 * FROM dbo.orders o JOIN dbo.customers c ON c.id = o.cid'],
  ['trino', 'SELECT * FROM web.page_views v JOIN web.users u ON v.uid = u.id'],
  ['athena', 'SELECT count(*) FROM logs.requests WHERE status = 500'],
  ['duckdb', 'SELECT * FROM main.items i JOIN main.prices p USING (item_id)'],
];

describe('readTables agrees with the parser on ordinary statements', () => {
  it.each(CORPUS)('%s: %s', (driver, sql) => {
    const deep = statementTables(sql, driver);
    expect(deep.from).toBe('parser');
    expect(readTables(sql, driver)).toEqual(deep.tables);
  });

  it('falls back to the lexer when the parser fails, and to none when both fail', () => {
    expect(statementTables('SELECT * FROM t QUALIFY row_number() OVER () = 1 LIMIT ALL ;; ???', 'postgresql').from).toBe('lexer');
    expect(statementTables("SELECT 'open", 'postgresql')).toEqual({ tables: [], from: 'none' });
  });
});
