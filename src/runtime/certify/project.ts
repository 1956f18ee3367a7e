/**
 * The project a certify or app check command works in: config, contract manifest, the
 * compile environment, and finding a block by file or by id. Config problems are
 * diagnostics (exit 2 at the command line), never exceptions.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import { loadCertifiers } from '../../compiler/project/certifiers.js';
import { loadConfig, resolveConnection, type SvcConfig } from '../../compiler/project/config.js';
import { type LoadedContracts, loadContracts } from '../../compiler/project/contracts.js';
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import { compileText, type SourceEnv } from '../../rules/certify/index.js';

export interface CertifyProject {
  root: string;
  config: SvcConfig;
  contracts: LoadedContracts;
  env: SourceEnv;
}

export interface ProjectOptions {
  cwd: string;
  project?: string;
}

/** Opens the project found from `cwd` (or named by `project`). */
export function openProject(opts: ProjectOptions): { project?: CertifyProject; diagnostics: Diagnostic[] } {
  const loaded = loadConfig(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (loaded.config === undefined) return { diagnostics: loaded.diagnostics };
  const config = loaded.config;
  const contracts = loadContracts(loaded.root, config.contracts?.manifestPath);
  const certifiers = loadCertifiers(loaded.root, config.certification?.signed).trust;
  const env: SourceEnv = { driverOf: (c) => resolveConnection(config, c).driver, contracts: contracts.index, certifiers };
  return { project: { root: loaded.root, config, contracts, env }, diagnostics: [] };
}

/** The project compiled as `svc compile` would, without writing anything. */
export function compiledManifest(root: string): { manifest?: Manifest; diagnostics: Diagnostic[] } {
  const r = compileProject({ project: root, check: true });
  if (r.text === undefined) return { diagnostics: r.diagnostics };
  return { manifest: JSON.parse(r.text) as Manifest, diagnostics: r.diagnostics };
}

/** Project-relative form of a path given on the command line; undefined outside the project. */
export function projectPath(root: string, cwd: string, path: string): string | undefined {
  const rel = relative(root, resolve(cwd, path));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

export function readText(root: string, rel: string): string | undefined {
  try {
    return readFileSync(resolve(root, rel), 'utf8');
  } catch {
    return undefined;
  }
}

export interface LocatedBlock {
  /** Project-relative file. */
  file: string;
  text: string;
  /** The block as the file declares it now. */
  block: CompiledBlock;
}

function looksLikePath(target: string): boolean {
  return target.endsWith('.svc') || target.includes('/') || target.includes(sep);
}

function fromFile(project: CertifyProject, cwd: string, target: string): { located?: LocatedBlock; diagnostics: Diagnostic[] } {
  const file = projectPath(project.root, cwd, target);
  const text = file === undefined ? undefined : readText(project.root, file);
  if (file === undefined || text === undefined) return { diagnostics: [diag('certify/not-found', { target })] };
  const { blocks } = compileText(text, file, project.env);
  if (blocks.length === 1) return { located: { file, text, block: blocks[0]! }, diagnostics: [] };
  if (blocks.length === 0) return { diagnostics: [diag('certify/not-found', { target }, { file })] };
  const data = { file, count: blocks.length, blocks: blocks.map((b) => b.id).join(', ') };
  return { diagnostics: [diag('certify/ambiguous-file', data, { file })] };
}

/** Finds the block a command names: a block file, or a `<domain>.<name>` id. */
export function locateBlock(project: CertifyProject, cwd: string, target: string): { located?: LocatedBlock; diagnostics: Diagnostic[] } {
  if (looksLikePath(target)) return fromFile(project, cwd, target);
  const { manifest } = compiledManifest(project.root);
  const known = manifest?.blocks[target];
  const text = known === undefined ? undefined : readText(project.root, known.file);
  if (known === undefined || text === undefined) return { diagnostics: [diag('certify/not-found', { target })] };
  const block = compileText(text, known.file, project.env).blocks.find((b) => b.id === target);
  if (block === undefined) return { diagnostics: [diag('certify/not-found', { target }, { file: known.file })] };
  return { located: { file: known.file, text, block }, diagnostics: [] };
}
