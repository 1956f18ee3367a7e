/**
 * "for new customers only", "only among repeat guests", "just paid orders": words that say which
 * rows to keep, not what to measure. Read as measures, each word may find a column of its own
 * ("new" in a docs_created synonym, "customers" in active_accounts) and the block would answer
 * for all of its rows. A restriction is the block's to give only when it is the block's own
 * population or names one of its columns whole ("just revenue"); a filter value right beside it
 * ("online orders only") already says which rows, and the words are that value's noun.
 */
import type { AskedMeasure } from './question-shape.js';
import type { WordSpan } from './tokens.js';

export interface AskedRestriction {
  text: string;
  terms: string[];
  start: number;
}

const CUES: ReadonlySet<string> = new Set(['only', 'just', 'solely', 'exclusively']);
/** Words between a leading cue and what it restricts ("only for the new customers"). */
const LEADS: ReadonlySet<string> = new Set(['for', 'of', 'from', 'among', 'in', 'on', 'with', 'to', 'the', 'our', 'those', 'these']);
/** Most words a restricted phrase takes. */
const MOST = 3;

type Measured = ReadonlyMap<number, readonly AskedMeasure[]>;

function after(ws: readonly WordSpan[], i: number, at: Measured): number[] {
  let j = i + 1;
  while (j < ws.length && LEADS.has((ws[j] as WordSpan).word)) j++;
  const taken: number[] = [];
  while (j < ws.length && taken.length < MOST && at.has((ws[j] as WordSpan).start)) taken.push(j++);
  return taken;
}

function before(ws: readonly WordSpan[], i: number, at: Measured): number[] {
  const taken: number[] = [];
  for (let j = i - 1; j >= 0 && taken.length < MOST && at.has((ws[j] as WordSpan).start); j--) taken.unshift(j);
  return taken;
}

/** The restrictions a question asks, given its words, the words read as measures and whether a word is a filter value. */
export function restrictionsIn(ws: readonly WordSpan[], measures: readonly AskedMeasure[], isValue: (w: WordSpan) => boolean): AskedRestriction[] {
  const at = new Map<number, AskedMeasure[]>();
  for (const m of measures) at.set(m.start, [...(at.get(m.start) ?? []), m]);
  const out: AskedRestriction[] = [];
  for (const [i, w] of ws.entries()) {
    if (!CUES.has(w.word)) continue;
    const forward = after(ws, i, at);
    const taken = forward.length > 0 ? forward : before(ws, i, at);
    const first = taken[0];
    const last = taken[taken.length - 1];
    if (first === undefined || last === undefined) continue;
    const beside = [ws[first - 1], ws[last + 1]].some((x) => x !== undefined && isValue(x));
    if (beside) continue;
    const words = taken.map((j) => ws[j] as WordSpan);
    out.push({
      text: words.map((x) => x.word).join(' '),
      terms: words.flatMap((x) => (at.get(x.start) ?? []).map((m) => m.term)),
      start: (words[0] as WordSpan).start,
    });
  }
  return out;
}
