/**
 * What the language server knows of a project beyond the open file: its compiled blocks (from a
 * compile that writes nothing), its schema snapshot and its contract manifest. Built on first use
 * per project root and rebuilt when a file of the project is saved, so an editor sees the same
 * project `svc compile` would.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileProject } from '../../compiler/pipeline/compile-project.js';
import { findProjectRoot } from '../../compiler/project/config.js';
import { DEFAULT_CONTRACTS_PATH } from '../../compiler/project/contracts.js';
import { loadSchemaSnapshot, type SchemaSnapshot } from '../../compiler/project/schema-snapshot.js';
import type { CompiledBlock } from '../../compiler/types.js';

export interface LspProject {
  root: string;
  blocks: Map<string, CompiledBlock>;
  snapshot?: SchemaSnapshot;
  /** The contract manifest's path (absolute) and text, when it exists. */
  contracts?: { path: string; text: string };
}

const projects = new Map<string, LspProject>();

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function build(root: string): LspProject {
  const compiled = compileProject({ project: root, check: true, cache: false });
  const manifest = JSON.parse(compiled.text ?? '{"blocks":{}}') as { blocks?: Record<string, CompiledBlock> };
  const contractsPath = join(root, compiled.config?.contracts?.manifestPath ?? DEFAULT_CONTRACTS_PATH);
  const contractsText = readText(contractsPath);
  const snapshot = loadSchemaSnapshot(root);
  return {
    root,
    blocks: new Map(Object.entries(manifest.blocks ?? {})),
    ...(snapshot !== undefined ? { snapshot } : {}),
    ...(contractsText !== undefined ? { contracts: { path: contractsPath, text: contractsText } } : {}),
  };
}

/** The project holding `file` (an absolute path), or undefined outside any project. */
export function projectOf(file: string): LspProject | undefined {
  const root = findProjectRoot(dirname(file));
  if (root === undefined) return undefined;
  let project = projects.get(root);
  if (project === undefined) {
    project = build(root);
    projects.set(root, project);
  }
  return project;
}

/** Forgets the project holding `file`, so the next request reads it again. */
export function forgetProjectOf(file: string): void {
  const root = findProjectRoot(dirname(file));
  if (root !== undefined) projects.delete(root);
}
