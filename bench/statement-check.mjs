/**
 * Statement check throughput (DESIGN.md section 8: >= 100,000 typical statements/s) on a mixed
 * corpus of typical block and Ask statements, and the same corpus through node-sql-parser's
 * full parse, measured in the same run so the ratio holds on any machine.
 * Standalone: node bench/statement-check.mjs (after npm run build).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { readTables } from '../dist/grammar/sql/index.js';
import { hostedStatementRefusal } from '../dist/src/rules/statement-check/index.js';

const require = createRequire(import.meta.url);
const BUDGET = 100_000;

/** [driver, node-sql-parser build, database option, statement] */
const CORPUS = [
  [
    'postgresql',
    'postgresql',
    'PostgresQL',
    "SELECT o.order_id, o.customer_id, c.region, SUM(li.amount) AS revenue, COUNT(*) AS line_count FROM sales.orders o JOIN sales.line_items li ON li.order_id = o.order_id LEFT JOIN crm.customers c ON c.id = o.customer_id WHERE o.status = 'complete' AND o.created_at >= $1 GROUP BY 1, 2, 3 ORDER BY revenue DESC LIMIT 100",
  ],
  [
    'postgresql',
    'postgresql',
    'PostgresQL',
    "WITH recent AS (SELECT user_id, event_type, ts FROM analytics.events WHERE ts > now() - interval '7 days') SELECT user_id, count(*) AS n, max(ts) AS last_seen FROM recent WHERE event_type <> 'heartbeat' GROUP BY user_id HAVING count(*) > 3 ORDER BY n DESC",
  ],
  [
    'duckdb',
    'postgresql',
    'PostgresQL',
    "SELECT date_trunc('week', created_at) AS week_start, region, sum(amount) AS revenue, sum(sum(amount)) OVER (PARTITION BY region ORDER BY date_trunc('week', created_at)) AS running FROM finance.payments WHERE amount > 0 AND currency IN ('USD', 'EUR') GROUP BY 1, 2",
  ],
  [
    'mysql',
    'mysql',
    'MySQL',
    'SELECT p.sku, p.title, i.on_hand, i.reserved, (i.on_hand - i.reserved) AS available FROM `shop`.`products` p INNER JOIN `shop`.`inventory` i ON i.sku = p.sku WHERE p.active = 1 AND (i.on_hand - i.reserved) < 10 ORDER BY available ASC LIMIT 50',
  ],
  [
    'snowflake',
    'snowflake',
    'Snowflake',
    "SELECT account_id, DATE_TRUNC('month', invoice_date) AS month, SUM(total) AS billed, SUM(paid) AS collected, SUM(total) - SUM(paid) AS outstanding FROM billing.invoices WHERE invoice_date >= DATEADD(month, -12, CURRENT_DATE()) AND status <> 'void' GROUP BY 1, 2 ORDER BY 1, 2",
  ],
  [
    'bigquery',
    'bigquery',
    'BigQuery',
    'SELECT country, device, COUNT(DISTINCT session_id) AS sessions, AVG(duration_seconds) AS avg_duration FROM `analytics.web_sessions` WHERE session_date BETWEEN @start_date AND @end_date AND is_bot = FALSE GROUP BY country, device ORDER BY sessions DESC LIMIT 20',
  ],
  [
    'mssql',
    'transactsql',
    'TransactSQL',
    'SELECT TOP 25 e.employee_id, e.full_name, d.department_name, SUM(t.hours) AS hours FROM hr.employees e JOIN hr.departments d ON d.department_id = e.department_id JOIN hr.timesheets t ON t.employee_id = e.employee_id WHERE t.week_start >= @since GROUP BY e.employee_id, e.full_name, d.department_name ORDER BY hours DESC',
  ],
  [
    'trino',
    'trino',
    'Trino',
    "SELECT v.page, count(*) AS views, count(DISTINCT v.user_id) AS visitors, approx_percentile(v.load_ms, 0.95) AS p95_load FROM web.page_views v JOIN web.pages p ON p.path = v.page WHERE v.day >= date '2024-01-01' AND p.section = 'docs' GROUP BY v.page ORDER BY views DESC",
  ],
  [
    'sqlite',
    'sqlite',
    'Sqlite',
    'SELECT a.name AS artist, al.title AS album, count(t.track_id) AS tracks, sum(t.milliseconds) / 60000.0 AS minutes FROM artists a JOIN albums al ON al.artist_id = a.artist_id JOIN tracks t ON t.album_id = al.album_id WHERE t.genre_id IN (1, 3, 5) GROUP BY a.name, al.title ORDER BY minutes DESC',
  ],
  [
    'redshift',
    'redshift',
    'Redshift',
    "SELECT s.store_id, s.city, SUM(f.net_sales) AS net_sales, SUM(f.units) AS units, SUM(f.net_sales) / NULLIF(SUM(f.units), 0) AS avg_price FROM retail.fact_sales f JOIN retail.dim_store s ON s.store_id = f.store_id WHERE f.sale_date >= '2024-01-01' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 100",
  ],
];

/**
 * Statements per second of this process's CPU time, best of several rounds: other work on the
 * machine (and its scheduling) then changes the figure little, while the code's cost still does.
 */
function measure(fn, rounds = 10, roundMs = 300) {
  for (let i = 0; i < 2000; i++) fn(i);
  let best = 0;
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    let done = 0;
    while (performance.now() - started < roundMs) {
      for (let i = 0; i < 200; i++, done++) fn(n++);
    }
    const used = process.cpuUsage(cpu);
    best = Math.max(best, done / ((used.user + used.system) / 1e6));
  }
  return best;
}

const parsers = new Map();
function parserFor(build) {
  if (!parsers.has(build)) {
    const { Parser } = require(`node-sql-parser/build/${build}.js`);
    parsers.set(build, new Parser());
  }
  return parsers.get(build);
}

export function benchStatementCheck(report) {
  for (const [driver, , , sql] of CORPUS) {
    const refusal = hostedStatementRefusal(sql, driver, [], { readOnly: true });
    if (refusal !== null) throw new Error(`corpus statement for ${driver} is refused (${refusal.reason})`);
  }
  const bytes = CORPUS.reduce((sum, c) => sum + c[3].length, 0) / CORPUS.length;
  const check = measure((i) => {
    const [driver, , , sql] = CORPUS[i % CORPUS.length];
    hostedStatementRefusal(sql, driver, [], { readOnly: true });
  });
  const tables = measure((i) => {
    const [driver, , , sql] = CORPUS[i % CORPUS.length];
    readTables(sql, driver);
  });
  let parseFailures = 0;
  const parsed = measure((i) => {
    const [, build, database, sql] = CORPUS[i % CORPUS.length];
    try {
      parserFor(build).parse(sql, { database });
    } catch {
      parseFailures++;
    }
  }, 3);
  const dialects = new Set(CORPUS.map((c) => c[0])).size;
  report(
    `statement check, ${CORPUS.length} statements in ${dialects} dialects, ${Math.round(bytes)} B average (per CPU second, best round)`,
    check,
    'stmts/s',
    '>=',
    BUDGET,
  );
  report('readTables (dialect lexer)', tables, 'stmts/s');
  report(`node-sql-parser full parse${parseFailures > 0 ? ` (${parseFailures} failed)` : ''}`, parsed, 'stmts/s');
  report('statement check vs node-sql-parser full parse, same run', check / parsed, 'x');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchStatementCheck((name, value, unit, op, budget) => {
    const verdict = op === undefined ? '' : ` (budget ${op} ${budget})${(op === '>=' ? value >= budget : value <= budget) ? '' : ' OVER BUDGET'}`;
    console.log(`${name}: ${Math.round(value * 10) / 10} ${unit}${verdict}`);
  });
}
