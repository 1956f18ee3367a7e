/**
 * Text output of `svc certify`: diagnostics first (failing rules, warnings), then what was
 * certified and written, or that nothing was; a promotion ends with the contract manifest
 * patch, which is the one thing the user still has to apply.
 */
import type { CertifyResult } from '../../runtime/certify/types.js';
import { paint } from './colors.js';
import { diagnosticsText } from './text.js';

function testsLine(r: CertifyResult): string {
  const passed = r.tests.filter((t) => t.pass).length;
  const run = r.run === undefined ? 'not run' : r.run.ok ? `${r.run.rowCount} rows` : `failed (${r.run.error ?? 'error'})`;
  return `  run        ${run}; tests ${passed} of ${r.tests.length} pass\n`;
}

function validationLine(r: CertifyResult): string {
  const v = r.validation;
  if (v === undefined) return '';
  const state = !v.ok
    ? `rejected: ${v.error ?? 'error'}`
    : v.prepared
      ? 'prepared by the engine without running'
      : 'the engine cannot prepare without running; the run is the check';
  return `  validation ${state}\n`;
}

function contractLines(r: CertifyResult): string {
  if (r.contract === undefined) return '';
  // The patch is printed only with a certified promotion, so only then may the line point at it.
  const unlisted =
    r.manifestPatch !== undefined && r.ok
      ? 'not in the contract manifest yet: apply the patch below'
      : 'not in the contract manifest yet: the patch to apply is printed once the block certifies';
  const state = { listed: 'resolves in the contract manifest', unlisted, unchecked: 'not checked: no contract manifest' }[r.contract.status];
  return `  contract   ${r.contract.binding} (${state})\n`;
}

function certifiedText(r: CertifyResult): string {
  const receipt = r.receipt;
  let out = `${paint().green(paint().bold('certified'))} ${r.block ?? ''} (${r.rules} rules: ${receipt?.checks.join(', ') ?? ''})\n`;
  if (r.from !== undefined) out += `  moved      ${r.from} -> ${r.file ?? ''}\n`;
  out += `  block      ${r.file ?? ''}${r.changed.length > 0 ? ` (changed: ${r.changed.join(', ')})` : ''}\n`;
  out += `  companion  ${r.companion ?? ''} (reviewStatus: certified, receipt)\n`;
  if (receipt !== undefined) out += `  receipt    certifiedBy ${receipt.certifiedBy}, sourceSha256 ${receipt.sourceSha256}\n`;
  out += validationLine(r);
  out += testsLine(r);
  out += contractLines(r);
  if (r.manifestPatch !== undefined) out += `\nApply to the contract manifest so ${r.contract?.binding ?? 'the contract'} resolves:\n\n${r.manifestPatch}`;
  return out;
}

function refusedText(r: CertifyResult): string {
  if (r.exitCode === 2) return '';
  const failing = r.checks.filter((c) => c.outcome === 'fail' && c.severity === 'error').length;
  const what = r.block ?? r.from ?? 'block';
  const why = failing > 0 ? `${failing} ${failing === 1 ? 'rule fails' : 'rules fail'}` : 'see above';
  return `${validationLine(r)}${r.run !== undefined ? testsLine(r) : ''}${contractLines(r)}${paint().red(paint().bold('not certified'))}: ${what} (${why}); nothing was written\n`;
}

/** The whole text report. */
export function certifyText(r: CertifyResult): string {
  return diagnosticsText(r.diagnostics) + (r.ok ? certifiedText(r) : refusedText(r));
}
