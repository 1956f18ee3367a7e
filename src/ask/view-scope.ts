/**
 * The business views a router knows (spec 01 "What the service does" 1): where a question names
 * a view, by its name or a synonym (a following word "view" included), and what a certified view
 * changes in routing: Tier 1 chooses only among its blocks, and its words are the view's, never a
 * measure or a filter. A view is named by its words as written (case and accents aside), not
 * stemmed as routing terms are: "revenue reports by state" is not the "revenue reporting" view,
 * and reading it so would shut out every block outside that view. Only the answer gate's
 * certified views scope a question; any view may be named (a context question about a draft view
 * is refused with the reason, not answered as if it were data).
 */
import type { CompiledView, Manifest } from '../compiler/types.js';
import type { GateDecision } from '../rules/gates/answer-gate.js';
import { type WordSpan, words } from './tokens.js';

export interface ViewHit {
  view: CompiledView;
  /** Where the question names it (the name or synonym, and a following "view"). */
  start: number;
  end: number;
}

/** A certified view named in a question: the blocks Tier 1 may choose from, and the words to skip. */
export interface ViewScope {
  view: string;
  blocks: ReadonlySet<string>;
  span: [number, number];
  /** The question with the view's words blanked (positions kept): what scoring reads. */
  rest: string;
}

export interface ViewIndex {
  /** Every view of the manifest, certified or not. */
  readonly all: readonly CompiledView[];
  /** The view the question names first (its longest phrase there), among certified views only or all. */
  find(question: string, certifiedOnly: boolean): ViewHit | undefined;
  /** The certified view the question names, as Tier-1 routing's scope; undefined when it names none. */
  scope(question: string): ViewScope | undefined;
  /** The certified views that hold a block, in id order. */
  holding(block: string): readonly CompiledView[];
  /** The answer gate's decision for a view, made once per view. */
  gate(view: CompiledView): GateDecision;
}

/** A phrase's folded words (tokens.ts folds case and accents). */
const key = (ws: readonly WordSpan[]): string => ws.map((w) => w.word).join(' ');

interface Phrases {
  byKey: Map<string, CompiledView>;
  longest: number;
}

/** Phrase key -> view, for names and synonyms; the first view declaring a phrase keeps it. */
function phrases(views: readonly CompiledView[]): Phrases {
  const byKey = new Map<string, CompiledView>();
  let longest = 1;
  for (const v of views) {
    for (const phrase of [v.name, ...v.synonyms]) {
      const ws = words(phrase);
      const k = key(ws);
      if (k === '' || byKey.has(k)) continue;
      byKey.set(k, v);
      longest = Math.max(longest, ws.length);
    }
  }
  return { byKey, longest };
}

const VIEW_WORD = /^views?$/;

/** The first phrase of `p` in the question, longest at its place; a following "view" belongs to it. */
function scan(question: string, p: Phrases): ViewHit | undefined {
  const ws = words(question);
  for (let i = 0; i < ws.length; i++) {
    for (let len = Math.min(p.longest, ws.length - i); len >= 1; len--) {
      const view = p.byKey.get(key(ws.slice(i, i + len)));
      if (view === undefined) continue;
      const next = ws[i + len];
      const last = next !== undefined && VIEW_WORD.test(next.word) ? next : (ws[i + len - 1] as WordSpan);
      return { view, start: (ws[i] as WordSpan).start, end: last.end };
    }
  }
  return undefined;
}

/** The index of a manifest's views; `gate` decides which are certified. */
export function buildViewIndex(manifest: Pick<Manifest, 'views'>, judge: (v: CompiledView) => GateDecision): ViewIndex {
  const all = Object.values(manifest.views ?? {});
  // Decided once per view object, like the block and term gates: a router's manifest does not change.
  const decided = new Map<CompiledView, GateDecision>(all.map((v) => [v, judge(v)]));
  const gate = (v: CompiledView): GateDecision => decided.get(v) ?? judge(v);
  const certified = all.filter((v) => gate(v).certified);
  const any = phrases(all);
  const sure = phrases(certified);
  const blocksOf = new Map(certified.map((v) => [v.id, new Set(v.blocks)]));
  return {
    all,
    find: (question, certifiedOnly) => scan(question, certifiedOnly ? sure : any),
    scope(question) {
      const hit = scan(question, sure);
      if (hit === undefined) return undefined;
      const rest = `${question.slice(0, hit.start)}${' '.repeat(hit.end - hit.start)}${question.slice(hit.end)}`;
      return { view: hit.view.id, blocks: blocksOf.get(hit.view.id) ?? new Set(), span: [hit.start, hit.end], rest };
    },
    holding: (block) => certified.filter((v) => v.blocks.includes(block)),
    gate,
  };
}
