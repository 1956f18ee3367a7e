/**
 * Finds each block's fragment in a manifest this compiler wrote (assembleManifest's layout:
 * one block per line between `  "blocks": {` and `  },`). Only called on a manifest whose
 * sha256 matches the one the cache recorded, so the layout is known, not guessed; a line that
 * does not look like a block is simply not found, and its block is compiled again.
 */
const OPEN = Buffer.from('\n  "blocks": {\n');
const CLOSE = Buffer.from('\n  },\n');
const NL = 0x0a;
const INDENT = 4;

/** block id -> the fragment bytes (`"<id>": {...}`, no indent, no trailing comma). */
export function locateFragments(manifest: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const open = manifest.indexOf(OPEN);
  if (open < 0) return out;
  let at = open + OPEN.length;
  const end = manifest.indexOf(CLOSE, at);
  if (end < 0) return out;
  while (at < end) {
    let lineEnd = manifest.indexOf(NL, at);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    const stop = manifest[lineEnd - 1] === 0x2c ? lineEnd - 1 : lineEnd;
    const fragment = manifest.subarray(at + INDENT, stop);
    const id = fragmentId(fragment);
    if (id !== undefined) out.set(id, fragment);
    at = lineEnd + 1;
  }
  return out;
}

/** The id at the start of a fragment: a JSON string followed by `: `. */
function fragmentId(fragment: Buffer): string | undefined {
  if (fragment[0] !== 0x22) return undefined;
  const close = fragment.indexOf('": ', 1);
  if (close < 0) return undefined;
  try {
    return JSON.parse(fragment.subarray(0, close + 1).toString('utf8')) as string;
  } catch {
    return undefined;
  }
}
