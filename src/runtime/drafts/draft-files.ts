/**
 * Reading the project's draft block files: where drafts live (spec rule 7), every draft file the
 * compiler would find, and the capture facts of each declaration (answer fingerprint, asked
 * times, proposed domain). Files are found with the compiler's own discovery so a draft here is
 * exactly a draft to `svc compile`.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type BlockFile, type Declaration, parseBlockFile, type Section } from '../../../grammar/block/index.js';
import { hasErrors } from '../../../grammar/diagnostics.js';
import { findMember } from '../../compiler/format/index.js';
import { discoverBlockFiles } from '../../compiler/project/discover.js';

export type DraftLayout = 'domain' | 'legacy';

/** Project-relative folder captured drafts of `domain` go to. */
export function draftsFolder(layout: DraftLayout, domain: string): string {
  return layout === 'domain' ? `domains/${domain}/blocks/_drafts` : 'blocks/_drafts';
}

/** Project-relative paths of every block file in a `_drafts` folder, sorted. */
export function draftFilePaths(root: string): string[] {
  return discoverBlockFiles(root)
    .files.filter((f) => f.inDrafts)
    .map((f) => f.path);
}

/** Project-relative paths of the domain's other (non-draft) block files. */
export function domainBlockPaths(root: string, layout: DraftLayout, domain: string): string[] {
  const prefix = layout === 'domain' ? `domains/${domain}/blocks/` : `blocks/${domain}/`;
  return discoverBlockFiles(root)
    .files.filter((f) => !f.inDrafts && f.path.startsWith(prefix))
    .map((f) => f.path);
}

export interface DraftDeclaration {
  name: string;
  domain?: string;
  status?: string;
  description?: string;
  answerFingerprint?: string;
  askedTimes: number;
  askedAt?: string;
  contractId?: string;
  decl: Declaration;
}

export interface DraftFile {
  /** Project-relative path. */
  path: string;
  /** File name without `.svc`: the slug it was captured under. */
  slug: string;
  text: string;
  parsed: BlockFile;
  /** False when the file has parse errors: it is listed, never rewritten. */
  readable: boolean;
  declarations: DraftDeclaration[];
}

function stringField(container: Declaration | Section, key: string): string | undefined {
  const m = findMember(container, key);
  return m?.kind === 'field' && m.value.kind === 'string' ? m.value.value : undefined;
}

function numberField(container: Declaration | Section, key: string): number | undefined {
  const m = findMember(container, key);
  return m?.kind === 'field' && m.value.kind === 'number' && Number.isInteger(m.value.value) ? m.value.value : undefined;
}

/** The `_proposed` section of a declaration, if it has one. */
export function proposedSection(decl: Declaration): Section | undefined {
  const m = findMember(decl, '_proposed');
  return m?.kind === 'section' ? m : undefined;
}

function describe(decl: Declaration): DraftDeclaration {
  const proposed = proposedSection(decl);
  const asked = numberField(decl, 'asked_times') ?? (proposed === undefined ? undefined : numberField(proposed, 'asked_times')) ?? 1;
  const out: DraftDeclaration = { name: decl.name, askedTimes: asked, decl };
  const fields: Array<[keyof DraftDeclaration, string | undefined]> = [
    ['domain', stringField(decl, 'domain')],
    ['status', stringField(decl, 'status')],
    ['description', stringField(decl, 'description')],
    ['answerFingerprint', stringField(decl, 'answer_fingerprint')],
    ['askedAt', proposed === undefined ? undefined : stringField(proposed, 'asked_at')],
    ['contractId', proposed === undefined ? undefined : stringField(proposed, 'contract_id')],
  ];
  for (const [key, value] of fields) if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  return out;
}

/** Reads and parses one draft file; undefined when it cannot be read. */
export function readDraftFile(root: string, path: string): DraftFile | undefined {
  let text: string;
  try {
    text = readFileSync(`${root}/${path}`, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = parseBlockFile(text, path);
  return {
    path,
    slug: basename(path, '.svc'),
    text,
    parsed,
    readable: !hasErrors(parsed.diagnostics),
    declarations: parsed.declarations.map(describe),
  };
}

/** Every draft file of the project, parsed, sorted by path. */
export function readDraftFiles(root: string): DraftFile[] {
  return draftFilePaths(root)
    .map((p) => readDraftFile(root, p))
    .filter((f): f is DraftFile => f !== undefined);
}
