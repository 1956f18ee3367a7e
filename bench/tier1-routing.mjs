/**
 * Tier-1 routing latency (DESIGN.md section 8: <= 5 ms p50 over a 10,000-block manifest, in
 * process). Generates and compiles a 10,000-block project, builds the router once, then routes a
 * fixed mix of ~200 questions (ranked, named, with top-N, periods and filters, refusals and
 * nonsense) many times and reports per-question p50 and p95.
 * Standalone: node bench/tier1-routing.mjs (after npm run build).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTier1Router } from '../dist/src/ask/index.js';
import { compileProject } from '../dist/src/compiler/pipeline/compile-project.js';
import { genProject } from './gen-project.mjs';

const repo = join(import.meta.dirname, '..');
const NOW = '2026-02-15T10:00:00Z';
const ROUNDS = 25;

const METRICS = ['revenue', 'orders', 'units', 'refunds', 'aov', 'buyers', 'cancellations', 'payments'];
const DIMENSIONS = ['state', 'channel', 'category', 'segment', 'method', 'month', 'week', 'day'];
const TEMPLATES = [
  (m, d) => `What is ${m} by ${d}?`,
  (m, d) => `${m} per ${d}`,
  (m, d) => `top 5 ${d}s by ${m}`,
  (m, d) => `${m} by ${d} since March 2025`,
  (m, d) => `${m} by ${d} in CA last 30 days`,
  (m, d) => `show me ${m} for each ${d} in 2025 on mobile`,
];
const OTHERS = [
  "What's the weather in Paris?",
  'How many employees do we have?',
  'revenue per employee',
  'tell me a joke',
  'asdf qwer zxcv',
  'weekly net revenue',
  'gross orders by channel this year',
  'which segment brings most revenue',
  'ytd cancellations by state',
  'the 10 biggest categories by units',
];

/** A fixed, deterministic mix: metric x dimension templates, named blocks, and odd questions. */
function questions(manifest) {
  const out = [];
  let k = 0;
  for (const m of METRICS) for (const d of DIMENSIONS) out.push(TEMPLATES[k++ % TEMPLATES.length](m, d));
  const ids = Object.keys(manifest.blocks).sort();
  for (let i = 0; i < 60; i++) {
    const id = ids[(i * 167) % ids.length];
    const name = id.slice(id.indexOf('.') + 1);
    out.push(i % 3 === 0 ? `use block ${id}` : i % 3 === 1 ? `run ${name} with top 3` : `block ${id} in TX since 2025-01-01`);
  }
  out.push(...OTHERS);
  while (out.length < 200) out.push(`${METRICS[out.length % 8]} ${DIMENSIONS[(out.length * 3) % 8]} last month`);
  return out;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** Sorted times of routing every question once per round, each round on the day `nowOf(round)` gives. */
function timeRounds(router, qs, nowOf) {
  const samples = [];
  for (let round = 0; round < ROUNDS; round++) {
    const now = nowOf(round);
    for (const q of qs) {
      const t = performance.now();
      router.route(q, { now });
      samples.push(performance.now() - t);
    }
  }
  return samples.sort((a, b) => a - b);
}

export async function benchTier1Routing(report) {
  const dir = join(repo, 'bench/.work/routing-10k');
  rmSync(dir, { recursive: true, force: true });
  await genProject(dir, 10_000);
  const compiled = compileProject({ project: dir });
  if (compiled.text === undefined) throw new Error('the generated project did not compile');
  const manifest = JSON.parse(compiled.text);
  const built = performance.now();
  const router = createTier1Router(manifest);
  const buildMs = performance.now() - built;
  const qs = questions(manifest);
  const kinds = new Map();
  for (const q of qs) {
    const d = router.route(q, { now: NOW });
    kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
  }
  const samples = timeRounds(router, qs, (round) => new Date(Date.parse(NOW) + (round + 1) * 86_400_000).toISOString());
  const again = timeRounds(router, qs, () => NOW);
  const mix = ['answer', 'refused', 'no-match'].map((k) => `${kinds.get(k) ?? 0} ${k}`).join(', ');
  // Each round asks on another day, so the router's decision cache (keyed by question and day) never answers.
  report(`Tier-1 routing p50, ${router.size.toLocaleString('en-US')} blocks`, percentile(samples, 0.5), 'ms', '<=', 5);
  report(`Tier-1 routing p95 (${qs.length} questions: ${mix})`, percentile(samples, 0.95), 'ms');
  report('Tier-1 routing p50 of a question asked again the same day (decision cache)', percentile(again, 0.5), 'ms');
  report('Tier-1 router index build, once per manifest', buildMs, 'ms');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchTier1Routing((name, value, unit, op, budget) => {
    const verdict = op === undefined ? '' : ` (budget ${op} ${budget})${(op === '>=' ? value >= budget : value <= budget) ? '' : ' OVER BUDGET'}`;
    console.log(`${name}: ${Math.round(value * 1000) / 1000} ${unit}${verdict}`);
  });
}
