// One cold `svc compile` as the compile benchmarks measure it: the manifest and .svc/ removed,
// the process run with SVC_TIMINGS=1 and the peak-RSS preload, and its wall time, peak RSS, CPU
// time (both threads) and per-phase breakdown returned. The load average is read beside it:
// on a shared machine the wall time moves with the load, the CPU time much less.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PRELOAD = pathToFileURL(join(import.meta.dirname, 'peak-rss.mjs')).href;

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The phases of each `svc compile timings` block in a stderr text, in order. */
export function phaseBlocks(stderr) {
  return stderr
    .split('svc compile timings\n')
    .slice(1)
    .map((block) => {
      const phases = new Map();
      for (const m of block.matchAll(/^ {2}(\S.*?)\s+(-?[\d.]+) ms/gm)) if (m[1] !== 'total') phases.set(m[1].trim(), Number(m[2]));
      return phases;
    });
}

/** Each phase's median over the blocks that have it, in first-seen order. */
export function medianPhases(blocks) {
  const names = [...new Set(blocks.flatMap((b) => [...b.keys()]))];
  return names.map((name) => [name, median(blocks.filter((b) => b.has(name)).map((b) => b.get(name)))]);
}

/** A cold compile of `dir` with the build's `cli`: { ms, rss (MiB), cpuMs, load, phases }. */
export function coldCompile(cli, dir) {
  rmSync(join(dir, '.svc'), { recursive: true, force: true });
  rmSync(join(dir, 'svc-manifest.json'), { force: true });
  const load = loadavg()[0];
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, cli, 'compile'], { cwd: dir, encoding: 'utf8', env: { ...process.env, SVC_TIMINGS: '1' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rss = Number(/svc-bench-peak-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1024;
  const cpuMs = Number(/svc-bench-cpu-us (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1000;
  if ((r.status !== 0 && r.status !== 1) || !existsSync(join(dir, 'svc-manifest.json')) || Number.isNaN(rss)) {
    throw new Error(`svc compile exited ${r.status} without a manifest or its peak RSS: ${r.stderr}`);
  }
  return { ms, rss, cpuMs, load, phases: phaseBlocks(r.stderr)[0] ?? new Map() };
}

/**
 * Reports `runs` cold compiles of `blocks` blocks: the median wall time against `budgetMs`, peak
 * RSS (against `budgetMiB` when given), the median CPU time and load average as context, then
 * each phase's median (the process start is the time before the compile began).
 */
export function reportCold(report, blocks, runs, budgetMs, budgetMiB) {
  const label = `svc compile, ${blocks.toLocaleString('en-US')} blocks, cold`;
  const short = `cold ${blocks / 1000}k`;
  report(`${label} (wall)`, median(runs.map((r) => r.ms)), 'ms', '<=', budgetMs);
  if (budgetMiB === undefined) report(`  ${label} (peak RSS)`, Math.max(...runs.map((r) => r.rss)), 'MiB');
  else report(`${label} (peak RSS)`, Math.max(...runs.map((r) => r.rss)), 'MiB', '<=', budgetMiB);
  report(`  ${short}: CPU time, both threads`, median(runs.map((r) => r.cpuMs)), 'ms');
  report(`  ${short}: load average at start`, median(runs.map((r) => r.load)), '');
  for (const [name, ms] of medianPhases(runs.map((r) => r.phases))) report(`  ${short} phase: ${name}`, ms, 'ms');
}
