/**
 * Finds block files in both project layouts:
 *   domain-first  domains/<domain>/blocks/**\/*.svc   (drafts in domains/<domain>/blocks/_drafts/)
 *   legacy        blocks/<domain>/**\/*.svc           (drafts in blocks/_drafts/)
 * Symbolic links are followed once; a link leading back into a folder already being walked is
 * reported (file/symlink-loop) instead of walked forever.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';

export const DRAFTS_FOLDER = '_drafts';

export interface SourceFile {
  /** Project-relative path with forward slashes. */
  path: string;
  abs: string;
  layout: 'domain' | 'legacy';
  /** The domain the folder names; undefined for legacy drafts, whose domain is in the file. */
  folderDomain?: string;
  inDrafts: boolean;
}

interface Walk {
  root: string;
  out: string[];
  diagnostics: Diagnostic[];
  /** Real paths of the folders on the current walk path; a link back into one is a loop. */
  active: Set<string>;
}

function entries(abs: string): Dirent[] {
  try {
    return readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Kind of a link's target, or undefined for a dangling link. */
function linkTarget(abs: string): 'dir' | 'file' | undefined {
  try {
    const st = statSync(abs);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Walks `rel`, whose real path is `real`. Only links need realpath: a plain folder's real path
 * is its parent's plus its name, which keeps a 10,000-file walk to one readdir per folder.
 */
function walk(w: Walk, rel: string, real: string, depth: number): void {
  if (w.active.has(real) || depth > 32) {
    w.diagnostics.push(diag('file/symlink-loop', { target: rel }, { file: rel }));
    return;
  }
  w.active.add(real);
  for (const e of entries(`${w.root}/${rel}`)) {
    if (e.name.startsWith('.')) continue;
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) walk(w, child, `${real}/${e.name}`, depth + 1);
    else if (e.isFile()) {
      if (e.name.endsWith('.svc')) w.out.push(child);
    } else if (e.isSymbolicLink()) {
      const abs = `${w.root}/${child}`;
      const kind = linkTarget(abs);
      if (kind === 'dir') walk(w, child, realpathSync(abs), depth + 1);
      else if (kind === 'file' && e.name.endsWith('.svc')) w.out.push(child);
    }
  }
  w.active.delete(real);
}

function walkRoot(w: Walk, rel: string): void {
  let real: string;
  try {
    real = realpathSync(`${w.root}/${rel}`);
  } catch {
    return; // the folder does not exist
  }
  walk(w, rel, real, 0);
}

function classify(path: string): Omit<SourceFile, 'abs'> | undefined {
  const parts = path.split('/');
  if (parts[0] === 'domains' && parts[2] === 'blocks' && parts.length >= 4) {
    return { path, layout: 'domain', folderDomain: parts[1], inDrafts: parts.slice(3, -1).includes(DRAFTS_FOLDER) };
  }
  if (parts[0] === 'blocks' && parts.length >= 3) {
    const inDrafts = parts.slice(1, -1).includes(DRAFTS_FOLDER);
    const folder = parts[1] === DRAFTS_FOLDER ? undefined : parts[1];
    return folder === undefined ? { path, layout: 'legacy', inDrafts } : { path, layout: 'legacy', folderDomain: folder, inDrafts };
  }
  return undefined;
}

/**
 * The project-relative paths of all block files, sorted, without describing each: a quick
 * recompile compares the list and describes only the files that changed (sourceFileOf).
 */
export function listBlockFiles(root: string): { paths: string[]; diagnostics: Diagnostic[] } {
  const w: Walk = { root, out: [], diagnostics: [], active: new Set() };
  for (const domain of entries(join(root, 'domains'))) {
    if (domain.name.startsWith('.')) continue;
    walkRoot(w, `domains/${domain.name}/blocks`);
  }
  walkRoot(w, 'blocks');
  // A file directly in blocks/ belongs to no domain folder and is not a block file (classify).
  const paths = [...new Set(w.out)].filter((p) => !p.startsWith('blocks/') || p.indexOf('/', 'blocks/'.length) >= 0);
  return { paths: paths.sort(), diagnostics: w.diagnostics };
}

/** The block file at project-relative `path`, described for the compiler. */
export function sourceFileOf(root: string, path: string): SourceFile | undefined {
  const c = classify(path);
  return c && { ...c, abs: `${root}/${path}` };
}

/** All block files of the project at `root`, sorted by path. */
export function discoverBlockFiles(root: string): { files: SourceFile[]; diagnostics: Diagnostic[] } {
  const { paths, diagnostics } = listBlockFiles(root);
  const files: SourceFile[] = [];
  for (const path of paths) {
    const file = sourceFileOf(root, path);
    if (file) files.push(file);
  }
  return { files, diagnostics };
}

/** App folders holding an svc.app.json, sorted. */
export function discoverApps(root: string): string[] {
  const out: string[] = [];
  for (const e of entries(join(root, 'apps'))) {
    if (e.name.startsWith('.')) continue;
    try {
      if (statSync(join(root, 'apps', e.name, 'svc.app.json')).isFile()) out.push(`apps/${e.name}/svc.app.json`);
    } catch {
      // no app document in this folder
    }
  }
  return out.sort();
}
