/**
 * `svc init`: a new project in a folder. All or nothing: the text files go through one file
 * transaction and the warehouse file (the example's, or an empty SQLite or DuckDB database) is
 * renamed into place before it, so a failure
 * leaves the folder as it was. Nothing existing is ever overwritten; an existing `.gitignore`
 * only gains the `.svc/` line.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { FileChange } from '../certify/file-transaction.js';
import { applyChanges } from '../certify/file-transaction.js';
import { localOwner } from '../certify/local-owner.js';
import { initLocalKey } from '../certify/signing-key.js';
import { writeEmptyWarehouse } from './empty-warehouse.js';
import { writeExampleWarehouse } from './example-warehouse.js';
import type { InitLayout } from './project-files.js';
import { EXAMPLE, gitignoreWith, projectFiles } from './project-files.js';
import { type InitWarehouse, warehouseConnection, warehouseStep } from './warehouse-connection.js';

export interface InitRequest {
  readonly cwd: string;
  readonly dir?: string;
  readonly layout?: InitLayout;
  readonly example?: boolean;
  /** The warehouse of the `default` connection (the example's is SQLite). */
  readonly warehouse?: InitWarehouse;
  /** Add the project to a folder that holds other files (never overwriting one). */
  readonly force?: boolean;
  /** The clock for the example warehouse's calendar (tests fix it). */
  readonly now?: Date;
}

export interface InitResult {
  readonly ok: boolean;
  readonly exitCode: 0 | 1;
  readonly root: string;
  readonly project: string;
  readonly written: string[];
  readonly diagnostics: Diagnostic[];
  /** Commands to run next, from the project folder. */
  readonly next: string[];
}

// What a folder may hold and still count as empty: version control and a package manager's
// files, which a project installed with `npm install -D` has before `svc init` runs.
const HOUSEKEEPING = new Set([
  '.git',
  '.gitignore',
  '.npmrc',
  '.DS_Store',
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'node_modules',
  'yarn.lock',
  'pnpm-lock.yaml',
  '.yarnrc.yml',
]);

/** A project name the config schema accepts, from the folder's name. */
export function projectNameFor(root: string): string {
  const name = basename(root)
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  return name === '' ? 'project' : name;
}

function refusal(root: string, project: string, d: Diagnostic): InitResult {
  return { ok: false, exitCode: 1, root, project, written: [], diagnostics: [d], next: [] };
}

/** Why the folder cannot take a project, or undefined. */
function folderProblem(root: string, force: boolean): Diagnostic | undefined {
  if (!existsSync(root)) return undefined;
  if (!statSync(root).isDirectory()) return diag('init/not-a-folder', { dir: root });
  if (existsSync(join(root, 'svc.config.json'))) return diag('init/already-a-project', { dir: root }, { file: 'svc.config.json' });
  const others = readdirSync(root)
    .filter((name) => !HOUSEKEEPING.has(name))
    .sort();
  if (others.length === 0 || force) return undefined;
  const shown = others.slice(0, 5).join(', ') + (others.length > 5 ? `, and ${others.length - 5} more` : '');
  return diag('init/not-empty', { dir: root, entries: shown, count: others.length });
}

/** The changes to make, or the first file that is in the way. */
function plan(
  root: string,
  files: Map<string, string>,
  example: boolean,
  warehouse: InitWarehouse | undefined,
): { changes: FileChange[] } | { blocked: string } {
  const changes: FileChange[] = [];
  for (const [path, content] of files) {
    if (existsSync(join(root, path))) return { blocked: path };
    changes.push({ kind: 'write', path, content });
  }
  const file = warehouseFile(example, warehouse);
  if (file !== undefined && existsSync(join(root, file))) return { blocked: file };
  const ignore = join(root, '.gitignore');
  const gitignore = gitignoreWith(existsSync(ignore) ? readFileSync(ignore, 'utf8') : undefined);
  if (gitignore !== undefined) changes.push({ kind: 'write', path: '.gitignore', content: gitignore });
  return { changes };
}

/** The warehouse file init writes: the example's, or an empty one for an embedded warehouse; undefined for a server. */
function warehouseFile(example: boolean, warehouse: InitWarehouse | undefined): string | undefined {
  if (example) return EXAMPLE.warehouse;
  if (warehouse === 'sqlite' || warehouse === 'duckdb') return String(warehouseConnection(warehouse, '').path);
  return undefined;
}

/** Writes the warehouse file at `tmp`: the example's rows, or an empty database. */
async function writeWarehouse(tmp: string, req: InitRequest): Promise<void> {
  if (req.example === true) writeExampleWarehouse(tmp, req.now);
  else await writeEmptyWarehouse(tmp, req.warehouse === 'duckdb' ? 'duckdb' : 'sqlite');
}

function nextSteps(req: InitRequest, root: string, layout: InitLayout): string[] {
  const cd = relative(req.cwd, root);
  const steps = cd === '' ? [] : [`cd ${cd}`];
  const blocks = `add a block under ${layout === 'domains' ? 'domains/<domain>/blocks/' : 'blocks/<domain>/'}`;
  if (!req.example && req.warehouse !== undefined) return [...steps, warehouseStep(req.warehouse), blocks, 'npx svc compile --validate'];
  if (!req.example) return [...steps, `add a connection to svc.config.json and ${blocks.slice(4)}`, 'npx svc compile'];
  return [...steps, 'npx svc compile', `npx svc certify ${EXAMPLE.block}`, `npx svc agent ask "${EXAMPLE.question}"`];
}

/**
 * The project's first certifier: the local owner with the local signing key (made now when
 * there is none), so a new project signs its certification receipts from the start.
 */
function firstCertifier(req: InitRequest, root: string): { id: string; key: string } | { problem: Diagnostic } {
  try {
    const { key } = initLocalKey();
    return { id: localOwner(existsSync(root) ? root : req.cwd, undefined).owner, key: key.publicKey };
  } catch (error) {
    return { problem: diag('init/signing-key-failed', { reason: error instanceof Error ? error.message : String(error) }) };
  }
}

/** Creates the project; refuses (exit 1, nothing written) when the folder cannot take it. */
export async function initProject(req: InitRequest): Promise<InitResult> {
  const root = resolve(req.cwd, req.dir ?? '.');
  const project = projectNameFor(root);
  const layout = req.layout ?? 'domains';
  const example = req.example ?? false;
  if (example && req.warehouse !== undefined && req.warehouse !== 'sqlite')
    return refusal(root, project, diag('init/example-needs-sqlite', { warehouse: req.warehouse }));
  const problem = folderProblem(root, req.force ?? false);
  if (problem !== undefined) return refusal(root, project, problem);
  const certifier = firstCertifier(req, root);
  if ('problem' in certifier) return refusal(root, project, certifier.problem);
  const files = projectFiles({ project, layout, example, certifier, ...(req.warehouse !== undefined ? { warehouse: req.warehouse } : {}) });
  const planned = plan(root, files, example, req.warehouse);
  if ('blocked' in planned) return refusal(root, project, diag('init/file-exists', { file: planned.blocked }, { file: planned.blocked }));
  const made = [root, join(root, 'data')].filter((dir) => !existsSync(dir));
  const file = warehouseFile(example, req.warehouse);
  const warehouse = file === undefined ? undefined : join(root, file);
  const tmp = `${warehouse}.${process.pid}.tmp`;
  try {
    // The warehouse goes first (its path was free): undoing it is one removal.
    if (warehouse !== undefined) {
      mkdirSync(join(root, 'data'), { recursive: true });
      await writeWarehouse(tmp, req);
      renameSync(tmp, warehouse);
    }
    applyChanges(root, planned.changes);
  } catch (error) {
    if (warehouse !== undefined) for (const path of [tmp, warehouse]) rmSync(path, { force: true });
    for (const dir of made.reverse()) rmSync(dir, { recursive: true, force: true });
    return refusal(root, project, diag('init/write-failed', { reason: error instanceof Error ? error.message : String(error) }));
  }
  const written = [...planned.changes.map((c) => c.path), ...(file !== undefined ? [file] : [])].sort();
  return { ok: true, exitCode: 0, root, project, written, diagnostics: [], next: nextSteps(req, root, layout) };
}
