// Compile benchmarks at 50,000 blocks (issue 28): the cold compile's wall time and peak RSS, and
// `svc compile --watch` from saving one block to the manifest written, each beside its budget,
// with the per-phase breakdown svc prints under SVC_TIMINGS=1 (medians; context, not budgets).
// The generated project is kept in the system's temp folder between runs (generation is
// deterministic and takes about a minute), so paired runs (--against) compile the same files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { genProject } from './gen-project.mjs';
import { watchEdits } from './watch-edits.mjs';

const repo = join(import.meta.dirname, '..');
const cli = join(repo, 'dist/src/svc.js');
const PRELOAD = pathToFileURL(join(import.meta.dirname, 'peak-rss.mjs')).href;
const BLOCKS = 50_000;
const MARK = '.svc-bench-generated';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function project() {
  const dir = join(tmpdir(), `svc-bench-project-${BLOCKS}`);
  if (!existsSync(join(dir, MARK))) {
    rmSync(dir, { recursive: true, force: true });
    await genProject(dir, BLOCKS);
    writeFileSync(join(dir, MARK), `${BLOCKS}\n`);
  }
  return dir;
}

/** The phases of each `svc compile timings` block in a stderr text, in order. */
function phaseBlocks(stderr) {
  return stderr
    .split('svc compile timings\n')
    .slice(1)
    .map((block) => {
      const phases = new Map();
      for (const m of block.matchAll(/^ {2}(\S.*?)\s+(-?[\d.]+) ms$/gm)) if (m[1] !== 'total') phases.set(m[1].trim(), Number(m[2]));
      return phases;
    });
}

/** Each phase's median over the blocks that have it, in first-seen order. */
function medianPhases(blocks) {
  const names = [...new Set(blocks.flatMap((b) => [...b.keys()]))];
  return names.map((name) => [name, median(blocks.filter((b) => b.has(name)).map((b) => b.get(name)))]);
}

function cold(dir) {
  rmSync(join(dir, '.svc'), { recursive: true, force: true });
  rmSync(join(dir, 'svc-manifest.json'), { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, cli, 'compile'], { cwd: dir, encoding: 'utf8', env: { ...process.env, SVC_TIMINGS: '1' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rss = Number(/svc-bench-peak-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1024;
  if ((r.status !== 0 && r.status !== 1) || !existsSync(join(dir, 'svc-manifest.json')) || Number.isNaN(rss)) {
    throw new Error(`svc compile exited ${r.status} without a manifest or its peak RSS: ${r.stderr}`);
  }
  return { ms, rss, phases: phaseBlocks(r.stderr)[0] ?? new Map() };
}

/** Median save-to-manifest time of `svc compile --watch` over nine edits, and its phases. */
async function watched(dir, file, original) {
  const { times, stderr } = await watchEdits({ cli, dir, file, original, pauseMs: 300, settleMs: 200, env: { ...process.env, SVC_TIMINGS: '1' } });
  writeFileSync(file, original);
  // The first block is the start; the nine after it are the changes (the sweep on exit comes last).
  return { ms: median(times), phases: medianPhases(phaseBlocks(stderr).slice(1, 10)) };
}

export async function benchCompile50k(report) {
  const dir = await project();
  const runs = [cold(dir), cold(dir)];
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
  report('svc compile, 50,000 blocks, cold (wall)', median(runs.map((r) => r.ms)), 'ms', '<=', 5000);
  report('svc compile, 50,000 blocks, cold (peak RSS)', Math.max(...runs.map((r) => r.rss)), 'MiB', '<=', 500);
  for (const [name, ms] of best.phases) report(`  cold 50k phase: ${name}`, ms, 'ms');
  const domain = readdirSync(join(dir, 'domains'))[0];
  const blocksDir = join(dir, 'domains', domain, 'blocks');
  const file = join(
    blocksDir,
    readdirSync(blocksDir).find((f) => f.endsWith('.svc')),
  );
  const w = await watched(dir, file, readFileSync(file, 'utf8'));
  report('svc compile --watch, 50,000 blocks: save to manifest written', w.ms, 'ms', '<=', 100);
  for (const [name, ms] of w.phases) report(`  watch 50k phase: ${name}`, ms, 'ms');
}
