/**
 * The manifest text: an indented outer object whose collections hold one entry per line
 * (a block, an app, a lineage edge, a diagnostic) as compact JSON. One line per block keeps
 * review diffs to the blocks that changed, keeps 10,000-block manifests compact, and lets a
 * recompile reuse the text of unchanged blocks straight from the previous manifest
 * (manifest/locate.ts finds them).
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CompiledBlock, Manifest } from '../types.js';

const INDENT = '    ';
const INDENT_BYTES = Buffer.from(INDENT);
const NEWLINE = Buffer.from('\n');
const COMMA_NEWLINE = Buffer.from(',\n');

/**
 * Fragments are cut from slabs of this size rather than each allocated on its own: a cold
 * compile makes one fragment per block, and Node's own 8 KB buffer pool would otherwise allocate
 * a new backing store every three or four blocks, each tracked by the garbage collector. A slab
 * stays alive while any fragment cut from it does, so it is kept small. The compile worker hands
 * its slabs to the main thread whole (cache/compile-worker.ts): a transferred slab reads as
 * length 0 here, so the next fragment starts a new one.
 */
const SLAB_BYTES = 64 * 1024;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = 0;

/** `"<id>": {...}` for the blocks object, as UTF-8, without indentation or trailing comma. */
export function blockFragment(block: CompiledBlock): Buffer {
  const text = `${JSON.stringify(block.id)}: ${JSON.stringify(block)}`;
  const length = Buffer.byteLength(text, 'utf8');
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, length));
    slabUsed = 0;
  }
  const start = slabUsed;
  slabUsed += slab.write(text, start, length, 'utf8');
  return slab.subarray(start, slabUsed);
}

export interface ManifestParts {
  head: Pick<Manifest, 'manifestVersion' | 'project' | 'contracts' | 'statementCheck'>;
  /** Block fragments (from blockFragment), in id order. */
  blocks: ReadonlyArray<{ id: string; text: Buffer }>;
  apps: Manifest['apps'];
  terms: Manifest['terms'];
  views: Manifest['views'];
  lineage: Manifest['lineage'];
  diagnostics: readonly Diagnostic[];
}

export interface AssembledManifest {
  /**
   * The manifest as UTF-8 pieces, in order (the block fragments themselves, never copied): a
   * 50,000-block manifest written from them never holds a second 110 MB copy of itself.
   */
  pieces: readonly Buffer[];
  length: number;
  /** The manifest as one buffer, joined on first use; kept as bytes so a large manifest is never decoded twice. */
  readonly bytes: Buffer;
}

/** True when `existing` holds exactly the pieces' bytes (compared in place, nothing joined). */
export function holdsPieces(existing: Buffer, m: Pick<AssembledManifest, 'pieces' | 'length'>): boolean {
  if (existing.length !== m.length) return false;
  let at = 0;
  for (const piece of m.pieces) {
    if (existing.compare(piece, 0, piece.length, at, at + piece.length) !== 0) return false;
    at += piece.length;
  }
  return true;
}

class Out {
  readonly parts: Buffer[] = [];
  length = 0;

  add(text: string | Buffer): void {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.parts.push(bytes);
    this.length += bytes.length;
  }
}

function collection(out: Out, key: string, items: readonly string[], open: string, close: string, last: boolean): void {
  const comma = last ? '' : ',';
  if (items.length === 0) {
    out.add(`  ${JSON.stringify(key)}: ${open}${close}${comma}\n`);
    return;
  }
  out.add(`  ${JSON.stringify(key)}: ${open}\n${INDENT}${items.join(`,\n${INDENT}`)}\n  ${close}${comma}\n`);
}

/** The pieces written so far as the manifest, joined only when asked for its bytes. */
function assembled(out: Out): AssembledManifest {
  let bytes: Buffer | undefined;
  return {
    pieces: out.parts,
    length: out.length,
    get bytes() {
      bytes ??= Buffer.concat(out.parts, out.length);
      return bytes;
    },
  };
}

/** Assembles the manifest bytes. */
export function assembleManifest(parts: ManifestParts): AssembledManifest {
  const out = new Out();
  const { head } = parts;
  out.add(`{\n  "manifestVersion": ${head.manifestVersion},\n  "project": ${JSON.stringify(head.project)},\n`);
  out.add(`  "contracts": ${JSON.stringify(head.contracts)},\n`);
  if (head.statementCheck !== undefined) out.add(`  "statementCheck": ${JSON.stringify(head.statementCheck)},\n`);
  if (parts.blocks.length === 0) out.add('  "blocks": {},\n');
  else {
    out.add('  "blocks": {\n');
    parts.blocks.forEach((b, i) => {
      out.add(INDENT_BYTES);
      out.add(b.text);
      out.add(i === parts.blocks.length - 1 ? NEWLINE : COMMA_NEWLINE);
    });
    out.add('  },\n');
  }
  const apps = Object.keys(parts.apps).map((id) => `${JSON.stringify(id)}: ${JSON.stringify(parts.apps[id])}`);
  collection(out, 'apps', apps, '{', '}', false);
  const terms = Object.keys(parts.terms).map((id) => `${JSON.stringify(id)}: ${JSON.stringify(parts.terms[id])}`);
  collection(out, 'terms', terms, '{', '}', false);
  const views = Object.keys(parts.views).map((id) => `${JSON.stringify(id)}: ${JSON.stringify(parts.views[id])}`);
  collection(out, 'views', views, '{', '}', false);
  collection(
    out,
    'lineage',
    parts.lineage.map((e) => JSON.stringify(e)),
    '[',
    ']',
    false,
  );
  collection(
    out,
    'diagnostics',
    parts.diagnostics.map((d) => JSON.stringify(d)),
    '[',
    ']',
    true,
  );
  out.add('}\n');
  return assembled(out);
}
