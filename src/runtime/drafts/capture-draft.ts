/**
 * `captureDraft`: saves a Tier-2 answer as a draft block (spec 01 "Draft block", rules 7-8,
 * DESIGN.md section 2). The same SQL (same answer fingerprint) or the same question (same slug)
 * asked again counts one more ask on the existing draft instead of writing a new file; the
 * counter is changed on the syntax tree so a reviewer's comments and edits survive.
 *
 * Invariants: the block file and its companion YAML are written together or not at all (a file
 * transaction); an existing draft that no longer parses is never rewritten (the formatter would
 * drop what the parser skipped) and the capture fails with DRAFT_UNREADABLE; callers decide
 * what is captured (certified answers, refusals and opted-out runs never reach here).
 */
import { readTables, sqlFingerprint } from '../../../grammar/sql/index.js';
import { loadConfig } from '../../compiler/project/config.js';
import { REVIEW_REQUIRED_TAG } from '../../rules/certify/index.js';
import { applyChanges } from '../certify/file-transaction.js';
import { localOwner } from '../certify/local-owner.js';
import type { DraftErrorCode } from '../codes.js';
import { type DraftFile, type DraftLayout, domainBlockPaths, draftsFolder, readDraftFile, readDraftFiles } from './draft-files.js';
import { questionSlug, uniqueSlug } from './draft-slug.js';
import { countAsk, DRAFT_DESCRIPTION, draftCompanionPath, draftCompanionText, draftText, printDraftFile } from './draft-source.js';
import { maskSecrets } from './mask-secrets.js';

export interface CaptureInput {
  layout: DraftLayout;
  domain: string;
  /** PascalCase entity for the suggested contract id (`<domain>.<Entity>.<slug>`). */
  entity: string;
  question: string;
  sql: string;
  /** SQL driver of the connection the SQL ran on (for the fingerprint and lineage). */
  driver: string;
  now: Date;
  /** Owner written into a new draft (default: the project's local owner). */
  owner?: string;
}

export interface CapturedDraft {
  /** Project-relative path of the draft block file. */
  path: string;
  askedTimes: number;
  created: boolean;
}

/** Why a draft was not captured: the runtime table's `draft` codes (src/runtime/codes.ts). */
export type { DraftErrorCode };

export class DraftError extends Error {
  constructor(
    readonly code: DraftErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DraftError';
  }
}

const DOMAIN = /^[a-z][a-z0-9_]*$/;
const ENTITY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The existing draft this ask belongs to: same answer fingerprint first, then same question. */
function existingDraft(drafts: DraftFile[], fingerprint: string, slug: string): { file: DraftFile; index: number } | undefined {
  for (const file of drafts) {
    const index = file.declarations.findIndex((d) => d.answerFingerprint === fingerprint);
    if (index >= 0) return { file, index };
  }
  const same = drafts.find((f) => f.slug === slug);
  return same === undefined || same.declarations.length === 0 ? undefined : { file: same, index: 0 };
}

function countAgain(root: string, hit: { file: DraftFile; index: number }): CapturedDraft {
  const { file } = hit;
  const target = file.declarations[hit.index];
  if (!file.readable || target === undefined)
    throw new DraftError('DRAFT_UNREADABLE', `The draft ${file.path} does not parse, so its ask counter was not changed.`);
  const askedTimes = countAsk(target.decl, target.askedTimes);
  write(root, [{ kind: 'write', path: file.path, content: printDraftFile(file.parsed) }]);
  return { path: file.path, askedTimes, created: false };
}

function write(root: string, changes: Parameters<typeof applyChanges>[1]): void {
  try {
    applyChanges(root, changes);
  } catch (error) {
    throw new DraftError('DRAFT_WRITE_FAILED', `The draft could not be written: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Names a new draft may not take: declared by another block of the domain, or already a file. */
function takenNames(root: string, input: CaptureInput, drafts: DraftFile[]): (slug: string) => boolean {
  const names = new Set<string>();
  for (const path of domainBlockPaths(root, input.layout, input.domain)) {
    for (const d of readDraftFile(root, path)?.declarations ?? []) names.add(d.name);
  }
  for (const f of drafts) {
    names.add(f.slug);
    for (const d of f.declarations) if ((d.domain ?? input.domain) === input.domain) names.add(d.name);
  }
  return (slug) => names.has(slug);
}

function ownerFor(root: string, input: CaptureInput): string {
  if (input.owner !== undefined && input.owner.trim() !== '') return input.owner.trim();
  return localOwner(root, loadConfig({ project: root }).config).owner;
}

function validate(input: CaptureInput): void {
  if (!DOMAIN.test(input.domain)) throw new DraftError('DRAFT_INVALID_INPUT', 'The draft domain must be lower snake case.');
  if (!ENTITY.test(input.entity)) throw new DraftError('DRAFT_INVALID_INPUT', 'The draft entity must be an identifier.');
  if (input.sql.trim() === '') throw new DraftError('DRAFT_INVALID_INPUT', 'There is no SQL to save.');
}

/** The answer fingerprint of the SQL; SQL that does not read is invalid input. */
function fingerprintOf(input: CaptureInput): string {
  try {
    return sqlFingerprint(input.sql, input.driver);
  } catch {
    throw new DraftError('DRAFT_INVALID_INPUT', 'The SQL cannot be read, so it cannot be saved as a draft.');
  }
}

/** Saves the answer as a draft, or counts one more ask on the draft it already is. */
export function captureDraft(root: string, input: CaptureInput): CapturedDraft {
  validate(input);
  const fingerprint = fingerprintOf(input);
  const drafts = readDraftFiles(root);
  // The draft is named from, and keeps, the question with its secret-shaped parts masked.
  const question = maskSecrets(input.question);
  const base = questionSlug(question);
  const hit = existingDraft(drafts, fingerprint, base);
  if (hit !== undefined) return countAgain(root, hit);
  const slug = uniqueSlug(base, takenNames(root, input, drafts));
  return writeNew(root, input, { slug, question, fingerprint });
}

/** Writes a new draft named `slug` and its companion, in one file transaction. */
function writeNew(root: string, input: CaptureInput, named: { slug: string; question: string; fingerprint: string }): CapturedDraft {
  const { slug } = named;
  const path = `${draftsFolder(input.layout, input.domain)}/${slug}.svc`;
  const owner = ownerFor(root, input);
  const facts = {
    slug,
    domain: input.domain,
    entity: input.entity,
    question: named.question,
    sql: input.sql,
    owner,
    fingerprint: named.fingerprint,
    askedAt: input.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const companion = {
    name: slug,
    domain: input.domain,
    description: DRAFT_DESCRIPTION,
    owner,
    tags: [REVIEW_REQUIRED_TAG],
    tables: tablesOf(input.sql, input.driver),
  };
  write(root, [
    { kind: 'write', path, content: draftText(facts) },
    { kind: 'write', path: draftCompanionPath(input.domain, slug), content: draftCompanionText(companion) },
  ]);
  return { path, askedTimes: 1, created: true };
}

function tablesOf(sql: string, driver: string): string[] {
  try {
    return readTables(sql, driver);
  } catch {
    return [];
  }
}
