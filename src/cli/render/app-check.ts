/**
 * Text output of `svc app check`: one line per tile (page/tile, source, its status and
 * revision, pass or FAIL, trust), then each blocker as a diagnostic, then the trust line and
 * the verdict.
 */

import type { AppCheckResult, TileReport } from '../../rules/app-check/index.js';
import { paint } from './colors.js';
import { diagnosticsText } from './text.js';

function short(revision: string | undefined): string {
  return revision === undefined ? '-' : revision.replace(/^sha256:/, '').slice(0, 12);
}

function sourceText(t: TileReport): string {
  const s = t.source;
  if (s === undefined) return 'text tile';
  if (!s.exists) return `${s.id} (missing)`;
  const drift = s.drift === true ? ` (bound ${short(s.boundRevision)}, drift)` : '';
  return `${s.id} ${s.status ?? '?'} rev ${short(s.revision)}${drift}`;
}

function tileLine(t: TileReport, width: number): string {
  const name = `${t.page}/${t.tile}`.padEnd(width);
  const verdict = t.passes ? 'pass' : `FAIL ${t.blockers.join(', ')}`;
  const trust = t.trust === undefined ? '' : `  [${t.trust}]`;
  return `  ${name}  ${sourceText(t)}  ${verdict}${trust}\n`;
}

export function appCheckText(r: AppCheckResult): string {
  const width = Math.max(0, ...r.tiles.map((t) => t.page.length + t.tile.length + 1));
  let out = `App ${r.app} (${r.file})\n`;
  for (const t of r.tiles) out += tileLine(t, width);
  if (r.blockers.length > 0) out += `\nWhat stops publication:\n${diagnosticsText(r.blockers)}`;
  if (r.warnings.length > 0) out += `\n${diagnosticsText(r.warnings)}`;
  const trust = r.trust.text !== undefined ? `${r.trust.label}: ${r.trust.text}` : r.trust.label;
  out += `\nTrust: ${trust}; ${r.trust.line}\n`;
  const n = r.blockers.length;
  out += r.ready ? `${paint().green('ready to publish')}\n` : `${paint().red(`not ready to publish: ${n} ${n === 1 ? 'blocker' : 'blockers'}`)}\n`;
  return out;
}
