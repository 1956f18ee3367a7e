/**
 * Compiling only named block files, for `svc lint` in pre-commit hooks: no discovery and no
 * manifest, just each file with its project's config, contract manifest and companions. A file
 * outside any project is read with defaults (sqlite, domain from the block or its folder).
 */

import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { ContractIndex } from '../analyze/contract.js';
import { type NameIndex, snapshotNames } from '../analyze/sql-names.js';
import { type CertifierTrust, loadCertifiers } from '../project/certifiers.js';
import { readCompanionText } from '../project/companion.js';
import { compileSourceText, type FileEnv } from '../project/compile-file.js';
import { findProjectRoot, loadConfig, resolveConnection, type SvcConfig, statementAllowanceNotes } from '../project/config.js';
import { loadContracts } from '../project/contracts.js';
import { DRAFTS_FOLDER, type SourceFile } from '../project/discover.js';
import { readSource } from '../project/read-source.js';
import { loadSchemaSnapshot } from '../project/schema-snapshot.js';
import type { CompiledBlock } from '../types.js';

interface ProjectEnv {
  root: string;
  config?: SvcConfig;
  contracts: ContractIndex;
  certifiers: CertifierTrust;
  names?: (connection: string) => NameIndex | undefined;
  diagnostics: Diagnostic[];
}

function projectEnv(dir: string, cache: Map<string, ProjectEnv>): ProjectEnv {
  const root = findProjectRoot(dir) ?? '';
  const known = cache.get(root);
  if (known) return known;
  let env: ProjectEnv;
  if (root === '') {
    env = { root, contracts: { loaded: false, path: '', keys: new Set() }, certifiers: { signed: false }, diagnostics: [] };
  } else {
    const loaded = loadConfig({ project: root });
    const contracts = loaded.config ? loadContracts(root, loaded.config.contracts?.manifestPath) : undefined;
    // The missing-manifest warning belongs to compile; lint reports only what the files can fix.
    const diagnostics = [
      ...loaded.diagnostics,
      ...(contracts?.diagnostics.filter((d) => d.code !== 'compile/contract-manifest-missing') ?? []),
      // What the project adds to its connections' allow lists, for the reviewer.
      ...statementAllowanceNotes(loaded.config),
    ];
    const certifiers = loadCertifiers(root, loaded.config?.certification?.signed).trust;
    // Running unsigned is allowed, and said every time the project is linted.
    if (loaded.config && !certifiers.signed) diagnostics.push(diag('certify/unsigned-project', {}, { file: 'svc.config.json' }));
    env = {
      root,
      ...(loaded.config ? { config: loaded.config } : {}),
      contracts: contracts?.index ?? { loaded: false, path: '', keys: new Set() },
      certifiers,
      ...namesOf(root),
      diagnostics,
    };
  }
  cache.set(root, env);
  return env;
}

/** The schema snapshot's names, when the project has a snapshot. */
function namesOf(root: string): { names?: (connection: string) => NameIndex | undefined } {
  const names = snapshotNames(loadSchemaSnapshot(root));
  return names === undefined ? {} : { names };
}

/** Where a file sits in the project layout; a path outside both layouts reads as legacy. */
function locate(rel: string): Omit<SourceFile, 'abs'> {
  const parts = rel.split('/');
  const inDrafts = parts.slice(0, -1).includes(DRAFTS_FOLDER);
  if (parts[0] === 'domains' && parts[2] === 'blocks' && parts[1]) return { path: rel, layout: 'domain', folderDomain: parts[1], inDrafts };
  if (parts[0] === 'blocks' && parts.length >= 3 && parts[1] && parts[1] !== DRAFTS_FOLDER)
    return { path: rel, layout: 'legacy', folderDomain: parts[1], inDrafts };
  return { path: rel, layout: 'legacy', inDrafts };
}

/** What a block's project says, for the rules that read it (parallel to `blocks`). */
export interface BlockProject {
  /** Project root, or '' for a file outside any project. */
  root: string;
  contractsLoaded: boolean;
  /** The `rules` array of svc.config.json, as written. */
  configRules: unknown;
}

export interface FilesResult {
  blocks: CompiledBlock[];
  projects: BlockProject[];
  diagnostics: Diagnostic[];
}

/**
 * A project-relative file named from `cwd`: callers (hooks, editors, SARIF uploads) name files
 * from where they run, so every finding, the project's own included, uses that one base.
 */
function shownFrom(cwd: string, root: string): (file: string) => string {
  return (file) => (root === '' ? file : relative(cwd, resolve(root, file)).split(sep).join('/'));
}

const withFile = (d: Diagnostic, shown: (file: string) => string): Diagnostic => (d.file === undefined ? d : { ...d, file: shown(d.file) });

/**
 * Compiles each named file (paths relative to `cwd`). `texts` holds texts by absolute path that
 * stand for what is on disk (an editor's unsaved buffer).
 */
export function compileFiles(paths: readonly string[], cwd = process.cwd(), texts?: ReadonlyMap<string, string>): FilesResult {
  const envs = new Map<string, ProjectEnv>();
  const out: FilesResult = { blocks: [], projects: [], diagnostics: [] };
  const reported = new Set<ProjectEnv>();
  const seen = new Map<string, string>();
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const env = projectEnv(resolve(abs, '..'), envs);
    if (!reported.has(env)) out.diagnostics.push(...env.diagnostics.map((d) => withFile(d, shownFrom(cwd, env.root))));
    reported.add(env);
    const rel = (env.root === '' ? relative(cwd, abs) : relative(env.root, abs)).split(sep).join('/');
    const shown = shownFrom(cwd, env.root);
    const given = texts?.get(abs);
    const source = given !== undefined ? { text: given, diagnostics: [] } : readSource(abs, rel);
    if (source.text === undefined) {
      out.diagnostics.push(...source.diagnostics.map((d) => withFile(d, shown)));
      continue;
    }
    const fileEnv: FileEnv = {
      driverOf: (c) => resolveConnection(env.config, c).driver,
      contracts: env.contracts,
      certifiers: env.certifiers,
      ...(env.names !== undefined ? { names: env.names } : {}),
      readCompanion: (companion) => (env.root === '' ? undefined : readCompanionText(env.root, companion)),
    };
    const unit = compileSourceText(locate(rel), source.text, fileEnv);
    for (const d of unit.diagnostics) if (d.file !== undefined) d.file = shown(d.file);
    for (const b of unit.blocks) b.file = shown(b.file);
    out.diagnostics.push(...unit.diagnostics);
    for (const b of unit.blocks) {
      const other = seen.get(b.id);
      if (other !== undefined) out.diagnostics.push(diag('compile/duplicate-block', { block: b.id, other }, { file: b.file, span: b.span }));
      seen.set(b.id, b.file);
      out.projects.push({ root: env.root, contractsLoaded: env.contracts.loaded, configRules: env.config?.rules ?? [] });
      out.blocks.push(b);
    }
  }
  return out;
}
