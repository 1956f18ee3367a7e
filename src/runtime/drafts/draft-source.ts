/**
 * The text of a newly captured draft (DESIGN.md section 2, "A captured Tier-2 draft"): built as
 * a syntax tree and printed by the canonical formatter, so the file is exactly what `svc fmt`
 * would write and every later edit (asked_times, certification) is a tree edit, not a text
 * patch. Also the text of a draft asked again: the counter changes on the tree, so a reviewer's
 * comments and edits survive. And the companion YAML of a new draft
 * (`semantic-layer/blocks/<domain>/_drafts/<slug>.yaml`, `reviewStatus: draft`), written through
 * the same document builder certify uses, so a later certification edits it in place.
 */
import type { BlockFile, Declaration, Field, Section } from '../../../grammar/block/index.js';
import {
  arrayValue,
  fieldNode,
  formatBlockFile,
  numberValue,
  objectValue,
  setField,
  stringValue,
  syntheticSpan,
  withFormatHeader,
} from '../../compiler/format/index.js';
import { companionPath } from '../../compiler/project/companion.js';
import { REVIEW_REQUIRED_TAG, statusCompanionText } from '../../rules/certify/index.js';
import { proposedSection } from './draft-files.js';

/** The description every captured draft starts with; Certify refuses it until a reviewer edits it. */
export const DRAFT_DESCRIPTION = 'Review required: drafted from a question.';

export interface DraftFacts {
  slug: string;
  domain: string;
  entity: string;
  question: string;
  sql: string;
  owner: string;
  fingerprint: string;
  askedAt: string;
}

function section(name: string, members: Field[]): Section {
  return { kind: 'section', name, nameSpan: syntheticSpan(), members, dangling: [], span: syntheticSpan(), leading: [], trailing: [] };
}

/** The `<domain>.<Entity>.<slug>` contract id a promotion binds by default. */
export function suggestedContractId(domain: string, entity: string, slug: string): string {
  return `${domain}.${entity}.${slug}`;
}

/** The declaration of a new draft. */
export function draftDeclaration(f: DraftFacts): Declaration {
  const proposed = section('_proposed', [
    fieldNode('asked_at', stringValue(f.askedAt)),
    fieldNode('asked_times', numberValue(1)),
    fieldNode('domain', stringValue(f.domain)),
    fieldNode('entity', stringValue(f.entity)),
    fieldNode('contract_id', stringValue(suggestedContractId(f.domain, f.entity, f.slug))),
  ]);
  const members = [
    fieldNode('domain', stringValue(f.domain)),
    fieldNode('status', stringValue('draft')),
    fieldNode('description', stringValue(DRAFT_DESCRIPTION)),
    fieldNode('owner', stringValue(f.owner)),
    fieldNode('tags', arrayValue([stringValue(REVIEW_REQUIRED_TAG)])),
    fieldNode('answer_fingerprint', stringValue(f.fingerprint)),
    fieldNode('asked_times', numberValue(1)),
    // The question becomes an example, so once certified the same question routes to this block.
    fieldNode('examples', arrayValue([objectValue({ question: stringValue(f.question) })])),
    proposed,
    fieldNode('query', stringValue(f.sql.trim(), { triple: true })),
  ];
  return {
    kind: 'declaration',
    keyword: 'block',
    name: f.slug,
    nameSpan: syntheticSpan(),
    members,
    dangling: [],
    span: syntheticSpan(),
    leading: [],
    trailing: [],
  };
}

/** The formatted text of a new draft file. */
export function draftText(f: DraftFacts): string {
  const file: BlockFile = { declarations: [draftDeclaration(f)], dangling: [], diagnostics: [] };
  return withFormatHeader(formatBlockFile(file));
}

/**
 * Counts one more ask on `decl` (in the block and in `_proposed`, when present) and returns the
 * new count. The tree is edited in place; print the file with formatBlockFile.
 */
export function countAsk(decl: Declaration, current: number): number {
  const next = current + 1;
  setField(decl, 'asked_times', numberValue(next));
  const proposed = proposedSection(decl);
  if (proposed !== undefined) setField(proposed, 'asked_times', numberValue(next));
  return next;
}

/** The whole file printed after `countAsk` edited one of its declarations. */
export function printDraftFile(file: BlockFile): string {
  return formatBlockFile(file);
}

export interface DraftCompanion {
  name: string;
  domain: string;
  description: string;
  owner: string;
  tags: string[];
  tables: string[];
}

/** Project-relative companion path of a draft. */
export function draftCompanionPath(domain: string, slug: string): string {
  return companionPath({ domain, name: slug, inDrafts: true });
}

/** The companion text of a new draft. */
export function draftCompanionText(block: DraftCompanion): string {
  return statusCompanionText(undefined, block, 'draft');
}
