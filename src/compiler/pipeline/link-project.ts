/**
 * The project-level half of linking: what a compile decides once it knows which block ids the
 * project owns (Apps and the tiles they bind, terms and views naming blocks, the project's own
 * findings) and the manifest's head. Shared by the whole compile and the watch's delta compile
 * (delta-compile.ts), so both decide these the same way.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { LoggedSections } from '../manifest/manifest-log.js';
import { CERTIFIERS_FILE } from '../project/certifiers.js';
import { type StatementAllowanceConfig, type SvcConfig, statementAllowances } from '../project/config.js';
import { readApps } from '../project/cross-file.js';
import type { SourceFile } from '../project/discover.js';
import { termsById, unknownRelated } from '../project/terms.js';
import { unknownMembers, viewsById } from '../project/views.js';
import type { CompileInputs } from './compile-inputs.js';
import type { CompileOptions } from './compile-project.js';

/** The project as the config phase read it: what the later phases compile against. */
export interface Project {
  root: string;
  config: SvcConfig;
  contracts: NonNullable<CompileInputs['contracts']>;
  inputs: CompileInputs;
  opts: CompileOptions;
}

/** What the project level adds to the manifest: everything but the blocks, lineage and the units' findings. */
export type ProjectLevel = Omit<LoggedSections, 'diagnostics'> & { findings: Diagnostic[] };

/** The manifest's record of what the project adds to its connections' allow lists (absent when nothing). */
function statementCheckHead(config: SvcConfig): { statementCheck?: Record<string, StatementAllowanceConfig> } {
  const allow = statementAllowances(config);
  return Object.keys(allow).length > 0 ? { statementCheck: allow } : {};
}

/**
 * The contract manifest's diagnostics, a missing manifest said only when the project uses
 * contracts: the config names a manifest path, or a block declares svc_contract. A project
 * without contracts compiles without the note, so it is not repeated on every compile.
 */
function contractNotes(found: readonly Diagnostic[], config: SvcConfig, usesContracts: boolean): Diagnostic[] {
  const wanted = config.contracts?.manifestPath !== undefined || usesContracts;
  return wanted ? [...found] : found.filter((d) => d.code !== 'compile/contract-manifest-missing');
}

/** What the project level decides, given the discovery, the duplicate-id findings and the ids owned. */
export function linkProject(
  p: Project,
  discovered: { files: readonly SourceFile[]; diagnostics: readonly Diagnostic[] },
  duplicates: readonly Diagnostic[],
  owned: Pick<ReadonlySet<string>, 'has'>,
  usesContracts: boolean,
): ProjectLevel {
  const { root, config, contracts, inputs } = p;
  const { apps, diagnostics: appDiags } = readApps(root, owned);
  const terms = inputs.terms ?? { terms: [], diagnostics: [] };
  const views = inputs.views ?? { views: [], diagnostics: [], at: () => undefined };
  const findings = [
    ...contractNotes(contracts.diagnostics, config, usesContracts),
    ...discovered.diagnostics,
    ...duplicates,
    ...appDiags,
    ...terms.diagnostics,
    ...unknownRelated(terms.terms, owned),
    ...views.diagnostics,
    ...unknownMembers(views, owned, new Set(terms.terms.map((x) => x.id))),
  ];
  if (discovered.files.length === 0) findings.push(diag('compile/empty-project', { root: '.' }));
  const trust = inputs.certifiers;
  if (trust?.signed === true && trust.problem !== undefined) {
    findings.push(diag('certify/certifiers-invalid', { file: CERTIFIERS_FILE, problem: trust.problem }, { file: CERTIFIERS_FILE }));
  }
  const index = contracts.index;
  return {
    manifestVersion: 1,
    project: config.project,
    contracts: { loaded: index.loaded, path: index.path, count: index.keys.size },
    ...statementCheckHead(config),
    apps,
    terms: termsById(terms.terms),
    views: viewsById(views.views),
    findings,
  };
}

/** The logged sections of a compile (manifest-log.ts), as JSON: what decides whether they changed. */
export function sectionsJson(level: ProjectLevel, diagnostics: readonly Diagnostic[]): string {
  const { findings: _, ...sections } = level;
  return JSON.stringify({ ...sections, diagnostics });
}
