/**
 * The business terms a router knows (spec 01 "What the service does" 1 and rule 4): certified
 * terms only, since a term's words change which block answers. It finds a term named in a
 * question (by its name or a synonym, folded and stemmed like routing terms), rewrites a
 * question's synonyms to the term's own name for routing ("turnover last week" routes as
 * "revenue last week"), and reads definition questions ("what do we mean by active customer?").
 */
import type { CompiledTerm, Manifest } from '../../compiler/types.js';
import type { GateDecision } from '../../rules/gates/answer-gate.js';
import { termsOfWord, words, type WordSpan } from './tokens.js';

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
  /** The question with each certified term's synonyms replaced by the term's name. */
  canonical(question: string): string;
}

/** A phrase's stemmed terms; a word without terms stays a placeholder ("customer by segment" is not "customer segment"). */
const key = (ws: readonly WordSpan[]): string => ws.map((w) => termsOfWord(w.word).join(' ') || '_').join(' ');

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
  return { byKey, longest };
}

/** A phrase starts and ends on words that carry terms ("by revenue" is not the phrase "revenue"). */
const meaningful = (w: WordSpan | undefined): boolean => w !== undefined && termsOfWord(w.word).length > 0;

function scan(question: string, byKey: ReadonlyMap<string, CompiledTerm>, longest: number): TermHit[] {
  const ws = words(question);
  const out: TermHit[] = [];
  for (let i = 0; i < ws.length; ) {
    let hit: TermHit | undefined;
    for (let len = Math.min(longest, ws.length - i); len >= 1 && hit === undefined && meaningful(ws[i]); len--) {
      if (!meaningful(ws[i + len - 1])) continue;
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

/** The index of a manifest's terms; `gate` decides which are certified. */
export function buildTermIndex(manifest: Pick<Manifest, 'terms'>, gate: (t: CompiledTerm) => GateDecision): TermIndex {
  const all = Object.values(manifest.terms ?? {});
  const certified = all.filter((t) => gate(t).certified);
  const any = phrases(all);
  const sure = phrases(certified);
  return {
    all,
    find: (question, certifiedOnly) => (certifiedOnly ? scan(question, sure.byKey, sure.longest) : scan(question, any.byKey, any.longest)),
    canonical(question) {
      let out = '';
      let at = 0;
      for (const h of scan(question, sure.byKey, sure.longest)) {
        out += `${question.slice(at, h.start)}${h.term.name}`;
        at = h.end;
      }
      return out + question.slice(at);
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
];

/** True when the question asks what a word means. */
export function asksDefinition(question: string): boolean {
  return DEFINITION_CUES.some((re) => re.test(question));
}
