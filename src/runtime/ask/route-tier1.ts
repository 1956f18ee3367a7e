/**
 * Tier 1 of the Ask cascade: route a question to the certified block that answers it, refuse
 * at once when the block it names or best matches may not answer, or report no match so Tier 2
 * may run. Everything is prepared once per manifest (index, names, filter values, gates); a
 * route is then pure and deterministic: no clock (periods use the `now` passed in), no
 * randomness, ties broken by block id.
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import { manifestGate, type BlockGate } from '../../rules/gates/answer-gate.js';
import { bindAsks } from './bind-question.js';
import { buildBlockNames, matchBlockName, type BlockNames, type NameMatch } from './name-match.js';
import { readAsks, type QuestionAsks } from './question-asks.js';
import { ambiguousName, cannotAnswer, gateRefusal, unknownBlock, type RefusalCore } from './refusals.js';
import { buildRouteIndex, type RouteIndex } from './route-index.js';
import { round4, routingTerms, scoreTerms, type Scored } from './route-score.js';
import type { RouteOptions, Tier1Candidate, Tier1Decision, Tier1Router } from './types.js';
import { buildValueLexicon, type ValueLexicon } from './value-lexicon.js';

/** Below this score nothing matches well enough for a certified answer. */
export const MATCH_THRESHOLD = 0.45;
/** A block that may not answer must beat the best servable one by this much to be the refusal. */
export const REFUSAL_MARGIN = 0.05;
/** Candidates reported with a decision. */
const REPORTED = 5;
/**
 * A question term that at most this share of blocks use is specific: a block that never uses
 * it does not answer the question, however well the other words match ("refunds per payment
 * method" is not answered by a payments block that knows nothing of refunds).
 */
export const SPECIFIC_SHARE = 0.2;

interface Prepared {
  manifest: Manifest;
  index: RouteIndex;
  names: BlockNames;
  lexicon: ValueLexicon;
  /** The answer gate's refusal for a document (undefined: the block may answer), asked on first use. */
  gateOf(doc: number): RefusalCore | undefined;
  gate: BlockGate;
  scratch: Float64Array;
  isKnown: (word: string) => boolean;
}

function refused(core: RefusalCore, named: boolean, candidates: Tier1Candidate[]): Tier1Decision {
  return { kind: 'refused', ...core, named, candidates };
}

function answer(block: CompiledBlock, params: Record<string, string | number | boolean>, score: number, named: boolean, candidates: Tier1Candidate[]): Tier1Decision {
  return {
    kind: 'answer', block: block.id, ...(block.contract ? { contract: block.contract.raw } : {}),
    params, score, named, candidates,
  };
}

function docOf(p: Prepared, id: string): number {
  // Binary search: blocks are sorted by id.
  let lo = 0;
  let hi = p.index.blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const midId = (p.index.blocks[mid] as CompiledBlock).id;
    if (midId === id) return mid;
    if (midId < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Best servable block for some text, above the threshold: a suggestion in a refusal. */
function alternativeFor(p: Prepared, text: string, except: number): string | undefined {
  const ranked = scoreTerms(p.index, routingTerms(text, undefined), p.scratch);
  const hit = ranked.find((r) => r.doc !== except && r.score >= MATCH_THRESHOLD && p.gateOf(r.doc) === undefined);
  return hit === undefined ? undefined : (p.index.blocks[hit.doc] as CompiledBlock).id;
}

function routeNamed(p: Prepared, question: string, hit: NameMatch, options: RouteOptions): Tier1Decision {
  if (hit.kind === 'ambiguous') {
    return refused(ambiguousName(hit.name, hit.ids), true, hit.ids.map((id) => ({ id, score: 1, role: 'named' })));
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
    return refused(alt === undefined ? gate : gateRefusal(block, p.gate, alt) ?? gate, true, candidates);
  }
  const asks = readAsks(question, { lexicon: p.lexicon, isKnown: p.isKnown, skip: [[hit.start, hit.end]], ...(options.now === undefined ? {} : { now: options.now }) });
  const binding = bindAsks(block, asks, options.now);
  if (binding.unmet.length > 0) return refused(cannotAnswer(block, binding.unmet), true, candidates);
  return answer(block, binding.params, 1, true, candidates);
}

function roleless(p: Prepared, ranked: Scored[]): Tier1Candidate[] {
  return ranked.slice(0, REPORTED).map((r) => ({
    id: (p.index.blocks[r.doc] as CompiledBlock).id, score: r.score, role: p.gateOf(r.doc) === undefined ? 'alternative' : 'refused',
  }));
}

function routeRanked(p: Prepared, question: string, options: RouteOptions): Tier1Decision {
  const asks: QuestionAsks = readAsks(question, { lexicon: p.lexicon, isKnown: p.isKnown, ...(options.now === undefined ? {} : { now: options.now }) });
  const all = scoreTerms(p.index, routingTerms(question, asks, (t) => p.index.postings.has(t)), p.scratch);
  // Words of a period or a filter value say which rows, not which block: they never count as a
  // specific term the block must know.
  const terms = routingTerms(question, asks, () => false);
  const ranked = all.filter((r) => r.score >= MATCH_THRESHOLD);
  if (ranked.length === 0) return { kind: 'no-match', code: 'NO_MATCH', candidates: roleless(p, all) };
  const top = ranked[0] as Scored;
  const firstServable = ranked.find((r) => p.gateOf(r.doc) === undefined);
  const topGate = p.gateOf(top.doc);
  if (topGate !== undefined && (firstServable === undefined || top.score - firstServable.score >= REFUSAL_MARGIN)) {
    const block = p.index.blocks[top.doc] as CompiledBlock;
    const alt = firstServable === undefined ? undefined : (p.index.blocks[firstServable.doc] as CompiledBlock).id;
    const core = block.status === 'deprecated' || block.status === 'retired' ? gateRefusal(block, p.gate, alt) ?? topGate : topGate;
    return refused(core, false, roleless(p, ranked));
  }
  return chooseServable(p, ranked, asks, options, terms);
}

/** True when the question uses a specific term (see SPECIFIC_SHARE) the block never uses. */
function missesSpecificTerm(p: Prepared, doc: number, terms: ReadonlySet<string>): boolean {
  const limit = p.index.blocks.length * SPECIFIC_SHARE;
  for (const t of terms) {
    const posting = p.index.postings.get(t);
    // Unknown terms already pull every block's coverage down; common ones do not single one out.
    if (posting === undefined || posting.docs.length > limit) continue;
    if (!posting.docs.includes(doc)) return true;
  }
  return false;
}

/** The first servable candidate that can take every ask; the rest keep their roles. */
function chooseServable(p: Prepared, ranked: Scored[], asks: QuestionAsks, options: RouteOptions, terms: ReadonlySet<string>): Tier1Decision {
  const candidates: Tier1Candidate[] = [];
  let chosen: { block: CompiledBlock; params: Record<string, string | number | boolean>; score: number } | undefined;
  for (const r of ranked) {
    const block = p.index.blocks[r.doc] as CompiledBlock;
    let role: Tier1Candidate['role'] = 'refused';
    if (p.gateOf(r.doc) === undefined) {
      if (chosen !== undefined) role = 'alternative';
      else {
        const binding = bindAsks(block, asks, options.now);
        role = binding.unmet.length === 0 && !missesSpecificTerm(p, r.doc, terms) ? 'answer' : 'cannot-answer';
        if (role === 'answer') chosen = { block, params: binding.params, score: r.score };
      }
    }
    if (candidates.length < REPORTED || role === 'answer') candidates.push({ id: block.id, score: r.score, role });
    if (chosen !== undefined && candidates.length >= REPORTED) break;
  }
  if (chosen === undefined) return { kind: 'no-match', code: 'NO_MATCH', candidates };
  return answer(chosen.block, chosen.params, round4(chosen.score), false, candidates);
}

export interface RouterOptions {
  /** The project's answer gate (its merged answer.gate policy); the built-in policy otherwise. */
  gate?: BlockGate;
}

/** Builds the index once; `route` is then cheap, pure and deterministic. */
export function createTier1Router(manifest: Manifest, options: RouterOptions = {}): Tier1Router {
  const all = Object.values(manifest.blocks);
  const index = buildRouteIndex(all);
  const gate = options.gate ?? manifestGate(manifest);
  const refusals = new Map<number, RefusalCore | undefined>();
  const p: Prepared = {
    manifest,
    index,
    names: buildBlockNames(index.blocks),
    lexicon: buildValueLexicon(index.blocks),
    gate,
    gateOf: (doc) => {
      if (!refusals.has(doc)) refusals.set(doc, gateRefusal(index.blocks[doc] as CompiledBlock, gate));
      return refusals.get(doc);
    },
    scratch: new Float64Array(index.blocks.length),
    isKnown: (word) => {
      const ts = routingTerms(word, undefined);
      return ts.size > 0 && [...ts].every((t) => index.postings.has(t));
    },
  };
  return {
    size: index.blocks.length,
    gate,
    route(question: string, options: RouteOptions = {}): Tier1Decision {
      const named = matchBlockName(question, p.names);
      return named === undefined ? routeRanked(p, question, options) : routeNamed(p, question, named, options);
    },
  };
}
