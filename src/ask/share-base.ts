/**
 * "members as a share of revenue", "percentage of claims": the words after a share word's "of"
 * say what the share is of. A percentage column is that share only when its own name or synonyms
 * say so ("member_share_pct" is a share of members, no share of revenue); "of the total" names no
 * base of its own.
 */
import type { AskedMeasure } from './question-shape.js';
import type { WordSpan } from './tokens.js';

const SHARE_WORDS: ReadonlySet<string> = new Set(['share', 'percentage', 'percent', 'proportion', 'fraction', 'pct']);
const FILLER: ReadonlySet<string> = new Set(['the', 'our', 'all', 'their', 'its']);
/** Bases that are the whole the block's own figure is split from. */
const WHOLE: ReadonlySet<string> = new Set(['total', 'whole', 'everything', 'overall']);

/** The routing terms of what the question's share is of; [] when it names no base or the whole. */
export function shareBase(ws: readonly WordSpan[], measures: readonly AskedMeasure[]): string[] {
  for (const [i, w] of ws.entries()) {
    if (!SHARE_WORDS.has(w.word) || ws[i + 1]?.word !== 'of') continue;
    let j = i + 2;
    while (j < ws.length && FILLER.has((ws[j] as WordSpan).word)) j++;
    const next = ws[j];
    if (next === undefined || WHOLE.has(next.word)) return [];
    // "share of trial signups": the base is the whole run of measure words, not its first word.
    const terms: string[] = [];
    for (let at = next.start, k = j; ; ) {
      const here = measures.filter((m) => m.start === at).map((m) => m.term);
      if (here.length === 0) break;
      terms.push(...here);
      const after = ws[++k];
      if (after === undefined || after.start - (ws[k - 1] as WordSpan).end > 1) break;
      at = after.start;
    }
    if (terms.length > 0) return terms;
  }
  return [];
}
