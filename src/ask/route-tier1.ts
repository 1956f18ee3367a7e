/**
 * Tier 1 of the Ask cascade: route a question to the certified block that answers it, refuse
 * at once when the block it names or best matches may not answer, or report no match so Tier 2
 * may run. Everything is prepared once per manifest (index, names, filter values, gates); a
 * route is then pure and deterministic: no clock (periods use the `now` passed in), no
 * randomness, ties broken by block id.
 */

import type { CompiledBlock, CompiledTerm, CompiledView, Manifest } from '../compiler/types.js';
import { type BlockGate, type GateDecision, manifestGate, termGate, viewGate } from '../rules/gates/answer-gate.js';
import { buildAcronyms } from './acronyms.js';
import type { Unmet } from './bind-question.js';
import { blockContract } from './block-contract.js';
import { alternativesOf, inProjectWords } from './business-lexicon.js';
import { dayFirstOf } from './date-order.js';
import { buildExampleIndex, type ExampleIndex } from './example-match.js';
import { financialYearOf, periodsAreMonths } from './financial-year.js';
import { fiscalRules } from './fiscal-periods.js';
import { routeFollowUp, unheldBackReference } from './follow-up.js';
import { leftOutFirst } from './left-out-after.js';
import { type MeasureKinds, measureKinds } from './measure-kinds.js';
import { buildBlockNames, matchBlockName, type NameMatch } from './name-match.js';
import { declaredDateRules } from './numeric-dates.js';
import { plainNow } from './plain-now.js';
import { ambiguousName, cannotAnswer, gateRefusal, type RefusalCore, unknownBlock, valueNotAccepted } from './refusals.js';
import { retailCalendarOf, retailRules } from './retail-calendar.js';
import {
  type Asked,
  answer,
  askedOf,
  asksOf,
  docOf,
  type Fit,
  fitOf,
  MATCH_THRESHOLD,
  type Prepared,
  REFUSAL_MARGIN,
  REPORTED,
  refused,
  routeOf,
} from './route-core.js';
import { routeExample } from './route-example.js';
import { buildRouteIndex } from './route-index.js';
import { round4, routingTerms, type Scored, scoreTerms } from './route-score.js';
import { buildSpeller } from './spelling.js';
import { buildTermIndex } from './term-index.js';
import type { RouteOptions, Tier1Answer, Tier1Candidate, Tier1Decision, Tier1NoMatch, Tier1Route, Tier1Router } from './types.js';
import { type Ranking, unknownValue } from './unknown-value.js';
import { buildValueLexicon, type DataValues } from './value-lexicon.js';
import { buildViewIndex } from './view-scope.js';
import { weekRules, weekStartOf } from './week-start.js';
import { whoAsDoer } from './who-asks.js';

export { MATCH_THRESHOLD, REFUSAL_MARGIN } from './route-core.js';

/** Best servable block for some text, above the threshold: a suggestion in a refusal. */
function alternativeFor(p: Prepared, text: string, except: number): string | undefined {
  const ranked = scoreTerms(p.index, routingTerms(text, undefined), p.scratch);
  const hit = ranked.find((r) => r.doc !== except && r.score >= MATCH_THRESHOLD && p.gateOf(r.doc) === undefined);
  return hit === undefined ? undefined : (p.index.blocks[hit.doc] as CompiledBlock).id;
}

function routeNamed(p: Prepared, question: string, hit: NameMatch, options: RouteOptions): Tier1Decision {
  if (hit.kind === 'ambiguous') {
    return refused(
      ambiguousName(hit.name, hit.ids),
      true,
      hit.ids.map((id) => ({ id, score: 1, role: 'named' })),
    );
  }
  if (hit.kind === 'unknown') {
    const rest = question.slice(0, hit.start) + hit.text.replace(/[._]/g, ' ') + question.slice(hit.end);
    return refused(unknownBlock(hit.text, alternativeFor(p, rest, -1)), true, []);
  }
  const doc = docOf(p, hit.id);
  const block = p.index.blocks[doc] as CompiledBlock;
  const candidates: Tier1Candidate[] = [{ id: block.id, score: 1, role: 'named' }];
  const gate = p.gateOf(doc);
  if (gate !== undefined) {
    const needsAlternative = block.status === 'deprecated' || block.status === 'retired';
    // The block's name says what it was for; its description tends to carry period-specific words.
    const alt = needsAlternative ? alternativeFor(p, block.name, doc) : undefined;
    return refused(alt === undefined ? gate : (gateRefusal(block, p.gate, alt) ?? gate), true, candidates);
  }
  const fit = fitOf(block, askedOf(p, question, options, [[hit.start, hit.end]]), options, true, p);
  if (fit.unmet.length > 0) return refused(unmetRefusal(block, fit.unmet), true, candidates);
  return answer(block, fit.params, 1, true, candidates, routeOf(block, 1, fit), fit.within, fit.keep);
}

function roleless(p: Prepared, ranked: Scored[]): Tier1Candidate[] {
  return ranked.slice(0, REPORTED).map((r) => ({
    id: (p.index.blocks[r.doc] as CompiledBlock).id,
    score: r.score,
    role: p.gateOf(r.doc) === undefined ? 'alternative' : 'refused',
  }));
}

const isDraft = (p: Prepared, doc: number): boolean => (p.index.blocks[doc] as CompiledBlock).status === 'draft';

/** The question with the given spans blanked, every other word where it was (value spans stay aligned). */
function blanked(question: string, spans: ReadonlyArray<readonly [number, number]> | undefined): string {
  let out = question;
  for (const [a, b] of spans ?? []) out = `${out.slice(0, a)}${' '.repeat(b - a)}${out.slice(b)}`;
  return out;
}

/** A question's asks and every block scored against it, as the ranked route reads them (no view scope). */
function rankingOf(p: Prepared, question: string, options: RouteOptions): Ranking {
  const asked = askedOf(p, question, options);
  const terms = routingTerms(p.acronyms.expand(p.terms.expand(blanked(question, asked.shape.relations))), asked.asks, (t) => p.index.postings.has(t), p.fold);
  return { asked, ranked: scoreTerms(p.index, terms, p.scratch) };
}

function routeRanked(p: Prepared, question: string, options: RouteOptions): Tier1Decision {
  // A certified view the question names keeps Tier 1 to its blocks; its words are skipped like a block's name.
  const scope = p.views.scope(question);
  const asked = askedOf(p, question, options, scope === undefined ? undefined : [scope.span]);
  // A certified term's synonyms score as its name too: the name is appended, nothing is replaced.
  const all = scoreTerms(
    p.index,
    routingTerms(
      p.acronyms.expand(p.terms.expand(blanked(scope?.rest ?? question, asked.shape.relations))),
      asked.asks,
      (t) => p.index.postings.has(t),
      p.fold,
    ),
    p.scratch,
  ).filter((r) => scope === undefined || scope.blocks.has((p.index.blocks[r.doc] as CompiledBlock).id));
  const ranked = all.filter((r) => r.score >= MATCH_THRESHOLD);
  if (ranked.length === 0) return { kind: 'no-match', code: 'NO_MATCH', candidates: roleless(p, all) };
  // Drafts wait for review; they never displace a certified block (see the draft step below).
  const governed = ranked.filter((r) => !isDraft(p, r.doc));
  const chosen = chooseServable(p, governed, asked, options);
  // A certified block that gives everything asked answers, even beside a better-worded block that
  // may not; that one is named with its reason only when nothing servable answers.
  if (chosen.kind !== 'no-match') return chosen;
  const fit = (doc: number): Fit => fitOf(p.index.blocks[doc] as CompiledBlock, asked, options, false, p);
  return gatedStep(p, governed, ranked, fit) ?? draftStep(p, ranked, chosen, fit);
}

/**
 * What a block leaves out of the question's subject (a measure, a grouping, a filter): a period
 * or a value it would not take is the block's own refusal, not a sign that it is another block.
 */
const leavesOut = (fit: Fit): boolean => fit.parts.some((part) => part.by === undefined && part.kind !== 'period');

/**
 * The best-matching governed block that may not answer, named with its reason, when it clearly
 * leads and would answer were it servable: a block that shares words but leaves out what is
 * asked ("by state" of a per-channel block) is no reason to stop, the question goes on.
 */
function gatedStep(p: Prepared, governed: Scored[], ranked: Scored[], fit: (doc: number) => Fit): Tier1Decision | undefined {
  const top = governed[0];
  const topGate = top === undefined ? undefined : p.gateOf(top.doc);
  if (top === undefined || topGate === undefined || leavesOut(fit(top.doc))) return undefined;
  const firstServable = governed.find((r) => p.gateOf(r.doc) === undefined);
  if (firstServable !== undefined && top.score - firstServable.score < REFUSAL_MARGIN) return undefined;
  const block = p.index.blocks[top.doc] as CompiledBlock;
  const alt = firstServable === undefined ? undefined : (p.index.blocks[firstServable.doc] as CompiledBlock).id;
  const core = block.status === 'deprecated' || block.status === 'retired' ? (gateRefusal(block, p.gate, alt) ?? topGate) : topGate;
  return refused(core, false, roleless(p, ranked));
}

/**
 * When no certified block answers, a draft that would answer it (its result gives what is
 * asked) is an earlier capture awaiting review: the refusal names it, and the cascade
 * (run-ask.ts) takes the Tier-2 way, counting the ask on it. A draft that merely shares words
 * is no capture of this question.
 */
function draftStep(p: Prepared, ranked: Scored[], noMatch: Tier1NoMatch, fit: (doc: number) => Fit): Tier1Decision {
  const draft = ranked.find((r) => isDraft(p, r.doc) && fit(r.doc).uncovered.length === 0);
  if (draft === undefined) return noMatch;
  const block = p.index.blocks[draft.doc] as CompiledBlock;
  const core = p.gateOf(draft.doc);
  if (core === undefined) return noMatch;
  const candidates = [...noMatch.candidates.filter((c) => c.id !== block.id), { id: block.id, score: draft.score, role: 'refused' as const }];
  return { ...refused(core, false, candidates), ...(noMatch.route !== undefined ? { route: noMatch.route } : {}) };
}

const VALUE_KINDS: ReadonlySet<Unmet['kind']> = new Set(['value', 'limit-range']);

/** A block that takes the ask but not one of its values says so in the block's terms; anything else it cannot answer. */
function unmetRefusal(block: CompiledBlock, unmet: readonly Unmet[]): RefusalCore {
  return unmet.every((u) => VALUE_KINDS.has(u.kind)) ? valueNotAccepted(block, unmet) : cannotAnswer(block, unmet);
}

/**
 * The best certified candidate gives everything asked and only a value stops it (a misspelt
 * filter value, a top-N out of range): that is said at once, in the block's terms.
 */
function notAccepted(
  first: { block: CompiledBlock; fit: Fit } | undefined,
  candidates: Tier1Candidate[],
  route: Tier1Route | undefined,
): Tier1Decision | undefined {
  if (first === undefined || first.fit.unmet.length === 0 || !first.fit.unmet.every((u) => VALUE_KINDS.has(u.kind))) return undefined;
  return { ...refused(valueNotAccepted(first.block, first.fit.unmet), false, candidates), ...(route !== undefined ? { route } : {}) };
}

/** Scores this close say nothing about which block was meant: a tie is never broken by block id. */
const TIE = 0.005;

/**
 * Another servable block that fits the question as well and scores the same as the chosen one:
 * the question does not say which it means, so neither answers it as certified.
 */
function tiedRival(p: Prepared, ranked: Scored[], chosen: { block: CompiledBlock; score: number }, asked: Asked, options: RouteOptions): string | undefined {
  for (const r of ranked) {
    if (r.score < chosen.score - TIE) return undefined;
    const block = p.index.blocks[r.doc] as CompiledBlock;
    if (block.id === chosen.block.id || p.gateOf(r.doc) !== undefined) continue;
    if (fitOf(block, asked, options, false, p).unmet.length === 0) return block.id;
  }
  return undefined;
}

/** The first servable candidate that takes every ask and gives everything asked; the rest keep their roles. */
function chooseServable(p: Prepared, ranked: Scored[], asked: Asked, options: RouteOptions): Tier1Decision {
  const candidates: Tier1Candidate[] = [];
  let chosen: { block: CompiledBlock; fit: Fit; score: number } | undefined;
  let explained: Tier1Route | undefined;
  let first: { block: CompiledBlock; fit: Fit } | undefined;
  for (const r of ranked) {
    const block = p.index.blocks[r.doc] as CompiledBlock;
    let role: Tier1Candidate['role'] = 'refused';
    if (p.gateOf(r.doc) === undefined) {
      if (chosen !== undefined) role = 'alternative';
      else {
        const fit = fitOf(block, asked, options, false, p);
        explained ??= routeOf(block, r.score, fit);
        first ??= { block, fit };
        role = fit.unmet.length === 0 ? 'answer' : 'cannot-answer';
        if (role === 'answer') chosen = { block, fit, score: r.score };
      }
    }
    if (candidates.length < REPORTED || role === 'answer') candidates.push({ id: block.id, score: r.score, role });
    if (chosen !== undefined && candidates.length >= REPORTED) break;
  }
  if (chosen === undefined)
    return (
      notAccepted(first, candidates, explained) ?? { kind: 'no-match', code: 'NO_MATCH', candidates, ...(explained !== undefined ? { route: explained } : {}) }
    );
  const rival = tiedRival(p, ranked, chosen, asked, options);
  if (rival !== undefined)
    return { kind: 'no-match', code: 'NO_MATCH', candidates: candidates.map((c) => ({ ...c, role: c.role === 'answer' ? 'alternative' : c.role })) };
  const score = round4(chosen.score);
  return answer(
    chosen.block,
    chosen.fit.params,
    score,
    false,
    candidates,
    routeOf(chosen.block, score, chosen.fit),
    chosen.fit.within,
    chosen.fit.keep,
  ) as Tier1Answer;
}

export interface RouterOptions {
  /** The project's answer gate (its merged answer.gate policy); the built-in policy otherwise. */
  gate?: BlockGate;
  /** The same policy's decision for terms; the built-in policy otherwise. */
  termGate?: (term: CompiledTerm) => GateDecision;
  /** The same policy's decision for views; the built-in policy otherwise. */
  viewGate?: (view: CompiledView) => GateDecision;
  /** The values the data holds per filtered field (agent-runs/data-values.ts), for binding spellings. */
  values?: DataValues;
}

/** Terms of result columns that are not grouping keys, over every block: the project's measures. */
function measuredTerms(blocks: readonly CompiledBlock[]): Set<string> {
  const out = new Set<string>();
  for (const b of blocks) {
    const c = blockContract(b);
    for (const t of c.columns) if (!c.groupings.has(t) && !c.keys.some((k) => k.has(t))) out.add(t);
  }
  return out;
}

/** Decisions a router keeps for questions asked again. */
const DECISIONS = 2_000;

/** The calendar day a question is asked on: every relative period reads it, nothing finer. */
function dayOf(now: RouteOptions['now']): string {
  if (now === undefined) return '';
  const t = typeof now === 'string' ? Date.parse(now) : now.getTime();
  return Number.isNaN(t) ? String(now) : new Date(t).toISOString().slice(0, 10);
}

/** The term gate the options name, its decision kept per term object, like the block gate's: a router's manifest does not change. */
function memoTermGate(options: RouterOptions): (t: CompiledTerm) => GateDecision {
  const decided = new WeakMap<CompiledTerm, GateDecision>();
  const judgeTerm = options.termGate ?? ((t: CompiledTerm) => termGate(t));
  return (t) => {
    let d = decided.get(t);
    if (d === undefined) decided.set(t, (d = judgeTerm(t)));
    return d;
  };
}

/** The project's period phrases: the owners' way of writing days in numbers, their weeks, retail periods and financial year (findPeriod reads days in numbers and spoken periods before them). */
function periodRules(manifest: Manifest): ReturnType<typeof fiscalRules> {
  const dayFirst = dayFirstOf(manifest);
  return [
    ...(dayFirst === undefined ? [] : declaredDateRules(dayFirst)),
    ...weekRules(weekStartOf(manifest)),
    ...retailRules(retailCalendarOf(manifest)),
    ...fiscalRules(financialYearOf(manifest), periodsAreMonths(manifest)),
  ];
}

/**
 * Everything a route reads, built once per manifest; a block's gate refusal, the project's
 * measures and the example index are worked out when first asked for, then kept.
 */
function prepare(manifest: Manifest, options: RouterOptions, gate: BlockGate, termGateOf: (t: CompiledTerm) => GateDecision): Prepared {
  const index = buildRouteIndex(Object.values(manifest.blocks));
  const refusals = new Map<number, RefusalCore | undefined>();
  let examples: ExampleIndex | undefined;
  let measured: ReadonlySet<string> | undefined;
  let kinds: MeasureKinds | undefined;
  const p: Prepared = {
    manifest,
    index,
    names: buildBlockNames(index.blocks),
    lexicon: buildValueLexicon(index.blocks, options.values),
    gate,
    gateOf: (doc) => {
      if (!refusals.has(doc)) refusals.set(doc, gateRefusal(index.blocks[doc] as CompiledBlock, gate));
      return refusals.get(doc);
    },
    scratch: new Float64Array(index.blocks.length),
    terms: buildTermIndex(manifest, termGateOf),
    acronyms: buildAcronyms(manifest, (word) => p.isKnown(word)),
    speller: buildSpeller(
      () => projectTexts(manifest),
      (word) => p.isKnown(word),
      (word) => p.lexicon.fieldsOf(word).length > 0,
    ),
    views: buildViewIndex(manifest, options.viewGate ?? ((v) => viewGate(v))),
    periods: periodRules(manifest),
    isKnown: (word) => {
      const ts = routingTerms(word, undefined);
      return ts.size > 0 && [...ts].every((t) => index.postings.has(t));
    },
    fold: (term) => inProjectWords(term, (t) => index.postings.has(t)),
    alternatives: (term) => alternativesOf(term).filter((t) => index.postings.has(t)),
    ownTerm: (term) => index.postings.has(term),
    measured: () => {
      measured ??= measuredTerms(index.blocks);
      return measured;
    },
    kinds: () => {
      kinds ??= measureKinds(index.blocks);
      return kinds;
    },
    examples: () => {
      examples ??= buildExampleIndex(index.blocks, (text) => asksOf(p, text, {}));
      return examples;
    },
  };
  return p;
}

/** The words the project's blocks and terms are written in: what a misspelling is read against. */
function* projectTexts(manifest: Manifest): Generator<string> {
  for (const b of Object.values(manifest.blocks)) {
    yield* [b.name, b.description ?? '', b.outputs.join(' '), b.tags.join(' '), ...b.examples.map((e) => e.question), ...(b.synonyms ?? [])];
    for (const c of Object.values(b.columns ?? {})) yield* c.synonyms ?? [];
  }
  for (const t of Object.values(manifest.terms ?? {})) yield* [t.name, ...(t.synonyms ?? [])];
}

/** Builds the index once; `route` is then cheap, pure and deterministic. */
export function createTier1Router(manifest: Manifest, options: RouterOptions = {}): Tier1Router {
  const gate = options.gate ?? manifestGate(manifest);
  const termGateOf = memoTermGate(options);
  const p = prepare(manifest, options, gate, termGateOf);
  // A certified term's synonyms route as its name ("turnover" as "revenue"); a name is read as written.
  const decide = (asked: string, options: RouteOptions): Tier1Decision => {
    const question = whoAsDoer(leftOutFirst(plainNow(p.speller.correct(asked))), p.isKnown);
    const named = matchBlockName(question, p.names);
    if (named !== undefined) return routeNamed(p, question, named, options);
    // An owner's example never leads out of a view the question names: its blocks are ranked instead.
    const example = p.views.scope(question) === undefined ? routeExample(p, question, options) : undefined;
    const decided = example ?? routeRanked(p, question, options);
    return decided.kind === 'no-match' ? (unknownValue(p, question, options, (text) => rankingOf(p, text, options)) ?? decided) : decided;
  };
  const remembered = new Map<string, Tier1Decision>();
  // A router is pure over its manifest: the same question on the same day decides the same, so
  // questions asked again (popular ones are) are answered from a bounded cache. Decisions are
  // shared, never changed by their readers.
  const remember = (question: string, options: RouteOptions): Tier1Decision => {
    const key = `${dayOf(options.now)}\u0000${question}`;
    const hit = remembered.get(key);
    if (hit !== undefined) return hit;
    const d = decide(question, options);
    if (remembered.size >= DECISIONS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, d);
    return d;
  };
  const route = (question: string, options: RouteOptions = {}): Tier1Decision => {
    const d = remember(question, options);
    return options.afterUncertified === true ? unheldBackReference(question, d) : d;
  };
  return {
    size: p.index.blocks.length,
    gate,
    termGate: termGateOf,
    terms: p.terms,
    views: p.views,
    route,
    isValue: (phrase) => p.lexicon.fieldsOf(phrase).length > 0,
    followUp(asked, previous, options = {}) {
      const standalone = route(asked, options);
      const question = whoAsDoer(leftOutFirst(plainNow(p.speller.correct(asked))), p.isKnown);
      return routeFollowUp(p, question, previous, options, standalone, (text) => routeRanked(p, text, options)) ?? standalone;
    },
  };
}
