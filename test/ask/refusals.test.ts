/**
 * gateRefusal: the answer gate's first failing rule as the Tier-1 reason code a person and an
 * agent see, with the next step and its machine-readable action. One case per code.
 */
import { describe, expect, it } from 'vitest';
import { gateRefusal } from '../../src/ask/refusals.js';
import type { CompiledBlock } from '../../src/compiler/types.js';
import { answerGate } from '../../src/rules/gates/answer-gate.js';
import { certifiableBlock } from '../rules/fixtures.js';

const unresolved = { raw: 'x.Y.z@9', id: 'x.Y.z', version: 9, status: 'unresolved' as const };

function refusalOf(over: Partial<CompiledBlock>, compileErrors = 0) {
  return gateRefusal(certifiableBlock(over), (block) => answerGate({ block, compileErrors, contractsLoaded: true }));
}

describe('gateRefusal', () => {
  it('lets a block the gate lets answer', () => {
    expect(refusalOf({})).toBeUndefined();
  });

  it.each<[string, Partial<CompiledBlock>, number, string, string]>([
    ['a draft', { status: 'draft' }, 0, 'BLOCK_DRAFT', 'certify'],
    ['a block in review', { status: 'review' }, 0, 'BLOCK_NOT_CERTIFIED', 'certify'],
    ['a deprecated block', { status: 'deprecated' }, 0, 'BLOCK_DEPRECATED', 'ask-owner'],
    ['a retired block', { status: 'retired' }, 0, 'BLOCK_RETIRED', 'ask-owner'],
    ['certified without a receipt', { companion: undefined }, 0, 'BLOCK_PENDING_RECERTIFICATION', 'certify'],
    ['certified with compile errors in its declaration', {}, 2, 'BLOCK_HAS_ERRORS', 'certify'],
    ['certified, still tagged review-required', { tags: ['review-required'] }, 0, 'REVIEW_REQUIRED', 'certify'],
    ['certified, its contract not in the manifest', { contract: unresolved }, 0, 'CONTRACT_UNRESOLVED', 'fix-contract-manifest'],
    ['certified without tests', { tests: [] }, 0, 'BLOCK_UNTESTED', 'certify'],
  ])('%s: %s', (_name, over, compileErrors, code, nextAction) => {
    const refusal = refusalOf(over, compileErrors);
    expect(refusal).toMatchObject({ code, block: 'finance.weekly_revenue', nextAction });
    expect(refusal?.next).toMatch(/\S/);
  });

  it('tells how to clear compile errors and missing tests in the block’s own file', () => {
    const file = certifiableBlock().file;
    expect(refusalOf({}, 1)?.next).toBe(`Fix what svc compile reports for ${file}, then certify it again: svc certify ${file}`);
    expect(refusalOf({ tests: [] })?.next).toBe(`Add tests, then certify it again: svc certify ${file}`);
  });
});
