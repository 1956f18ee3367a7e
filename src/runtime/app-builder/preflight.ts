/**
 * Publication preflight (spec 01 Build with AI rule 10): rechecks the draft revision, the
 * catalog snapshot, every source's fingerprint, the filters and the settled preview evidence,
 * then lets `svc app check`'s own decision (rules/app-check) judge the App the draft would
 * become, with the preview's runs as its execution evidence and the draft's open review tasks
 * as its reviews. It fails closed: draft or review sources, drift, gaps, open reviews,
 * unsettled previews and unbound filters each block, and the trust it reports is the value
 * `svc app check` gives the published App.
 */
import type { CompiledApp, CompiledTile, Manifest } from '../../compiler/types.js';
import { checkApp, type TrustReport, tileKey } from '../../rules/app-check/index.js';
import type { RunFacts } from '../../rules/facts.js';
import { manifestGate } from '../../rules/gates/answer-gate.js';
import { policies } from '../certify/app-check.js';
import { type PreviewEvidence, readEvidence } from './evidence-store.js';
import { catalogSnapshot } from './source-catalog.js';
import type { AppBuildDraft, DraftTile } from './types.js';

export interface Blocker {
  /** A builder check (`build/...`) or the app check rule that failed (`publication/...`). */
  rule: string;
  message: string;
  page?: string;
  tile?: string;
}

export interface Preflight {
  ready: boolean;
  revision: number;
  blockers: Blocker[];
  trust: TrustReport;
  app: CompiledApp;
}

export interface PreflightInput {
  root: string;
  draft: AppBuildDraft;
  manifest: Manifest;
  appId: string;
  owner?: string;
  /** svc.config.json `rules`. */
  rules?: unknown;
}

function tileOf(draft: AppBuildDraft, tile: DraftTile): CompiledTile {
  const out: CompiledTile = { id: tile.id, title: tile.title, kind: tile.kind };
  if (tile.text !== undefined) out.text = tile.text;
  const source = draft.sources.find((s) => s.id === tile.sourceId);
  if (source !== undefined) out.source = { kind: 'block', id: source.blockId, revision: source.revision };
  if (tile.groupBy !== undefined) out.groupBy = tile.groupBy;
  if (tile.navigateTo !== undefined) out.navigateTo = tile.navigateTo;
  const detail = tile.drill === undefined ? undefined : draft.sources.find((s) => s.id === tile.drill?.sourceId);
  if (detail !== undefined && tile.drill !== undefined) out.drill = { block: detail.blockId, parameter: tile.drill.parameter };
  if (tile.answer !== undefined && tile.kind === 'text') out.answer = { ...tile.answer, tables: [...tile.answer.tables] };
  else if (tile.answer !== undefined) {
    out.mode = 'live';
    out.source = { kind: 'answer', id: tile.answer.runId };
    out.sourceEvidence = tile.answer.tables.map((relation) => ({ kind: 'answer_relation' as const, relation }));
  }
  return out;
}

/** The App the draft becomes, as the compiler would read its files. */
export function draftApp(draft: AppBuildDraft, appId: string, owner?: string): CompiledApp {
  const pages = draft.pages.map((p) => ({
    id: p.id,
    title: p.title,
    dashboard: `dashboards/${p.id}.svcd`,
    tiles: p.tiles.map((t) => tileOf(draft, t)),
    filters: p.filters.map((f) => ({ id: f.id, bindings: { ...f.bindings } })),
    ...(p.crossFilters !== undefined && p.crossFilters.length > 0 ? { crossFilters: structuredClone(p.crossFilters) } : {}),
  }));
  return { id: appId, title: draft.title, ...(owner !== undefined ? { owner } : {}), lifecycle: 'draft', file: `apps/${appId}/svc.app.json`, pages };
}

/** Builder checks the app check cannot see: snapshot, evidence of this revision, gaps and tasks. */
function builderBlockers(draft: AppBuildDraft, manifest: Manifest, evidence: PreviewEvidence | undefined): Blocker[] {
  const out: Blocker[] = [];
  if (draft.snapshot !== catalogSnapshot(manifest))
    out.push({ rule: 'build/snapshot-current', message: 'The project changed since this revision was made; compose a new revision against it.' });
  if (evidence === undefined || evidence.revision !== draft.revision)
    out.push({ rule: 'build/preview-settled', message: `Revision ${draft.revision} has no settled preview; preview it first.` });
  for (const task of draft.reviewTasks.filter((t) => t.status === 'open'))
    out.push({ rule: 'build/reviews-closed', message: task.message, ...(task.page ? { page: task.page } : {}), ...(task.tile ? { tile: task.tile } : {}) });
  for (const page of draft.pages)
    for (const tile of page.tiles.filter((t) => t.kind !== 'text' && t.sourceId === undefined && t.answer === undefined))
      out.push({ rule: 'build/no-gaps', message: `Tile ${tile.id} is bound to no source.`, page: page.id, tile: tile.id });
  if (!draft.pages.some((p) => p.tiles.length > 0)) out.push({ rule: 'build/no-gaps', message: 'The draft has no tiles to publish.' });
  return out;
}

/** Run evidence per block id: only runs of this revision, of the source revision bound now. */
function evidenceRuns(draft: AppBuildDraft, evidence: PreviewEvidence | undefined): Map<string, RunFacts> {
  const runs = new Map<string, RunFacts>();
  if (evidence === undefined || evidence.revision !== draft.revision) return runs;
  for (const t of evidence.tiles) {
    const source = draft.sources.find((s) => s.id === t.sourceId);
    // A repaired run is not the source's run: it is never publication evidence.
    if (source === undefined || source.revision !== t.sourceRevision || t.repaired === true) continue;
    runs.set(source.blockId, { ok: t.ok, columns: t.columns, rowCount: t.rowCount, ...(t.error !== undefined ? { error: t.error } : {}) });
  }
  return runs;
}

/** Open review tasks per `<page>/<tile>`: a source's review task counts on every tile reading it. */
function openReviews(draft: AppBuildDraft): Map<string, number> {
  const out = new Map<string, number>();
  for (const page of draft.pages)
    for (const tile of page.tiles) {
      const n = draft.reviewTasks.filter((t) => t.status === 'open' && t.page === page.id && t.tile === tile.id).length;
      if (n > 0) out.set(tileKey(page.id, tile.id), n);
    }
  return out;
}

/** The preflight of publishing `draft` as App `appId`. */
export function preflight(input: PreflightInput): Preflight {
  const { draft, manifest } = input;
  const evidence = readEvidence(input.root, draft.id);
  const rules = policies(input.rules ?? []);
  const app = draftApp(draft, input.appId, input.owner);
  const result = checkApp({
    app,
    blocks: manifest.blocks,
    evidence: { runs: evidenceRuns(draft, evidence), draftPending: false, openReviews: openReviews(draft), contractsLoaded: manifest.contracts.loaded },
    preflight: rules.preflight,
    trust: rules.trust,
    gate: manifestGate(manifest, rules.gate),
  });
  const checked: Blocker[] = result.blockers.map((d) => ({ rule: d.code, message: d.message }));
  const blockers = [...builderBlockers(draft, manifest, evidence), ...checked];
  return { ready: blockers.length === 0, revision: draft.revision, blockers, trust: result.trust, app };
}
