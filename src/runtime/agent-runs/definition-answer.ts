/**
 * Definition questions ("what do we mean by active customer?") are answered from business terms,
 * not from data (spec 01 rule 4): a term the answer gate lets answer as certified gives its
 * definition with the certified label; one it does not is refused with the reason and the
 * command that certifies it. A definition question that names no term goes on through the
 * cascade like any other question.
 */

import { asksDefinition } from '../../ask/term-index.js';
import type { CompiledTerm } from '../../compiler/types.js';
import { askMemo } from './question-memo.js';
import { finishRun, type RunBase, refusedRun } from './run-shapes.js';
import type { AskContext, AskRun, TermEvidence } from './types.js';

/** A term as an answer or its evidence shows it: never more than its declared words. */
export function termEvidence(term: CompiledTerm): TermEvidence {
  return { id: term.id, name: term.name, definition: term.definition, ...(term.owner !== undefined ? { owner: term.owner } : {}), related: term.related };
}

const BARE_WHAT = /^\s*what(?:'s|’s|\s+is|\s+are)\s+(?:the\s+)?(.+?)[\s?.!]*$/i;

/**
 * "What is contribution margin?": a question that is nothing but "what is" and a term's name asks
 * what the term means. With anything more ("what is our margin", "what is margin by depot",
 * "what was margin last week") it asks for data.
 */
function bareTermHit(ctx: AskContext, question: string): ReturnType<AskContext['router']['terms']['find']>[number] | undefined {
  const rest = BARE_WHAT.exec(question)?.[1];
  if (rest === undefined) return undefined;
  const hit = ctx.router.terms.find(rest, false)[0];
  return hit !== undefined && hit.start === 0 && hit.end === rest.length ? hit : undefined;
}

/**
 * The first term a definition question names outside a view's name: a term inside one ("what do
 * we mean by revenue reporting?") is the view's word, and view-answer.ts answers the question.
 */
function termOutsideViews(ctx: AskContext, question: string): ReturnType<AskContext['router']['terms']['find']>[number] | undefined {
  const view = ctx.router.views.find(question, false);
  return ctx.router.terms.find(question, false).find((h) => view === undefined || h.end <= view.start || h.start >= view.end);
}

/** The run answering a definition question, or undefined when the question is not one about a known term. */
export function definitionRun(ctx: AskContext, question: string, base: RunBase): AskRun | undefined {
  const hit = asksDefinition(question) ? termOutsideViews(ctx, question) : bareTermHit(ctx, question);
  if (hit === undefined) return undefined;
  const decision = ctx.router.termGate(hit.term);
  if (!decision.certified) {
    const reason = decision.reason?.message ?? `Term ${hit.term.id} is not certified.`;
    return refusedRun(base, { code: 'TERM_NOT_CERTIFIED', reason }, `Review it, then certify it: svc certify --term ${hit.term.id}`, 'certify');
  }
  return finishRun(base, { tier: 1, trust: 'certified', definition: termEvidence(hit.term), terms: [termEvidence(hit.term)] });
}

/**
 * Certified terms a block answer used: named in the question, or related to the block. Worked
 * out once per question and block over a router (question-memo.ts); each run gets its own array.
 */
export function answerTerms(ctx: AskContext, question: string, block: string): TermEvidence[] {
  const terms = askMemo(ctx.router, `terms\u0000${block}\u0000${question}`, () => {
    const named = ctx.router.terms.find(question, true).map((h) => h.term);
    const related = ctx.router.terms.all.filter((t) => t.related.includes(block) && ctx.router.termGate(t).certified);
    const seen = new Set<string>();
    return [...named, ...related].filter((t) => !seen.has(t.id) && seen.add(t.id)).map(termEvidence);
  });
  return [...terms];
}
