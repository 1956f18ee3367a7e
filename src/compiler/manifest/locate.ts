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
  const section = blocksSection(manifest);
  if (section === undefined) return out;
  let at = section[0] + 1;
  const end = section[1];
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

/** [the newline before the first block line, the start of the closing `  },`], or undefined. */
function blocksSection(manifest: Buffer): [number, number] | undefined {
  const open = manifest.indexOf(OPEN);
  const close = open < 0 ? -1 : manifest.indexOf(CLOSE, open + OPEN.length - 1);
  return close < 0 ? undefined : [open + OPEN.length - 1, close];
}

/**
 * Where the fragment of block `id` sits in a manifest this compiler wrote: [start, end) of
 * `"<id>": {...}`. Block lines hold no raw newline (JSON escapes it), so the line that starts
 * with the id's key is the block's own.
 */
export function findFragment(manifest: Buffer, id: string, section = blocksSection(manifest)): [number, number] | undefined {
  if (section === undefined) return undefined;
  const [from, close] = section;
  const key = Buffer.from(`\n    ${JSON.stringify(id)}: `, 'utf8');
  const at = manifest.indexOf(key, from);
  if (at < 0 || at >= close) return undefined;
  const start = at + 1 + INDENT;
  let end = manifest.indexOf(NL, start);
  if (end < 0 || end > close + 1) return undefined;
  if (manifest[end - 1] === 0x2c) end -= 1;
  return [start, end];
}

/**
 * The manifest with each block's line replaced by its new fragment, as pieces to write in
 * order (the unchanged stretches are views of `manifest`, never copies), and whether any line
 * differs. Undefined when a block has no line (the caller compiles the whole project instead).
 */
export function spliceFragments(manifest: Buffer, blocks: ReadonlyArray<{ id: string; text: Buffer }>): { pieces: Buffer[]; stale: boolean } | undefined {
  const edits: Array<[number, number, Buffer]> = [];
  // Found once: the closing line lies past every block line, 18 MB into a large manifest.
  const section = blocksSection(manifest);
  for (const b of blocks) {
    const at = findFragment(manifest, b.id, section);
    if (at === undefined) return undefined;
    edits.push([at[0], at[1], b.text]);
  }
  edits.sort((x, y) => x[0] - y[0]);
  const pieces: Buffer[] = [];
  let from = 0;
  let stale = false;
  for (const [start, end, text] of edits) {
    if (start < from) return undefined; // the same id twice
    stale ||= !manifest.subarray(start, end).equals(text);
    pieces.push(manifest.subarray(from, start), text);
    from = end;
  }
  pieces.push(manifest.subarray(from));
  return { pieces, stale };
}

const DIAGNOSTICS = Buffer.from('\n  "diagnostics": [');

/** The diagnostics section of a manifest this compiler wrote (one per line); undefined if it is not there. */
export function manifestDiagnostics(manifest: Buffer): unknown[] | undefined {
  const at = manifest.lastIndexOf(DIAGNOSTICS);
  if (at < 0) return undefined;
  const rest = manifest.subarray(at + DIAGNOSTICS.length).toString('utf8');
  if (rest.startsWith(']')) return [];
  const close = rest.indexOf('\n  ]');
  if (!rest.startsWith('\n') || close < 0) return undefined;
  try {
    return rest
      .slice(1, close)
      .split('\n')
      .map((line) => JSON.parse(line.trim().replace(/,$/, '')) as unknown);
  } catch {
    return undefined;
  }
}
