/**
 * Shared parts of the `svc agent trace` commands: finding the project, opening the trace store
 * read-only (the inspector never writes or migrates it), printing trace errors with their spec
 * codes, and the text renderings. Exit codes: 0 ok, 1 a trace error or invalid bundle, 2 usage.
 */

import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from 'clipanion';
import type { TraceDetail, TraceStore, TraceSummary } from '../../traces/index.js';
import type { SvcContext } from '../context.js';

/** The project root, as every svc command finds it. */
export async function projectRoot(cwd: string, project: string | undefined): Promise<string> {
  const { projectRootOf, CONFIG_FILE } = await import('../../compiler/project/config.js');
  const root = projectRootOf({ cwd, ...(project !== undefined ? { project } : {}) });
  if (root === undefined || !existsSync(join(root, CONFIG_FILE))) {
    throw new UsageError(
      `No ${CONFIG_FILE} found ${project !== undefined ? `in ${root}` : `in ${resolve(cwd)} or any folder above it`}; run svc in a project folder or pass --project DIR.`,
    );
  }
  return root;
}

/** The project's trace store, opened read-only. */
export async function openStore(cwd: string, project: string | undefined): Promise<TraceStore> {
  const root = await projectRoot(cwd, project);
  const { TraceStore } = await import('../../traces/index.js');
  return new TraceStore({ root, readonly: true });
}

/** Runs `use` on the project's trace store (read-only) and closes the store however it ends. */
export async function withStore<T>(cwd: string, project: string | undefined, use: (store: TraceStore) => T | Promise<T>): Promise<T> {
  const store = await openStore(cwd, project);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

export function isBundleDir(path: string): boolean {
  try {
    return statSync(path).isDirectory() && existsSync(join(path, 'manifest.json'));
  } catch {
    return false;
  }
}

/**
 * Runs a command body: a UsageError (or TRACE_REQUEST_INVALID) prints `Usage Error:` and exits
 * 2 (clipanion itself would exit 1); a TraceError prints its code and exits 1.
 */
export async function guarded(context: SvcContext, format: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const { TraceError } = await import('../../traces/index.js');
    const usage =
      error instanceof UsageError ? error.message : error instanceof TraceError && error.code === 'TRACE_REQUEST_INVALID' ? error.message : undefined;
    if (usage === undefined) return reportError(context, format, error);
    context.stderr.write(`Usage Error: ${usage}\n`);
    return 2;
  }
}

/** Prints a TraceError (JSON on stdout, else one line on stderr) and returns exit code 1. */
async function reportError(context: SvcContext, format: string, error: unknown): Promise<number> {
  const { TraceError, errorBody } = await import('../../traces/index.js');
  if (!(error instanceof TraceError)) throw error;
  if (format === 'json') context.stdout.write(`${JSON.stringify(errorBody(error), null, 2)}\n`);
  else {
    context.stderr.write(`svc: ${error.code}: ${error.message}\n`);
    const summary = error.data?.['summary'] as TraceSummary | undefined;
    if (summary !== undefined) context.stdout.write(`${summaryLine(summary)}\n`);
  }
  return 1;
}

export function json(context: SvcContext, value: unknown): void {
  context.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function outcomeText(s: { tier?: number; trust?: string; refusalCode?: string }): string {
  if (s.tier === undefined && s.trust === undefined) return '-';
  return [s.tier !== undefined ? `tier ${s.tier}` : undefined, s.trust, s.refusalCode].filter(Boolean).join(' ');
}

export function summaryLine(s: TraceSummary): string {
  const ms = s.durationMs !== undefined ? `${s.durationMs} ms` : '-';
  return `${s.startedAt}  ${s.traceId}  ${s.runId}  ${s.status}  ${outcomeText(s)}  ${ms}${s.detail === 'expired' ? '  (detail expired)' : ''}`;
}

export function detailText(t: TraceDetail): string {
  const lines = [
    `trace ${t.traceId}  run ${t.runId}  ${t.kind}  ${t.status}`,
    `started ${t.startedAt}${t.finishedAt !== undefined ? `  finished ${t.finishedAt}` : ''}${t.durationMs !== undefined ? `  ${t.durationMs} ms` : ''}`,
    `outcome: ${outcomeText(t.outcome)}${t.outcome.block !== undefined ? `  block ${t.outcome.block}` : ''}${t.outcome.contract !== undefined ? `  contract ${t.outcome.contract}` : ''}${t.outcome.errorCode !== undefined ? `  error ${t.outcome.errorCode}` : ''}`,
    'phases:',
    ...t.phases.map((p) =>
      `  +${p.startMs} ms  ${p.code}  ${p.durationMs} ms${p.reasonCode !== undefined ? `  ${p.reasonCode}` : ''}  ${Object.entries(p.counts)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`.trimEnd(),
    ),
    'candidates:',
    ...t.candidates.map(
      (c) => `  ${c.id}  ${c.role}${c.reasonCode !== undefined ? `  ${c.reasonCode}` : ''}${c.score !== undefined ? `  score ${c.score}` : ''}`,
    ),
    'attempts:',
    ...t.attempts.map(
      (a) =>
        `  tier ${a.tier}  ${a.outcome}${a.reasonCode !== undefined ? `  ${a.reasonCode}` : ''}${a.durationMs !== undefined ? `  ${a.durationMs} ms` : ''}`,
    ),
    `sources: ${t.sources.used.join(', ') || '-'}  (considered ${t.sources.considered}, eligible ${t.sources.eligible})`,
  ];
  if (t.fingerprints.question !== undefined) lines.push(`question fingerprint: ${t.fingerprints.question}`);
  if (t.dropped > 0) lines.push(`dropped values: ${t.dropped}`);
  return `${lines.join('\n')}\n`;
}
