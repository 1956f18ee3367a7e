/**
 * The edits certification makes to a block declaration, on the syntax tree so that comments,
 * unknown fields and every other member survive; the caller prints the file with the
 * formatter. Certify sets the status and clears the review-required tag (spec: "certifying it
 * again clears the tag"); promotion also binds the contract and drops the Tier-2 capture
 * fields, which only describe how a draft was captured.
 */
import type { ArrayValue, BlockFile, Declaration } from '../../../grammar/block/ast.js';
import { findMember, removeMember, setField, stringValue } from '../../compiler/format/index.js';

/** The tag svc writes on a block that still needs review (a captured draft). */
export const REVIEW_REQUIRED_TAG = 'review-required';

/** Every tag that says a block still needs review (the same words the trust and lint policies read). */
export const REVIEW_REQUIRED_TAGS = /^(review[-_ ]?required|needs[-_ ]review)$/i;

/** Fields written when a question was captured as a draft; dropped on promotion. */
export const CAPTURE_FIELDS = ['_proposed', 'answer_fingerprint', 'asked_times'] as const;

export interface CertifyEdits {
  /** `<id>@<version>` to bind (promotion). */
  contract?: string;
  /** New domain (promotion with --domain). */
  domain?: string;
  /** New owner (promotion with --owner). */
  owner?: string;
  /** Drop `_proposed`, `answer_fingerprint` and `asked_times` (promotion). */
  dropCapture?: boolean;
}

/** The declaration named `name`, if the file has it. */
export function findDeclaration(file: BlockFile, name: string): Declaration | undefined {
  return file.declarations.find((d) => d.name === name);
}

/** Removes review-required items from `tags`; drops the field when nothing is left. */
function clearReviewTags(decl: Declaration): boolean {
  const member = findMember(decl, 'tags');
  if (member?.kind !== 'field' || member.value.kind !== 'array') return false;
  const list: ArrayValue = member.value;
  const kept = list.items.filter((item) => !(item.kind === 'string' && REVIEW_REQUIRED_TAGS.test(item.value)));
  if (kept.length === list.items.length) return false;
  if (kept.length === 0) removeMember(decl, 'tags', { keepComments: true });
  else list.items = kept;
  return true;
}

/** Fields a new field is placed after (the last one present), as block files are usually laid out. */
const ANCHORS: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  owner: ['description', 'status', 'domain'],
  status: ['domain'],
  svc_contract: ['tags', 'owner', 'description', 'status', 'domain'],
};

/** Moves a just-added field next to its anchor instead of after the query. */
function place(decl: Declaration, key: string): void {
  const anchors = ANCHORS[key];
  if (anchors === undefined) return;
  const from = decl.members.findIndex((m) => m.kind === 'field' && m.key === key);
  const [field] = decl.members.splice(from, 1);
  const anchor = anchors.map((a) => decl.members.findIndex((m) => m.kind === 'field' && m.key === a)).find((i) => i !== -1);
  decl.members.splice(anchor === undefined ? 0 : anchor + 1, 0, field!);
}

function setString(decl: Declaration, key: string, value: string, changed: string[]): void {
  const member = findMember(decl, key);
  if (member?.kind === 'field' && member.value.kind === 'string' && member.value.value === value) return;
  setField(decl, key, stringValue(value));
  if (member === undefined) place(decl, key);
  changed.push(key);
}

/**
 * Applies the certification edits in place and returns the names of the members it changed,
 * in the order they were changed (for the command's report).
 */
export function rewriteForCertification(decl: Declaration, edits: CertifyEdits = {}): string[] {
  const changed: string[] = [];
  setString(decl, 'status', 'certified', changed);
  if (clearReviewTags(decl)) changed.push('tags');
  if (edits.domain !== undefined) setString(decl, 'domain', edits.domain, changed);
  if (edits.owner !== undefined) setString(decl, 'owner', edits.owner, changed);
  if (edits.contract !== undefined) setString(decl, 'svc_contract', edits.contract, changed);
  if (edits.dropCapture === true) {
    for (const key of CAPTURE_FIELDS) {
      // Comments written above a capture field usually describe the block, not the field.
      if (removeMember(decl, key, { keepComments: true }).length > 0) changed.push(key);
    }
  }
  return changed;
}

/** Sets the status of a declaration (a status change away from certified, for example). */
export function setStatus(decl: Declaration, status: string): boolean {
  const changed: string[] = [];
  setString(decl, 'status', status, changed);
  return changed.length > 0;
}
