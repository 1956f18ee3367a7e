/**
 * One App Autopilot run (spec 01 App Autopilot rules 1-7): an agent run on the Ask lifecycle's
 * parts (the host's model choice, the caller's model slots, the audit of model usage, the local
 * trace recorder, the privacy boundary and figure withholding), owned by the person who ran it.
 * The browser gives only the build id, the request's words and opaque page, tile and preview
 * ids; the saved draft and the dataset contracts are reloaded here. The request is classified,
 * the named preview is resolved by the server, the model gets the bounded prompt
 * (autopilot-prompt.ts) and answers one intent; the evidence is validated again, the intent is
 * compiled into draft operations on a copy, and the run leaves one immutable review artifact.
 * Nothing in the draft changes: only Apply (apply-proposal.ts) writes a revision. A refusal is
 * an answer carrying its typed recovery reason, never a stack.
 */
import { randomBytes } from 'node:crypto';
import type { Manifest } from '../../compiler/types.js';
import { reviewFiguresShown } from '../../hooks/answer-figures.js';
import { audit } from '../../hooks/audit.js';
import { blockStatement } from '../../hooks/catalog-tables.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { ownerKey } from '../../hooks/context/request-context.js';
import type { RunStore } from '../../hooks/stores/run-store.js';
import type { TraceBuilder, TraceRecorder } from '../../traces/index.js';
import type { Executor } from '../../warehouse/types.js';
import { HostModelUnavailableError, requestProvider } from '../agent-runs/host-model.js';
import type { ModelProvider } from '../agent-runs/model-provider.js';
import { withModelSlot } from '../agent-runs/model-slots.js';
import { type ChosenProvider, statementValuesMayReach } from '../agent-runs/privacy-boundary.js';
import { type AppBuildDraft, blockOfSource, candidateCards, catalogSources, contentOf, readDraft } from '../app-builder/index.js';
import { runBlock } from '../blocks/run-block.js';
import { AutopilotError } from './autopilot-error.js';
import { autopilotMessages, type DraftOutline, maskedDiagnostic } from './autopilot-prompt.js';
import { classifyRequest, evidenceNeeded, type RequestClass } from './classify.js';
import { compileIntent } from './compile-intent.js';
import { pinOf, type SourcePin } from './dataset-contract.js';
import { draftDiff } from './draft-diff.js';
import { type Intent, readIntent, SAID_INTENTS } from './intents.js';
import { type ResolvedEvidence, resolveEvidence, type TileTarget } from './preview-evidence.js';
import { newArtifactId, proposalHash, type ReviewArtifact, writeArtifact } from './review-store.js';
import { type SafeSummary, SUMMARY_GROUPS_MAX, safeSummary } from './safe-summary.js';

export interface AutopilotRequest extends TileTarget {
  build: string;
  request: string;
}

export interface AutopilotContext {
  root: string;
  manifest: Manifest;
  executor: Executor;
  asker: Asker;
  /** The project's configured model (undefined: none). */
  provider: ModelProvider | undefined;
  recorder?: TraceRecorder;
  /** The run store Ask answers are kept in: the run's facts are kept there too, for its owner. */
  runs?: RunStore;
}

export interface AutopilotRun {
  runId: string;
  traceId: string;
  build: string;
  baseRevision: number;
  outcome: 'proposal' | 'answer' | 'refused';
  requestClass: RequestClass;
  evidence: ReviewArtifact['evidence'];
  artifact?: Pick<ReviewArtifact, 'id' | 'proposalHash' | 'operations' | 'diff' | 'intent'>;
  answer?: string;
  figuresWithheld?: true;
  recovery?: AutopilotError['recovery'];
}

/** What one run carries from step to step. */
interface Work {
  ctx: AutopilotContext;
  req: AutopilotRequest;
  runId: string;
  draft: AppBuildDraft;
  requestClass: RequestClass;
  needed: ReviewArtifact['evidence']['required'];
  evidence: ResolvedEvidence;
  /** Whether the evidence tile's figures may be said to this person. */
  figuresShown: boolean;
  /** The candidate sources the model was given: the only source ids an intent may name. */
  candidates?: Set<string>;
}

function outlineOf(draft: AppBuildDraft, manifest: Manifest): DraftOutline {
  const catalog = new Map(catalogSources(manifest, { includeDeprecated: true }).map((s) => [s.id, s]));
  const pages = draft.pages.map((p) => ({
    id: p.id,
    title: p.title,
    filters: p.filters.map((f) => ({ id: f.id, bindings: { ...f.bindings } })),
    tiles: p.tiles.map((t) => {
      const s = t.sourceId === undefined ? undefined : catalog.get(t.sourceId);
      const about = s === undefined ? {} : { sourceId: s.id, fields: s.fields, parameters: s.parameters.map((x) => x.name) };
      return { id: t.id, title: t.title, kind: t.kind, ...(t.groupBy ? { groupBy: t.groupBy } : {}), ...about };
    }),
  }));
  return { title: draft.title, pages };
}

function chosen(ctx: AutopilotContext): ChosenProvider {
  let provider: ChosenProvider | undefined;
  try {
    provider = requestProvider(ctx.asker, ctx.provider);
  } catch (error) {
    if (!(error instanceof HostModelUnavailableError)) throw error;
    throw new AutopilotError('AUTOPILOT_MODEL_UNAVAILABLE', error.message, { reference: error.reference });
  }
  if (provider === undefined)
    throw new AutopilotError('AUTOPILOT_MODEL_UNAVAILABLE', 'No model is configured for the Autopilot (ask.provider in svc.config.json).');
  return provider;
}

/** The governed summary of the evidence tile, run on the server's one query path as the caller. */
async function summaryOf(w: Work, provider: ChosenProvider): Promise<SafeSummary | undefined> {
  const t = w.evidence.tile;
  const block = t === undefined ? undefined : blockOfSource(w.ctx.manifest, t.sourceId);
  if (t === undefined || block === undefined || !t.ok) return undefined;
  // The rows feed a model's prompt (as a summary), so the statement says so to the row policy.
  const forModel = w.ctx.asker === undefined ? undefined : { ...w.ctx.asker, destination: 'model' as const };
  const run = await runBlock(w.ctx.executor, forModel, block, {}, { maxRows: SUMMARY_GROUPS_MAX + 1 });
  const tile = w.draft.pages.find((p) => p.id === t.pageId)?.tiles.find((x) => x.id === t.tileId);
  const filters = (w.draft.pages.find((p) => p.id === t.pageId)?.filters ?? []).filter((f) => f.bindings[t.tileId] !== undefined).map((f) => f.id);
  const valuesAllowed = w.figuresShown && (await statementValuesMayReach(w.ctx.asker, provider, w.ctx.executor, [blockStatement(block)]));
  // A run cut at the summary's bound says how many rows the settled preview counted.
  const rowCount = run.truncated ? Math.max(run.rowCount, t.rowCount) : run.rowCount;
  const facts = { ok: run.ok, columns: run.columns, rows: run.rows, rowCount, truncated: run.truncated };
  return safeSummary({ block, facts, filters, valuesAllowed, ...(tile?.groupBy ? { groupBy: tile.groupBy } : {}) });
}

async function askModel(w: Work, provider: ChosenProvider, trace: TraceBuilder | undefined): Promise<Intent> {
  const useResult = w.needed === 'result' && w.evidence.status === 'current';
  const summary = useResult ? await summaryOf(w, provider) : undefined;
  const failed = w.needed === 'failure' && w.evidence.status === 'current' && w.evidence.tile?.ok === false;
  const candidates = candidateCards(catalogSources(w.ctx.manifest), w.req.request, w.draft.trustMode);
  const messages = autopilotMessages({
    request: w.req.request,
    outline: outlineOf(w.draft, w.ctx.manifest),
    target: { ...(w.req.pageId ? { pageId: w.req.pageId } : {}), ...(w.req.tileId ? { tileId: w.req.tileId } : {}) },
    candidates,
    ...(summary !== undefined ? { summary } : {}),
    ...(failed ? { diagnostic: maskedDiagnostic(w.evidence.tile?.error ?? 'the run failed') } : {}),
  });
  const started = Date.now();
  let reply: string;
  try {
    const model = provider.id ?? provider.model;
    const onUsage = (usage: { promptTokens: number; completionTokens: number }) => audit('model_usage', { model, ...usage }, w.ctx.asker);
    reply = await withModelSlot(w.ctx.asker, () => provider.complete(messages, { onUsage }));
  } catch (error) {
    const words = error instanceof Error ? error.message : 'the model call failed';
    throw new AutopilotError('AUTOPILOT_MODEL_UNAVAILABLE', `The model could not answer: ${words} Nothing was proposed.`);
  } finally {
    trace?.phase('autopilot.model', { durationMs: Date.now() - started, counts: { candidates: candidates.length } });
  }
  w.candidates = new Set(candidates.map((c) => c.id));
  return readIntent(reply);
}

/**
 * The evidence rules once the intent is known, checked against the evidence as it is now (draft,
 * source, target and preview generation read again): a said answer about results or a failure
 * stands only on current evidence; a structural change never needs any.
 */
function checkEvidence(w: Work, intent: Intent): void {
  const about = intent.intent === 'repair_guidance' ? 'failure' : intent.intent === 'explain' && w.needed === 'result' ? 'result' : 'none';
  if (about === 'none') return;
  const now = resolveEvidence(w.ctx.root, readDraft(w.ctx.root, w.req.build, w.ctx.manifest), w.ctx.manifest, w.req);
  const same = now.status === 'current' && w.evidence.status === 'current' && JSON.stringify(now) === JSON.stringify(w.evidence);
  if (now.status === 'stale' || (w.evidence.status === 'current' && !same))
    throw new AutopilotError('AUTOPILOT_EVIDENCE_STALE', 'The preview named is no longer the settled result of this draft; nothing was kept.');
  if (now.status !== 'current' || (about === 'failure' && now.tile?.ok !== false))
    throw new AutopilotError(
      'AUTOPILOT_EVIDENCE_REQUIRED',
      `An answer about a tile's ${about === 'failure' ? 'failure' : 'results'} needs its current settled preview.`,
    );
}

function pinsOf(sources: ReadonlyArray<{ id: string }>, manifest: Manifest): SourcePin[] {
  return sources.flatMap((s) => {
    const pin = pinOf(manifest, s.id);
    return pin === undefined ? [] : [pin];
  });
}

/** Compiles and keeps the artifact of `intent`. */
function keep(w: Work, intent: Intent, traceId: string): ReviewArtifact {
  const base = contentOf(w.draft);
  const supplied = w.candidates ?? new Set<string>();
  const { operations, proposed } = compileIntent(intent, base, w.ctx.manifest, supplied);
  const said = SAID_INTENTS.has(intent.intent);
  const words = said ? String(intent['answer'] ?? intent['guidance'] ?? '') : undefined;
  const withheld = said && !w.figuresShown;
  const artifact: ReviewArtifact = {
    id: newArtifactId(),
    runId: w.runId,
    traceId,
    build: w.draft.id,
    baseRevision: w.draft.revision,
    owner: w.ctx.asker?.principal?.id ?? null,
    createdAt: new Date().toISOString(),
    kind: said ? 'answer' : 'proposal',
    intent,
    operations,
    proposalHash: proposalHash(w.draft.id, w.draft.revision, operations),
    diff: draftDiff(base, proposed),
    sources: pinsOf(proposed.sources, w.ctx.manifest),
    ...(words !== undefined && !withheld ? { answer: words } : {}),
    ...(withheld ? { figuresWithheld: true as const } : {}),
    evidence: { required: w.needed, status: w.needed === 'none' ? 'not_needed' : w.evidence.status },
  };
  writeArtifact(w.ctx.root, artifact);
  return artifact;
}

function runOf(w: Work, traceId: string, artifact?: ReviewArtifact, refusal?: AutopilotError): AutopilotRun {
  const run: AutopilotRun = {
    runId: w.runId,
    traceId,
    build: w.draft.id,
    baseRevision: w.draft.revision,
    outcome: refusal !== undefined ? 'refused' : artifact?.kind === 'answer' ? 'answer' : 'proposal',
    requestClass: w.requestClass,
    evidence: artifact?.evidence ?? { required: w.needed, status: w.needed === 'none' ? 'not_needed' : w.evidence.status },
  };
  if (refusal !== undefined) return { ...run, recovery: refusal.recovery };
  const { id, proposalHash: hash, operations, diff, intent } = artifact!;
  return {
    ...run,
    artifact: { id, proposalHash: hash, operations, diff, intent },
    ...(artifact!.answer !== undefined ? { answer: artifact!.answer } : {}),
    ...(artifact!.figuresWithheld ? { figuresWithheld: true as const } : {}),
  };
}

async function prepare(ctx: AutopilotContext, req: AutopilotRequest, runId: string): Promise<Work> {
  const draft = readDraft(ctx.root, req.build, ctx.manifest);
  const requestClass = classifyRequest(req.request);
  const needed = evidenceNeeded(requestClass);
  const evidence: ResolvedEvidence = needed === 'none' ? { status: 'missing' } : resolveEvidence(ctx.root, draft, ctx.manifest, req);
  // Figure withholding (spec 03 answerFigures) for a review-required tile: nothing of its figures is said.
  const figuresShown = evidence.tile?.reviewRequired === true ? await reviewFiguresShown(ctx.asker) : true;
  return { ctx, req, runId, draft, requestClass, needed, evidence, figuresShown };
}

function kept(ctx: AutopilotContext, req: AutopilotRequest, run: AutopilotRun): AutopilotRun {
  recordRun(ctx, req, run);
  return run;
}

/** Runs one Autopilot request; throws only APP_BUILD_NOT_FOUND (a BuildError) or a bug. */
export async function runAutopilot(ctx: AutopilotContext, req: AutopilotRequest): Promise<AutopilotRun> {
  const runId = `run_${randomBytes(8).toString('hex')}`;
  const w = await prepare(ctx, req, runId);
  const trace = beginTrace(ctx, runId);
  const traceId = trace?.traceId ?? `tr_${randomBytes(16).toString('hex')}`;
  trace?.phase('autopilot.classify', { counts: { evidence: w.evidence.status === 'current' ? 1 : 0 } });
  try {
    const provider = chosen(ctx);
    const intent = await askModel(w, provider, trace);
    checkEvidence(w, intent);
    const artifact = keep(w, intent, traceId);
    guarded(() => trace?.finish({ trust: 'review_required', questionText: req.request }));
    return kept(ctx, req, runOf(w, traceId, artifact));
  } catch (error) {
    if (!(error instanceof AutopilotError)) {
      guarded(() => trace?.fail());
      throw error;
    }
    guarded(() => trace?.finish({ trust: 'refused', refusalCode: error.code, questionText: req.request }));
    return kept(ctx, req, runOf(w, traceId, undefined, error));
  }
}

/** Keeps the run's facts (no SQL, no values) in the run store without holding up the answer. */
function recordRun(ctx: AutopilotContext, req: AutopilotRequest, run: AutopilotRun): void {
  const owner = ctx.asker?.principal?.id;
  const refused = run.outcome === 'refused';
  const record = {
    runId: run.runId,
    kind: 'autopilot' as const,
    at: new Date().toISOString(),
    question: req.request,
    status: refused ? ('refused' as const) : ('answered' as const),
    tier: refused ? (3 as const) : (2 as const),
    trust: refused ? ('refused' as const) : ('review_required' as const),
    tables: [],
    traceId: run.traceId,
    sources: [`app-build:${run.build}`],
    ...(owner !== undefined ? { owner } : {}),
    ...(run.recovery !== undefined ? { refusalCode: run.recovery.code } : {}),
  };
  try {
    ctx.runs?.put(record).catch(() => undefined);
  } catch {
    // A store that fails costs the run's facts only.
  }
}

function beginTrace(ctx: AutopilotContext, runId: string): TraceBuilder | undefined {
  try {
    return ctx.recorder?.begin({ runId, kind: 'autopilot', owner: ctx.asker === undefined ? '' : ownerKey(ctx.asker.principal) });
  } catch {
    return undefined;
  }
}

function guarded(fn: () => void): void {
  try {
    fn();
  } catch {
    // An Autopilot run is never affected by a trace failure.
  }
}
