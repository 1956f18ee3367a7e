/**
 * The basis a figure is stated on, as said in words: "AOV after discounts", "profit before tax",
 * "revenue excluding VAT", "fees including disbursements". A question asking one side of a basis
 * the owner's description states the other side of ("AOV in GBP before discounts") asks a figure
 * the block does not give. Two pairs are read: before/after a deduction (gross or net of it) and
 * with or without an addition. Only the word right after the cue is taken, so a cue said of a
 * date ("after March") meets a description's basis only if the description says it of March.
 */
import { termSet } from './tokens.js';

export type BasisSide = 'gross' | 'net' | 'with' | 'without';

export interface StatedBasis {
  side: BasisSide;
  /** The cue and its word as written ("before discounts"). */
  text: string;
  /** The terms of the word the cue is said of. */
  terms: readonly string[];
}

const CUES: ReadonlyArray<readonly [BasisSide, RegExp]> = [
  ['gross', /\b(?:before|gross\s+of|pre)[\s-]+(?:(?:the|any|all)\s+)?([a-z][a-z-]*)/gi],
  ['net', /\b(?:after|net\s+of|less)[\s-]+(?:(?:the|any|all)\s+)?([a-z][a-z-]*)/gi],
  ['with', /\b(?:including|incl\.?|inclusive\s+of)\s+(?:(?:the|any|all)\s+)?([a-z][a-z-]*)/gi],
  ['without', /\b(?:excluding|excl\.?|exclusive\s+of|ex)\s+(?:(?:the|any|all)\s+)?([a-z][a-z-]*)/gi],
];

/** The other side of each basis. */
export const OPPOSITE: Readonly<Record<BasisSide, BasisSide>> = { gross: 'net', net: 'gross', with: 'without', without: 'with' };

/** Every basis the text states, in the order the pairs are read. */
export function statedBases(text: string): StatedBasis[] {
  const out: StatedBasis[] = [];
  for (const [side, cue] of CUES) {
    for (const m of text.matchAll(cue)) {
      const terms = [...termSet(m[1] ?? '')];
      if (terms.length > 0) out.push({ side, text: m[0], terms });
    }
  }
  return out;
}

/** The description's basis of the other side on the same word, where it states none of the asked side. */
export function contraryBasis(asked: StatedBasis, declared: readonly StatedBasis[]): StatedBasis | undefined {
  const on = (b: StatedBasis): boolean => b.terms.some((t) => asked.terms.includes(t));
  if (declared.some((b) => b.side === asked.side && on(b))) return undefined;
  return declared.find((b) => b.side === OPPOSITE[asked.side] && on(b));
}
