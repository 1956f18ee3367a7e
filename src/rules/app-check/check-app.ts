/**
 * `svc app check` as a pure decision: the publication.preflight policy once for the App and
 * once per tile, plus the one trust summary the page badges read. Publication fails closed:
 * any error finding, or any problem reading the App's documents, stops it.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compareDiagnostics } from '../../../grammar/diagnostics.js';
import type { CompiledApp, CompiledBlock } from '../../compiler/types.js';
import { builtinPolicy } from '../built-in-policies.js';
import { evaluatePolicy, findingToDiagnostic } from '../evaluate.js';
import type { BlockGate } from '../gates/answer-gate.js';
import type { Policy } from '../policy.js';
import { appTrustSummary, tileTrust } from '../trust.js';
import { type AppEvidence, appFacts, appTileFacts, type PageTileFacts } from './tile-facts.js';
import type { AppCheckResult, TileReport, TrustReport } from './types.js';

export interface AppCheckInput {
  app: CompiledApp;
  blocks: Readonly<Record<string, CompiledBlock>>;
  evidence: AppEvidence;
  /** Problems reading the App's own documents (schema, missing pages); each blocks publication. */
  documentDiagnostics?: Diagnostic[];
  preflight?: Policy;
  trust?: Policy;
  /** The answer gate of the manifest `blocks` comes from (rules/gates/answer-gate.ts). */
  gate: BlockGate;
}

function tileReport(entry: PageTileFacts, blockers: Diagnostic[], trust: Policy): TileReport {
  const { tile, facts } = entry;
  const report: TileReport = { page: entry.page, tile: tile.id, kind: tile.kind, passes: blockers.length === 0, blockers: blockers.map((d) => d.code) };
  if (tile.title !== undefined) report.title = tile.title;
  if (tile.source !== undefined) {
    const block = facts.block;
    report.source = { kind: tile.source.kind, id: tile.source.id, exists: block !== undefined };
    if (tile.source.revision !== undefined) report.source.boundRevision = tile.source.revision;
    if (block !== undefined) {
      Object.assign(report.source, { status: block.status, revision: block.sourceSha256, file: block.file });
      report.source.drift = tile.source.revision !== block.sourceSha256;
    }
  }
  if (facts.run !== undefined) {
    report.run = { ok: facts.run.ok, rowCount: facts.run.rowCount };
    if (facts.run.error !== undefined) report.run.error = facts.run.error;
  }
  if (tile.kind !== 'text') report.trust = tileTrust(facts, trust).label;
  return report;
}

/** One trust value for a set of tiles (a page, or the whole App) after they ran. */
function trustReport(entries: readonly PageTileFacts[], draftPending: boolean, policy: Policy): TrustReport {
  const summary = appTrustSummary(
    entries.map((e) => e.facts),
    { appDraftPending: draftPending, ran: true, policy },
  );
  const report: TrustReport = {
    label: summary.label,
    certified: summary.certified,
    total: summary.total,
    line: summary.line,
    allCertifiedVerified: summary.allCertifiedVerified,
  };
  if (summary.text !== undefined) report.text = summary.text;
  return report;
}

/** Evaluates publication readiness and trust for one App. */
export function checkApp(input: AppCheckInput): AppCheckResult {
  const preflight = input.preflight ?? builtinPolicy('publication.preflight');
  const trust = input.trust ?? builtinPolicy('answer.trust');
  const blockers: Diagnostic[] = [...(input.documentDiagnostics ?? []).filter((d) => d.severity === 'error')];
  const warnings: Diagnostic[] = [];
  const appLevel = evaluatePolicy(preflight, { app: appFacts(input.app, input.evidence.draftPending) }).map(findingToDiagnostic);
  blockers.push(...appLevel.filter((d) => d.severity === 'error'));
  warnings.push(...appLevel.filter((d) => d.severity !== 'error'));
  const entries = appTileFacts(input.app, input.blocks, input.evidence, input.gate);
  const tiles = entries.map((entry) => {
    const found = evaluatePolicy(preflight, entry.facts).map(findingToDiagnostic);
    const errors = found.filter((d) => d.severity === 'error');
    blockers.push(...errors);
    warnings.push(...found.filter((d) => d.severity !== 'error'));
    return tileReport(entry, errors, trust);
  });
  const pending = input.evidence.draftPending;
  const pages = input.app.pages.map((p) => ({
    page: p.id,
    trust: trustReport(
      entries.filter((e) => e.page === p.id),
      pending,
      trust,
    ),
  }));
  const ready = blockers.length === 0;
  const result: AppCheckResult = {
    app: input.app.id,
    file: input.app.file,
    ready,
    exitCode: ready ? 0 : 1,
    trust: trustReport(entries, pending, trust),
    pages,
    tiles,
    blockers: blockers.sort(compareDiagnostics),
    warnings: warnings.sort(compareDiagnostics),
  };
  if (input.app.lifecycle !== undefined) result.lifecycle = input.app.lifecycle;
  return result;
}
