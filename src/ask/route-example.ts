/**
 * Routing by a declared example (example-match.ts): the block whose owner wrote the question
 * answers it, its parameters bound from the question. The fit check then only binds: coverage
 * never vetoes an owner's declaration, and what the example itself asks for (a period or a row
 * limit its SQL fixes) needs no parameter. A value the block does not accept is said at once; any
 * other parameter the block cannot take leaves the question to the ranked route.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { bindAsks, type Unmet } from './bind-question.js';
import { blockFacts } from './block-facts.js';
import { type ExampleRef, matchExamples } from './example-match.js';
import { oneValueDefaults } from './one-value-default.js';
import { valueNotAccepted } from './refusals.js';
import { type Asked, answer, askedOf, asksOf, fitOf, type Prepared, refused, routeOf } from './route-core.js';
import type { RouteOptions, Tier1Candidate, Tier1Decision } from './types.js';

const VALUE_KINDS: ReadonlySet<Unmet['kind']> = new Set(['value', 'limit-range']);

/** What the question asks that the block cannot take, less what the owner's example asks alike. */
function unmetBeyondExample(p: Prepared, block: CompiledBlock, ref: ExampleRef, asks: ReturnType<typeof askedOf>['asks'], options: RouteOptions) {
  const binding = bindAsks(block, asks, options.now, p.lexicon);
  const closed = (field: string) => p.lexicon.closed(field);
  binding.unmet.push(...oneValueDefaults(block, binding, closed));
  // The example's own asks, read at the same `now`, say what the owner declared the block answers as it is.
  const own = asksOf(p, ref.question, options);
  const ownBinding = bindAsks(block, own, options.now, p.lexicon);
  const ownUnmet = [...ownBinding.unmet, ...oneValueDefaults(block, ownBinding, closed)];
  // A period is the example's own declaration only where the block's SQL fixes one (a window, a
  // fixed range): a period nothing in the block takes would answer for its default.
  const facts = blockFacts(block);
  const takes = (u: Unmet): boolean => u.kind === 'period' && facts.window === undefined && facts.fixedPeriod === undefined;
  const declared = new Set(ownUnmet.filter((u) => !takes(u)).map((u) => `${u.kind}\u0000${u.message}`));
  return {
    params: binding.params,
    within: binding.within,
    keep: binding.keep,
    // A value the example names that its parameter does not take is no declaration: the block would
    // answer for its default ("in Northumbria" read as a value the region code never holds).
    unmet: binding.unmet.filter((u) => u.kind === 'value' || !declared.has(`${u.kind}\u0000${u.message}`)),
  };
}

/**
 * The question says in its small words what the example does not: a breakdown the block does not
 * give ("for each driver" of "how many hours did MAN1 drivers drive"), the other end of a ranking,
 * or a move to explain ("why did churn go up" of "churn by reason"). The same content words then
 * ask another question, which the owner did not declare.
 */
function asksBeyond(p: Prepared, block: CompiledBlock, asked: Asked, ref: ExampleRef, options: RouteOptions): boolean {
  const own = askedOf(p, ref.question, options);
  const { shape } = asked;
  if (shape.ranking !== undefined && shape.ranking !== own.shape.ranking) return true;
  if (shape.change !== undefined && own.shape.change === undefined) return true;
  if (shape.future !== undefined && own.shape.future === undefined) return true;
  // One figure over every row ("across all genres", "overall") of an example asking rows.
  const whole = [
    ...(shape.acrossAll !== undefined && own.shape.acrossAll === undefined ? [`across all ${shape.acrossAll.text}`] : []),
    ...(shape.overall !== undefined && own.shape.overall === undefined ? [shape.overall] : []),
  ];
  if (whole.length > 0 && fitOf(block, asked, options, false, p).uncovered.some((u) => whole.includes(u))) return true;
  // A breakdown more than the example's, which the block does not give (a typo or another order of
  // the example's own breakdown is no more of them).
  if (shape.groupings.length <= own.shape.groupings.length) return false;
  const ownUncovered = new Set(fitOf(block, own, options, true, p).uncovered);
  return fitOf(block, asked, options, true, p).parts.some((x) => x.kind === 'grouping' && x.by === undefined && !ownUncovered.has(x.text));
}

/** The decision when the question says an owner's example again; undefined otherwise. */
export function routeExample(p: Prepared, question: string, options: RouteOptions): Tier1Decision | undefined {
  const asked = askedOf(p, question, options);
  const { asks } = asked;
  const said = matchExamples(p.examples(), question, asks, (t) => p.index.postings.has(t));
  const refs = said.filter((r) => !asksBeyond(p, p.index.blocks[r.doc] as CompiledBlock, asked, r, options));
  const docs = [...new Set(refs.map((r) => r.doc))];
  if (docs.length === 0) return undefined;
  const servable = docs.filter((d) => p.gateOf(d) === undefined);
  // Two servable blocks declaring the same question is the ranked route's to settle.
  if (servable.length > 1) return undefined;
  if (servable.length === 0) {
    const doc = docs[0] as number;
    const block = p.index.blocks[doc] as CompiledBlock;
    return refused(p.gateOf(doc)!, false, [{ id: block.id, score: 1, role: 'refused' }]);
  }
  const doc = servable[0] as number;
  const block = p.index.blocks[doc] as CompiledBlock;
  const ref = refs.find((r) => r.doc === doc) as ExampleRef;
  const { params, unmet, within, keep } = unmetBeyondExample(p, block, ref, asks, options);
  // Every word of the question is the owner's own: coverage explains the route, it does not judge it.
  const explained = fitOf(block, asked, options, true, p);
  const parts = explained.parts.map((x) =>
    x.by === undefined && x.kind !== 'filter' && x.kind !== 'limit' && x.kind !== 'period' ? { ...x, by: 'example' } : x,
  );
  const fit = { params, unmet, covered: [...explained.covered, ...explained.uncovered], uncovered: unmet.length > 0 ? ['parameters'] : [], parts };
  const candidates: Tier1Candidate[] = [{ id: block.id, score: 1, role: unmet.length === 0 ? 'answer' : 'cannot-answer' }];
  if (unmet.length === 0) return answer(block, params, 1, false, candidates, routeOf(block, 1, fit, ref.question), within, keep);
  if (unmet.every((u) => VALUE_KINDS.has(u.kind)))
    return { ...refused(valueNotAccepted(block, unmet), false, candidates), route: routeOf(block, 1, fit, ref.question) };
  return undefined;
}
