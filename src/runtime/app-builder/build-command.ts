/**
 * `svc app build` and `svc app publish` (issue: the command line, non-interactive for CI), on the
 * same runtime the `/api/app-builds/*` routes use. A build starts a draft from chosen sources or
 * from a prompt (the configured planner, else the labelled deterministic plan), binds the page
 * filters named with `--filter` through compose, previews every data tile (with the bounded
 * same-target repair of a failed draft or review source when a model is configured, unless
 * `--no-repair`) and, given an App id, runs the preflight. A publish publishes the newest (or the
 * named) revision of a build after its preflight. The project is compiled as it is now (nothing
 * is written but the build's own local files and, on publication, the App's files and the
 * manifest). Exit codes: 0 done (and ready when checked), 1 refused or not ready, 2 usage or
 * configuration error.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import { createExecutor } from '../../warehouse/executor.js';
import type { Executor } from '../../warehouse/types.js';
import { configuredProvider } from '../agent-runs/model-provider.js';
import { CHECK_MAX_ROWS, closeHeld, runnerOn } from '../certify/executor-runner.js';
import { localOwner } from '../certify/local-owner.js';
import { compiledManifest, openProject } from '../certify/project.js';
import { BuildError } from './build-error.js';
import { compose } from './compose.js';
import { contentOf, createDraft, nextRevision, readDraft, readRevision } from './draft-store.js';
import { filterOperations } from './filter-options.js';
import { planDraft } from './planner.js';
import { type Preflight, preflight } from './preflight.js';
import { type PreviewResult, previewDraft } from './preview.js';
import { type Published, publishDraft } from './publish.js';
import type { RepairContext } from './repair.js';
import type { AppBuildDraft, TrustMode } from './types.js';

export interface BuildCommandOptions {
  cwd: string;
  project?: string;
  prompt?: string;
  sources?: string[];
  title?: string;
  trustMode?: TrustMode;
  /** Run the preflight for this App id. */
  app?: string;
  /** Page filter bindings (filter-options.ts), composed after the draft is planned. */
  filters?: string[];
  /** false: no same-target repair of a failed draft or review source (default: repair when a model is configured). */
  repair?: boolean;
}

export interface CommandOutcome<T> {
  exitCode: 0 | 1 | 2;
  result?: T;
  error?: { code: string; message: string; [k: string]: unknown };
  diagnostics: Diagnostic[];
}

export interface BuildResult {
  draft: AppBuildDraft;
  preview: PreviewResult;
  preflight?: Omit<Preflight, 'app'>;
}

interface Opened {
  root: string;
  config: SvcConfig;
  manifest: Manifest;
}

function open(opts: { cwd: string; project?: string }): Opened | { diagnostics: Diagnostic[] } {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { diagnostics: opened.diagnostics };
  const { manifest, diagnostics } = compiledManifest(opened.project.root);
  if (manifest === undefined) return { diagnostics };
  return { root: opened.project.root, config: opened.project.config, manifest };
}

function refused<T>(error: unknown): CommandOutcome<T> {
  if (!(error instanceof BuildError)) throw error;
  return { exitCode: 1, error: { code: error.code, message: error.message, ...error.extra }, diagnostics: [] };
}

/** The draft with `--filter` bindings composed as its next revision (none: unchanged). */
function withFilters(p: Opened, draft: AppBuildDraft, filters: readonly string[]): AppBuildDraft {
  if (filters.length === 0) return draft;
  const ops = filterOperations(p.root, draft, filters, p.manifest);
  return nextRevision(p.root, draft, draft.revision, compose(contentOf(draft), ops, p.manifest));
}

async function draftFor(p: Opened, executor: Executor, opts: BuildCommandOptions): Promise<AppBuildDraft> {
  const empty = { title: opts.title ?? 'New App', trustMode: opts.trustMode ?? 'governed_only', snapshot: '', sources: [], pages: [], reviewTasks: [] };
  const first = createDraft(
    p.root,
    compose(
      empty,
      (opts.sources ?? []).map((sourceId) => ({ op: 'add_tile' as const, sourceId })),
      p.manifest,
    ),
  );
  if (opts.prompt === undefined) return withFilters(p, first, opts.filters ?? []);
  const content = await planDraft({
    content: contentOf(first),
    prompt: opts.prompt,
    manifest: p.manifest,
    executor,
    asker: undefined,
    provider: configuredProvider(p.config),
  });
  return withFilters(p, nextRevision(p.root, first, first.revision, content), opts.filters ?? []);
}

/** The preview's repair: the configured model on the command's own executor, unless turned off. */
function repairOf(p: Opened, executor: Executor, opts: BuildCommandOptions): RepairContext | undefined {
  const provider = opts.repair === false ? undefined : configuredProvider(p.config);
  return provider === undefined ? undefined : { executor, asker: undefined, provider };
}

/** `svc app build`. */
export async function runAppBuild(opts: BuildCommandOptions): Promise<CommandOutcome<BuildResult>> {
  const p = open(opts);
  if (!('root' in p)) return { exitCode: 2, diagnostics: p.diagnostics };
  const executor = createExecutor({ root: p.root, config: p.config, maxRows: CHECK_MAX_ROWS });
  try {
    const draft = await draftFor(p, executor, opts);
    const preview = await previewDraft(p.root, draft, p.manifest, runnerOn(executor, undefined), repairOf(p, executor, opts));
    if (opts.app === undefined) return { exitCode: 0, result: { draft, preview }, diagnostics: [] };
    const { app: _app, ...checked } = preflight({
      root: p.root,
      draft,
      manifest: p.manifest,
      appId: opts.app,
      owner: localOwner(p.root, p.config).owner,
      rules: p.config.rules ?? [],
    });
    return { exitCode: checked.ready ? 0 : 1, result: { draft, preview, preflight: checked }, diagnostics: [] };
  } catch (error) {
    return refused(error);
  } finally {
    await closeHeld(() => executor.close());
  }
}

/** `svc app publish <build> --app <id> [--revision n]`. */
export function runAppPublish(opts: { cwd: string; project?: string; build: string; app: string; revision?: number }): CommandOutcome<Published> {
  const p = open(opts);
  if (!('root' in p)) return { exitCode: 2, diagnostics: p.diagnostics };
  try {
    const newest = readDraft(p.root, opts.build, p.manifest);
    const draft = opts.revision === undefined ? newest : readRevision(p.root, opts.build, opts.revision);
    const owner = localOwner(p.root, p.config).owner;
    const published = publishDraft({
      root: p.root,
      draft: newest,
      manifest: p.manifest,
      appId: opts.app,
      owner,
      rules: p.config.rules ?? [],
      expectedRevision: draft.revision,
    });
    compileProject({ project: p.root });
    return { exitCode: 0, result: published, diagnostics: [] };
  } catch (error) {
    return refused(error);
  }
}
