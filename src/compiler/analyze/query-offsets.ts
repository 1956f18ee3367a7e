/**
 * Where a character of a block's query sits in its file. The query is the dedented text of a
 * `"""` string (grammar/block/strings.ts dedentTriple): a blank first line dropped, an inline
 * first line left-trimmed, the common indentation cut from the rest. This redoes that cut line
 * by line, so an offset in the query maps back to the offset in the file it came from.
 */

/** Maps query offsets to file offsets, for the raw literal `"""body"""` starting at `literalStart`. */
export function queryOffsets(literal: string, literalStart: number): (offset: number) => number {
  if (!literal.startsWith('"""')) return () => literalStart;
  const bodyStart = literalStart + 3;
  const body = literal.slice(3, literal.endsWith('"""') && literal.length >= 6 ? -3 : undefined);
  const lines: Array<{ start: number; text: string }> = [];
  let at = 0;
  for (const raw of body.split('\n')) {
    lines.push({ start: at, text: raw.endsWith('\r') ? raw.slice(0, -1) : raw });
    at += raw.length + 1;
  }
  const blank = (t: string): boolean => t.trim() === '';
  const firstInline = !blank(lines[0]?.text ?? '');
  if (!firstInline) lines.shift();
  let common = Infinity;
  lines.forEach((l, i) => {
    if ((!firstInline || i > 0) && !blank(l.text)) common = Math.min(common, l.text.length - l.text.trimStart().length);
  });
  if (common === Infinity) common = 0;
  // Each query line: where it starts in the query and the file offset of its first character.
  const map: Array<{ queryStart: number; fileStart: number }> = [];
  let queryAt = 0;
  lines.forEach((l, i) => {
    const cut = blank(l.text) ? l.text.length : firstInline && i === 0 ? l.text.length - l.text.trimStart().length : common;
    const kept = blank(l.text) ? '' : l.text.slice(cut);
    map.push({ queryStart: queryAt, fileStart: bodyStart + l.start + cut });
    queryAt += kept.length + 1;
  });
  return (offset) => {
    let line = map[0];
    for (const m of map) {
      if (m.queryStart > offset) break;
      line = m;
    }
    return line === undefined ? bodyStart : line.fileStart + (offset - line.queryStart);
  };
}
