/**
 * Tier-1 Ask throughput over loopback HTTP (DESIGN.md section 8: POST /api/agent-runs Tier 1 on
 * the embedded database >= 1,000 answers/s). Serves a temporary copy of the commerce fixture
 * with startLocalServer on port 0 (the fixture itself is never written), then a worker thread
 * fires Tier-1 questions over N concurrent keep-alive connections for a few seconds; every
 * answer is checked to be Tier 1 and certified. The load runs in a worker so the client has its
 * own event loop, as a real client would; it still shares the machine's cores with the server.
 * With the result cache off it also times one Ask at a time beside the same statement run directly
 * on the warehouse file, and reports svc's overhead above it (budget 10%, issue 28).
 * Standalone: node bench/ask-throughput.mjs (after npm run build).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { startLocalServer } from '../dist/src/index.js';
import { makeWarehouse } from '../scripts/make-warehouse.mjs';

const BUDGET = 1000;
/** svc's own time above the warehouse's execution of the same statements, result cache off (issue 28). */
const OVERHEAD_BUDGET_PCT = 10;
const OVERHEAD_ROUNDS = 20;
const CONNECTIONS = 16;
const WARMUP_MS = 500;
const MEASURE_MS = 3000;
const QUESTIONS = [
  'weekly revenue',
  'top 3 states by revenue',
  'revenue per month',
  'category sales',
  'best selling products in home',
  'refund rate per month',
];
const repo = new URL('..', import.meta.url).pathname;

/** The load generator: keep-alive connections, each sending its next Ask as soon as one answers. */
const LOAD = String.raw`
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, questions, connections, warmupMs, measureMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url + '/api/agent-runs');
let counting = false, stop = false, answers = 0, wrong = 0, failures = 0, n = 0, total = 0;
function one() {
  return new Promise((resolve) => {
    const body = JSON.stringify({ question: questions[n++ % questions.length] });
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        total++;
        if (counting) {
          const run = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode === 200 && run.tier === 1 && run.trust === 'certified') answers++; else wrong++;
        }
        resolve();
      });
    });
    req.on('error', () => { failures++; resolve(); });
    req.end(body);
  });
}
async function loop() { while (!stop) await one(); }
const loops = Array.from({ length: connections }, loop);
setTimeout(() => {
  counting = true;
  const started = performance.now();
  setTimeout(async () => {
    counting = false;
    const seconds = (performance.now() - started) / 1000;
    stop = true;
    await Promise.all(loops);
    agent.destroy();
    parentPort.postMessage({ answers, wrong, failures, seconds, total });
  }, measureMs);
}, warmupMs);
`;

function runLoad(url) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD, {
      eval: true,
      workerData: { url, questions: QUESTIONS, connections: CONNECTIONS, warmupMs: WARMUP_MS, measureMs: MEASURE_MS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** A temporary copy of the commerce fixture with its warehouse, never its generated state. */
export async function projectCopy() {
  const fixture = join(repo, 'fixtures/commerce');
  const db = join(fixture, 'data/warehouse.db');
  if (!existsSync(db)) await makeWarehouse(db);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-ask-'));
  cpSync(fixture, dir, { recursive: true, filter: (src) => !/[\\/](\.svc|svc-manifest\.json)$/.test(src) });
  return dir;
}

/**
 * CPU time of this process's main thread in ms (Linux: its task's utime + stime, in clock ticks
 * of 10 ms), where the server's every Ask runs, SQLite writes included; the load's worker thread
 * is another task and is not counted. Elsewhere: the event loop's busy time, which also counts
 * time the thread waited for a core.
 */
function mainThreadCpuMs() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}

/**
 * Answers per second of one server over the copy, and the server's CPU per answer: its main
 * thread's CPU over the whole load (warm-up and wind-down too) over every answer given then.
 */
export async function measureLoad(dir, resultCache) {
  const server = await startLocalServer({ project: dir, port: 0, resultCache, log: () => undefined });
  try {
    const before = mainThreadCpuMs();
    const { answers, wrong, failures, seconds, total } = await runLoad(server.url);
    const busy = mainThreadCpuMs() - before;
    if (wrong > 0 || failures > 0) throw new Error(`${wrong} answers were not Tier 1 and ${failures} requests failed`);
    return { perSecond: answers / seconds, cpuMsPerAnswer: busy / total };
  } finally {
    await server.close();
  }
}

/** Answers per second of one server over the copy; `resultCache` as startLocalServer takes it. */
export async function measure(dir, resultCache) {
  return (await measureLoad(dir, resultCache)).perSecond;
}

/** One Ask over `agent` (one keep-alive connection); resolves with the answer. */
function askOnce(agent, url, question) {
  const body = JSON.stringify({ question });
  return new Promise((done, fail) => {
    const req = http.request(
      `${url}/api/agent-runs`,
      { agent, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Each question's statement as its Ask runs it: the answering block bound with the answer's
 * parameters (svc's own binding, outside any timing), prepared once on a plain read-only
 * connection to the same warehouse file.
 */
async function directStatements(dir, agent, url, db) {
  const { bindBlock } = await import('../dist/src/runtime/blocks/run-block.js');
  const manifest = JSON.parse(readFileSync(join(dir, 'svc-manifest.json'), 'utf8'));
  const out = [];
  for (const question of QUESTIONS) {
    const answer = await askOnce(agent, url, question);
    if (answer.tier !== 1) throw new Error(`"${question}" was not answered at Tier 1`);
    const bound = bindBlock(manifest.blocks[answer.block], answer.params ?? {}, undefined);
    if ('code' in bound) throw new Error(`${answer.block} does not bind: ${bound.code}`);
    out.push({ question, statement: db.prepare(bound.sql), params: bound.params });
  }
  return out;
}

/**
 * svc's overhead above the warehouse with the result cache off: one Ask at a time over loopback
 * (client time: HTTP both ways, routing, checks, the statement process, traces and stores) beside
 * the same statement run directly with the same driver, alternately; per question the median of
 * each, and the overhead is the sum of the Ask medians over the sum of the direct ones, less one.
 */
export async function measureOverhead(dir) {
  const server = await startLocalServer({ project: dir, port: 0, resultCache: false, log: () => undefined });
  const db = new Database(join(dir, 'data/warehouse.db'), { readonly: true, fileMustExist: true });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const pairs = await directStatements(dir, agent, server.url, db);
    const asked = pairs.map(() => []);
    const direct = pairs.map(() => []);
    for (let round = 0; round < OVERHEAD_ROUNDS; round++) {
      for (const [i, p] of pairs.entries()) {
        let t = performance.now();
        await askOnce(agent, server.url, p.question);
        asked[i].push(performance.now() - t);
        t = performance.now();
        p.statement.all(...p.params);
        direct[i].push(performance.now() - t);
      }
    }
    const askMs = asked.reduce((a, xs) => a + median(xs), 0);
    const directMs = direct.reduce((a, xs) => a + median(xs), 0);
    return { askMs: askMs / pairs.length, directMs: directMs / pairs.length, pct: (100 * (askMs - directMs)) / directMs };
  } finally {
    agent.destroy();
    db.close();
    await server.close();
  }
}

export async function benchAskThroughput(report) {
  const dir = await projectCopy();
  try {
    const cached = await measureLoad(dir, true);
    report('POST /api/agent-runs Tier 1 over loopback', cached.perSecond, 'answers/s', '>=', BUDGET);
    report('  server CPU (main thread) per cached Tier-1 answer', cached.cpuMsPerAnswer, 'ms');
    report(
      `  (${CONNECTIONS} keep-alive connections, ${QUESTIONS.length} questions) same without the block result cache`,
      await measure(dir, false),
      'answers/s',
    );
    const overhead = await measureOverhead(dir);
    report(`svc's overhead above the warehouse's own execution, result cache off, one Ask at a time`, overhead.pct, '%', '<=', OVERHEAD_BUDGET_PCT);
    report('  median Ask over loopback, result cache off (per question, averaged)', overhead.askMs, 'ms');
    report('  median of the same statement run directly on the warehouse file', overhead.directMs, 'ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchAskThroughput((name, value, unit, op, budget) => {
    const verdict = op === undefined ? '' : ` (budget ${op} ${budget})${(op === '>=' ? value >= budget : value <= budget) ? '' : ' OVER BUDGET'}`;
    console.log(`${name}: ${value >= 100 ? Math.round(value) : value.toFixed(2)} ${unit}${verdict}`);
  });
}
