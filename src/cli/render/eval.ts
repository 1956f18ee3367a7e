/** Text output of `svc eval`: the misses (wrong certified labels first, loudly), then the figures. */
import type { EvalReport } from '../../runtime/eval/evaluate.js';
import type { EvalResult } from '../../runtime/eval/run-eval.js';
import type { Rate } from '../../runtime/eval/summarise.js';

const pct = (r: Rate): string => `${(r.rate * 100).toFixed(1)}% (${r.met}/${r.expected})`;

function expected(r: EvalResult): string {
  const e = r.expect;
  const what = e.term ?? e.block ?? e.refusal ?? '';
  return `tier ${e.tier}${what !== '' ? ` ${what}` : ''}${e.params !== undefined ? ` ${JSON.stringify(e.params)}` : ''}`;
}

function got(r: EvalResult): string {
  const g = r.got;
  const what = g.term ?? g.block ?? '';
  return `tier ${g.tier} ${g.trust}${what !== '' ? ` ${what}` : ''}${g.params !== undefined && Object.keys(g.params).length > 0 ? ` ${JSON.stringify(g.params)}` : ''}${g.refusal !== undefined ? ` ${g.refusal}` : ''}`;
}

function line(label: string, r: EvalResult): string {
  return `${label} ${r.id} [${r.kind}] ${JSON.stringify(r.question)}\n    expected ${expected(r)}; got ${got(r)}\n`;
}

/**
 * The whole text report. A held-out set is scored only: its figures, never its questions, so
 * nothing is tuned to it by reading what it missed.
 */
export function evalText(report: EvalReport, heldOut = false): string {
  const s = report.summary;
  const out = [`svc eval ${report.file} (project ${report.project}, ${s.total} questions, now ${report.now})${heldOut ? ' held out: scored only' : ''}\n`];
  if (!heldOut) {
    for (const r of report.results) if (r.wrongCertified) out.push(line('WRONG CERTIFIED LABEL', r));
    for (const r of report.results) if (!r.met && !r.wrongCertified) out.push(line('miss', r));
  }
  out.push('\n');
  out.push(`Tier-1 hit rate      ${pct(s.tier1)} (bar ${(s.minHit * 100).toFixed(0)}%)\n`);
  out.push(`Wrong certified      ${s.wrongCertified.length}\n`);
  out.push(`Tier 2 reached       ${pct(s.tier2)}\n`);
  out.push(`Refusals             ${pct(s.refusals)}\n`);
  out.push(
    `By kind              ${Object.entries(s.byKind)
      .map(([k, r]) => `${k} ${r.met}/${r.expected}`)
      .join(', ')}\n`,
  );
  out.push(s.passed ? 'PASS\n' : 'FAIL\n');
  return out.join('');
}
