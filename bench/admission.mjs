/**
 * What runaway statements cost everyone else (issue: one statement must not hurt everyone):
 * the latency of an ordinary person's statement while model-written statements hold the pool
 * (a 30-second recursive count each, one per process), and the time to refuse a 50 MB value.
 * Context figures beside the budgets; the guarantees themselves are tests
 * (test/warehouse/admission.test.ts). Standalone: node bench/admission.mjs (after npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { createExecutor } from '../dist/src/warehouse/executor.js';

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) AS n FROM c';

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timedMs(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function benchAdmission(report) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-admission-'));
  const db = new Database(join(dir, 'w.db'));
  db.exec('CREATE TABLE nums(n INTEGER); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO nums SELECT x FROM c');
  db.close();
  const executor = createExecutor({ root: dir, config: { project: 'bench', connections: { default: { driver: 'sqlite', path: 'w.db' } } } });
  try {
    const person = () => executor.execute({ asker: undefined, sql: 'SELECT SUM(n) AS s FROM nums', params: [], origin: 'person' });
    await person();
    const quiet = [];
    for (let i = 0; i < 20; i++) quiet.push(await timedMs(person));
    const runaways = [0, 1, 2, 3].map(() =>
      executor.execute({ asker: undefined, sql: SLOW, params: [], origin: 'model', deadlineMs: 30_000 }).catch(() => undefined),
    );
    await new Promise((done) => setTimeout(done, 300));
    const busy = [];
    for (let i = 0; i < 20; i++) busy.push(await timedMs(person));
    report('person statement, pool idle (p50)', median(quiet), 'ms');
    report('person statement beside 4 runaway model statements (p50)', median(busy), 'ms');
    const refuse = [];
    for (let i = 0; i < 5; i++)
      refuse.push(
        await timedMs(() =>
          executor.execute({ asker: undefined, sql: 'SELECT randomblob(50000000) AS b', params: [], origin: 'person' }).catch(() => undefined),
        ),
      );
    report('refusing a 50 MB value (RESULT_TOO_LARGE, p50)', median(refuse), 'ms');
    await executor.close();
    await Promise.all(runaways);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await benchAdmission((name, value, unit) => console.log(`${name}: ${value.toFixed(1)} ${unit}`));
