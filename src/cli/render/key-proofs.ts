/** The text of `svc keys prove`: one entry per proof (status, block or relationship, keys, counts or the code and why), then the verdict. */
import type { DatasetProof, KeyProofResults, RelationshipProof } from '../../runtime/keys/types.js';

function datasetLine(d: DatasetProof): string {
  const head = `${d.status.padEnd(6)}  ${d.block}  keys ${d.keys.length > 0 ? d.keys.join(', ') : '(none)'}`;
  if (d.error !== undefined) return `${head}\n        ${d.error.code}: ${d.error.message}`;
  return `${head}\n        rows ${d.rowCount}, distinct keys ${d.distinctKeyCount}, null keys ${d.nullKeyCount}, duplicate keys ${d.duplicateKeyCount}`;
}

function relationshipLine(r: RelationshipProof): string {
  const keys = r.keys.length > 0 ? r.keys.join(', ') : '(none)';
  const target = r.to !== undefined ? ` -> ${r.to}${r.toKeys !== undefined && r.toKeys.join() !== r.keys.join() ? ` (${r.toKeys.join(', ')})` : ''}` : '';
  const head = `${r.status.padEnd(6)}  relationship ${r.id}  keys ${keys}${target}${r.cardinality !== null ? `  ${r.cardinality}` : ''}`;
  if (r.error !== undefined) return `${head}\n        ${r.error.code}: ${r.error.message}`;
  return [
    head,
    `        observed ${r.observedCardinality}; orphan keys ${r.orphanKeyCount} (rows ${r.orphanRowCount})`,
    `        ${r.block}: rows ${r.fromRowCount}, null keys ${r.fromNullKeyCount}, duplicate keys ${r.fromDuplicateKeyCount}`,
    `        ${r.to}: rows ${r.toRowCount}, null keys ${r.toNullKeyCount}, duplicate keys ${r.toDuplicateKeyCount}`,
  ].join('\n');
}

export function keyProofsText(r: Partial<KeyProofResults>): string {
  const datasets = r.datasets ?? [];
  const relationships = r.relationships ?? [];
  if (datasets.length === 0 && relationships.length === 0) return 'No certified block declares grain keys or relationships: nothing to prove.\n';
  const lines = [...datasets.map(datasetLine), ...relationships.map(relationshipLine)];
  const passed = [...datasets, ...relationships].filter((d) => d.status === 'passed').length;
  lines.push(r.ok === true ? `All ${passed} key proofs passed.` : `${passed} of ${datasets.length + relationships.length} key proofs passed.`);
  return `${lines.join('\n')}\n`;
}
