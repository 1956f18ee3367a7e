/**
 * The manifest is written as `JSON.stringify(manifest, null, 2)` would write it, but assembled
 * from per-block and per-file fragments so a recompile reuses the text of unchanged blocks
 * instead of serialising 10,000 blocks again. `test/compiler/manifest.test.ts` holds the
 * invariant: assembled text === JSON.stringify(manifest, null, 2) + '\n'.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CompiledBlock, Manifest } from '../types.js';

/** JSON of `value` as it appears nested `depth` levels deep in a 2-space indented document. */
export function nested(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth === 0 ? text : text.replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

/** `    "<id>": {...}` for the blocks object (depth 2). */
export function blockFragment(block: CompiledBlock): string {
  return `    ${JSON.stringify(block.id)}: ${nested(block, 2)}`;
}

/** One diagnostic as an item of the top-level diagnostics array (depth 2). */
export function diagnosticFragment(d: Diagnostic): string {
  return `    ${nested(d, 2)}`;
}

function section(key: string, items: readonly string[], open: string, close: string, last = false): string {
  const comma = last ? '' : ',';
  if (items.length === 0) return `  ${JSON.stringify(key)}: ${open}${close}${comma}\n`;
  return `  ${JSON.stringify(key)}: ${open}\n${items.join(',\n')}\n  ${close}${comma}\n`;
}

export interface ManifestParts {
  head: Pick<Manifest, 'manifestVersion' | 'project' | 'contracts'>;
  /** Block fragments in id order. */
  blocks: readonly string[];
  apps: Manifest['apps'];
  lineage: Manifest['lineage'];
  /** Diagnostic fragments in diagnostic order. */
  diagnostics: readonly string[];
}

/** Assembles the manifest text from its parts. */
export function assembleManifest(parts: ManifestParts): string {
  const { head } = parts;
  let out = '{\n';
  out += `  "manifestVersion": ${JSON.stringify(head.manifestVersion)},\n`;
  out += `  "project": ${JSON.stringify(head.project)},\n`;
  out += `  "contracts": ${nested(head.contracts, 1)},\n`;
  out += section('blocks', parts.blocks, '{', '}');
  const apps = Object.keys(parts.apps).map((id) => `    ${JSON.stringify(id)}: ${nested(parts.apps[id], 2)}`);
  out += section('apps', apps, '{', '}');
  out += section('lineage', parts.lineage.map((e) => `    ${nested(e, 2)}`), '[', ']');
  out += section('diagnostics', parts.diagnostics, '[', ']', true);
  return `${out}}\n`;
}
