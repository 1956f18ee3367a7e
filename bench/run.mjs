// `npm run bench`: every benchmark, each figure printed beside its budget (DESIGN.md section 8).
// Never part of npm test. Figures without a budget are context (a ratio, a comparison).
// `-- <suite>` runs one suite; `-- --json` prints each figure as a JSON line (what the paired
// runner reads); `-- --against <git-ref> [--rounds n]` runs the suites alternately on this build
// and on the build of <ref> and prints the paired ratio per figure (bench/against.mjs).
import { benchAgainst } from './against.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const against = flag('--against');
const rounds = Number(flag('--rounds') ?? 3);
const json = args.includes('--json');
const only = args.find((a) => !a.startsWith('--'));

const rows = [];
function report(name, value, unit, op, budget) {
  const ok = op === undefined || (op === '<=' ? value <= budget : value >= budget);
  rows.push({ name, ok, budgeted: op !== undefined });
  if (json) {
    process.stdout.write(`${JSON.stringify({ name, value, unit, op, budget })}\n`);
    return;
  }
  const shown = value >= 100 ? Math.round(value).toLocaleString('en-US') : value < 10 ? value.toFixed(2) : value.toFixed(1);
  const against = op === undefined ? '' : ` (budget ${op} ${budget.toLocaleString('en-US')} ${unit})`;
  process.stdout.write(`${op === undefined ? '    ' : ok ? 'ok  ' : 'OVER'} ${name}: ${shown} ${unit}${against}\n`);
}

// Each suite is loaded only when it runs, so a build that lacks what one suite measures (an
// older ref under --against) still runs the others.
const suites = [
  ['compile', async () => (await import('./compile.mjs')).benchCompile],
  ['compile-50k', async () => (await import('./compile-50k.mjs')).benchCompile50k],
  ['statement-check', async () => (await import('./statement-check.mjs')).benchStatementCheck],
  ['tier1-routing', async () => (await import('./tier1-routing.mjs')).benchTier1Routing],
  ['trace-store', async () => (await import('./trace-store.mjs')).benchTraceStore],
  ['ask-throughput', async () => (await import('./ask-throughput.mjs')).benchAskThroughput],
  ['admission', async () => (await import('./admission.mjs')).benchAdmission],
  ['warehouse-throughput', async () => (await import('./warehouse-throughput.mjs')).benchWarehouseThroughput],
  ['knowledge-overhead', async () => (await import('./knowledge-overhead.mjs')).benchKnowledgeOverhead],
];
if (against) {
  benchAgainst(
    against,
    suites.map(([name]) => name).filter((name) => !only || only === name),
    rounds,
  );
  process.exit(0);
}
for (const [name, load] of suites) {
  if (only && only !== name) continue;
  if (!json) process.stdout.write(`\n# ${name}\n`);
  const run = await load();
  await run(report);
}
if (json) process.exit(0);
const budgeted = rows.filter((r) => r.budgeted);
process.stdout.write(`\n${budgeted.length} budgeted figures, ${budgeted.filter((r) => !r.ok).length} over budget\n`);
