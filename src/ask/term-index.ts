/**
 * The business terms a router knows (spec 01 "What the service does" 1 and rule 4): certified
 * terms only, since a term's words change which block answers. It finds a term named in a
 * question (by its name or a synonym, folded and stemmed like routing terms), lets a synonym
 * stand for the term's name in routing and coverage ("turnover last week" is answered by what
 * gives revenue) without rewriting the question (so "sales channel" stays a channel), and reads
 * definition questions ("what do we mean by active customer?").
 */
import type { CompiledTerm, Manifest } from '../compiler/types.js';
import type { GateDecision } from '../rules/gates/answer-gate.js';
import { termsOfWord, type WordSpan, words } from './tokens.js';

export interface TermHit {
  term: CompiledTerm;
  start: number;
  end: number;
}

export interface TermIndex {
  /** Every term of the manifest, certified or not (definition questions name any of them). */
  readonly all: readonly CompiledTerm[];
  /** The longest term phrase (name or synonym) at each place of the question, left to right. */
  find(question: string, certifiedOnly: boolean): TermHit[];
  /** Where the question names a certified term (by name or synonym), with the routing terms of its name. */
  aliases(question: string): TermAlias[];
  /**
   * What scoring reads: the question with each certified synonym blanked out (positions kept, so
   * spans read from the question still hold) and the terms' names appended.
   */
  expand(question: string): string;
}

/** A certified term named in a question: its words there stand for the term's name. */
export interface TermAlias {
  start: number;
  end: number;
  /** Routing terms of the term's name ("turnover" stands for "revenue"). */
  terms: string[];
}

/**
 * A phrase's stemmed terms; a word without terms stays itself, marked ("customer by segment" is not
 * "customer segment", and "no show" is not "you show").
 */
const key = (ws: readonly WordSpan[]): string => ws.map((w) => termsOfWord(w.word).join(' ') || `_${w.word}`).join(' ');

/** Phrase key (stemmed terms) -> term, for names and synonyms. */
function phrases(terms: readonly CompiledTerm[]): { byKey: Map<string, CompiledTerm>; longest: number } {
  const byKey = new Map<string, CompiledTerm>();
  let longest = 1;
  for (const t of terms) {
    for (const phrase of [t.name, ...t.synonyms]) {
      const ws = words(phrase);
      const k = key(ws);
      if (k === '' || byKey.has(k)) continue;
      byKey.set(k, t);
      longest = Math.max(longest, ws.length);
    }
  }
  // "first-time fix" for "first-time fix rate": people drop the word saying what kind of figure a
  // name is; the shorter phrase names the term unless it is another term's own name or synonym.
  for (const t of terms) {
    const ws = words(t.name);
    if (ws.length < 3 || !KIND_WORDS.has((ws[ws.length - 1] as WordSpan).word)) continue;
    const k = key(ws.slice(0, -1));
    if (!byKey.has(k)) byKey.set(k, t);
  }
  return { byKey, longest };
}

/** Last words of a name that say what kind of figure it is, not what is measured. */
const KIND_WORDS: ReadonlySet<string> = new Set(['rate', 'ratio', 'percentage', 'percent', 'pct', 'share', 'score', 'index', 'level']);

/** A phrase starts and ends on words that carry terms ("by revenue" is not the phrase "revenue"). */
const meaningful = (w: WordSpan | undefined): boolean => w !== undefined && termsOfWord(w.word).length > 0;

/**
 * Words i..i+len may be a term's phrase: a single word that carries terms, or several whose ends
 * do, or several words that are a name whole even though one end is a stop word ("no show").
 */
function spans(ws: readonly WordSpan[], i: number, len: number): boolean {
  if (meaningful(ws[i]) && meaningful(ws[i + len - 1])) return true;
  return len >= 2 && ws.slice(i, i + len).some((w) => meaningful(w));
}

function scan(question: string, byKey: ReadonlyMap<string, CompiledTerm>, longest: number): TermHit[] {
  const ws = words(question);
  const out: TermHit[] = [];
  for (let i = 0; i < ws.length; ) {
    let hit: TermHit | undefined;
    for (let len = Math.min(longest, ws.length - i); len >= 1 && hit === undefined; len--) {
      if (!spans(ws, i, len)) continue;
      const t = byKey.get(key(ws.slice(i, i + len)));
      if (t !== undefined) hit = { term: t, start: (ws[i] as WordSpan).start, end: (ws[i + len - 1] as WordSpan).end };
    }
    if (hit === undefined) i++;
    else {
      out.push(hit);
      i = ws.findIndex((w) => w.start >= hit.end);
      if (i < 0) break;
    }
  }
  return out;
}

/** Every place a name or synonym phrase occurs, overlapping ones included ("average basket size"). */
function scanAll(question: string, byKey: ReadonlyMap<string, CompiledTerm>, longest: number): TermHit[] {
  const ws = words(question);
  const out: TermHit[] = [];
  for (let i = 0; i < ws.length; i++) {
    for (let len = 1; len <= Math.min(longest, ws.length - i); len++) {
      if (!spans(ws, i, len)) continue;
      const t = byKey.get(key(ws.slice(i, i + len)));
      if (t !== undefined) out.push({ term: t, start: (ws[i] as WordSpan).start, end: (ws[i + len - 1] as WordSpan).end });
    }
  }
  return out;
}

/** The index of a manifest's terms; `gate` decides which are certified. */
export function buildTermIndex(manifest: Pick<Manifest, 'terms'>, gate: (t: CompiledTerm) => GateDecision): TermIndex {
  const all = Object.values(manifest.terms ?? {});
  const certified = all.filter((t) => gate(t).certified);
  const any = phrases(all);
  const sure = phrases(certified);
  return {
    all,
    find: (question, certifiedOnly) => (certifiedOnly ? scan(question, sure.byKey, sure.longest) : scan(question, any.byKey, any.longest)),
    aliases: (question) =>
      scanAll(question, sure.byKey, sure.longest).map((h) => ({
        start: h.start,
        end: h.end,
        terms: words(h.term.name).flatMap((w) => [...termsOfWord(w.word)]),
      })),
    expand(question) {
      const hits = scanAll(question, sure.byKey, sure.longest);
      if (hits.length === 0) return question;
      let blanked = question;
      for (const h of hits) blanked = `${blanked.slice(0, h.start)}${' '.repeat(h.end - h.start)}${blanked.slice(h.end)}`;
      return `${blanked} ${[...new Set(hits.map((h) => h.term.name))].join(' ')}`;
    },
  };
}

/** Words that ask what something means rather than how much of it there is. */
const DEFINITION_CUES: readonly RegExp[] = [
  /\bwhat\s+do\s+(?:we|you|they)\s+mean\s+by\b/i,
  /\bwhat\s+(?:is|are)\s+meant\s+by\b/i,
  /\bwhat\s+does\b.*\bmean\b/i,
  /\b(?:define|definition\s+of|meaning\s+of|how\s+(?:do|does)\s+\w+\s+define)\b/i,
  /\bwhat\s+counts\s+as\b/i,
  /^\s*what(?:'s|\s+is|\s+are)\s+(?:a|an)\s+/i,
  // "How is CO2e defined?", "how are no-shows counted": the participle ends the question, so
  // "how is revenue trending by month" (a measure asked over time) is never read as one.
  /\bhow\s+(?:is|are|was|were)\s+.+?\s+(?:defined|calculated|computed|worked\s+out|derived|counted|measured)\s*[?.!]*\s*$/i,
  /\bhow\s+(?:do|does|did|should)\s+(?:we|you|they|\w+)\s+(?:calculate|compute|work\s+out|derive|count|measure)\s+.+?[?.!]*\s*$/i,
  /\b(?:formula|calculation|methodology)\s+(?:for|of|behind)\b/i,
  /\bwhat\s+(?:goes\s+into|is\s+included\s+in|does\s+.+?\s+include)\b/i,
];

/** True when the question asks what a word means. */
export function asksDefinition(question: string): boolean {
  return DEFINITION_CUES.some((re) => re.test(question));
}
