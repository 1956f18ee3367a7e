// `npm run bench`: every benchmark, each figure printed beside its budget. Never part of npm test.
import { benchCompile } from './compile.mjs';

const rows = [];
function report(name, value, unit, op, budget) {
  const ok = op === '<=' ? value <= budget : value >= budget;
  rows.push({ name, value, unit, op, budget, ok });
  const shown = value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
  process.stdout.write(`${ok ? 'ok  ' : 'OVER'} ${name}: ${shown} ${unit} (budget ${op} ${budget.toLocaleString('en-US')} ${unit})\n`);
}

const suites = [['compile', benchCompile]];
for (const [, run] of suites) await run(report);
const over = rows.filter((r) => !r.ok);
process.stdout.write(`\n${rows.length} figures, ${over.length} over budget\n`);
