/**
 * Local Ask trace store (DESIGN.md section 8: a trace write adds <= 0.2 ms to an Ask).
 * Measures, on a store already full to its retention limits (500 details, 2,000 summaries),
 * everything an Ask pays for tracing: begin (one write), the phase/candidate/attempt calls of a
 * Tier-1 answer, and finish (one write with retention). Then list throughput over the full store.
 * Standalone: node bench/trace-store.mjs (after npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTraceRecorder, TraceStore } from '../dist/src/traces/index.js';

const BUDGET_MS = 0.2;

/** One Tier-1 Ask's worth of recorder calls; returns nothing the caller could keep. */
function tracedAsk(recorder, i) {
  const t = recorder.begin({ runId: `run-${i}`, kind: 'ask' });
  t.phase('question.received', { counts: { params: 1 }, durationMs: 0.02 });
  t.phase('route.tier1', { counts: { candidates: 3, blocks: 10000 }, durationMs: 0.6 });
  t.candidate({ id: 'finance.weekly_revenue', role: 'answer', score: 0.93, phase: 'route.tier1' });
  t.candidate({ id: 'finance.monthly_revenue', role: 'alternative', score: 0.71, phase: 'route.tier1' });
  t.candidate({ id: 'sales.orders_by_state', role: 'refused', reasonCode: 'BLOCK_DRAFT', score: 0.41, phase: 'route.tier1' });
  t.phase('query.execute', { counts: { statements: 1, rows: 12, columns: 2 }, durationMs: 1.8 });
  t.attempt({ tier: 1, outcome: 'answered', reasonCode: 'CERTIFIED_MATCH', durationMs: 2.4 });
  return t.finish({
    tier: 1,
    trust: 'certified',
    block: 'finance.weekly_revenue',
    contract: 'finance.Revenue.weekly_revenue@1',
    sources: ['finance.weekly_revenue'],
    questionText: `What was revenue in week ${i}?`,
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Fills a store under `root` to its retention limits, then times 5,000 traced Asks on it: each
 * Ask's own time (what its response waits for), and the mean with the batch commits included.
 * `batched: false` writes each trace at once in its own transactions, as svc did before the
 * write queue; its figures are printed beside for the comparison.
 */
async function benchWrites(root, report, batched = true) {
  const recorder = createTraceRecorder({ root, otlp: false, batched, onError: () => undefined });
  for (let i = 0; i < 2100; i++) tracedAsk(recorder, i);
  const counts = recorder.store.status().counts;
  if (counts.details < 484 || counts.details > 500 || counts.summaries < 1984 || counts.summaries > 2000)
    throw new Error(`store not at its limits: ${JSON.stringify(counts)}`);
  const samples = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < 5000; i++) {
    // between Asks the event loop turns, as in a server: scheduled WAL checkpoints run there
    if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    const started = process.hrtime.bigint();
    const ref = tracedAsk(recorder, 10_000 + i);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (ref.status !== 'complete') throw new Error(`trace write failed: ${JSON.stringify(ref)}`);
  }
  recorder.store.flush();
  const used = process.cpuUsage(cpu);
  samples.sort((a, b) => a - b);
  if (!batched) {
    report('  the same, one transaction per write (before the write queue): p50', percentile(samples, 0.5) * 1000, 'µs');
    report('  one transaction per write: CPU per Ask, commits included', (used.user + used.system) / 5000, 'µs');
    await recorder.close();
    return;
  }
  report('trace per Ask on a full store (begin + Tier-1 calls + finish, p50)', percentile(samples, 0.5) * 1000, 'µs', '<=', BUDGET_MS * 1000);
  report('trace per Ask, p99', percentile(samples, 0.99) * 1000, 'µs');
  report('trace CPU per Ask, its share of the batch commits included', (used.user + used.system) / 5000, 'µs');
  report('store size at 500 details / 2,000 summaries', recorder.store.status().bytes / 1024 / 1024, 'MiB');
  await recorder.close();
}

/** Lists the whole full store under `root`, page after page, for a second, read-only. */
function benchList(root, report) {
  const reader = new TraceStore({ root, readonly: true });
  let pages = 0;
  let summaries = 0;
  const started = performance.now();
  while (performance.now() - started < 1000) {
    let cursor;
    do {
      const page = reader.list({ limit: 100, ...(cursor ? { cursor } : {}) });
      summaries += page.items.length;
      pages++;
      cursor = page.nextCursor;
    } while (cursor);
  }
  const seconds = (performance.now() - started) / 1000;
  report('list pages of 100 over 2,000 summaries (read-only store)', pages / seconds, 'pages/s');
  report('list throughput', summaries / seconds, 'summaries/s');
  reader.close();
}

export async function benchTraceStore(report) {
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-traces-'));
  try {
    await benchWrites(root, report);
    benchList(root, report);
    await benchWrites(root, report, false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchTraceStore((name, value, unit, op, budget) => {
    const verdict = op === undefined ? '' : ` (budget ${op} ${budget})${(op === '>=' ? value >= budget : value <= budget) ? '' : ' OVER BUDGET'}`;
    console.log(`${name}: ${Math.round(value * 10) / 10} ${unit}${verdict}`);
  });
}
