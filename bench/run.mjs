// `npm run bench`: every benchmark, each figure printed beside its budget (DESIGN.md section 8).
// Never part of npm test. Figures without a budget are context (a ratio, a comparison).
import { benchAdmission } from './admission.mjs';
import { benchAskThroughput } from './ask-throughput.mjs';
import { benchCompile } from './compile.mjs';
import { benchStatementCheck } from './statement-check.mjs';
import { benchTier1Routing } from './tier1-routing.mjs';
import { benchTraceStore } from './trace-store.mjs';
import { benchWarehouseThroughput } from './warehouse-throughput.mjs';

const rows = [];
function report(name, value, unit, op, budget) {
  const ok = op === undefined || (op === '<=' ? value <= budget : value >= budget);
  rows.push({ name, ok, budgeted: op !== undefined });
  const shown = value >= 100 ? Math.round(value).toLocaleString('en-US') : value < 10 ? value.toFixed(2) : value.toFixed(1);
  const against = op === undefined ? '' : ` (budget ${op} ${budget.toLocaleString('en-US')} ${unit})`;
  process.stdout.write(`${op === undefined ? '    ' : ok ? 'ok  ' : 'OVER'} ${name}: ${shown} ${unit}${against}\n`);
}

const only = process.argv[2];
const suites = [
  ['compile', benchCompile],
  ['statement-check', benchStatementCheck],
  ['tier1-routing', benchTier1Routing],
  ['trace-store', benchTraceStore],
  ['ask-throughput', benchAskThroughput],
  ['admission', benchAdmission],
  ['warehouse-throughput', benchWarehouseThroughput],
];
for (const [name, run] of suites) {
  if (only && only !== name) continue;
  process.stdout.write(`\n# ${name}\n`);
  await run(report);
}
const budgeted = rows.filter((r) => r.budgeted);
process.stdout.write(`\n${budgeted.length} budgeted figures, ${budgeted.filter((r) => !r.ok).length} over budget\n`);
