/**
 * Context questions about a business view ("what is in the revenue reporting view?", "what does
 * the revenue pack cover?", "which blocks are in finance reporting?", "what is the revenue
 * reporting view?", or a definition question naming the view) are answered from the view, not from data (spec 01 "What the service does" 1
 * and rule 4): a view the answer gate lets answer gives its description, owner, terms and the
 * blocks of it that answer as certified, with the certified label; one it does not is refused
 * with the reason and the command that certifies it. Beside a block answer, the certified views
 * holding that block are its evidence. A question naming no view goes on through the cascade.
 */

import { asksDefinition } from '../../ask/term-index.js';
import type { ViewHit } from '../../ask/view-scope.js';
import type { CompiledView } from '../../compiler/types.js';
import { termEvidence } from './definition-answer.js';
import { finishRun, type RunBase, refusedRun } from './run-shapes.js';
import type { AskContext, AskRun, ViewAnswer, ViewEvidence } from './types.js';

/** Words that ask what a set holds or is for, rather than for its figures. */
const CONTEXT_CUES: readonly RegExp[] = [
  /\bwhat(?:'s|\s+is|\s+are)\s+(?:in|inside|part\s+of|covered\s+by)\b/i,
  /\bwhat\s+(?:does|do)\b.*\b(?:cover|contain|include|hold)\b/i,
  /\b(?:which|what)\s+(?:blocks?|reports?|metrics|kpis?|figures|terms)\s+(?:are|is|does|do|belong)\b/i,
  /\b(?:tell\s+me\s+about|describe)\b/i,
];

const BARE_WHAT = /^\s*what(?:'s|’s|\s+is|\s+are)\s+(?:the\s+)?(.+?)[\s?.!]*$/i;

/** The view of "What is the revenue reporting view?": "what is" and a view's name, nothing more (as for terms). */
function bareViewHit(ctx: AskContext, question: string): ViewHit | undefined {
  const rest = BARE_WHAT.exec(question)?.[1];
  if (rest === undefined) return undefined;
  const hit = ctx.router.views.find(rest, false);
  return hit !== undefined && hit.start === 0 && hit.end === rest.length ? hit : undefined;
}

/** True when the question asks what something holds or means (the definition cues of terms included). */
export function asksViewContext(question: string): boolean {
  return CONTEXT_CUES.some((re) => re.test(question)) || asksDefinition(question);
}

/** The view as a context answer shows it: its members limited to what the answer gate serves. */
export function viewAnswer(ctx: AskContext, view: CompiledView): ViewAnswer {
  const blocks = view.blocks.flatMap((id) => {
    const block = Object.hasOwn(ctx.manifest.blocks, id) ? ctx.manifest.blocks[id] : undefined;
    if (block === undefined || !ctx.router.gate(block).certified) return [];
    return [{ id, name: block.name, ...(block.description !== undefined ? { description: block.description } : {}) }];
  });
  const terms = view.terms.flatMap((id) => {
    const term = Object.hasOwn(ctx.manifest.terms ?? {}, id) ? ctx.manifest.terms[id] : undefined;
    return term !== undefined && ctx.router.termGate(term).certified ? [termEvidence(term)] : [];
  });
  const owner = view.owner !== undefined ? { owner: view.owner } : {};
  return { id: view.id, name: view.name, description: view.description, ...owner, blocks, terms };
}

/** The run answering a context question about a view, or undefined when the question is not one. */
export function viewRun(ctx: AskContext, question: string, base: RunBase): AskRun | undefined {
  const hit = asksViewContext(question) ? ctx.router.views.find(question, false) : bareViewHit(ctx, question);
  if (hit === undefined) return undefined;
  const decision = ctx.router.views.gate(hit.view);
  if (!decision.certified) {
    const reason = decision.reason?.message ?? `View ${hit.view.id} is not certified.`;
    return refusedRun(base, { code: 'VIEW_NOT_CERTIFIED', reason }, `Review it, then certify it: svc certify --view ${hit.view.id}`, 'certify');
  }
  return finishRun(base, { tier: 1, trust: 'certified', view: viewAnswer(ctx, hit.view) });
}

/** The certified views holding the block a Tier-1 answer came from, as its evidence. */
export function answerViews(ctx: AskContext, block: string): ViewEvidence[] {
  return ctx.router.views.holding(block).map((v) => ({ id: v.id, name: v.name }));
}
