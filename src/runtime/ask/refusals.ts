/**
 * Why a block may not answer, worded for the person and paired with what to do next. The gate
 * order is fixed (status, then review-required markings, then the contract) so a block with
 * several problems is always refused for the same, most fundamental, reason.
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { Unmet } from './bind-question.js';
import { describeParam } from './block-facts.js';
import type { NextAction, Tier1Refusal } from './types.js';

export type RefusalCore = Omit<Tier1Refusal, 'kind' | 'candidates' | 'named'>;

/** Same patterns as the `answer.trust` and `block.lint` policies (src/rules/policies). */
const REVIEW_DESCRIPTION = /\b(review[-_ ]required|needs?[-_ ]review)\b/i;
const REVIEW_TAG = /^(review[-_ ]?required|needs[-_ ]review)$/i;

/** The review-required marking a certified block still carries, if any (spec rule 11). */
export function reviewMarking(block: CompiledBlock): string | undefined {
  const tag = block.tags.find((t) => REVIEW_TAG.test(t));
  if (tag !== undefined) return `its tags still include "${tag}"`;
  if (block.description !== undefined && REVIEW_DESCRIPTION.test(block.description)) return 'its description still says review required';
  return undefined;
}

function refusal(code: RefusalCore['code'], block: CompiledBlock, reason: string, next: string, nextAction: NextAction): RefusalCore {
  return { code, block: block.id, reason, next, nextAction };
}

/** Hint for a block that will not come back: a certified alternative, else its owner. */
function replacementHint(block: CompiledBlock, alternative: string | undefined): [string, NextAction] {
  if (alternative !== undefined) return [`Ask again with the certified block ${alternative}.`, 'use-alternative'];
  const owner = block.owner === undefined ? 'its owner' : `its owner (${block.owner})`;
  return [`Ask ${owner} which certified block replaces it.`, 'ask-owner'];
}

function statusRefusal(block: CompiledBlock, alternative: string | undefined): RefusalCore {
  const id = block.id;
  switch (block.status) {
    case 'draft':
      return refusal('BLOCK_DRAFT', block, `${id} is a draft block: review required, not certified, so Ask does not serve it.`,
        `Review it, then promote it: svc certify --from-draft ${block.file}`, 'certify-draft');
    case 'deprecated':
    case 'retired': {
      const [next, action] = replacementHint(block, alternative);
      return refusal(block.status === 'retired' ? 'BLOCK_RETIRED' : 'BLOCK_DEPRECATED', block,
        `${id} is ${block.status} and no longer answers questions.`, next, action);
    }
    default: {
      const state = block.status === 'review' ? 'in review' : `in status ${block.status}`;
      return refusal('BLOCK_NOT_CERTIFIED', block, `${id} is ${state}, not certified, so Ask does not serve it.`,
        `Finish the review, then certify it: svc certify ${block.file}`, 'certify');
    }
  }
}

/**
 * The refusal for a block that may not answer at all, or undefined when it may. `alternative`
 * is a certified block to suggest in place of a deprecated or retired one.
 */
export function gateRefusal(block: CompiledBlock, manifest: Pick<Manifest, 'contracts'>, alternative?: string): RefusalCore | undefined {
  if (block.status !== 'certified') return statusRefusal(block, alternative);
  const marking = reviewMarking(block);
  if (marking !== undefined) {
    return refusal('REVIEW_REQUIRED', block, `${block.id} is certified, but ${marking}, so Ask does not serve it.`,
      `Review it and certify it again (svc certify ${block.file}), which clears the review-required marking.`, 'certify');
  }
  // Spec rule 2: only with a contract manifest loaded; without one the check is skipped (rule 3).
  if (manifest.contracts.loaded && block.contract?.status === 'unresolved') {
    return refusal('CONTRACT_UNRESOLVED', block,
      `${block.id} declares contract ${block.contract.raw}, which the loaded contract manifest (${manifest.contracts.path}) does not list.`,
      `Add ${block.contract.raw} to ${manifest.contracts.path} (svc certify prints the patch) or correct svc_contract.`, 'fix-contract-manifest');
  }
  return undefined;
}

/** The parameters a block accepts, as listed in a BLOCK_CANNOT_ANSWER refusal. */
export function acceptedParams(block: CompiledBlock): string[] {
  return block.params.map(describeParam);
}

/** A named block that cannot satisfy the question, explained in its own terms (rule 3). */
export function cannotAnswer(block: CompiledBlock, unmet: readonly Unmet[]): RefusalCore {
  const accepts = acceptedParams(block);
  const takes = accepts.length === 0 ? 'It takes no parameters.' : `It accepts: ${accepts.join('; ')}.`;
  const why = unmet.map((u) => u.message).join(' ');
  return {
    code: 'BLOCK_CANNOT_ANSWER',
    block: block.id,
    reason: `${why} ${takes}`,
    next: 'To go beyond this block, ask for review-required exploration explicitly: the SQL would be written for the question, labelled review required and saved as a draft.',
    nextAction: 'explore-review-required',
    accepts,
  };
}

/** A name several domains use. */
export function ambiguousName(name: string, ids: readonly string[]): RefusalCore {
  return {
    code: 'BLOCK_AMBIGUOUS',
    reason: `More than one block is named ${name}: ${ids.join(', ')}.`,
    next: `Name it with its domain, e.g. ${ids[0] ?? name}.`,
    nextAction: 'name-with-domain',
  };
}

/** A block id or identifier the manifest does not hold. */
export function unknownBlock(text: string, suggestion: string | undefined): RefusalCore {
  return {
    code: 'BLOCK_NOT_FOUND',
    reason: `No block named ${text} is in this project.`,
    ...(suggestion === undefined
      ? { next: 'List the certified blocks with their ids, or ask without naming a block.', nextAction: 'explore-review-required' as const }
      : { next: `Did you mean ${suggestion}?`, nextAction: 'use-alternative' as const }),
  };
}
