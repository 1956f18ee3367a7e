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
    const terms = measures.filter((m) => m.start === next.start).map((m) => m.term);
    if (terms.length > 0) return terms;
  }
  return [];
}
