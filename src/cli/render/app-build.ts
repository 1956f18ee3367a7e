/** Text of `svc app build` and `svc app publish`: the draft, its preview, the preflight's blockers and the trust line. */
import type { BuildResult, CommandOutcome } from '../../runtime/app-builder/build-command.js';
import type { Published } from '../../runtime/app-builder/publish.js';

function refusal(error: NonNullable<CommandOutcome<unknown>['error']>): string {
  const blockers = (error['blockers'] as Array<{ rule: string; message: string }> | undefined) ?? [];
  return [`${error.code}: ${error.message}`, ...blockers.map((b) => `  ✗ ${b.rule}: ${b.message}`)].join('\n');
}

export function appBuildText(outcome: CommandOutcome<BuildResult>): string {
  if (outcome.result === undefined) return `${refusal(outcome.error ?? { code: 'UNKNOWN', message: '' })}\n`;
  const { draft, preview, preflight } = outcome.result;
  const lines = [`App build ${draft.id}, revision ${draft.revision}: ${draft.title}`];
  if (draft.proposal !== undefined)
    lines.push(`  planned by: ${draft.proposal.planner === 'model' ? 'the configured model' : 'the deterministic plan (no planner configured)'}`);
  for (const c of preview.components) {
    const marks = [c.repaired === true ? 'repaired' : '', c.reviewRequired ? 'review required' : ''].filter((m) => m !== '').join(', ');
    lines.push(`  ${c.ok ? '✓' : '✗'} ${c.pageId}/${c.tileId} ${c.sourceId}${marks !== '' ? ` (${marks})` : ''}${c.error ? `: ${c.error}` : ''}`);
    if (c.filterCandidates.parameters.length > 0) lines.push(`      filter candidates: ${c.filterCandidates.parameters.join(', ')}`);
  }
  for (const page of draft.pages)
    for (const f of page.filters)
      lines.push(
        `  filter ${page.id}/${f.id}: ${
          Object.entries(f.bindings)
            .map(([tile, param]) => `${tile}.${param}`)
            .join(', ') || 'bound to no tile'
        }`,
      );
  if (preflight !== undefined) {
    lines.push(preflight.ready ? 'Ready to publish.' : `Not ready to publish: ${preflight.blockers.length} blocker(s).`);
    for (const b of preflight.blockers) lines.push(`  ✗ ${b.rule}: ${b.message}`);
    lines.push(`Trust: ${preflight.trust.label} (${preflight.trust.line})`);
  }
  lines.push(`Publish: svc app publish ${draft.id} --app <id>`);
  return `${lines.join('\n')}\n`;
}

export function appPublishText(outcome: CommandOutcome<Published>): string {
  if (outcome.result === undefined) return `${refusal(outcome.error ?? { code: 'UNKNOWN', message: '' })}\n`;
  const { app, files, trust } = outcome.result;
  return `${[`Published App ${app}:`, ...files.map((f) => `  ${f}`), `Trust: ${trust.label} (${trust.line})`].join('\n')}\n`;
}
