// Compile benchmarks at 50,000 blocks (issue 28): the cold compile's wall time and peak RSS, and
// `svc compile --watch` from saving one block to the manifest written, each beside its budget,
// with the per-phase breakdown svc prints under SVC_TIMINGS=1 (medians; context, not budgets),
// and the cold compile's CPU time and load average beside its wall time.
// The generated project is kept in the system's temp folder between runs (generation is
// deterministic and takes about a minute), so paired runs (--against) compile the same files.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldCompile, median, medianPhases, phaseBlocks, reportCold } from './cold-compile.mjs';
import { genProject } from './gen-project.mjs';
import { watchEdits } from './watch-edits.mjs';

const repo = join(import.meta.dirname, '..');
const cli = join(repo, 'dist/src/svc.js');
const BLOCKS = 50_000;
const MARK = '.svc-bench-generated';

async function project() {
  const dir = join(tmpdir(), `svc-bench-project-${BLOCKS}`);
  if (!existsSync(join(dir, MARK))) {
    rmSync(dir, { recursive: true, force: true });
    await genProject(dir, BLOCKS);
    writeFileSync(join(dir, MARK), `${BLOCKS}\n`);
  }
  return dir;
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
  const runs = [coldCompile(cli, dir), coldCompile(cli, dir), coldCompile(cli, dir)];
  reportCold(report, BLOCKS, runs, 5000, 500);
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
