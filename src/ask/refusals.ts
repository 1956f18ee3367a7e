/**
 * Why a block may not answer, worded for the person and paired with what to do next. Whether it
 * may answer is never decided here: the one answer gate (rules/gates/answer-gate.ts) decides,
 * and its first failing rule, in the policy's fixed order (status, receipt, compile errors,
 * review-required wording, contract, tests), is the reason given. This file only maps that
 * rule to a stable reason code and a next step.
 */
import type { CompiledBlock } from '../compiler/types.js';
import type { BlockGate } from '../rules/gates/answer-gate.js';
import type { Unmet } from './bind-question.js';
import { describeParam } from './block-facts.js';
import type { NextAction, Tier1Refusal } from './types.js';

export type RefusalCore = Omit<Tier1Refusal, 'kind' | 'candidates' | 'named'>;

function refusal(code: RefusalCore['code'], block: CompiledBlock, reason: string, next: string, nextAction: NextAction): RefusalCore {
  return { code, block: block.id, reason, next, nextAction };
}

/** Hint for a block that will not come back: a certified alternative, else its owner. */
function replacementHint(block: CompiledBlock, alternative: string | undefined): [string, NextAction] {
  if (alternative !== undefined) return [`Ask again with the certified block ${alternative}.`, 'use-alternative'];
  const owner = block.owner === undefined ? 'its owner' : `its owner (${block.owner})`;
  return [`Ask ${owner} which certified block replaces it.`, 'ask-owner'];
}

/** The command that certifies a draft where it is: promotion from _drafts, else in place. */
function draftCommand(block: CompiledBlock): string {
  return block.inDrafts ? `svc certify --from-draft ${block.file}` : `svc certify ${block.file}`;
}

function statusRefusal(block: CompiledBlock, alternative: string | undefined): RefusalCore {
  const id = block.id;
  switch (block.status) {
    case 'draft':
      return refusal(
        'BLOCK_DRAFT',
        block,
        `${id} is a draft block: review required, not certified, so Ask does not serve it.`,
        `Review it, then ${block.inDrafts ? 'promote' : 'certify'} it: ${draftCommand(block)}`,
        block.inDrafts ? 'certify-draft' : 'certify',
      );
    case 'deprecated':
    case 'retired': {
      const [next, action] = replacementHint(block, alternative);
      return refusal(
        block.status === 'retired' ? 'BLOCK_RETIRED' : 'BLOCK_DEPRECATED',
        block,
        `${id} is ${block.status} and no longer answers questions.`,
        next,
        action,
      );
    }
    default: {
      const state = block.status === 'review' ? 'in review' : `in status ${block.status}`;
      return refusal(
        'BLOCK_NOT_CERTIFIED',
        block,
        `${id} is ${state}, not certified, so Ask does not serve it.`,
        `Finish the review, then certify it: svc certify ${block.file}`,
        'certify',
      );
    }
  }
}

type GateRule = (block: CompiledBlock) => [RefusalCore['code'], string, NextAction];

/** Reason code and next step per gate rule (policy answer.gate); a rule a project adds reads as not certified. */
const BY_RULE: Readonly<Record<string, GateRule>> = {
  'gate/receipt-present': (b) => ['BLOCK_PENDING_RECERTIFICATION', `Certify it: svc certify ${b.file}`, 'certify'],
  'gate/receipt-current': (b) => ['BLOCK_PENDING_RECERTIFICATION', `Review the change, then certify it again: svc certify ${b.file}`, 'certify'],
  'gate/receipt-signed': (b) => ['BLOCK_PENDING_RECERTIFICATION', `Have a certifier allowed for it certify it again: svc certify ${b.file}`, 'certify'],
  'gate/compiles': (b) => ['BLOCK_HAS_ERRORS', `Fix what svc compile reports for ${b.file}, then certify it again: svc certify ${b.file}`, 'certify'],
  'gate/not-flagged-review': (b) => [
    'REVIEW_REQUIRED',
    `Review it, edit its description so it no longer says review required (svc certify refuses until then), and certify it again: svc certify ${b.file} drops the review-required tag.`,
    'certify',
  ],
  'gate/contract-resolves': (b) => [
    'CONTRACT_UNRESOLVED',
    `Add ${b.contract?.raw ?? 'its contract'} to the contract manifest (svc certify prints the patch) or correct svc_contract.`,
    'fix-contract-manifest',
  ],
  'gate/tests-declared': (b) => ['BLOCK_UNTESTED', `Add tests, then certify it again: svc certify ${b.file}`, 'certify'],
};

/**
 * The refusal for a block the answer gate does not let answer as certified, or undefined when it
 * may. `alternative` is a certified block to suggest in place of a deprecated or retired one.
 */
export function gateRefusal(block: CompiledBlock, gate: BlockGate, alternative?: string): RefusalCore | undefined {
  const decision = gate(block);
  if (decision.certified) return undefined;
  const rule = decision.reason?.rule ?? '';
  if (rule === 'gate/status-certified') return statusRefusal(block, alternative);
  const mapped = BY_RULE[rule];
  const reason = decision.reason?.message ?? `${block.id} may not answer as certified.`;
  if (mapped === undefined) return refusal('BLOCK_NOT_CERTIFIED', block, reason, decision.reason?.hint ?? `Certify it: svc certify ${block.file}`, 'certify');
  const [code, next, action] = mapped(block);
  return refusal(code, block, reason, next, action);
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

/**
 * The block that answers the question, were it not for a value it does not accept: a top-N
 * outside its range, a filter value its field does not hold. Said at once, with the values it
 * takes, rather than handed to written SQL that would answer a misspelling with nothing.
 */
export function valueNotAccepted(block: CompiledBlock, unmet: readonly Unmet[]): RefusalCore {
  return {
    code: 'VALUE_NOT_ACCEPTED',
    block: block.id,
    reason: unmet.map((u) => u.message).join(' '),
    next: 'Ask again with a value it takes.',
    nextAction: 'rephrase',
    accepts: acceptedParams(block),
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
