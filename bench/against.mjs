// `npm run bench -- --against <git-ref>`: the same benchmarks run alternately on this build and on
// the build of <ref>, so a regression shows as a ratio whatever the machine's speed or load. The
// ref is built in a temporary git worktree (sharing this checkout's node_modules) and this
// checkout's bench/ files are copied over its own, so both sides run the same measuring code
// against their own dist/. A suite the old build cannot run (an API it lacks) is said as such.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..');

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A temporary worktree of `ref`, built, with this checkout's benchmarks in it. */
function prepare(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-against-'));
  const tree = join(dir, 'tree');
  sh('git', ['worktree', 'add', '--detach', tree, ref], repo);
  symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'));
  process.stdout.write(`building ${ref} in ${tree} ...\n`);
  sh('npm', ['run', 'build', '--silent'], tree);
  for (const f of readdirSync(join(repo, 'bench'))) {
    if (f.endsWith('.mjs')) cpSync(join(repo, 'bench', f), join(tree, 'bench', f));
  }
  return { dir, tree };
}

function cleanup({ dir, tree }) {
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: repo });
  rmSync(dir, { recursive: true, force: true });
}

/** One run of one suite in one tree: its figures by name, or the reason it could not run. */
function runSuite(tree, suite) {
  const r = spawnSync(process.execPath, [join(tree, 'bench/run.mjs'), suite, '--json'], {
    cwd: tree,
    env: { ...process.env, SVC_BENCH_GEN_DIST: join(repo, 'dist') },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const rows = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  if (r.status !== 0 && rows.length === 0) return { failed: firstError(r.stderr ?? '') };
  return { rows };
}

/** The line of a failed run's stderr that says what went wrong (node prints its version last). */
function firstError(stderr) {
  const lines = stderr.split('\n').map((l) => l.trim());
  return lines.find((l) => /^[A-Za-z]*Error\b|^Error:/.test(l)) ?? lines.filter(Boolean).slice(-1)[0] ?? 'no output';
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function collect(into, side, result) {
  if (result.failed) {
    into.failed[side] = result.failed;
    return;
  }
  for (const row of result.rows) {
    const entry = into.figures.get(row.name) ?? { row, now: [], then: [] };
    entry[side].push(row.value);
    into.figures.set(row.name, entry);
  }
}

/**
 * Better-is-above-one ratio of this build to the ref: for a time (budget `<=` or unit ms/µs) the
 * ref's value over ours, for a rate ours over the ref's.
 */
export function pairedRatio(row, now, then) {
  const lowerIsBetter = row.op === '<=' || (row.op === undefined && /^(ms|µs|s|MiB|KB)$/.test(row.unit));
  return lowerIsBetter ? then / now : now / then;
}

function printSuite(suite, into) {
  for (const [side, why] of Object.entries(into.failed)) {
    process.stdout.write(`    ${suite}: the ${side === 'now' ? 'current' : 'ref'} build could not run it (${why})\n`);
  }
  for (const [name, { row, now, then }] of into.figures) {
    if (now.length === 0 || then.length === 0) continue;
    const a = median(now);
    const b = median(then);
    const ratio = pairedRatio(row, a, b);
    const mark = ratio < 0.9 ? 'WORSE' : '     ';
    process.stdout.write(`${mark} ${name}: ${fmt(a)} vs ${fmt(b)} ${row.unit} -> ${ratio.toFixed(2)}x\n`);
  }
}

function fmt(v) {
  if (!Number.isFinite(v)) return String(v);
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1);
}

/** Runs every named suite `rounds` times on each side, alternating which side goes first. */
export function benchAgainst(ref, suites, rounds) {
  const other = prepare(ref);
  try {
    process.stdout.write(`paired: this build vs ${ref}, ${rounds} rounds each, ratio > 1 means this build is better\n`);
    for (const suite of suites) {
      process.stdout.write(`\n# ${suite}\n`);
      const into = { figures: new Map(), failed: {} };
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? ['now', 'then'] : ['then', 'now'];
        for (const side of order) collect(into, side, runSuite(side === 'now' ? repo : other.tree, suite));
      }
      printSuite(suite, into);
    }
  } finally {
    cleanup(other);
  }
}
