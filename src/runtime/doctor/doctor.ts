/**
 * `svc doctor`: whether this project can work here, one check at a time, each saying what it
 * looked at: the config reads, each connection answers (its resolved file or host, its
 * credentials), the schema snapshot is fresh (a reachable connection's snapshot is taken anew),
 * the model provider answers, and the local trace store opens. A failed check fails the
 * doctor; a warning is something to know that does not stop svc working.
 */
import { loadConfig, type SvcConfig } from '../../compiler/project/config.js';
import { loadSchemaSnapshot, SCHEMA_SNAPSHOT_FILE } from '../../compiler/project/schema-snapshot.js';
import { TraceStore, traceStorePath } from '../../traces/trace-store.js';
import { createExecutor } from '../../warehouse/executor.js';
import type { Executor } from '../../warehouse/types.js';
import { connectionChecks } from './connection-checks.js';
import { modelCheck } from './model-check.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface DoctorCheck {
  /** `config`, `connection`, `credentials`, `snapshot`, `model` or `traces`. */
  check: string;
  /** The connection a check is about. */
  name?: string;
  status: CheckStatus;
  detail: string;
}

export interface DoctorReport {
  ok: boolean;
  exitCode: 0 | 1;
  root?: string;
  checks: DoctorCheck[];
}

export interface DoctorOptions {
  cwd: string;
  project?: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
  /** How long the model provider may take to answer. */
  modelTimeoutMs?: number;
}

function report(root: string | undefined, checks: DoctorCheck[]): DoctorReport {
  const ok = !checks.some((c) => c.status === 'fail');
  return { ok, exitCode: ok ? 0 : 1, ...(root !== undefined ? { root } : {}), checks };
}

/** The config check: found, reads, valid. */
function configCheck(opts: DoctorOptions): { check: DoctorCheck; root?: string; config?: SvcConfig } {
  const loaded = loadConfig({ cwd: opts.cwd, ...(opts.project !== undefined ? { project: opts.project } : {}) });
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (loaded.config === undefined || errors.length > 0) {
    const why = errors.map((d) => d.message).join(' ') || 'svc.config.json could not be read.';
    return { check: { check: 'config', status: 'fail', detail: why }, ...(loaded.root !== '' ? { root: loaded.root } : {}) };
  }
  const count = Object.keys(loaded.config.connections ?? {}).length;
  const detail = `${loaded.root}/svc.config.json is valid (project ${loaded.config.project}, ${count} connection${count === 1 ? '' : 's'})`;
  return { check: { check: 'config', status: 'ok', detail }, root: loaded.root, config: loaded.config };
}

/** The trace store opens and its schema is one this build reads. */
function traceCheck(root: string): DoctorCheck {
  const store = new TraceStore({ root });
  try {
    const s = store.status();
    if (!s.available)
      return {
        check: 'traces',
        status: 'fail',
        detail: `the trace store ${traceStorePath(root)} cannot be used (${s.code ?? 'unavailable'}${s.reason !== undefined ? `: ${s.reason}` : ''})`,
      };
    return { check: 'traces', status: 'ok', detail: `${traceStorePath(root)} holds ${s.counts?.summaries ?? 0} traces (schema ${s.schema.version ?? '?'})` };
  } finally {
    store.close();
  }
}

function age(takenAt: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(takenAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

/** The snapshot's age per connection (after the connection checks refreshed what they could read). */
function snapshotChecks(root: string, config: SvcConfig, now: Date): DoctorCheck[] {
  const snapshot = loadSchemaSnapshot(root);
  return Object.keys(config.connections ?? {}).map((name): DoctorCheck => {
    const entry = snapshot?.connections[name];
    if (entry === undefined)
      return {
        check: 'snapshot',
        name,
        status: 'warn',
        detail: `no schema snapshot in ${SCHEMA_SNAPSHOT_FILE}: table and column names are not checked offline`,
      };
    const tables = `${entry.tables.length} table${entry.tables.length === 1 ? '' : 's'}${entry.truncated ? ' (truncated)' : ''}`;
    return { check: 'snapshot', name, status: 'ok', detail: `taken ${age(entry.takenAt, now)} (${entry.takenAt}), ${tables}` };
  });
}

/** Runs every check. Never throws on what it finds: a failure is a failed check. */
export async function runDoctor(opts: DoctorOptions): Promise<DoctorReport> {
  const now = opts.now ?? new Date();
  const { check, root, config } = configCheck(opts);
  if (root === undefined || config === undefined) return report(root, [check]);
  const checks: DoctorCheck[] = [check];
  const executor: Executor = createExecutor({ root, config });
  try {
    checks.push(...(await connectionChecks(root, config, executor, opts.env ?? process.env, now)));
  } finally {
    await executor.close();
  }
  checks.push(...snapshotChecks(root, config, now));
  checks.push(await modelCheck(config, opts.env ?? process.env, opts.modelTimeoutMs ?? 5_000));
  checks.push(traceCheck(root));
  return report(root, checks);
}
