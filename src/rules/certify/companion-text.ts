/**
 * The companion YAML text a status change leaves behind. Edits go through the yaml Document
 * model so keys the project added, their order and their comments survive. `reviewStatus`
 * always equals the block's status, and the receipt exists only while the block is certified.
 */
import { Document, isMap, parseDocument, Scalar } from 'yaml';
import type { CompiledBlock } from '../../compiler/types.js';
import type { CertificationReceipt } from './receipt.js';

type CompanionBlock = Pick<CompiledBlock, 'name' | 'domain' | 'description' | 'owner' | 'tags' | 'tables'>;

/** The existing document when it reads as a mapping; a fresh one otherwise (it is rewritten). */
function openDocument(existing: string | undefined): Document {
  if (existing !== undefined) {
    const doc = parseDocument(existing);
    if (doc.errors.length === 0 && isMap(doc.contents)) return doc;
  }
  return new Document({});
}

function setOrDelete(doc: Document, key: string, value: unknown): void {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) doc.delete(key);
  else doc.set(key, value);
}

/** Brings name, domain, description, owner, tags and lineage in line with the block. */
function syncBlockFields(doc: Document, block: CompanionBlock): void {
  doc.set('name', block.name);
  doc.set('domain', block.domain);
  setOrDelete(doc, 'description', block.description);
  setOrDelete(doc, 'owner', block.owner);
  setOrDelete(doc, 'tags', block.tags.length > 0 ? doc.createNode([...block.tags]) : undefined);
  doc.setIn(['lineage', 'tables'], doc.createNode([...block.tables]));
}

function quoted(value: string): Scalar {
  const node = new Scalar(value);
  // A bare ISO timestamp reads as a date in YAML 1.1 readers; quoted it stays the exact text.
  node.type = Scalar.QUOTE_DOUBLE;
  return node;
}

function receiptNode(doc: Document, receipt: CertificationReceipt): unknown {
  return doc.createNode({
    certifiedBy: receipt.certifiedBy,
    certifiedAt: quoted(receipt.certifiedAt),
    via: receipt.via,
    rules: receipt.rules,
    sourceSha256: receipt.sourceSha256,
    checks: [...receipt.checks],
    ...(receipt.signature !== undefined ? { signedBy: receipt.signedBy, signature: receipt.signature } : {}),
  });
}

/** Companion text for a block just certified: reviewStatus certified plus the receipt. */
export function certifiedCompanionText(existing: string | undefined, block: CompanionBlock, receipt: CertificationReceipt): string {
  const doc = openDocument(existing);
  syncBlockFields(doc, block);
  doc.set('reviewStatus', 'certified');
  doc.set('certification', receiptNode(doc, receipt));
  return doc.toString({ lineWidth: 0 });
}

/** Companion text after a status change: reviewStatus follows and any receipt is removed unless certified. */
export function statusCompanionText(existing: string | undefined, block: CompanionBlock, status: string): string {
  const doc = openDocument(existing);
  if (existing === undefined || !doc.has('name')) syncBlockFields(doc, block);
  doc.set('reviewStatus', status);
  if (status !== 'certified') doc.delete('certification');
  return doc.toString({ lineWidth: 0 });
}
