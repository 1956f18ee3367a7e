/**
 * `svc app check <id>`: compile the project as it is now (nothing is written), run each
 * distinct data-tile source once through the one query path, read the App's local state,
 * and let the rules decide: publication preflight per tile and for the App, and the one
 * trust summary. Exit 0 ready, 1 not ready, 2 configuration error or unknown App.
 */
import { dirname } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag, hasErrors } from '../../../grammar/diagnostics.js';
import type { CompiledApp, CompiledBlock, Manifest } from '../../compiler/types.js';
import { type AppCheckResult, checkApp } from '../../rules/app-check/index.js';
import { projectPolicy } from '../../rules/built-in-policies.js';
import type { RunFacts } from '../../rules/facts.js';
import { manifestGate } from '../../rules/gates/answer-gate.js';
import type { Policy } from '../../rules/policy.js';
import { type AppLocalState, readAppState } from './app-state.js';
import { compiledManifest, openProject } from './project.js';
import type { BlockRunner } from './types.js';

export interface AppCheckOptions {
  cwd: string;
  project?: string;
  app: string;
  /** Defaults to a runner on the project's connections. */
  runner?: BlockRunner;
  /** Defaults to the App's state in `.svc/local/apps/<id>.json`. */
  state?: AppLocalState;
}

export interface AppCheckOutcome {
  exitCode: 0 | 1 | 2;
  result?: AppCheckResult;
  /** Problems that kept the check from running (config, unknown App). */
  diagnostics: Diagnostic[];
}

/** Diagnostics about the App's own documents; unknown sources are the preflight's to report. */
export function documentDiagnostics(manifest: Manifest, appDir: string): Diagnostic[] {
  return manifest.diagnostics.filter((d) => d.file?.startsWith(`${appDir}/`) && d.code !== 'app/unknown-source');
}

async function sourceRuns(app: CompiledApp, blocks: Record<string, CompiledBlock>, runner: BlockRunner): Promise<Map<string, RunFacts>> {
  const ids = new Set(app.pages.flatMap((p) => p.tiles.map((t) => t.source?.id)).filter((id): id is string => id !== undefined && id in blocks));
  const runs = await Promise.all([...ids].map(async (id) => [id, (await runner.check(blocks[id]!)).run] as const));
  return new Map(runs);
}

export function policies(rules: unknown): { preflight: Policy; trust: Policy; gate: Policy; diagnostics: Diagnostic[] } {
  const options = { source: 'svc.config.json', pointer: '/rules' };
  const preflight = projectPolicy('publication.preflight', rules, options);
  const trust = projectPolicy('answer.trust', rules, options);
  const gate = projectPolicy('answer.gate', rules, options);
  return {
    preflight: preflight.policy,
    trust: trust.policy,
    gate: gate.policy,
    diagnostics: [...preflight.diagnostics, ...trust.diagnostics, ...gate.diagnostics],
  };
}

/** Checks one App; never throws on user input. */
export async function runAppCheck(opts: AppCheckOptions): Promise<AppCheckOutcome> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { exitCode: 2, diagnostics: opened.diagnostics };
  const { root, config } = opened.project;
  const rules = policies(config.rules ?? []);
  if (hasErrors(rules.diagnostics)) return { exitCode: 2, diagnostics: rules.diagnostics };
  const { manifest, diagnostics } = compiledManifest(root);
  if (manifest === undefined) return { exitCode: 2, diagnostics };
  const app = manifest.apps[opts.app];
  if (app === undefined) {
    const unreadable = documentDiagnostics(manifest, `apps/${opts.app}`);
    if (unreadable.length > 0) return { exitCode: 1, diagnostics: unreadable };
    const known = Object.keys(manifest.apps).sort().join(', ') || '(none)';
    return { exitCode: 2, diagnostics: [diag('app/not-found', { app: opts.app, known })] };
  }
  const runner = opts.runner ?? (await import('./executor-runner.js')).createBlockRunner(root, config);
  try {
    const state = opts.state ?? readAppState(root, app.id);
    const runs = await sourceRuns(app, manifest.blocks, runner);
    const evidence = { runs, draftPending: state.draftPending, openReviews: state.openReviews, contractsLoaded: manifest.contracts.loaded };
    const gate = manifestGate(manifest, rules.gate);
    const input = {
      app,
      blocks: manifest.blocks,
      evidence,
      documentDiagnostics: documentDiagnostics(manifest, dirname(app.file)),
      preflight: rules.preflight,
      trust: rules.trust,
      gate,
    };
    const result = checkApp(input);
    return { exitCode: result.exitCode, result, diagnostics: [] };
  } finally {
    if (opts.runner === undefined) await runner.close();
  }
}
