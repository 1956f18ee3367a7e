/**
 * The answer gate's one decision for a business view (viewGate): certified only when its status
 * is certified, its receipt was made for its current content and it names an owner; under a
 * project's merged policy a project rule may add a reason, never remove one.
 */
import { describe, expect, it } from 'vitest';
import { projectViewGate } from '../../../src/ask/project-gate.js';
import { viewSha256 } from '../../../src/compiler/project/views.js';
import type { CompiledView } from '../../../src/compiler/types.js';
import { viewGate } from '../../../src/rules/gates/answer-gate.js';

function view(over: Partial<CompiledView> = {}): CompiledView {
  const content = {
    id: 'finance.reporting',
    name: 'reporting',
    description: 'What finance reports.',
    synonyms: [],
    owner: 'fin@x.test',
    blocks: ['finance.a'],
    terms: [],
  };
  const sha = viewSha256(content);
  return {
    ...content,
    domain: 'finance',
    status: 'certified',
    effectiveStatus: 'certified',
    receipt: 'valid',
    sourceSha256: sha,
    certification: { certifiedBy: 'fin@x.test', certifiedAt: '2026-01-01T00:00:00Z', via: 'cli', sourceSha256: sha },
    ...over,
  };
}

describe('viewGate', () => {
  it.each<[string, Partial<CompiledView>, string | undefined]>([
    ['certified with a current receipt and an owner', {}, undefined],
    ['a draft', { status: 'draft', certification: undefined }, 'gate/view-status-certified'],
    ['certified by hand, without a receipt', { certification: undefined }, 'gate/view-receipt-present'],
    ['edited since its receipt', { sourceSha256: 'sha256:edited' }, 'gate/view-receipt-current'],
    ['without an owner', { owner: undefined }, 'gate/view-owner'],
  ])('%s -> %s', (_name, over, rule) => {
    const decision = viewGate(view(over));
    expect(decision.certified).toBe(rule === undefined);
    expect(decision.reason?.rule).toBe(rule);
    if (rule !== undefined) expect(decision.reason?.data?.['view']).toBe('finance.reporting');
  });

  it('judges a view by view rules only: no block or term rule speaks about it', () => {
    expect(viewGate(view({ status: 'draft', owner: undefined, certification: undefined })).findings.map((f) => f.rule)).toEqual([
      'gate/view-status-certified',
      'gate/view-owner',
    ]);
  });

  it("a project's rule adds a reason under the merged policy; the built-in rules still apply", () => {
    const gate = projectViewGate({
      rules: [
        {
          policy: 'answer.gate',
          rule: {
            id: 'acme/view-has-terms',
            severity: 'error',
            description: 'A view names the terms it is about.',
            appliesTo: { facts: ['view'] },
            check: { kind: 'field-present', subject: 'view', field: 'terms' },
            message: 'View {{view}} names no terms.',
            hint: 'Add terms.',
          },
        },
      ],
    } as never);
    expect(gate(view()).reason?.rule).toBe('acme/view-has-terms');
    expect(gate(view({ terms: ['finance.revenue'] })).certified).toBe(true);
    expect(gate(view({ terms: ['finance.revenue'], owner: undefined })).reason?.rule).toBe('gate/view-owner');
  });
});
